import OpenAI from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";

/** One server-sent event as a raw client reads it: its `id:` (when it has one) and its `data:`. */
interface RawEvent {
  id?: number;
  data: string;
}

/** The whole events of an event-stream text (a block without its blank line yet is not an event yet). */
function events(text: string): RawEvent[] {
  const out: RawEvent[] = [];
  const blocks = text.split("\n\n");
  // The last piece after the final blank line is an incomplete event (or nothing).
  for (const block of blocks.slice(0, -1)) {
    let id: number | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = Number(line.slice(4));
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length) out.push({ ...(id !== undefined ? { id } : {}), data: data.join("\n") });
  }
  return out;
}

/** The answer's content as a client accumulates it: the `delta.content` pieces, concatenated. */
const contentOf = (evs: RawEvent[]): string =>
  evs
    .filter((e) => e.data !== "[DONE]")
    .map((e) => JSON.parse(e.data) as { choices?: { delta?: { content?: string } }[] })
    .map((c) => c.choices?.[0]?.delta?.content ?? "")
    .join("");

/** Reads a stream until `n` whole events arrived, then drops the connection; answers what was read. */
async function readThenCut(res: Response, n: number, abort: AbortController): Promise<RawEvent[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (events(text).length >= n) break;
  }
  abort.abort();
  await reader.cancel().catch(() => undefined);
  return events(text).slice(0, n);
}

const PROMPT = "A pricing table with three plans";

/**
 * Resumable streams (docs/api.md "Resuming a stream") on two copies of every process: a raw SSE client whose
 * connection is cut after its 3rd event resumes on the other copy — with `Last-Event-ID` or `starting_after` — and
 * receives exactly the events it missed (ids consecutive, nothing repeated), and its accumulated answer equals an
 * uninterrupted one; a finished answer reads back event for event; nobody else can read it.
 */
