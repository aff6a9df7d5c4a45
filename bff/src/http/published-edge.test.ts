import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Writable } from "node:stream";
import { Metrics, createLogger, tracingTo } from "@genui/chassis";
import { eventually } from "@genui/testkit";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-node";
import pino from "pino";
import { loopbackServers } from "../../test/support/loopback-servers";
import { publishedServer, quietEdge } from "../../test/support/published-servers";
import type { RateLimiter } from "../session/rate-limit";
import { edgeHeaderList, requestPath } from "./published-edge";
import { publishedApi, type PublishedApiOptions } from "./published-api";

/** What the model generation service saw of one request. */
interface Seen {
  method: string;
  url: string;
  rawHeaders: string[];
  body: string;
}

const SSE_EVENTS = Array.from({ length: 5 }, (_, i) => `data: {"id":"chatcmpl-1","n":${i}}\n\n`).join("") + "data: [DONE]\n\n";

/**
 * A stand-in for generation on loopback that records what it receives and answers by path: a stream, JSON with
 * headers of its own, a 401 with its challenge, a load balancer's page.
 */
async function generationStandIn(listen: (s: Server) => Promise<string>) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body: Buffer.concat(parts).toString() });
      const path = req.url!.split("?")[0];
      if (path === "/apps/api/v1/chat/completions" && req.method === "POST") {
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
        res.end(SSE_EVENTS);
      } else if (path === "/apps/api/v1/models/wrong-key") {
        res.writeHead(401, "Unauthorized", { "content-type": "application/json", "www-authenticate": 'Bearer realm="genui"' });
        res.end(
          '{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}',
        );
      } else if (path === "/apps/api/v1/models/balancer") {
        res.writeHead(503, { "content-type": "text/html" });
        res.end("<html><body><h1>503 Service Unavailable</h1>No server is available to handle this request.</body></html>");
      } else {
        res.writeHead(200, "Fine", { "content-type": "application/json", etag: '"v1"', "x-upstream": "generation" });
        res.end(req.method === "HEAD" ? undefined : JSON.stringify({ object: "list", data: [], path }));
      }
    });
  });
  return { url: await listen(server), seen };
}

interface Answer {
  status: number;
  statusMessage: string;
  rawHeaders: string[];
  body: string;
}

/** One request over a keep-alive connection, as an API client sends it; the answer with its headers as sent. */
function send(
  base: string,
  agent: http.Agent,
  o: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, method: o.method, path: o.path, headers: o.headers ?? {}, agent },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            statusMessage: res.statusMessage!,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(parts).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(o.body);
  });
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Headers as name/value pairs in the order sent, with what differs by nature between two servers made equal. */
function comparable(raw: string[], port: string): string[][] {
  const pairs: string[][] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    let value = raw[i + 1]!;
    if (name.toLowerCase() === "date") value = "<date>";
    // A fresh id on each side (the client sent none, or a malformed one): its shape only.
    if (/^x-(request|correlation)-id$/i.test(name) && ID.test(value)) value = "<fresh id>";
    pairs.push([name, value.split(port).join("<bff port>")]);
  }
  return pairs;
}

/** The answer and what generation received, of one request through one BFF. */
async function through(base: string, agent: http.Agent, seen: Seen[], o: Parameters<typeof send>[2]) {
  const before = seen.length;
  const answer = await send(base, agent, o);
  const port = new URL(base).port;
  // In the client's order now (http-proxy sent them in reverse: util._extend copies backwards); the order of
  // different header names means nothing in HTTP.
  const received = seen.slice(before).map((s) => ({ ...s, rawHeaders: comparable(s.rawHeaders, port).sort() }));
  // The id generation was given is the one the client got back.
  const id = answer.rawHeaders[answer.rawHeaders.findIndex((h) => h.toLowerCase() === "x-request-id") + 1];
  for (const r of seen.slice(before)) expect(r.rawHeaders[r.rawHeaders.indexOf("x-request-id") + 1]).toBe(id);
  return { ...answer, rawHeaders: comparable(answer.rawHeaders, port), received };
}

