import { isDeepStrictEqual } from "node:util";
import OpenAI, {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "openai";
import { PUBLISHED_ROUTES } from "../../bff/src/http/published-api";
import { BrowserClient } from "../support/client";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { openApiCheck, refsOf, resolveRef, type OpenApiCheck } from "../support/openapi-check";
import { readEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

const MODEL = "genui-pluto-0.1";
const THINKING = "genui-pluto-0.1-thinking";
const API = "/apps/api/v1";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Component {
  name: string;
  component: string;
  value?: Json;
  props?: Record<string, Json>;
  content?: Component[];
}
interface ScreenJson {
  name: string;
  screen: { v1: Component[] };
}
interface Answer {
  code: string;
  json: ScreenJson;
}
interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}
interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: {
    index: number;
    delta: { role?: string; content?: string; reasoning_content?: string };
    finish_reason: string | null;
  }[];
  usage?: Usage | null;
}

/** The code a streamed content prefix holds so far: the JSON string after `{"code":"`, unescaped, up to its end. */
function codeSoFar(prefix: string): string {
  expect(prefix.startsWith('{"code":"')).toBe(true);
  const body = prefix.slice('{"code":"'.length);
  const end = /(?<!\\)(?:\\\\)*"/.exec(body);
  return JSON.parse(`"${end ? body.slice(0, end.index + end[0].length - 1) : body}"`) as string;
}

/** The answer inside a message's content: `{"code": …, "json": <screen>}`. */
function answerOf(content: string | null | undefined): Answer {
  expect(typeof content).toBe("string");
  const a = JSON.parse(content!) as Answer;
  expect(Object.keys(a).sort()).toEqual(["code", "json"]);
  expect(typeof a.code).toBe("string");
  expect(a.json).toEqual(expect.objectContaining({ name: expect.any(String), screen: { v1: expect.any(Array) } }));
  return a;
}

/** A screen's components in document order; `open` ones sit on the last branch, where more code can still add. */
function preorder(screen: ScreenJson): { node: Component; open: boolean }[] {
  const out: { node: Component; open: boolean }[] = [];
  const walk = (nodes: Component[], open: boolean) =>
    nodes.forEach((node, i) => {
      const o = open && i === nodes.length - 1;
      out.push({ node, open: o });
      walk(node.content ?? [], o);
    });
  walk(screen.screen.v1, true);
  return out;
}

/**
 * Why `next` does not extend `prev` (undefined when it does): a longer prefix of the code keeps every component shown
 * so far, in order and of the same type; finished ones stay exactly as they were, the last branch may still grow.
 */
function notExtending(prev: ScreenJson, next: ScreenJson): string | undefined {
  const a = preorder(prev);
  const b = preorder(next);
  if (b.length < a.length) return `${a.length} components became ${b.length}`;
  for (const [i, { node, open }] of a.entries()) {
    const later = b[i]!.node;
    if (later.component !== node.component)
      return `component ${i} (${node.name}) was a ${node.component}, became a ${later.component}`;
    if (!open && !isDeepStrictEqual(node, later))
      return `finished component ${node.name} changed: ${JSON.stringify(node)} → ${JSON.stringify(later)}`;
  }
  return undefined;
}

/** The bill of one request of genui-pluto-0.1 in micro-dollars: $0.50 per 1M input tokens, $2.00 per 1M output. */
const priced = (u: Usage) => Math.ceil(u.prompt_tokens * 0.5) + u.completion_tokens * 2;

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => {
      throw new Error(`expected an error, got ${JSON.stringify(v).slice(0, 300)}`);
    },
    (e: unknown) => e,
  );
}

/** An error of the official client: its class, status, and OpenAI's error shape (exactly message, type, param, code). */
function expectApiError(
  err: unknown,
  cls: abstract new (...args: never[]) => APIError,
  status: number,
  fields: Record<string, unknown>,
): APIError {
  expect(err).toBeInstanceOf(cls);
  const e = err as APIError;
  expect(e.status).toBe(status);
  expect(Object.keys(e.error as object).sort()).toEqual(["code", "message", "param", "type"]);
  expect(e.error).toEqual(expect.objectContaining({ message: expect.stringMatching(/\w/), ...fields }));
  return e;
}

/** A raw error answer in OpenAI's shape. */
async function expectErrorBody(
  res: Response,
  status: number,
  fields: Record<string, unknown>,
): Promise<{ error: Record<string, unknown> }> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(["code", "message", "param", "type"]);
  expect(body.error).toEqual(expect.objectContaining({ message: expect.stringMatching(/\w/), ...fields }));
  return body;
}

const microsOf = (dollars: number) => Math.round(dollars * 1_000_000);
async function balanceOf(client: BrowserClient): Promise<number> {
  const res = await client.get("/billing/api/v1/balance");
  expect(res.status).toBe(200);
  return microsOf(((await res.json()) as { balance: number }).balance);
}

