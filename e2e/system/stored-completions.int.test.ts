import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import type { Connection } from "mongoose";
import OpenAI, { BadRequestError, NotFoundError, PermissionDeniedError } from "openai";
import { CompletionStore } from "../../services/generation/src/store/completion-store";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { openApiCheck, type OpenApiCheck } from "../support/openapi-check";
import { pinnedPython } from "../support/python";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";
const MODEL = "genui-pluto-0.1";
/** The retention the stack's workers are given (GEN_COMPLETION_RETENTION_DAYS): checked on what they store. */
const RETENTION_DAYS = 3;

interface StoredDoc {
  _id: string;
  appId: string;
  expiresAt: Date;
  messages: { role: string; content: string; name?: string }[];
}

/** What a request with the official client answers when it is refused: its class, status and OpenAI error. */
async function refusal(
  call: () => Promise<unknown>,
): Promise<{ cls: string; status?: number; param?: string | null; code?: string | null }> {
  try {
    await call();
  } catch (err) {
    const e = err as { constructor: { name: string }; status?: number; error?: { param?: string | null; code?: string | null } };
    return { cls: e.constructor.name, status: e.status, param: e.error?.param ?? null, code: e.error?.code ?? null };
  }
  throw new Error("the call was not refused");
}

/**
 * Stored completions (docs/api.md "Stored completions") against the real platform, through the BFF, with the official
 * Node `openai` client and the official Python one: what `store` keeps (and what it does not), reading back, pages,
 * filters, messages, metadata, delete, the app's setting, other apps' keys, a deleted app, retention and refusals.
 * The store itself (generation's database) is read directly to check that nothing is kept when nothing should be.
 */