const API = "/apps/api/v1";

/** Requests covering every kind of answer the published API gives without a limit in play. */
const CASES: { name: string; method: string; path: string; headers?: Record<string, string>; body?: string }[] = [
  {
    name: "a streamed completion with ids, cookies, identity and trace headers of the client's",
    method: "POST",
    path: `${API}/chat/completions`,
    headers: {
      authorization: "Bearer gk_live_x",
      "content-type": "application/json",
      "x-request-id": "client-req-1",
      "x-correlation-id": "client-corr-1",
      cookie: "sessionid=s; csrftoken=t",
      "x-genui-identity": "forged",
      "x-genui-service": "forged",
      traceparent: `00-${"a".repeat(32)}-${"b".repeat(16)}-01`,
      tracestate: "k=v",
    },
    body: JSON.stringify({ model: "genui-pluto-0.1", messages: [{ role: "user", content: "a to-do list" }], stream: true }),
  },
  {
    name: "a JSON answer with headers of the service's",
    method: "GET",
    path: `${API}/models?x=1&y=%20`,
    headers: { authorization: "Bearer k" },
  },
  {
    name: "a request that came through a trusted proxy over HTTPS",
    method: "GET",
    path: `${API}/models`,
    headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https", "x-forwarded-host": "api.example" },
  },
  { name: "HEAD of a GET route", method: "HEAD", path: `${API}/models` },
  { name: "a malformed request id", method: "GET", path: `${API}/models/m`, headers: { "x-request-id": "not an id!" } },
  { name: "a DELETE without a body", method: "DELETE", path: `${API}/chat/completions/chatcmpl-${"0".repeat(32)}` },
  {
    name: "a preflight naming its headers",
    method: "OPTIONS",
    path: `${API}/chat/completions`,
    headers: { origin: "https://shop.example", "access-control-request-headers": "authorization, x-stainless-os" },
  },
  { name: "a preflight naming none", method: "OPTIONS", path: `${API}/retrieve/` },
  { name: "an undeclared method", method: "PUT", path: `${API}/chat/completions`, body: "{}" },
  { name: "HEAD of a POST-only route", method: "HEAD", path: `${API}/retrieve/` },
  { name: "a method of no route at all", method: "PATCH", path: `${API}/models/genui-pluto-0.1` },
  { name: "a path that does not decode", method: "GET", path: `${API}/models/%E0%A4%A`, headers: { authorization: "Bearer x" } },
  { name: "a missing or wrong key (generation's 401)", method: "GET", path: `${API}/models/wrong-key` },
  { name: "a load balancer's page in place of the service", method: "GET", path: `${API}/models/balancer` },
  { name: "a path of no published row (the app's 404)", method: "GET", path: `${API}/modelsx` },
  { name: "a published path in other letters (the app's)", method: "GET", path: "/APPS/API/V1/MODELS" },
];