describe("resumable streams across copies", () => {
  let stack: Stack;
  let dev: Developer;
  let other: Developer;

  beforeAll(async () => {
    // A slower generator (200 tokens a second, about 3 s an answer): a stream cut after its 3rd event is resumed
    // while the answer is still being generated, so the resume follows it live after reading what was kept.
    stack = await startStack({ replicas: 2, generation: { workers: 1, workerEnv: { OFFLINE_TOKENS_PER_SECOND: "200" } } });
    [dev, other] = await Promise.all([newDeveloper(stack, 5_000_000), newDeveloper(stack, 5_000_000)]);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const copy = (i: number) => stack.copies.generation[i]!.url;
  const post = (base: string, key: string, body: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${base}${API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, messages: [{ role: "user", content: PROMPT }], ...body }),
      ...(signal ? { signal } : {}),
    });
  const resume = (base: string, key: string, id: string, after: { header?: string; query?: string } = {}) =>
    fetch(
      `${base}${API}/chat/completions/${id}?stream=true${after.query !== undefined ? `&starting_after=${after.query}` : ""}`,
      {
        headers: { authorization: `Bearer ${key}`, ...(after.header !== undefined ? { "last-event-id": after.header } : {}) },
      },
    );
  const idOf = (e: RawEvent) => (JSON.parse(e.data) as { id: string }).id;

  it("when a stream is read whole, then every event carries the next id from 1 and [DONE] is the last", async () => {
    const res = await post(copy(0), dev.apiKey, { stream_options: { include_usage: true } });
    expect(res.status).toBe(200);
    const evs = events(await res.text());
    expect(evs.at(-1)!.data).toBe("[DONE]");
    expect(evs.map((e) => e.id)).toEqual(evs.map((_, i) => i + 1));
  });

  it("when the connection is cut after the 3rd event, then a resume on the other copy with Last-Event-ID gets exactly the rest and the answer equals an uninterrupted one", async () => {
    const whole = events(await (await post(copy(1), dev.apiKey, {})).text());
    const abort = new AbortController();
    const first = await readThenCut(
      await post(copy(0), dev.apiKey, { stream_options: { resumable: true } }, abort.signal),
      3,
      abort,
    );
    expect(first.map((e) => e.id)).toEqual([1, 2, 3]);
    const id = idOf(first[0]!);
    const res = await resume(copy(1), dev.apiKey, id, { header: "3" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const rest = events(await res.text());
    const all = [...first, ...rest];
    // No gap, no repeat: the ids run on from 4.
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i + 1));
    expect(rest.at(-1)!.data).toBe("[DONE]");
    expect(rest.slice(0, -1).every((e) => idOf(e) === id)).toBe(true);
    // The answer a client accumulates is the one an uninterrupted stream of the same prompt gives.
    expect(JSON.parse(contentOf(all))).toEqual(JSON.parse(contentOf(whole)));
  });

  it("when a finished answer is resumed from the start through the edge, then its events come again byte for byte with the same ids", async () => {
    const text = await (await post(stack.bff.url, dev.apiKey, { stream_options: { include_usage: true } })).text();
    const evs = events(text);
    const id = idOf(evs[0]!);
    const again = events(await (await resume(stack.bff.url, dev.apiKey, id, { query: "0" })).text());
    expect(again).toEqual(evs);
    const tail = events(await (await resume(stack.bff.url, dev.apiKey, id, { query: String(evs.length - 2) })).text());
    expect(tail).toEqual(evs.slice(-2));
  });

  it("when another app's key, a malformed id or an unknown id asks, then 404 in OpenAI's shape; a bad starting_after is 400", async () => {
    const evs = events(await (await post(copy(0), dev.apiKey, {})).text());
    const id = idOf(evs[0]!);
    for (const [key, target] of [
      [other.apiKey, id],
      [dev.apiKey, "chatcmpl-nothing"],
      [dev.apiKey, `chatcmpl-${"0".repeat(32)}`],
    ] as const) {
      const res = await resume(copy(1), key, target);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    }
    // Its events gone (past GEN_RESUME_TTL_SECONDS: deleted here as their expiry would), the answer is not found.
    const requestId = id.slice(9).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
    expect(await stack.copies.generation[0]!.ctx.redis!.del(`${stack.prefix}gen:answer:${requestId}`)).toBe(1);
    expect((await resume(copy(1), dev.apiKey, id)).status).toBe(404);
    const bad = await resume(copy(1), dev.apiKey, id, { query: "x1" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toBe("starting_after");
  });

  it("when a streamed request is sent again with its Idempotency-Key, then it reads the answer the first one started, from its start, on any copy", async () => {
    const key = `retry-${Date.now()}-${Math.random()}`;
    const withKey = (base: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${API}/chat/completions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${dev.apiKey}`,
          "content-type": "application/json",
          "idempotency-key": key,
          ...headers,
        },
        body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, messages: [{ role: "user", content: PROMPT }] }),
      });
    const first = events(await (await withKey(copy(0))).text());
    const again = await withKey(copy(1));
    expect(again.status).toBe(200);
    expect(events(await again.text())).toEqual(first);
    // With Last-Event-ID, only what comes after it.
    const tail = events(await (await withKey(stack.bff.url, { "last-event-id": "2" })).text());
    expect(tail).toEqual(first.slice(2));
    // The same key of another app is another request altogether.
    const theirs = events(
      await (
        await fetch(`${copy(0)}${API}/chat/completions`, {
          method: "POST",
          headers: { authorization: `Bearer ${other.apiKey}`, "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, messages: [{ role: "user", content: PROMPT }] }),
        })
      ).text(),
    );
    expect(idOf(theirs[0]!)).not.toBe(idOf(first[0]!));
  });

  it("when two requests with one Idempotency-Key arrive at once, then one answer is generated: the other reads it or is told to send again (409)", async () => {
    const key = `race-${Date.now()}`;
    const send = () =>
      fetch(`${copy(0)}${API}/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, messages: [{ role: "user", content: PROMPT }] }),
      });
    const answers = await Promise.all([send(), send(), send()]);
    const ids = new Set<string>();
    for (const res of answers) {
      expect([200, 409]).toContain(res.status);
      if (res.status === 200) ids.add(idOf(events(await res.text())[0]!));
      else expect(((await res.json()) as { error: { code: string } }).error.code).toBe("idempotency_conflict");
    }
    expect(ids.size).toBe(1);
    const bad = await fetch(`${copy(0)}${API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json", "idempotency-key": "x".repeat(256) },
      body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, messages: [{ role: "user", content: PROMPT }] }),
    });
    expect(bad.status).toBe(400);
  });

  it("when the official Node client streams, then it reads the events with ids unchanged", async () => {
    const client = new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}${API}` });
    const stream = await client.chat.completions.create({
      model: "genui-pluto-0.1",
      stream: true,
      messages: [{ role: "user", content: PROMPT }],
    });
    let content = "";
    for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? "";
    expect((JSON.parse(content) as { json: { screen: unknown } }).json.screen).toBeDefined();
  });

  it("when the signed-in chat's stream is cut, then its user resumes it and another user cannot", async () => {
    const abort = new AbortController();
    const csrf = await dev.client.csrf();
    const res = await fetch(`${stack.bff.url}${API}/auth-chat/completions?app_id=${dev.appId}`, {
      method: "POST",
      headers: {
        cookie: [...dev.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-csrftoken": csrf,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        model: "genui-pluto-0.1",
        stream: true,
        stream_options: { resumable: true },
        messages: [{ role: "user", content: PROMPT }],
      }),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const first = await readThenCut(res, 2, abort);
    const id = idOf(first[0]!);
    const path = `${API}/auth-chat/completions/${id}?stream=true&starting_after=2`;
    const theirs = await other.client.request("GET", path);
    expect(theirs.status).toBe(404);
    const mine = await dev.client.request("GET", path);
    expect(mine.status).toBe(200);
    const rest = events(await mine.text());
    const all = [...first, ...rest];
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i + 1));
    expect(rest.at(-1)!.data).toBe("[DONE]");
  });
});