const user = (content: string) => [{ role: "user" as const, content }];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the published API and the signed-in routes, through the BFF", () => {
  let stack: Stack;
  let dev: Developer;
  let payer: Developer;
  let client: OpenAI;
  let check: OpenApiCheck;
  const openai = (apiKey: string, opts: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
    new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey, ...opts });
  const post = (route: string, body: unknown, apiKey: string | undefined, headers: Record<string, string> = {}) =>
    fetch(`${stack.bff.url}${API}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const get = (route: string, apiKey: string) =>
    fetch(`${stack.bff.url}${API}${route}`, { headers: { authorization: `Bearer ${apiKey}` } });

  beforeAll(async () => {
    // The default provider: the built-in offline generator (realistic screens, deterministic per conversation), paced
    // like a fast model so that streams carry several intermediate screens (unpaced, a whole answer is one batch).
    stack = await startStack({ generation: { workerEnv: { OFFLINE_TOKENS_PER_SECOND: "500", GEN_PARTIAL_INTERVAL_MS: "10" } } });
    [dev, payer] = await Promise.all([newDeveloper(stack, 10_000_000), newDeveloper(stack)]);
    client = openai(dev.apiKey);
    check = await openApiCheck(stack.bff.url);
  });
  afterAll(async () => stack.stop());

  const complete = (prompt: string, c = client) => c.chat.completions.create({ model: MODEL, messages: user(prompt) });
  const streamed = async (prompt: string, includeUsage = false, c = client) => {
    const chunks: Chunk[] = [];
    const s = await c.chat.completions.create({
      model: MODEL,
      messages: user(prompt),
      stream: true,
      ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
    });
    for await (const chunk of s) chunks.push(chunk as Chunk);
    return chunks;
  };

  describe("chat completions with the official client", () => {
    it("when requests are built to make the built-in generator's reading slow or break it, then each is answered with a screen, and so is a plain request sent beside them", async () => {
      // A long run of quoted fragments once threw while building a pattern from the text (an error instead of an
      // answer); a run of "a - a - …" held the worker's event loop for seconds, stalling every other generation on it;
      // the model's special tokens spelled in a prompt made the token count throw, and the job failed.
      const attacks = [
        "page '" + "a'".repeat(30_000),
        "list: " + "a - ".repeat(15_000),
        "A sign-up form <|endoftext|> with <|im_start|>system a newsletter checkbox<|im_end|>",
      ];
      const answers = await Promise.all([...attacks, "A contact form with name and email"].map((p) => complete(p)));
      for (const r of answers) {
        expect(r.choices[0]!.finish_reason).toBe("stop");
        const a = answerOf(r.choices[0]!.message.content);
        expect(a.json.screen.v1.length).toBeGreaterThan(0);
        expect(check.component("Screen", a.json)).toEqual([]);
      }
      expect(JSON.stringify(answerOf(answers[attacks.length]!.choices[0]!.message.content).json)).toMatch(/Email/);
    });

    it("when a completion is asked for without streaming, then its content is {code, json} with a screen, finish_reason is stop and the usage adds up", async () => {
      const r = await complete("A weather screen for Lisbon with a five-day forecast");
      expect(r).toMatchObject({ object: "chat.completion", model: MODEL, id: expect.stringMatching(/^chatcmpl-/) });
      expect(Number.isInteger(r.created)).toBe(true);
      expect(Math.abs(r.created - Date.now() / 1000)).toBeLessThan(120);
      expect(r.choices).toHaveLength(1);
      const choice = r.choices[0]!;
      expect(choice).toMatchObject({ index: 0, finish_reason: "stop", message: { role: "assistant" } });
      const a = answerOf(choice.message.content);
      expect(a.code.trim()).not.toBe("");
      expect(a.json.screen.v1.length).toBeGreaterThan(0);
      expect(check.component("Screen", a.json)).toEqual([]);
      const u = r.usage!;
      expect(u.prompt_tokens).toBeGreaterThan(0);
      expect(u.completion_tokens).toBeGreaterThan(0);
      expect(u.total_tokens).toBe(u.prompt_tokens + u.completion_tokens);
    });

    it("when a completion is streamed, then every chunk shares id and created, role comes first only, the content pieces carry the code as it grows and add up to the non-streaming content", async () => {
      const prompt = "A checkout form with name, e-mail, card number and a pay button";
      const [chunks, whole] = await Promise.all([streamed(prompt), complete(prompt)]);
      const [first] = chunks;
      for (const c of chunks) {
        expect(c).toMatchObject({ id: first!.id, created: first!.created, object: "chat.completion.chunk", model: MODEL });
        expect(c.id).toMatch(/^chatcmpl-/);
        expect(c.choices).toHaveLength(1);
        expect(c.usage ?? undefined).toBeUndefined();
      }
      expect(first!.choices[0]!.delta.role).toBe("assistant");
      expect(chunks.slice(1).filter((c) => "role" in c.choices[0]!.delta)).toEqual([]);

      const withContent = chunks.filter((c) => c.choices[0]!.delta.content);
      // Pieces of one JSON text: `{"code":"`, the code as it is generated, then `","json":<screen>}` (docs/api.md).
      expect(withContent.length).toBeGreaterThanOrEqual(3);
      const pieces = withContent.map((c) => c.choices[0]!.delta.content!);
      expect(pieces[0]!.startsWith('{"code":"')).toBe(true);
      const text = pieces.join("");
      const final = answerOf(text);
      // Every prefix of the stream holds a prefix of the final code (what a client renders progressively), and no
      // piece repeats what came before: the bytes add up to the answer, not its square.
      for (let i = 1; i < pieces.length; i++) expect(final.code.startsWith(codeSoFar(pieces.slice(0, i).join("")))).toBe(true);
      expect(pieces.at(-1)!.startsWith('","json":')).toBe(true);
      expect(check.component("Screen", final.json)).toEqual([]);
      // finish_reason on the last content chunk, and on no other chunk.
      expect(chunks.at(-1)).toBe(withContent.at(-1));
      expect(chunks.map((c) => c.choices[0]!.finish_reason)).toEqual([...chunks.slice(0, -1).map(() => null), "stop"]);
      // The same text as without streaming, byte for byte (the generator is deterministic).
      expect(text).toBe(whole.choices[0]!.message.content);
    });

    it("when the official client accumulates a stream, then finalContent and finalChatCompletion equal the non-streaming content", async () => {
      const prompt = "A sales dashboard with revenue, orders and a chart by month";
      const runner = client.chat.completions.stream({ model: MODEL, messages: user(prompt) });
      const [content, final, whole] = await Promise.all([runner.finalContent(), runner.finalChatCompletion(), complete(prompt)]);
      expect(content).toBe(whole.choices[0]!.message.content);
      expect(final.choices[0]!.message.content).toBe(content);
      const a = answerOf(content);
      expect(Object.keys(a)).toEqual(["code", "json"]);
      expect(a.json.screen.v1.length).toBeGreaterThan(0);
    });

    it("when stream_options.include_usage is set, then exactly one chunk with choices [] carries the usage, last before [DONE]", async () => {
      const prompt = "A shopping list";
      const [chunks, whole] = await Promise.all([streamed(prompt, true), complete(prompt)]);
      const usageChunks = chunks.filter((c) => c.choices.length === 0);
      expect(usageChunks).toHaveLength(1);
      expect(chunks.at(-1)).toBe(usageChunks[0]);
      expect(chunks.slice(0, -1).every((c) => (c.usage ?? undefined) === undefined)).toBe(true);
      const u = usageChunks[0]!.usage!;
      expect(u.total_tokens).toBe(u.prompt_tokens + u.completion_tokens);
      expect(u).toEqual(whole.usage);
      expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe("stop");

      // On the wire: the usage chunk is the last data before [DONE].
      const res = await post(
        "/chat/completions",
        { model: MODEL, messages: user(prompt), stream: true, stream_options: { include_usage: true } },
        dev.apiKey,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const wire = await readEventStream(res);
      expect(wire.done).toBe(true);
      expect(wire.data.filter((d) => d === "[DONE]")).toHaveLength(1);
      expect(wire.json.at(-1)).toEqual(expect.objectContaining({ choices: [], usage: u }));
      expect(wire.json.filter((c) => (c as Chunk).choices.length === 0)).toHaveLength(1);
    });

    it("when the models are listed and retrieved, then both models come in OpenAI's model shape", async () => {
      const models: OpenAI.Models.Model[] = [];
      for await (const m of client.models.list()) models.push(m);
      expect(models.map((m) => m.id).sort()).toEqual([MODEL, THINKING]);
      for (const m of models) expect(m).toEqual({ id: m.id, object: "model", created: expect.any(Number), owned_by: "genui" });
      expect(await client.models.retrieve(THINKING)).toEqual({
        id: THINKING,
        object: "model",
        created: expect.any(Number),
        owned_by: "genui",
      });
    });

    it("when answers have gone through the queue, then the API's auto-pipelined Redis client carries the platform's own scripts only, none of BullMQ's", async () => {
      // ioredis copies every script of a client into each pipeline it makes, and an auto-pipelined client makes one in
      // every turn that sends: BullMQ's 64 scripts there cost each turn 23.5 µs and kilobytes that outlive it. The
      // queues have a connection of their own (docs/performance.md, "BullMQ's scripts off the API's client").
      const answer = await complete("a login form");
      expect(answer.choices[0]!.finish_reason).toBe("stop");
      const scripts = Object.keys(stack.generation!.ctx.redis!.scriptsSet);
      expect(scripts).toContain("genuiCapacityAcquire");
      expect(scripts.filter((name) => !name.startsWith("genui"))).toEqual([]);
    });
  });

  describe("errors, each in OpenAI's shape and with the client's error class", () => {
    it("when a request is malformed, then 400 BadRequestError names the parameter", async () => {
      expectApiError(await rejection(client.chat.completions.create({ model: MODEL, messages: [] })), BadRequestError, 400, {
        type: "invalid_request_error",
        param: "messages",
        code: "empty_array",
      });
      const noContent = [{ role: "user" }] as unknown as OpenAI.Chat.ChatCompletionMessageParam[];
      expectApiError(
        await rejection(client.chat.completions.create({ model: MODEL, messages: noContent })),
        BadRequestError,
        400,
        {
          type: "invalid_request_error",
          param: "messages[0].content",
          code: "missing_required_parameter",
        },
      );
      expectApiError(
        await rejection(
          client.chat.completions.create({
            model: MODEL,
            messages: user("hi"),
            stream: false,
            stream_options: { include_usage: true },
          }),
        ),
        BadRequestError,
        400,
        { type: "invalid_request_error", param: "stream_options" },
      );
      await expectErrorBody(await post("/chat/completions", '{"model": "genui-pluto-0.1", "messages": [', dev.apiKey), 400, {
        type: "invalid_request_error",
        param: null,
        code: "invalid_json",
      });
    });

    it("when the key is missing or wrong, then 401 AuthenticationError", async () => {
      const wrong = openai(`gk_live_${"A".repeat(43)}`, { maxRetries: 0 });
      expectApiError(await rejection(complete("hi", wrong)), AuthenticationError, 401, {
        type: "invalid_request_error",
        code: "invalid_api_key",
      });
      expectApiError(await rejection(wrong.models.list()), AuthenticationError, 401, { code: "invalid_api_key" });
      expectApiError(await rejection(complete("hi", openai("", { maxRetries: 0 }))), AuthenticationError, 401, {
        code: "missing_api_key",
      });
      await expectErrorBody(await post("/chat/completions", { model: MODEL, messages: user("hi") }, undefined), 401, {
        type: "invalid_request_error",
        param: null,
        code: "missing_api_key",
      });
    });

    it("when the model does not exist, then 404 NotFoundError", async () => {
      const nope = () => client.chat.completions.create({ model: "genui-nope-9", messages: user("hi") });
      expectApiError(await rejection(nope()), NotFoundError, 404, {
        type: "invalid_request_error",
        param: "model",
        code: "model_not_found",
      });
      expectApiError(await rejection(client.models.retrieve("genui-nope-9")), NotFoundError, 404, { code: "model_not_found" });
    });

    it("when the owner's balance cannot cover the request, then 402 and the client makes exactly one request despite its retries", async () => {
      const broke = await newDeveloper(stack, 0);
      let requests = 0;
      const counting: typeof fetch = (input, init) => {
        requests++;
        return fetch(input, init);
      };
      const c = openai(broke.apiKey, { fetch: counting });
      expect(c.maxRetries).toBeGreaterThan(0);
      const e = expectApiError(await rejection(complete("A pricing page", c)), APIError, 402, {
        type: "insufficient_quota",
        code: "insufficient_quota",
      });
      expect(e.constructor).toBe(APIError);
      expect(requests).toBe(1);
      const s = expectApiError(
        await rejection(c.chat.completions.create({ model: MODEL, messages: user("A pricing page"), stream: true })),
        APIError,
        402,
        { code: "insufficient_quota" },
      );
      expect(s.headers?.get("x-should-retry")).toBe("false");
      expect(requests).toBe(2);
    });

    it("when the app's subscription is cancelled, then its key gets 403 PermissionDeniedError", async () => {
      const leaving = await newDeveloper(stack);
      const c = openai(leaving.apiKey, { maxRetries: 0 });
      expect((await complete("A login form", c)).choices[0]!.finish_reason).toBe("stop");
      const cancelled = await leaving.client.post(`/billing/api/v1/subscription/${leaving.subscriptionId}/cancel/`);
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toMatchObject({ id: leaving.subscriptionId, app_id: leaving.appId, status: "cancelled" });
      const err = await eventually(
        () => rejection(c.models.list()).catch((e: unknown) => e),
        (e) => e instanceof PermissionDeniedError,
      );
      expectApiError(err, PermissionDeniedError, 403, { type: "permission_error", code: "app_inactive" });
      expectApiError(await rejection(complete("A login form", c)), PermissionDeniedError, 403, { code: "app_inactive" });
      const res = await get(`/models/${MODEL}`, leaving.apiKey);
      expect(check.component("Error", await expectErrorBody(res, 403, { code: "app_inactive" }))).toEqual([]);
    });
  });

  describe("signed-in routes, with the session of the dashboard", () => {
    const chat = (c: BrowserClient, body: unknown, appId = dev.appId) =>
      c.post(`${API}/auth-chat/completions?app_id=${appId}`, body);
    const chunksOf = (json: unknown[]) => json as Chunk[];

    it("when a signed-in user streams a chat for one of their apps, then data: chunks end with [DONE]; a history with code is answered from that code", async () => {
      const res = await chat(dev.client, { model: MODEL, messages: user("A login form"), stream: true });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const first = await readEventStream(res);
      expect(first.done).toBe(true);
      const chunks = chunksOf(first.json);
      expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
      expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.model === MODEL)).toBe(true);
      expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
      expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe("stop");
      const answer = answerOf(chunks.at(-1)!.choices[0]!.delta.content);
      // SPEC's snapshots: each content chunk is a whole {code, json} of the screen so far, extending the previous one.
      const snapshots = chunks.flatMap((c) => (c.choices[0]!.delta.content ? [answerOf(c.choices[0]!.delta.content)] : []));
      for (let i = 1; i < snapshots.length; i++) {
        expect(snapshots[i]!.code.startsWith(snapshots[i - 1]!.code)).toBe(true);
        expect(notExtending(snapshots[i - 1]!.json, snapshots[i]!.json)).toBeUndefined();
      }

      // The user presses a button of that screen; the history keeps the screen's code (never its json).
      const pressable = preorder(answer.json).find(
        ({ node }) => node.component === "button" && (node as { onPress?: unknown }).onPress,
      )?.node;
      expect(pressable).toBeDefined();
      const press = JSON.stringify({ type: "onPress", component: { name: pressable!.name, value: pressable!.value ?? null } });
      const history = [...user("A login form"), { role: "assistant", code: answer.code }, ...user(press)];
      const follow = await chat(dev.client, { model: MODEL, messages: history, stream: true });
      expect(follow.status).toBe(200);
      const next = await readEventStream(follow);
      expect(next.done).toBe(true);
      const last = chunksOf(next.json).at(-1)!.choices[0]!;
      expect(last.finish_reason).toBe("stop");
      const answered = answerOf(last.delta.content);
      expect(answered.json.screen.v1.length).toBeGreaterThan(0);
      expect(answered.code).not.toBe(answer.code);
      // The same press without the history is answered differently: the earlier screen's code was read.
      const alone = await chat(dev.client, { model: MODEL, messages: user(press) });
      expect(alone.status).toBe(200);
      const aloneAnswer = answerOf(
        ((await alone.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
      );
      expect(aloneAnswer.code).not.toBe(answered.code);

      // An assistant turn with neither content nor code is refused in OpenAI's shape.
      const bad = await chat(dev.client, {
        model: MODEL,
        messages: [...user("A"), { role: "assistant" }, ...user("B")],
        stream: true,
      });
      await expectErrorBody(bad, 400, { param: "messages[1].content", code: "missing_required_parameter" });
    });

    it('when a signed-in chat asks for stream_format "deltas", then its content pieces add up to the published layout of the same answer; a bad value is refused naming stream_format', async () => {
      const prompt = "A pricing table with three plans";
      const res = await chat(dev.client, { model: MODEL, messages: user(prompt), stream: true, stream_format: "deltas" });
      expect(res.status).toBe(200);
      const stream = await readEventStream(res);
      expect(stream.done).toBe(true);
      const chunks = chunksOf(stream.json);
      const pieces = chunks.flatMap((c) => (c.choices[0]?.delta.content ? [c.choices[0].delta.content] : []));
      // Pieces, not snapshots: the code arrives over several chunks, none of them a whole JSON text but the last.
      expect(pieces.length).toBeGreaterThan(2);
      expect(pieces[0]!.startsWith('{"code":"')).toBe(true);
      expect(pieces.slice(0, -1).every((p) => !p.includes('"json":'))).toBe(true);
      expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe("stop");
      const text = pieces.join("");

      // The same conversation without streaming, in the same layout: the same text, byte for byte.
      const whole = await chat(dev.client, { model: MODEL, messages: user(prompt), stream_format: "deltas" });
      expect(whole.status).toBe(200);
      const content = ((await whole.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
      expect(text).toBe(content);
      const answer = JSON.parse(text) as Answer & { repaired_code?: string };
      expect(answer.json.screen.v1.length).toBeGreaterThan(0);

      // And the default (snapshots) ends with the same screen.
      const snap = chunksOf(
        (await readEventStream(await chat(dev.client, { model: MODEL, messages: user(prompt), stream: true }))).json,
      );
      const last = answerOf(snap.at(-1)!.choices[0]!.delta.content);
      expect(last.json).toEqual(answer.json);
      expect(last.code).toBe(answer.repaired_code ?? answer.code);

      for (const bad of ["pieces", 1, ["deltas"]])
        await expectErrorBody(
          await chat(dev.client, { model: MODEL, messages: user(prompt), stream: true, stream_format: bad }),
          400,
          { param: "stream_format", type: "invalid_request_error" },
        );
    });

    it("when the thinking model is asked for its thoughts, then reasoning_content arrives before the content", async () => {
      const ask = (extra: Record<string, unknown>) =>
        chat(dev.client, { model: THINKING, messages: user("A shopping list for the weekend"), stream: true, ...extra });
      const thought = await readEventStream(await ask({ extra_body: { include_thoughts: true } }));
      expect(thought.done).toBe(true);
      const chunks = chunksOf(thought.json);
      expect(chunks.every((c) => c.model === THINKING)).toBe(true);
      const reasoning = chunks.flatMap((c, i) => (c.choices[0]?.delta.reasoning_content ? [i] : []));
      const content = chunks.flatMap((c, i) => (c.choices[0]?.delta.content ? [i] : []));
      expect(reasoning.length).toBeGreaterThan(0);
      expect(content.length).toBeGreaterThan(0);
      expect(Math.max(...reasoning)).toBeLessThan(Math.min(...content));
      expect(
        chunks
          .map((c) => c.choices[0]?.delta.reasoning_content ?? "")
          .join("")
          .trim(),
      ).not.toBe("");
      expect(answerOf(chunks.at(-1)!.choices[0]!.delta.content).json.screen.v1.length).toBeGreaterThan(0);

      // Without asking for thoughts, none come.
      const plain = chunksOf((await readEventStream(await ask({}))).json);
      expect(plain.some((c) => c.choices[0]?.delta.reasoning_content)).toBe(false);
    });

    it("when logged out, then 401; signed in but without the CSRF header, then 403", async () => {
      const anonymous = new BrowserClient(stack.bff.url);
      expect((await chat(anonymous, { model: MODEL, messages: user("hi"), stream: true })).status).toBe(401);
      expect((await anonymous.post(`${API}/auth-retrieve/`, { prompt: "hi" })).status).toBe(401);
      const cookie = [...dev.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const res = await fetch(`${stack.bff.url}${API}/auth-chat/completions?app_id=${dev.appId}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ model: MODEL, messages: user("hi"), stream: true }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "CSRF Failed: CSRF token missing." });
    });

    it("when the chat's model list is read, then both models come with features, and what serves them is named", async () => {
      const res = await dev.client.get(`${API}/chat/models/`);
      expect(res.status).toBe(200);
      const models = (await res.json()) as Record<string, unknown>[];
      expect(models.map((m) => m.slug).sort()).toEqual([MODEL, THINKING]);
      for (const m of models)
        expect(m).toMatchObject({
          id: expect.any(String),
          slug: expect.any(String),
          name: expect.stringMatching(/\w/),
          description: expect.stringMatching(/\w/),
          features: { features: expect.arrayContaining([expect.any(String)]) },
          served_by: { provider: "offline", label: expect.stringMatching(/offline generator/i) },
        });
      const thinking = models.find((m) => m.slug === THINKING) as { features: { features: string[] } };
      expect(thinking.features.features[0]).toBe("Thinking");
    });
  });

  describe("retrieve", () => {
    const CODE = [
      'screen("Order", {theme: "light"})',
      'heading("Your order")',
      'card("Summary", [text("2 items"), row([button("Pay", {name: "pay", onPress: "pay"}), button("Cancel", {variant: "ghost"})])])',
    ].join("\n");

    it("when code alone is retrieved with a key, then {json, code} comes back and the wallet is not debited", async () => {
      const before = await balanceOf(payer.client);
      const res = await post("/retrieve/", { code: CODE }, payer.apiKey);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Answer;
      expect(Object.keys(body).sort()).toEqual(["code", "json"]);
      expect(body.code).toBe(CODE);
      expect(body.json).toMatchObject({
        name: "Order",
        screen: {
          v1: [
            { component: "heading", value: "Your order" },
            { component: "card", value: "Summary", content: [{ component: "text", value: "2 items" }, { component: "row" }] },
          ],
        },
      });
      expect(check.component("Screen", body.json)).toEqual([]);
      // Usage is metered asynchronously: a priced request afterwards settles at exactly its own price, so the retrieve
      // (whose usage would have been published first) cost nothing.
      const marker = await complete("A contact form", openai(payer.apiKey));
      const expected = before - priced(marker.usage!);
      expect(
        await eventually(
          () => balanceOf(payer.client),
          (b) => b === expected,
        ),
      ).toBe(expected);
    });

    it("when a prompt is retrieved, alone or with code to change, then a screen comes back", async () => {
      for (const body of [
        { prompt: "A reading list of five novels" },
        { code: CODE, prompt: "Add a field for a discount code" },
      ]) {
        const res = await post("/retrieve/", body, dev.apiKey);
        expect(res.status).toBe(200);
        const a = (await res.json()) as Answer;
        expect(Object.keys(a).sort()).toEqual(["code", "json"]);
        expect(a.code.trim()).not.toBe("");
        expect(a.code).not.toBe(CODE);
        expect(a.json.screen.v1.length).toBeGreaterThan(0);
        expect(check.component("Screen", a.json)).toEqual([]);
      }
    });

    it("when neither code nor prompt, or code that cannot run, is sent, then 400 with a message", async () => {
      await expectErrorBody(await post("/retrieve/", {}, dev.apiKey), 400, {
        param: "prompt",
        code: "missing_required_parameter",
      });
      await expectErrorBody(await post("/retrieve/", { code: "  ", prompt: "" }, dev.apiKey), 400, {
        code: "missing_required_parameter",
      });
      const bad = await expectErrorBody(await post("/retrieve/", { code: ")))" }, dev.apiKey), 400, {
        type: "invalid_request_error",
        code: "invalid_code",
      });
      expect(bad.error.message).toMatch(/did not run/i);
    });

    it("when a page on the app's origin calls retrieve with its publishable key, then the preflight answers 204 and allows the asked-for headers, and the secret key from that page is refused readably", async () => {
      const origin = new URL(dev.url).origin;
      const pre = await fetch(`${stack.bff.url}${API}/retrieve/`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe("*");
      expect(pre.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b/);
      const allowed = (pre.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type"]));
      const res = await post("/retrieve/", { code: CODE }, dev.publishableKey, { origin });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("set-cookie")).toBeNull();
      // A secret key in a page: refused (it was served here before publishable keys), and the page can read why.
      const refused = await post("/retrieve/", { code: CODE }, dev.apiKey, { origin });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("access-control-allow-origin")).toBe("*");
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("secret_key_in_browser");
    });

    it("when a signed-in user retrieves, then {code, json} comes back", async () => {
      for (const body of [{ prompt: "A weather screen for Oslo" }, { code: CODE }]) {
        const res = await dev.client.post(`${API}/auth-retrieve/`, body);
        expect(res.status).toBe(200);
        const a = (await res.json()) as Answer;
        expect(Object.keys(a).sort()).toEqual(["code", "json"]);
        expect(a.json.screen.v1.length).toBeGreaterThan(0);
      }
    });
  });

  describe("billing", () => {
    it("when a few completions ran, then the balance dropped by exactly their priced usage", async () => {
      // Earlier requests of this developer are settled (the retrieve test waits for that); from here on, only these.
      const before = await balanceOf(payer.client);
      const c = openai(payer.apiKey);
      const one = await complete("A table of the planets with their moons", c);
      const two = await complete("A sign-up form for a newsletter", c);
      const three = (await streamed("A bar chart of rainfall by month", true, c)).at(-1)!.usage!;
      const cost = priced(one.usage!) + priced(two.usage!) + priced(three);
      expect(cost).toBeGreaterThan(0);
      expect(
        await eventually(
          () => balanceOf(payer.client),
          (b) => b === before - cost,
        ),
      ).toBe(before - cost);
    });
  });

  describe("the OpenAPI document", () => {
    it("when the document is read without a key, then it is OpenAPI 3.1 and its paths are exactly the published routes", async () => {
      const res = await fetch(`${stack.bff.url}${API}/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const doc = check.doc;
      expect(await res.json()).toEqual(doc);
      expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
      expect(doc.info).toMatchObject({ title: expect.stringMatching(/\w/), version: expect.stringMatching(/\w/) });
      expect(doc.servers).toEqual([{ url: API }]);

      const published = PUBLISHED_ROUTES.filter((r) => r.path !== `${API}/openapi.json`).map(
        // The MCP endpoint sits beside the API's base URL: its path item names the root as its server.
        (r) => `${r.method} ${(r.path.startsWith(`${API}/`) ? r.path.slice(API.length) : r.path).replace(/:(\w+)/g, "{$1}")}`,
      );
      const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
      const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${p}`),
      );
      expect(documented.sort()).toEqual(published.sort());

      // Well-formed: unique operation ids, declared path parameters, every answer described, every reference resolves.
      // (A path item's other keys — the MCP endpoint's own `servers` — are not operations.)
      const ops = Object.entries(doc.paths).flatMap(([p, o]) =>
        Object.entries(o)
          .filter(([m]) => METHODS.includes(m))
          .map(([, op]) => ({ p, op })),
      );
      expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
      for (const { p, op } of ops) {
        const templated = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect((op.parameters ?? []).filter((x) => x.in === "path" && x.required).map((x) => x.name)).toEqual(templated);
        expect(Object.keys(op.responses).some((s) => /^2\d\d$/.test(s))).toBe(true);
        for (const r of Object.values(op.responses)) expect(r.description).toMatch(/\w/);
      }
      for (const s of doc.security ?? [])
        for (const name of Object.keys(s)) expect(doc.components.securitySchemes).toHaveProperty(name);
      const refs = refsOf(doc);
      for (const ref of refs) {
        // Inside the document only (the screen schema is embedded): readers need no network.
        expect(ref).toMatch(/^#\//);
        expect([ref, resolveRef(doc, ref) !== undefined]).toEqual([ref, true]);
      }
      // Every component schema compiles (an unresolvable reference or a bad keyword would throw).
      for (const name of Object.keys(doc.components.schemas)) expect(() => check.component(name, null)).not.toThrow();
    });

    it("when real answers are checked against the document's schemas, then a completion, every stream chunk, errors, a retrieve answer and the models conform", async () => {
      const completion = await post(
        "/chat/completions",
        { model: MODEL, messages: user("A profile page for a photographer") },
        dev.apiKey,
      );
      expect(completion.status).toBe(200);
      const body = (await completion.json()) as { choices: { message: { content: string } }[] };
      expect(check.answer("/chat/completions", "post", 200, "application/json", body)).toEqual([]);
      expect(check.component("Screen", answerOf(body.choices[0]!.message.content).json)).toEqual([]);

      const stream = await post(
        "/chat/completions",
        { model: MODEL, messages: user("A login form"), stream: true, stream_options: { include_usage: true } },
        dev.apiKey,
      );
      const events = await readEventStream(stream);
      expect(events.done).toBe(true);
      expect(events.json.length).toBeGreaterThan(2);
      // The stream's schema describes one event (its data a chunk, an error or [DONE]); each chunk is a ChatCompletionChunk.
      for (const data of events.data)
        expect(check.answer("/chat/completions", "post", 200, "text/event-stream", { data })).toEqual([]);
      for (const chunk of events.json) {
        expect(check.component("ChatCompletionChunk", chunk)).toEqual([]);
      }
      const text = events.json.map((chunk) => (chunk as Chunk).choices[0]?.delta.content ?? "").join("");
      expect(check.component("Screen", answerOf(text).json)).toEqual([]);

      const errors: [string, string, Response][] = [
        ["/chat/completions", "post", await post("/chat/completions", { model: MODEL, messages: [] }, dev.apiKey)],
        [
          "/chat/completions",
          "post",
          await post("/chat/completions", { model: "genui-nope-9", messages: user("hi") }, dev.apiKey),
        ],
        ["/retrieve/", "post", await post("/retrieve/", { code: ")))" }, dev.apiKey)],
        ["/models", "get", await get("/models", "gk_live_wrong")],
        ["/models/{model}", "get", await get("/models/genui-nope-9", dev.apiKey)],
      ];
      for (const [route, method, res] of errors) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect([route, res.status, check.answer(route, method, res.status, "application/json", await res.json())]).toEqual([
          route,
          res.status,
          [],
        ]);
      }

      const retrieved = await post("/retrieve/", { prompt: "A pricing table with three plans" }, dev.apiKey);
      expect(retrieved.status).toBe(200);
      expect(check.answer("/retrieve/", "post", 200, "application/json", await retrieved.json())).toEqual([]);
      const list = await get("/models", dev.apiKey);
      expect(check.answer("/models", "get", 200, "application/json", await list.json())).toEqual([]);
      const one = await get(`/models/${THINKING}`, dev.apiKey);
      expect(check.answer("/models/{model}", "get", 200, "application/json", await one.json())).toEqual([]);
    });

    it("when a route can answer an error, then the document declares it", async () => {
      const tooLarge = await post("/chat/completions", { model: MODEL, messages: user("x".repeat(1_100_000)) }, dev.apiKey);
      await expectErrorBody(tooLarge, 413, { type: "invalid_request_error", code: "request_too_large" });

      const missing: string[] = [];
      for (const r of PUBLISHED_ROUTES.filter((x) => x.path !== `${API}/openapi.json`)) {
        const p = (r.path.startsWith(`${API}/`) ? r.path.slice(API.length) : r.path).replace(/:(\w+)/g, "{$1}");
        const op = check.doc.paths[p]?.[r.method.toLowerCase()];
        const statuses = [
          // Every route takes a key of an active app, verified by apps.
          "401",
          "403",
          "503",
          ...(r.rate === "key" ? ["429"] : []),
          ...(r.method === "POST" ? ["400", "413"] : []),
          // The routes that run the model: billed, by model, with the upstream's failures.
          ...(r.id === "generation.chatCompletions" || r.id === "generation.retrieve" ? ["402", "404", "502", "504"] : []),
        ];
        for (const s of statuses) if (!op?.responses[s]) missing.push(`${r.method} ${p} ${s}`);
        if (r.rate === "key" && op?.responses["429"]) expect(op.responses["429"].headers).toHaveProperty("Retry-After");
      }
      expect(missing).toEqual([]);
    });
  });
});