describe("the published API answered before express", () => {
  const { listen, adopt, closeAll } = loopbackServers();
  const agent = new http.Agent({ keepAlive: true });
  let generation: Awaited<ReturnType<typeof generationStandIn>>;
  let express: string;
  let lean: string;
  let logs: { express: Record<string, unknown>[]; lean: Record<string, unknown>[] };
  let leanMetrics: Metrics;

  /** A logger like the chassis's (info, the service on every line) whose lines the test reads. */
  const capturing = (into: Record<string, unknown>[]) =>
    pino(
      { level: "info", base: { service: "bff" } },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString().split("\n").filter(Boolean)) into.push(JSON.parse(line) as Record<string, unknown>);
          done();
        },
      }),
    );

  beforeAll(async () => {
    generation = await generationStandIn(listen);
    logs = { express: [], lean: [] };
    leanMetrics = new Metrics("bff");
    const opts = (way: "express" | "lean"): PublishedApiOptions => ({
      target: generation.url,
      limiter: {} as RateLimiter,
      logger: capturing(logs[way]),
      metrics: way === "lean" ? leanMetrics : new Metrics("bff"),
      tracing: quietEdge().tracing,
    });
    express = adopt(await publishedServer("express", opts("express"))).url;
    lean = adopt(await publishedServer("lean", opts("lean"))).url;
  });
  afterAll(async () => {
    agent.destroy();
    await closeAll();
  });

  it.each(CASES)(
    "when a client sends $name, then the answer and what generation receives are as express gave them",
    async (c) => {
      const before = await through(express, agent, generation.seen, c);
      const now = await through(lean, agent, generation.seen, c);
      expect(now).toEqual(before);
    },
  );

  it("when a published answer is sent, then it carries today's security headers, CORS and the ids", async () => {
    const res = await send(lean, agent, { method: "GET", path: `${API}/models`, headers: { "x-request-id": "abc-1" } });
    const headers: Record<string, string> = {};
    for (let i = 0; i < res.rawHeaders.length; i += 2) headers[res.rawHeaders[i]!.toLowerCase()] = res.rawHeaders[i + 1]!;
    for (const [name, value] of edgeHeaderList(false))
      expect({ name, value: headers[name.toLowerCase()] }).toEqual({ name, value });
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "access-control-allow-origin": "*",
      "x-request-id": "abc-1",
      "x-upstream": "generation",
    });
    expect(headers["strict-transport-security"]).toBeUndefined();
    // Over HTTPS (a trusted proxy says so): HSTS as well.
    const https = await send(lean, agent, { method: "GET", path: `${API}/models`, headers: { "x-forwarded-proto": "https" } });
    expect(https.rawHeaders).toContain("max-age=31536000; includeSubDomains");
  });

  it("when requests are answered, then each writes the chassis's access log line, with the same fields as express's", async () => {
    logs.express.length = 0;
    logs.lean.length = 0;
    for (const base of [express, lean])
      await send(base, agent, {
        method: "GET",
        path: `${API}/models?q=1`,
        headers: { "x-request-id": "log-1", "x-correlation-id": "c-1" },
      });
    await eventually(
      () => logs,
      (l) => l.express.length > 0 && l.lean.length > 0,
      60_000,
    );
    const shape = (line: Record<string, unknown>) => ({
      ...line,
      time: "<time>",
      pid: "<pid>",
      responseTime: typeof line.responseTime,
    });
    expect(logs.lean.map(shape)).toEqual(logs.express.map(shape));
    expect(logs.lean[0]).toMatchObject({
      level: 30,
      service: "bff",
      reqId: "log-1",
      correlationId: "c-1",
      req: { method: "GET", url: `${API}/models?q=1` },
      res: { statusCode: 200 },
      msg: "request completed",
    });
  });

  it("when requests are answered, then the HTTP metrics count them under the row's path, none left in flight", async () => {
    await send(lean, agent, { method: "GET", path: `${API}/models/genui-pluto-0.1` });
    await send(lean, agent, { method: "PUT", path: `${API}/models/genui-pluto-0.1` });
    const text = await eventually(
      () => leanMetrics.registry.metrics(),
      (t) => /http_request_duration_seconds_count\{[^}]*method="PUT"/.test(t),
      60_000,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*method="GET",route="\/apps\/api\/v1\/models\/:model",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*method="PUT",route="\/apps\/api\/v1\/models\/:model",status="405"\} 1/,
    );
    expect(text).toMatch(/http_requests_in_flight\{service="bff"\} 0/);
  });

  it("when generation is unreachable, then 502 upstream_unavailable, as express answered it", async () => {
    const closed = http.createServer();
    const dead = await listen(closed);
    closed.close();
    const servers = await Promise.all(
      (["express", "lean"] as const).map(async (way) =>
        adopt(await publishedServer(way, { target: dead, limiter: {} as RateLimiter, ...quietEdge() })),
      ),
    );
    const [before, now] = await Promise.all(
      servers.map((s) => through(s.url, agent, [], { method: "POST", path: `${API}/chat/completions`, body: "{}" })),
    );
    expect(now).toEqual(before);
    expect(now!.status).toBe(502);
    expect(JSON.parse(now!.body)).toEqual({
      error: { message: "Upstream service unavailable.", type: "server_error", param: null, code: "upstream_unavailable" },
    });
  });
});