describe("stored completions", () => {
  let stack: Stack;
  let dev: Developer;
  let other: Developer;
  let client: OpenAI;
  let mongo: Connection;
  let check: OpenApiCheck;

  const openai = (apiKey: string) => new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey, maxRetries: 0 });
  const docs = () => mongo.collection<StoredDoc>("stored_completions");
  const storedIds = async (appId: string) => (await docs().find({ appId }).project({ _id: 1 }).toArray()).map((d) => d._id);
  const user = (content: string) => [{ role: "user" as const, content }];
  const raw = (key: string, method: string, p: string, body?: unknown) =>
    fetch(`${stack.bff.url}${API}${p}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    stack = await startStack({
      generation: { workers: 1, workerEnv: { GEN_COMPLETION_RETENTION_DAYS: String(RETENTION_DAYS) } },
    });
    [dev, other] = await Promise.all([newDeveloper(stack, 20_000_000), newDeveloper(stack, 5_000_000)]);
    client = openai(dev.apiKey);
    mongo = stack.generation!.ctx.mongo!;
    check = await openApiCheck(stack.bff.url);
  }, 180_000);
  afterAll(async () => stack?.stop());

  it("when a completion is created with store and metadata, then it reads back as it was answered, with its messages", async () => {
    const created = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: "developer", content: "Keep it short." },
        { role: "user", content: "A sign-up form", name: "ana" },
        { role: "assistant", content: 'text("An earlier screen")' },
        {
          role: "user",
          content: [
            { type: "text", text: "Now with" },
            { type: "text", text: "a password field" },
          ],
        },
      ],
      store: true,
      metadata: { topic: "forms", run: "node" },
    });
    const got = await client.chat.completions.retrieve(created.id);
    expect(got).toEqual({ ...created, metadata: { topic: "forms", run: "node" } });

    const res = await raw(dev.apiKey, "GET", `/chat/completions/${created.id}`);
    expect(res.status).toBe(200);
    expect(check.answer("/chat/completions/{completionId}", "get", 200, "application/json", await res.json())).toEqual([]);

    const messages = await client.chat.completions.messages.list(created.id);
    expect(messages.data).toEqual([
      { id: `${created.id}-0`, role: "developer", content: "Keep it short.", name: null, content_parts: null },
      { id: `${created.id}-1`, role: "user", content: "A sign-up form", name: "ana", content_parts: null },
      { id: `${created.id}-2`, role: "assistant", content: 'text("An earlier screen")', name: null, content_parts: null },
      { id: `${created.id}-3`, role: "user", content: "Now with\na password field", name: null, content_parts: null },
    ]);
    const page = await client.chat.completions.messages.list(created.id, { limit: 2, order: "desc", after: `${created.id}-3` });
    expect(page.data.map((m) => m.id)).toEqual([`${created.id}-2`, `${created.id}-1`]);
    expect(page.has_more).toBe(true);
    const rawMessages = await raw(dev.apiKey, "GET", `/chat/completions/${created.id}/messages?limit=1`);
    expect(
      check.answer("/chat/completions/{completionId}/messages", "get", 200, "application/json", await rawMessages.json()),
    ).toEqual([]);

    // Kept for the workers' retention.
    const [doc] = await docs().find({ _id: created.id }).toArray();
    const days = (doc!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(RETENTION_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(RETENTION_DAYS);
  });

  it("when a streamed request says store, then the content its pieces add up to is stored", async () => {
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: user("A to-do list"),
      store: true,
      stream: true,
    });
    let id = "";
    let content = "";
    for await (const chunk of stream) {
      id = chunk.id;
      content += chunk.choices[0]?.delta.content ?? "";
    }
    const got = await client.chat.completions.retrieve(id);
    expect(got.choices[0]!.message.content).toBe(content);
    expect(got.choices[0]!.finish_reason).toBe("stop");
    expect(JSON.parse(content)).toMatchObject({ code: expect.any(String), json: { screen: { v1: expect.any(Array) } } });

    // The thinking model's streamed thoughts are kept as the completion's reasoning_content.
    const raw = await fetch(`${stack.bff.url}${API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "genui-pluto-0.1-thinking",
        messages: user("A weather card"),
        stream: true,
        store: true,
        include_thoughts: true,
      }),
    });
    let thoughts = "";
    let thinkingId = "";
    for (const line of (await raw.text()).split("\n")) {
      if (!line.startsWith("data: {")) continue;
      const chunk = JSON.parse(line.slice(6)) as { id: string; choices: { delta: { reasoning_content?: string } }[] };
      thinkingId = chunk.id;
      thoughts += chunk.choices[0]?.delta.reasoning_content ?? "";
    }
    expect(thoughts).not.toBe("");
    const thought = (await client.chat.completions.retrieve(thinkingId)).choices[0]!.message as { reasoning_content?: string };
    expect(thought.reasoning_content).toBe(thoughts);
  });

  it("when completions are listed, then pages follow OpenAI's after/limit/order, filtered by metadata and model", async () => {
    const run = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await client.chat.completions.create({
            model: MODEL,
            messages: user(`A card ${i}`),
            store: true,
            metadata: { run, n: String(i % 2) },
          })
        ).id,
      );
    const first = await client.chat.completions.list({ metadata: { run }, limit: 2 });
    expect(first.data.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = await client.chat.completions.list({ metadata: { run }, limit: 2, after: first.data.at(-1)!.id });
    expect(second.data.map((c) => c.id)).toEqual(ids.slice(2, 4));
    // The client's own paging walks every page.
    const all: string[] = [];
    for await (const c of client.chat.completions.list({ metadata: { run }, limit: 2 })) all.push(c.id);
    expect(all).toEqual(ids);
    expect((await client.chat.completions.list({ metadata: { run }, order: "desc" })).data.map((c) => c.id)).toEqual(
      [...ids].reverse(),
    );
    expect((await client.chat.completions.list({ metadata: { run, n: "1" } })).data.map((c) => c.id)).toEqual([ids[1], ids[3]]);
    expect((await client.chat.completions.list({ metadata: { run }, model: "genui-pluto-0.1-thinking" })).data).toEqual([]);
    expect((await client.chat.completions.list({ metadata: { run }, model: MODEL })).data).toHaveLength(5);

    const res = await raw(dev.apiKey, "GET", `/chat/completions?limit=3&order=desc&metadata%5Brun%5D=${run}`);
    const body = (await res.json()) as { object: string; first_id: string; last_id: string; has_more: boolean };
    expect(body).toMatchObject({ object: "list", first_id: ids[4], last_id: ids[2], has_more: true });
    expect(check.answer("/chat/completions", "get", 200, "application/json", body)).toEqual([]);
  });

  it("when the metadata is updated, then it replaces the old and the filter follows; when deleted, the completion is gone", async () => {
    const run = randomUUID();
    const c = await client.chat.completions.create({
      model: MODEL,
      messages: user("A map"),
      store: true,
      metadata: { run, old: "1" },
    });
    const updated = await client.chat.completions.update(c.id, { metadata: { run, tag: "new" } });
    expect(updated).toMatchObject({ id: c.id, metadata: { run, tag: "new" } });
    expect((await client.chat.completions.list({ metadata: { run, old: "1" } })).data).toEqual([]);
    expect((await client.chat.completions.list({ metadata: { run, tag: "new" } })).data.map((x) => x.id)).toEqual([c.id]);
    const cleared = await raw(dev.apiKey, "POST", `/chat/completions/${c.id}`, { metadata: null });
    expect(await cleared.json()).toMatchObject({ id: c.id, metadata: null });

    expect(await client.chat.completions.delete(c.id)).toEqual({ object: "chat.completion.deleted", id: c.id, deleted: true });
    expect(await refusal(() => client.chat.completions.retrieve(c.id))).toMatchObject({ cls: NotFoundError.name, status: 404 });
    expect(await refusal(() => client.chat.completions.delete(c.id))).toMatchObject({ status: 404 });
    expect(await docs().countDocuments({ _id: c.id })).toBe(0);
  });

  it("when another developer's key names the completion, then it is not found on every route, and their list lacks it", async () => {
    const c = await client.chat.completions.create({ model: MODEL, messages: user("A receipt"), store: true });
    const theirs = openai(other.apiKey);
    for (const call of [
      () => theirs.chat.completions.retrieve(c.id),
      () => theirs.chat.completions.messages.list(c.id),
      () => theirs.chat.completions.update(c.id, { metadata: { taken: "yes" } }),
      () => theirs.chat.completions.delete(c.id),
    ])
      expect(await refusal(call)).toMatchObject({ cls: NotFoundError.name, status: 404, code: "not_found" });
    expect((await theirs.chat.completions.list()).data.map((x) => x.id)).not.toContain(c.id);
    // Untouched by all of that.
    expect(await client.chat.completions.retrieve(c.id)).toMatchObject({ id: c.id, metadata: null });
    // A publishable key opens none of it.
    const pub = openai(dev.publishableKey);
    expect(await refusal(() => pub.chat.completions.list())).toMatchObject({ cls: PermissionDeniedError.name, status: 403 });
  });

  it("when store is false or left out on an app that keeps nothing, then nothing is stored past the answer", async () => {
    const no = await client.chat.completions.create({
      model: MODEL,
      messages: user("A banner"),
      store: false,
      metadata: { k: "v" },
    });
    const unsaid = await client.chat.completions.create({ model: MODEL, messages: user("A footer") });
    const streamed = await client.chat.completions.create({ model: MODEL, messages: user("A header"), stream: true });
    let streamedId = "";
    for await (const chunk of streamed) streamedId = chunk.id;
    for (const id of [no.id, unsaid.id, streamedId]) {
      expect(await docs().countDocuments({ _id: id })).toBe(0);
      expect(await refusal(() => client.chat.completions.retrieve(id))).toMatchObject({ status: 404 });
    }
  });

  it("when the owner turns the app's setting on, then completions are stored without store, and store false still wins", async () => {
    const owner = await newDeveloper(stack, 5_000_000);
    const theirs = openai(owner.apiKey);
    const on = await owner.client.request("PATCH", `${API}/update/${owner.appId}/`, { store_completions: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ id: owner.appId, store_completions: true });
    // The key answers every copy remembers are dropped when the setting's event passes by.
    const kept = await eventually(
      async () => {
        const id = (await theirs.chat.completions.create({ model: MODEL, messages: user("A quote") })).id;
        return { id, stored: (await docs().countDocuments({ _id: id })) === 1 };
      },
      (r) => r.stored,
      30_000,
    );
    expect(kept.stored).toBe(true);
    expect((await theirs.chat.completions.retrieve(kept.id)).id).toBe(kept.id);
    const refused = await theirs.chat.completions.create({ model: MODEL, messages: user("A note"), store: false });
    expect(await docs().countDocuments({ _id: refused.id })).toBe(0);

    const off = await owner.client.request("PATCH", `${API}/update/${owner.appId}/`, { store_completions: "yes" });
    expect(off.status).toBe(400);
    expect(await off.json()).toEqual({ store_completions: ["Must be a valid boolean."] });
  });

  it("when an app is deleted, then its stored completions are deleted with it", async () => {
    const doomed = await newDeveloper(stack, 5_000_000);
    const theirs = openai(doomed.apiKey);
    await theirs.chat.completions.create({ model: MODEL, messages: user("A table"), store: true });
    await theirs.chat.completions.create({ model: MODEL, messages: user("A chart"), store: true });
    expect(await storedIds(doomed.appId)).toHaveLength(2);
    // An active app is deleted once its subscription is cancelled.
    expect((await doomed.client.post(`/billing/api/v1/subscription/${doomed.subscriptionId}/cancel/`)).status).toBe(200);
    const deleted = await eventually(
      () => doomed.client.request("DELETE", `${API}/delete/${doomed.appId}/`).then((r) => r.status),
      (status) => status !== 409,
      30_000,
    );
    expect(deleted).toBe(204);
    expect(
      await eventually(
        () => storedIds(doomed.appId),
        (ids) => ids.length === 0,
        30_000,
      ),
    ).toEqual([]);
  });

  it("when a completion is past its retention, then it is never answered, and the purge deletes it", async () => {
    const run = randomUUID();
    const c = await client.chat.completions.create({ model: MODEL, messages: user("A gauge"), store: true, metadata: { run } });
    await docs().updateOne({ _id: c.id }, { $set: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await refusal(() => client.chat.completions.retrieve(c.id))).toMatchObject({ status: 404 });
    expect(await refusal(() => client.chat.completions.messages.list(c.id))).toMatchObject({ status: 404 });
    expect(await refusal(() => client.chat.completions.update(c.id, { metadata: {} }))).toMatchObject({ status: 404 });
    expect((await client.chat.completions.list({ metadata: { run } })).data).toEqual([]);
    expect(await docs().countDocuments({ _id: c.id })).toBe(1);
    expect(await new CompletionStore(mongo).purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await docs().countDocuments({ _id: c.id })).toBe(0);
  });

  it("when a parameter is malformed, then 400 names it, in OpenAI's error shape", async () => {
    const cases: [string, string, unknown, string][] = [
      ["GET", "/chat/completions?limit=0", undefined, "limit"],
      ["GET", "/chat/completions?limit=101", undefined, "limit"],
      ["GET", "/chat/completions?order=sideways", undefined, "order"],
      ["GET", "/chat/completions?after=nope", undefined, "after"],
      ["GET", `/chat/completions/chatcmpl-${"0".repeat(32)}/messages?after=chatcmpl-x`, undefined, "after"],
      ["GET", "/chat/completions?metadata=flat", undefined, "metadata"],
      ["GET", "/chat/completions/chatcmpl-nope", undefined, "completion_id"],
      ["GET", `/chat/completions/chatcmpl-${"0".repeat(32)}?stream=maybe`, undefined, "stream"],
      ["GET", `/chat/completions/chatcmpl-${"0".repeat(32)}?starting_after=`, undefined, "starting_after"],
      ["GET", `/chat/completions/chatcmpl-${"0".repeat(32)}/messages?limit=x`, undefined, "limit"],
      ["POST", `/chat/completions/chatcmpl-${"0".repeat(32)}`, {}, "metadata"],
      ["POST", `/chat/completions/chatcmpl-${"0".repeat(32)}`, { metadata: { a: 1 } }, "metadata.a"],
      ["POST", `/chat/completions/chatcmpl-${"0".repeat(32)}`, { metadata: {}, model: "x" }, "model"],
      ["DELETE", "/chat/completions/chatcmpl-XYZ", undefined, "completion_id"],
    ];
    const seen: unknown[] = [];
    for (const [method, p, body, param] of cases) {
      const res = await raw(dev.apiKey, method, p, body);
      const answer = (await res.json()) as { error: { type: string; param: string } };
      seen.push([method, p, res.status, answer.error?.type, answer.error?.param]);
      expect([method, p, res.status, answer.error?.type, answer.error?.param]).toEqual([
        method,
        p,
        400,
        "invalid_request_error",
        param,
      ]);
    }
    // An `after` that names nothing of this app's: not found, naming it (the page cannot be placed).
    const unknownAfter = await raw(dev.apiKey, "GET", `/chat/completions?after=chatcmpl-${"0".repeat(32)}`);
    expect([unknownAfter.status, ((await unknownAfter.json()) as { error: { param: string } }).error.param]).toEqual([
      404,
      "after",
    ]);
    const tooMany = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]));
    expect(
      await refusal(() => client.chat.completions.create({ model: MODEL, messages: user("x"), store: true, metadata: tooMany })),
    ).toMatchObject({ cls: BadRequestError.name, status: 400, param: "metadata" });
    expect(
      await refusal(() =>
        client.chat.completions.create({ model: MODEL, messages: user("x"), store: true, metadata: { k: "v".repeat(513) } }),
      ),
    ).toMatchObject({ status: 400, param: "metadata.k" });
    // Nothing was stored by the refused requests, and the refusals are those the document declares.
    expect(seen).toHaveLength(cases.length);
  });

  it("when the official Python client stores, reads, lists, pages, filters, updates and deletes, then each answer is the stored one", async () => {
    const run = randomUUID();
    const python = pinnedPython();
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        python,
        [path.join(REPO_ROOT, "e2e/system/python/stored_completions_check.py")],
        {
          timeout: 180_000,
          env: { ...process.env, GENUI_BASE_URL: `${stack.bff.url}${API}`, GENUI_KEY: dev.apiKey, GENUI_RUN: run },
        },
        (err, out, errOut) =>
          resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout: out, stderr: errOut }),
      ),
    );
    expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" });
    const steps = Object.fromEntries(
      stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { step: string } & Record<string, unknown>)
        .map((s) => [s.step, s]),
    ) as Record<string, Record<string, unknown>>;
    const made = steps.create!;
    const [first, second, streamed] = steps.created!.ids as string[];
    expect(first).toBe(made.id);
    expect(steps.retrieve).toEqual({
      step: "retrieve",
      id: made.id,
      created: made.created,
      model: MODEL,
      content: made.content,
      finish_reason: "stop",
      usage: expect.objectContaining({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) }),
      metadata: { run, n: "0" },
    });
    expect(steps.retrieve_streamed!.content).toBe(steps.created!.streamed_content);
    expect(steps.list).toEqual({
      step: "list",
      page1: [first, second],
      page1_has_more: true,
      page2: [streamed],
      page2_has_more: false,
      auto_paged: [first, second, streamed],
      newest_first: [streamed, second, first],
      only_one: [second],
    });
    expect(steps.messages).toEqual({
      step: "messages",
      data: [
        { id: `${first}-0`, role: "developer", content: "Keep it short.", name: null },
        { id: `${first}-1`, role: "user", content: "A sign-up form", name: "ana" },
      ],
      newest: [`${first}-1`],
      newest_has_more: true,
    });
    expect(steps.update).toEqual({ step: "update", metadata: { run, n: "0", tag: "updated" }, tagged: [first] });
    expect(steps.delete).toEqual({
      step: "delete",
      id: second,
      deleted: true,
      object: "chat.completion.deleted",
      retrieve_after: { error: "NotFoundError", status: 404, param: "completion_id", code: "not_found" },
      left: [first, streamed],
    });
    expect(steps.refusals).toEqual({
      step: "refusals",
      bad_id: { error: "BadRequestError", status: 400, param: "completion_id", code: "invalid_value" },
      bad_limit: { error: "BadRequestError", status: 400, param: "limit", code: "invalid_value" },
      bad_metadata: { error: "BadRequestError", status: 400, param: "metadata", code: "invalid_value" },
    });
    // What the store holds is what Python was told.
    expect((await storedIds(dev.appId)).filter((id) => [first, second, streamed].includes(id)).sort()).toEqual(
      [first, streamed].sort(),
    );
  }, 240_000);
});
