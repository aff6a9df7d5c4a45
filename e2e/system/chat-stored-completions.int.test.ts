import { randomUUID } from "node:crypto";
import type { Connection } from "mongoose";
import OpenAI, { NotFoundError, PermissionDeniedError } from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { openApiCheck, type OpenApiCheck } from "../support/openapi-check";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";
const MODEL = "genui-pluto-0.1";

interface StoredDoc {
  _id: string;
  appId: string;
  ownerId: string;
}

interface Completion {
  id: string;
  metadata: Record<string, string> | null;
  choices: { message: { content: string } }[];
}

interface Page<T> {
  object: "list";
  data: T[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

interface Message {
  id: string;
  role: string;
  content: string;
}

/** The completion id of an answer the signed-in chat streamed (every chunk carries it). */
function streamedId(text: string): string {
  const m = /"id":"(chatcmpl-[0-9a-f]{32})"/.exec(text);
  if (!m) throw new Error(`no completion id in the stream: ${text.slice(0, 200)}`);
  return m[1]!;
}

/**
 * The signed-in chat's stored completions (docs/api.md "Stored completions", the web app's chat): what the chat asks
 * to keep is kept for its user alone — listed, read and paged through the session, never by an app's key or another
 * user — with its turns as the chat sent them (assistant turns as their code), so a conversation can be rebuilt on
 * another device. And the publishable key's one read of the published stored completions: one completion by id, from
 * the app's own origin, which a page's embed draws.
 */
describe("the signed-in chat's stored completions", () => {
  let stack: Stack;
  let dev: Developer;
  let other: Developer;
  let mongo: Connection;
  let check: OpenApiCheck;

  const docs = () => mongo.collection<StoredDoc>("stored_completions");
  const json = async <T>(res: Response): Promise<T> => {
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`${res.status} is not JSON: ${text.slice(0, 200)}`);
    }
  };
  /** The chat's request as the web app sends it: streamed snapshots, resumable, stored with the conversation's tags. */
  async function chat(who: Developer, body: Record<string, unknown>, query = ""): Promise<string> {
    const res = await who.client.request("POST", `${API}/auth-chat/completions${query}`, {
      model: MODEL,
      stream: true,
      stream_options: { resumable: true },
      ...body,
    });
    const text = await res.text();
    expect([res.status, text.includes("data: [DONE]")]).toEqual([200, true]);
    return streamedId(text);
  }
  const get = <T>(who: Developer, path: string) => who.client.request("GET", `${API}${path}`).then((r) => json<T>(r));

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    [dev, other] = await Promise.all([newDeveloper(stack, 20_000_000), newDeveloper(stack, 5_000_000)]);
    mongo = stack.generation!.ctx.mongo!;
    check = await openApiCheck(stack.bff.url);
  }, 180_000);
  afterAll(async () => stack?.stop());

  it("when the chat sends store and metadata, then its user lists, reads and pages the conversation as the chat sent it", async () => {
    const conversation = randomUUID();
    const tags = { conversation, app: "none", page: "chat" };
    const first = await chat(dev, { messages: [{ role: "user", content: "A sign-up form" }], store: true, metadata: tags });
    const firstAnswer = await get<Completion>(dev, `/auth-chat/completions/${first}`);
    const { code } = JSON.parse(firstAnswer.choices[0]!.message.content) as { code: string; json: unknown };
    const action = JSON.stringify({ type: "onPress", component: { name: "submit", value: null } });
    const second = await chat(dev, {
      messages: [
        { role: "user", content: "A sign-up form" },
        { role: "assistant", code },
        { role: "user", content: action },
      ],
      store: true,
      metadata: tags,
    });

    // The latest of the conversation's place, as the web app asks for it on a new device.
    const latest = await dev.client.request(
      "GET",
      `${API}/auth-chat/completions?order=desc&limit=1&metadata%5Bapp%5D=none&metadata%5Bpage%5D=chat&metadata%5Bconversation%5D=${conversation}`,
    );
    expect(latest.status).toBe(200);
    const page = await json<Page<Completion>>(latest);
    expect(page).toMatchObject({ object: "list", first_id: second, last_id: second, has_more: true });
    expect(page.data.map((c) => [c.id, c.metadata])).toEqual([[second, tags]]);
    expect(check.component("StoredCompletionList", page)).toEqual([]);

    const answer = await get<Completion>(dev, `/auth-chat/completions/${second}`);
    expect(answer.id).toBe(second);
    expect(JSON.parse(answer.choices[0]!.message.content)).toMatchObject({
      code: expect.any(String),
      json: { screen: { v1: expect.any(Array) } },
    });
    expect(check.component("StoredCompletion", answer)).toEqual([]);
    // `stream=false` is the stored completion too.
    expect((await get<Completion>(dev, `/auth-chat/completions/${second}?stream=false`)).id).toBe(second);

    const messages = await get<Page<Message>>(dev, `/auth-chat/completions/${second}/messages`);
    expect(messages.data).toEqual([
      { id: `${second}-0`, role: "user", content: "A sign-up form", name: null, content_parts: null },
      { id: `${second}-1`, role: "assistant", content: code, name: null, content_parts: null },
      { id: `${second}-2`, role: "user", content: action, name: null, content_parts: null },
    ]);
    expect(check.component("StoredCompletionMessageList", messages)).toEqual([]);
    const paged = await get<Page<Message>>(dev, `/auth-chat/completions/${second}/messages?limit=2&after=${second}-0`);
    expect([paged.data.map((m) => m.id), paged.has_more]).toEqual([[`${second}-1`, `${second}-2`], false]);

    // Kept in the user's own partition, paid by them.
    const stored = await docs()
      .find({ _id: { $in: [first, second] } })
      .toArray();
    expect(stored.map((d) => [d.appId, d.ownerId])).toEqual([
      [`user:${dev.userId}`, dev.userId],
      [`user:${dev.userId}`, dev.userId],
    ]);
  });

  it("when the chat is about one of the user's apps, then the answer is still the user's: the app's key never finds it", async () => {
    const id = await chat(
      dev,
      {
        messages: [{ role: "user", content: "A receipt" }],
        store: true,
        metadata: { conversation: randomUUID(), app: dev.appId, page: "chat" },
      },
      `?app_id=${dev.appId}`,
    );
    const mine = await get<Page<Completion>>(dev, `/auth-chat/completions?metadata%5Bapp%5D=${dev.appId}&order=desc`);
    expect(mine.data.map((c) => c.id)).toContain(id);
    const app = new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey: dev.apiKey, maxRetries: 0 });
    await expect(app.chat.completions.retrieve(id)).rejects.toBeInstanceOf(NotFoundError);
    const listed: string[] = [];
    for await (const c of app.chat.completions.list({ limit: 100 })) listed.push(c.id);
    expect(listed).not.toContain(id);
    expect((await docs().findOne({ _id: id }))?.appId).toBe(`user:${dev.userId}`);
  });

  it("when another user or nobody asks for a user's stored chat answer, then it is not found (or not signed in) on every route", async () => {
    const id = await chat(dev, {
      messages: [{ role: "user", content: "A map" }],
      store: true,
      metadata: { conversation: randomUUID(), app: "none", page: "genui" },
    });
    for (const path of [`/auth-chat/completions/${id}`, `/auth-chat/completions/${id}/messages`]) {
      const res = await other.client.request("GET", `${API}${path}`);
      expect([path, res.status, (await json<{ error: { code: string } }>(res)).error.code]).toEqual([path, 404, "not_found"]);
      const anonymous = await fetch(`${stack.bff.url}${API}${path}`);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    const theirs = await get<Page<Completion>>(other, `/auth-chat/completions?limit=100`);
    expect(theirs.data.map((c) => c.id)).not.toContain(id);
    expect((await fetch(`${stack.bff.url}${API}/auth-chat/completions`)).status).toBe(401);
    // Their own answers are theirs alone too: the list pages after one of them, not after another user's.
    const after = await other.client.request("GET", `${API}/auth-chat/completions?after=${id}`);
    expect([after.status, (await json<{ error: { param: string } }>(after)).error.param]).toEqual([404, "after"]);
  });

  it("when the chat does not say store, then nothing is kept; a malformed read is refused naming its parameter", async () => {
    const id = await chat(dev, { messages: [{ role: "user", content: "A banner" }], metadata: { conversation: "x" } });
    expect(await docs().countDocuments({ _id: id })).toBe(0);
    expect((await dev.client.request("GET", `${API}/auth-chat/completions/${id}`)).status).toBe(404);
    const cases: [string, string][] = [
      ["/auth-chat/completions?limit=0", "limit"],
      ["/auth-chat/completions?order=up", "order"],
      ["/auth-chat/completions?metadata=flat", "metadata"],
      ["/auth-chat/completions?after=nope", "after"],
      ["/auth-chat/completions/chatcmpl-nope", "completion_id"],
      [`/auth-chat/completions/${id}?stream=maybe`, "stream"],
      [`/auth-chat/completions/${id}/messages?limit=x`, "limit"],
    ];
    for (const [path, param] of cases) {
      const res = await dev.client.request("GET", `${API}${path}`);
      const body = await json<{ error: { type: string; param: string } }>(res);
      expect([path, res.status, body.error.type, body.error.param]).toEqual([path, 400, "invalid_request_error", param]);
    }
    const bad = await dev.client.request("POST", `${API}/auth-chat/completions`, {
      model: MODEL,
      messages: [{ role: "user", content: "x" }],
      store: true,
      metadata: { conversation: 7 },
    });
    expect([bad.status, (await json<{ error: { param: string } }>(bad)).error.param]).toEqual([400, "metadata.conversation"]);
  });
});