describe("the published API's connections", () => {
  const { listen, closeAll } = loopbackServers();
  afterAll(closeAll);

  /** A stand-in whose streams never end on their own; it tells when a request's connection closed before its end. */
  async function endlessStreams(answer: boolean) {
    let arrived!: () => void;
    let gone!: () => void;
    const events = {
      arrived: new Promise<void>((r) => (arrived = r)),
      gone: new Promise<void>((r) => (gone = r)),
    };
    const server = http.createServer((_req: IncomingMessage, res: ServerResponse) => {
      res.on("close", () => {
        if (!res.writableEnded) gone();
      });
      arrived();
      if (!answer) return;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('data: {"n":0}\n\n');
    });
    return { url: await listen(server), events };
  }

  const bffFor = async (target: string) => {
    const edge = publishedApi({ target, limiter: {} as RateLimiter, ...quietEdge() });
    return listen(http.createServer((req, res) => void (edge(req, res) || res.writeHead(404).end())));
  };

  it("when the client leaves in the middle of a stream, then generation's request is closed too", async () => {
    const upstream = await endlessStreams(true);
    const bff = await bffFor(upstream.url);
    const req = http.request(`${bff}${API}/chat/completions`, { method: "POST" });
    req.on("error", () => undefined);
    req.on("response", (res) => res.once("data", () => req.destroy()));
    req.end("{}");
    await expect(upstream.events.gone).resolves.toBeUndefined();
  });

  it("when a client asks for 100-continue with identity headers of its own, then generation gets the body and none of them", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const upstream = await listen(
      http.createServer((req, res) => {
        let length = 0;
        req.on("data", (c: Buffer) => (length += c.length));
        req.on("end", () => {
          seen.push(req.headers);
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ length }));
        });
      }),
    );
    const bff = await bffFor(upstream);
    const answer = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${bff}${API}/chat/completions`, {
        method: "POST",
        headers: { expect: "100-continue", "x-genui-identity": "forged", "x-genui-service": "forged", "content-length": 2000 },
      });
      req.on("continue", () => req.end("x".repeat(2000)));
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
    });
    expect(JSON.parse(answer)).toEqual({ length: 2000 });
    expect(seen[0]?.["x-genui-identity"]).toBeUndefined();
    expect(seen[0]?.["x-genui-service"]).toBeUndefined();
  });

  it("when generation sends an answer's last event and its end together, then they leave the edge in one write", async () => {
    // generation's stream: the first event, then (once the client has it) the last event and the end in one write.
    let more!: () => void;
    const read = new Promise<void>((r) => (more = r));
    const upstream = await listen(
      http.createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write('data: {"n":0}\n\n');
        void read.then(() => res.end("data: [DONE]\n\n"));
      }),
    );
    // What the edge's connection to the client writes, one entry per system call's worth (a write or a writev).
    const writes: string[] = [];
    const edge = publishedApi({ target: upstream, limiter: {} as RateLimiter, ...quietEdge() });
    const server = http.createServer((req, res) => void (edge(req, res) || res.writeHead(404).end()));
    server.on("connection", (socket: Socket) => {
      const s = socket as Socket & {
        _write(c: Buffer, e: BufferEncoding, cb: () => void): void;
        _writev(c: { chunk: Buffer | string }[], cb: () => void): void;
      };
      const write = s._write.bind(s);
      const writev = s._writev.bind(s);
      s._write = (c, e, cb) => {
        writes.push(Buffer.from(c).toString());
        write(c, e, cb);
      };
      s._writev = (chunks, cb) => {
        writes.push(chunks.map((c) => Buffer.from(c.chunk).toString()).join(""));
        writev(chunks, cb);
      };
    });
    const bff = await listen(server);
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${bff}${API}/chat/completions`, { method: "POST" });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => {
          text += c.toString();
          more();
        });
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end("{}");
    });
    expect(body).toBe('data: {"n":0}\n\ndata: [DONE]\n\n');
    const last = writes.findIndex((w) => w.includes("[DONE]"));
    expect(writes.slice(last)).toEqual([expect.stringMatching(/data: \[DONE\]\n\n\r\n0\r\n\r\n$/)]);
  });

  it("when the client leaves before generation answers, then generation's request is closed too", async () => {
    const upstream = await endlessStreams(false);
    const bff = await bffFor(upstream.url);
    const req = http.request(`${bff}${API}/chat/completions`, { method: "POST" });
    req.on("error", () => undefined);
    req.end("{}");
    await upstream.events.arrived;
    req.destroy();
    await expect(upstream.events.gone).resolves.toBeUndefined();
  });
});

