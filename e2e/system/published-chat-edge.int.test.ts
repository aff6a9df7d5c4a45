import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { COMMANDS } from "@genui/contracts";
import { newDeveloper, type Developer } from "../support/developer";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

const PATH = "/apps/api/v1/chat/completions";
const MODEL = "genui-pluto-0.1";

/** One answer as a client reads it: status, the headers that carry meaning, the body (decompressed when gzip). */
interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** The headers compared (ids and dates differ between any two requests). */
const COMPARED = [
  "content-type",
  "content-length",
  "content-encoding",
  "vary",
  "cache-control",
  "x-accel-buffering",
  "retry-after",
  "x-should-retry",
  "transfer-encoding",
];

function send(
  base: string,
  headers: Record<string, string>,
  body: Buffer | string,
): Promise<Answer & { raw: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${PATH}`, { method: "POST", headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(parts);
        const text = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(bytes).toString() : bytes.toString();
        resolve({
          status: res.statusCode!,
          headers: Object.fromEntries(COMPARED.map((h) => [h, res.headers[h] as string | undefined])),
          body: text,
          raw: res.headers,
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * What must be equal in two answers to the same request: everything but the ids and times a new answer gets
 * (`chatcmpl-…`, `created`) and how a stream's content was cut into pieces (the generator's pace decides that): a
 * stream compares as its events' kinds, its content put together, its finish reason, its usage and `[DONE]`.
 */
function comparable(a: Answer) {
  const ids = (s: string) => s.replace(/chatcmpl-[A-Za-z0-9_-]+/g, "chatcmpl-*").replace(/"created":\d+/g, '"created":0');
  if (!a.headers["content-type"]?.startsWith("text/event-stream"))
    return { status: a.status, headers: a.headers, body: ids(a.body) };
  const events = parseEventStream(a.body);
  let content = "";
  const kinds: string[] = [];
  const finish: unknown[] = [];
  let usage: unknown;
  for (const data of events.data) {
    if (data === "[DONE]") {
      kinds.push("done");
      continue;
    }
    const chunk = JSON.parse(data) as {
      choices: { delta: { role?: string; content?: string | null }; finish_reason: string | null }[];
      usage?: unknown;
      error?: unknown;
    };
    if (chunk.error) kinds.push(`error ${JSON.stringify(chunk.error)}`);
    else if (!chunk.choices.length) {
      kinds.push("usage");
      usage = chunk.usage;
    } else {
      const c = chunk.choices[0]!;
      if (c.delta.role && kinds.at(-1) !== "role") kinds.push("role");
      if (c.delta.content) content += c.delta.content;
      if (c.finish_reason) finish.push(c.finish_reason);
    }
  }
  return { status: a.status, headers: a.headers, kinds, content, finish, usage, comments: events.comments > 0 };
}

/**
 * generation's published chat completions are answered before express (http/published-chat.ts) when the request is
 * the common one, and by the express app otherwise. The same requests go to the process's own listener and to a
 * listener of the test's holding the same express app alone: every answer must be the same, request by request
 * (statuses, headers, bodies; a stream's events), and the listener must take what it is meant to take.
 */
describe("the published chat completions before express answer as the express route does", () => {
  let stack: Stack;
  let dev: Developer;
  let lean: string;
  let express: string;
  const servers: http.Server[] = [];
  /** Whether the listener before express took each request sent to `lean`, in order. */
  const taken: boolean[] = [];

  const listen = async (server: http.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1, workerEnv: { OFFLINE_TOKENS_PER_SECOND: "4000" } } });
    dev = await newDeveloper(stack, 50_000_000);
    const { app, preRoute } = stack.generation!.ctx;
    if (!preRoute) throw new Error("generation has no listener before express");
    lean = await listen(
      http.createServer((req, res) => {
        const took = preRoute(req, res);
        taken.push(took);
        if (!took) app(req, res);
      }),
    );
    express = await listen(http.createServer(app));
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) s.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await stack.stop();
  });

  const json = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${dev.apiKey}`,
    "content-type": "application/json",
    ...extra,
  });
  const ask = (prompt: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ model: MODEL, messages: [{ role: "user", content: prompt }], ...extra });

  const cases: [string, boolean, () => [Record<string, string>, Buffer | string]][] = [
    [
      "a streamed answer, gzip accepted",
      true,
      () => [json({ "accept-encoding": "gzip" }), ask("A login form", { stream: true })],
    ],
    [
      "a streamed answer with usage, plain",
      true,
      () => [
        json({ "accept-encoding": "identity" }),
        ask("A pricing page with three tiers", { stream: true, stream_options: { include_usage: true } }),
      ],
    ],
    ["an answer in one piece", true, () => [json(), ask("A table of recent orders")]],
    [
      "a body with a BOM",
      true,
      () => [json(), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ask("A to-do list"))])],
    ],
    [
      "charset=utf-8 in the media type",
      true,
      () => [json({ "content-type": "application/json; charset=utf-8" }), ask("A profile page")],
    ],
    ["JSON that does not parse", true, () => [json(), '{"model":']],
    ["a JSON string, not an object", true, () => [json(), '"hello"']],
    ["a JSON array", true, () => [json(), "[]"]],
    ["whitespace alone", true, () => [json(), "  \n "]],
    ["no messages", true, () => [json(), JSON.stringify({ model: MODEL })]],
    ["an unknown model", true, () => [json(), JSON.stringify({ model: "nope", messages: [{ role: "user", content: "x" }] })]],
    ["no key", true, () => [{ "content-type": "application/json" }, ask("A login form")]],
    ["a wrong key", true, () => [json({ authorization: "Bearer sk-live-wrong" }), ask("A login form")]],
    ["an unknown parameter", true, () => [json(), ask("A login form", { temperature_x: 1 })]],
    // Handed to express by the listener: the same answers all the same.
    ["text/plain", false, () => [json({ "content-type": "text/plain" }), ask("A login form")]],
    ["UTF-16", false, () => [json({ "content-type": "application/json; charset=utf-16" }), ask("A login form")]],
    ["a compressed body", false, () => [json({ "content-encoding": "gzip" }), zlib.gzipSync(ask("A login form"))]],
    ["a body over the limit", false, () => [json(), JSON.stringify({ model: MODEL, pad: "x".repeat(1_100_000) })]],
    ["an empty body", false, () => [json(), ""]],
    ["an Idempotency-Key", false, () => [json({ "idempotency-key": "a-key-1" }), ask("A login form")]],
    ["a malformed Idempotency-Key", false, () => [json({ "idempotency-key": "\u00e9" }), ask("A login form", { stream: true })]],
  ];

  it.each(cases)(
    "%s",
    async (_name, takenHere, request) => {
      const [headers, body] = request();
      const before = taken.length;
      const viaListener = await send(lean, headers, body);
      const viaExpress = await send(express, headers, body);
      expect(taken.slice(before)).toEqual([takenHere]);
      expect(comparable(viaListener)).toEqual(comparable(viaExpress));
      // The chassis's ids on both: a new one each, or the caller's when it gave one.
      expect(viaListener.raw["x-correlation-id"]).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    },
    60_000,
  );

  it("keeps the caller's request and correlation ids and counts the request under the route's path", async () => {
    const metric = async () =>
      (await stack.generation!.ctx.metrics.httpDuration.get()).values.find(
        (v) => v.metricName?.endsWith("_count") && v.labels.route === PATH && v.labels.status === "200",
      )?.value ?? 0;
    const counted = await metric();
    // The request's correlation id goes on with the balance hold it asks billing for (handed on explicitly: the API
    // runs no request context). A listener outside billing's queue group hears the request too.
    const bus = stack.generation!.ctx.bus!;
    const holds = bus.nc.subscribe(bus.subject(COMMANDS.authorizeBalance.subject), { max: 1 });
    const heard = (async () => {
      for await (const m of holds) return m.headers?.get("correlation-id");
    })();
    await bus.nc.flush();
    const a = await send(lean, json({ "x-request-id": "req-42", "x-correlation-id": "corr-42" }), ask("A login form"));
    expect(taken.at(-1)).toBe(true);
    expect(a.status).toBe(200);
    expect(await heard).toBe("corr-42");
    expect(a.raw["x-correlation-id"]).toBe("corr-42");
    // A non-streamed answer's x-request-id is the caller's (a stream's names its completion, as on the express route).
    expect(a.raw["x-request-id"]).toBe("req-42");
    expect(await metric()).toBe(counted + 1);
  }, 60_000);
});