describe("the publishable key reads one stored completion, from the app's own origin", () => {
  let stack: Stack;
  let dev: Developer;
  let stranger: Developer;
  let id: string;

  const origin = (url: string) => new URL(url).origin;
  const withKey = (key: string, method: string, path: string, from: string | undefined, body?: unknown) =>
    fetch(`${stack.bff.url}${API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(from ? { origin: from } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const codeOf = async (res: Response) => ((await res.json()) as { error?: { code?: string } }).error?.code;

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    [dev, stranger] = await Promise.all([newDeveloper(stack, 5_000_000), newDeveloper(stack, 1_000_000)]);
    const client = new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey: dev.apiKey, maxRetries: 0 });
    id = (
      await client.chat.completions.create({
        model: MODEL,
        messages: [{ role: "user", content: "A weather card for Paris" }],
        store: true,
      })
    ).id;
  }, 180_000);
  afterAll(async () => stack?.stop());

  it("when the app's page reads a stored completion by id, then it gets the completion with its screen", async () => {
    const res = await withKey(dev.publishableKey, "GET", `/chat/completions/${id}`, origin(dev.url));
    expect(res.status).toBe(200);
    // The edge lets any page read the answer (CORS); the key decides whose page may.
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const c = (await res.json()) as Completion;
    expect(c.id).toBe(id);
    expect(JSON.parse(c.choices[0]!.message.content)).toMatchObject({ json: { screen: { v1: expect.any(Array) } } });
  });

  it("when the publishable key lists, pages messages, updates, deletes or streams, then each is refused, and the completion stays", async () => {
    const from = origin(dev.url);
    const refusals = [
      ["GET", "/chat/completions"],
      ["GET", `/chat/completions/${id}/messages`],
      ["POST", `/chat/completions/${id}`, { metadata: { taken: "yes" } }],
      ["DELETE", `/chat/completions/${id}`],
      ["GET", `/chat/completions/${id}?stream=true`],
    ] as const;
    for (const [method, path, body] of refusals) {
      const res = await withKey(dev.publishableKey, method, path, from, body);
      expect([method, path, res.status, await codeOf(res)]).toEqual([method, path, 403, "publishable_key_route"]);
    }
    // The official client, as a page's server would not use it: the same.
    const pub = new OpenAI({
      baseURL: `${stack.bff.url}${API}`,
      apiKey: dev.publishableKey,
      maxRetries: 0,
      defaultHeaders: { origin: from },
    });
    await expect(pub.chat.completions.list()).rejects.toBeInstanceOf(PermissionDeniedError);
    const secret = new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey: dev.apiKey, maxRetries: 0 });
    expect(await secret.chat.completions.retrieve(id)).toMatchObject({ id, metadata: null });
  });

  it("when the read comes from another origin or none, or with another app's key, then it is refused or not found", async () => {
    for (const from of ["https://evil.example.com", undefined]) {
      const res = await withKey(dev.publishableKey, "GET", `/chat/completions/${id}`, from);
      expect([from, res.status, await codeOf(res)]).toEqual([from, 403, "publishable_key_origin_mismatch"]);
    }
    const theirs = await withKey(stranger.publishableKey, "GET", `/chat/completions/${id}`, origin(stranger.url));
    expect([theirs.status, await codeOf(theirs)]).toEqual([404, "not_found"]);
    // The app's own page, the app's key: an id never stored is not found either.
    const none = await withKey(dev.publishableKey, "GET", `/chat/completions/chatcmpl-${"0".repeat(32)}`, origin(dev.url));
    expect(none.status).toBe(404);
  });
});