describe("the published API's span", () => {
  const { listen, adopt, closeAll } = loopbackServers();
  afterAll(closeAll);

  it("when tracing is on, then a SERVER span of its own trace (never the client's) is the parent of generation's request", async () => {
    let traceparent = "";
    const upstream = await listen(
      http.createServer((req, res) => {
        traceparent = String(req.headers.traceparent);
        req.resume();
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      }),
    );
    const spans = { express: new InMemorySpanExporter(), lean: new InMemorySpanExporter() };
    const urls: Record<string, string> = {};
    for (const way of ["express", "lean"] as const) {
      const s = await publishedServer(way, {
        target: upstream,
        limiter: {} as RateLimiter,
        logger: createLogger("bff", "silent"),
        metrics: new Metrics("bff"),
        tracing: tracingTo("bff", spans[way]),
      });
      urls[way] = adopt(s).url;
    }
    const clientTrace = "c".repeat(32);
    const seen: Record<string, unknown> = {};
    for (const way of ["express", "lean"] as const) {
      const res = await fetch(`${urls[way]}${API}/chat/completions`, {
        method: "POST",
        headers: { traceparent: `00-${clientTrace}-${"d".repeat(16)}-01` },
        body: "{}",
      });
      expect(res.status).toBe(200);
      await res.text();
      const [span] = await eventually(
        () => spans[way].getFinishedSpans(),
        (s) => s.length > 0,
        60_000,
      );
      const ctx = span!.spanContext();
      expect(ctx.traceId).not.toBe(clientTrace);
      expect(traceparent).toBe(`00-${ctx.traceId}-${ctx.spanId}-01`);
      seen[way] = { name: span!.name, kind: span!.kind, parent: span!.parentSpanContext, attributes: span!.attributes };
    }
    expect(seen.lean).toEqual(seen.express);
    expect(seen.lean).toMatchObject({ name: "POST", parent: undefined, attributes: { "url.path": `${API}/chat/completions` } });
  });
});

describe("the path a request is routed by", () => {
  it.each([
    ["/apps/api/v1/models", { pathname: "/apps/api/v1/models", path: "/apps/api/v1/models" }],
    ["/apps/api/v1/models?a=1?b", { pathname: "/apps/api/v1/models", path: "/apps/api/v1/models?a=1?b" }],
    ["/apps/api/v1/models#frag", { pathname: "/apps/api/v1/models", path: "/apps/api/v1/models" }],
    ["http://example.com/apps/api/v1/models?x=1", { pathname: "/apps/api/v1/models", path: "/apps/api/v1/models?x=1" }],
    ["*", { pathname: "*", path: "*" }],
  ])("when the URL is %s, then it is read as express and http-proxy read it", (url, expected) => {
    expect(requestPath(url)).toEqual(expected);
  });
});