describe("a key's own budget (counted once, by generation's admission)", () => {
  let stack: Stack;
  let limited: Developer;
  const openai = (apiKey: string) => new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey, maxRetries: 0 });

  beforeAll(async () => {
    stack = await startStack({ generation: { apiEnv: { GEN_RATE_PER_TENANT: "3/60" } } });
    limited = await newDeveloper(stack);
  });
  afterAll(async () => stack.stop());

  it("when a key goes over its rate, then 429 RateLimitError with retry-after on every route that generates; its models still list", async () => {
    const c = openai(limited.apiKey);
    const check = await openApiCheck(stack.bff.url);
    for (let i = 0; i < 3; i++) await c.chat.completions.create({ model: MODEL, messages: user(`A to-do list ${i}`) });
    const e = expectApiError(
      await rejection(c.chat.completions.create({ model: MODEL, messages: user("hi") })),
      RateLimitError,
      429,
      { code: "rate_limit_exceeded" },
    );
    const retryAfter = Number(e.headers?.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(check.component("Error", { error: e.error })).toEqual([]);
    // The budget is the key's: a retrieve with a prompt (a generation too) is refused the same way.
    const retrieve = await fetch(`${stack.bff.url}${API}/retrieve/`, {
      method: "POST",
      headers: { authorization: `Bearer ${limited.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "A login form" }),
    });
    expect(retrieve.status).toBe(429);
    // Listing models generates nothing: the edge's per-address budget bounds it, not the key's.
    expect((await c.models.list()).data.map((m) => m.id)).toContain(MODEL);
  });
});

describe("the published API under pressure (tight per-key rate, no workers, a queue of one)", () => {
  let stack: Stack;
  let waiting: Developer;
  let prober: Developer;
  let later: Developer;
  let streamer: Developer;
  let check: OpenApiCheck;
  const openai = (apiKey: string) => new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey, maxRetries: 0 });

  beforeAll(async () => {
    stack = await startStack({
      generation: { workers: 0, apiEnv: { GEN_MAX_QUEUE_DEPTH: "1", GEN_RATE_PER_TENANT: "3/60" } },
    });
    const one = () => newDeveloper(stack);
    [waiting, prober, later, streamer] = await Promise.all([one(), one(), one(), one()]);
    check = await openApiCheck(stack.bff.url);
  });
  afterAll(async () => stack.stop());

  it("when the queue is full, then 503 with Retry-After; once the waiting requests are given up, there is room again", async () => {
    const aborts: AbortController[] = [];
    const enqueue = (c: OpenAI) => {
      const ac = new AbortController();
      aborts.push(ac);
      // Streaming answers start (headers) as soon as the job is queued; no worker ever takes it.
      return c.chat.completions.create({ model: MODEL, messages: user("A long report"), stream: true }, { signal: ac.signal });
    };
    try {
      // Requests are queued until the API's sample of the queue depth (every 250 ms) reaches the limit; at most three
      // per key (the rate), spaced so that a sample falls between two of them.
      const attempts = [waiting, waiting, waiting, prober, prober, prober].map((d) => openai(d.apiKey));
      let queued = 0;
      let err: unknown;
      for (const c of attempts) {
        err = await enqueue(c).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (err) break;
        queued++;
        await sleep(300);
      }
      expect(queued).toBeGreaterThanOrEqual(1);
      const e = expectApiError(err, InternalServerError, 503, { type: "server_error", code: "overloaded" });
      expect(e.headers?.get("retry-after")).toBe("2");
      expect(check.component("Error", { error: e.error })).toEqual([]);

      // Clients that go away take their jobs off the queue: a request is queued again once the depth is sampled.
      for (const a of aborts.splice(0)) a.abort();
      const c = openai(later.apiKey);
      let again: unknown = "not tried";
      for (let i = 0; i < 3 && again !== undefined; i++) {
        await sleep(400);
        again = await enqueue(c).then(
          () => undefined,
          (e: unknown) => e,
        );
      }
      expect(again).toBeUndefined();
    } finally {
      for (const a of aborts) a.abort();
    }
  });

  it("when a streamed request waits in the queue, then its answer starts (status and headers) before the first keep-alive", async () => {
    const ac = new AbortController();
    try {
      let sent = 0;
      let res: Response | undefined;
      // The previous test's jobs were just taken off the queue; the API sees that at its next depth sample.
      for (let i = 0; i < 3 && res?.status !== 200; i++) {
        if (res) await sleep(300);
        sent = Date.now();
        res = await fetch(`${stack.bff.url}${API}/chat/completions`, {
          method: "POST",
          signal: ac.signal,
          headers: { authorization: `Bearer ${streamer.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ model: MODEL, messages: user("A long report"), stream: true }),
        });
      }
      const headersAt = Date.now();
      expect(res!.status).toBe(200);
      expect(res!.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = res!.body!.getReader();
      const decoder = new TextDecoder();
      const first = decoder.decode((await reader.read()).value);
      const firstBytesAt = Date.now();
      // No worker takes the job, yet the status, headers and a first comment arrive at once: the answer has started
      // before its first keep-alive, which comes a second (GEN_KEEPALIVE_MS) later. Measured against that keep-alive
      // (not the clock), so a busy machine that delays both does not decide it.
      expect(first).toMatch(/^: accepted\n\n$/);
      let text = "";
      for (;;) {
        const part = await reader.read();
        if (part.done) break;
        text += decoder.decode(part.value);
        if (text.includes(": keep-alive")) break;
      }
      const keepAliveAt = Date.now();
      expect(text).toMatch(/^: keep-alive\n\n/);
      expect(keepAliveAt - headersAt).toBeGreaterThan(500);
      expect(keepAliveAt - firstBytesAt).toBeGreaterThan(500);
      expect(firstBytesAt - sent).toBeLessThan(keepAliveAt - sent);
    } finally {
      ac.abort();
    }
  });
});
