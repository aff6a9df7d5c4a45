import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eventually, startLoadBalancer, type LoadBalancer } from "../src";
import { KEEP_ALIVE_S } from "../src/load-balancer";

// The HAProxy the replica profile of the test stack puts in front of every group of copies (e2e/support/stack.ts).

interface Copy {
  server: Server;
  url: string;
  /** Requests this copy received (paths). */
  seen: string[];
  /** Requests whose connection closed before this copy answered them (paths). */
  abandoned: string[];
}

async function copy(name: string): Promise<Copy> {
  const seen: string[] = [];
  const abandoned: string[] = [];
  const server = createServer((req, res) => {
    if (req.url !== "/healthz") seen.push(req.url ?? "");
    if (req.url === "/queued") {
      // Never answers (a request waiting for a worker): only the client's going away ends it.
      res.on("close", () => abandoned.push(req.url ?? ""));
      return;
    }
    if (req.url === "/stream") {
      // A server-sent-event stream: each event must reach the client as it is written, not when the stream ends.
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${name} first\n\n`);
      setTimeout(() => res.end(`data: ${name} last\n\n`), 700);
      return;
    }
    if (req.url === "/slow-post") {
      // Dies after the request reached it: the load balancer must not send it to the other copy.
      req.socket.destroy();
      return;
    }
    res.end(JSON.stringify({ copy: name, forwardedFor: req.headers["x-forwarded-for"] ?? null }));
  });
  // Like the services (packages/chassis listen()): idle connections kept 65 s, announced as `Keep-Alive: timeout=65`.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, abandoned };
}

const close = (c: Copy) =>
  new Promise<void>((resolve) => {
    c.server.close(() => resolve());
    c.server.closeAllConnections();
  });

describe("startLoadBalancer (HAProxy)", () => {
  let a: Copy, b: Copy;
  let lb: LoadBalancer | undefined;

  beforeEach(async () => {
    a = await copy("a");
    b = await copy("b");
  });
  afterEach(async () => {
    await lb?.stop();
    lb = undefined;
    for (const c of [a, b]) if (c.server.listening) await close(c);
  });

  it("when two copies are up, then requests alternate between them with the client's address forwarded", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url, b.url] }] });
    await lb.waitUntilHealthy();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await (await fetch(`${lb.urls.svc}/x`)).json()) as { copy: string });
    expect(answers.map((x) => x.copy).sort()).toEqual(["a", "a", "b", "b"]);
    expect(answers[0]).toMatchObject({ forwardedFor: "127.0.0.1" });
  });

  it("when a copy stops, then no request fails and it is marked down", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url, b.url] }] });
    await lb.waitUntilHealthy();
    await close(b);
    for (let i = 0; i < 6; i++) expect(((await (await fetch(`${lb.urls.svc}/y`)).json()) as { copy: string }).copy).toBe("a");
    const statuses = async () => (await lb!.servers()).map((s) => s.status).join();
    expect(await eventually(statuses, (s) => s === "UP,DOWN", 10_000)).toBe("UP,DOWN");
  });

  it("when a copy drops a request it already received, then the request is not replayed on the other copy", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url, b.url] }] });
    await lb.waitUntilHealthy();
    // HAProxy closes the client's connection too (or answers 502): either way the client learns it failed.
    const outcome = await fetch(`${lb.urls.svc}/slow-post`, { method: "POST", body: "pay once" }).then(
      (res) => res.status,
      () => "connection closed",
    );
    expect([502, "connection closed"]).toContain(outcome);
    expect([...a.seen, ...b.seen]).toEqual(["/slow-post"]);
  });

  it("when a client goes away while its request waits for an answer, then the copy sees the request closed at once", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url] }] });
    const client = new AbortController();
    const request = fetch(`${lb.urls.svc}/queued`, { signal: client.signal }).catch(() => undefined);
    // The copy has the request before the client goes.
    expect(await eventually(() => a.seen.includes("/queued"), Boolean, 10_000)).toBe(true);
    client.abort();
    await request;
    expect(
      await eventually(
        () => [...a.abandoned],
        (l) => l.length > 0,
        10_000,
      ),
    ).toEqual(["/queued"]);
  });

  it("when a copy streams events, then each passes the load balancer as it is written", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url] }] });
    const started = Date.now();
    const res = await fetch(`${lb.urls.svc}/stream`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe("data: a first\n\n");
    expect(Date.now() - started).toBeLessThan(500);
    await reader.cancel();
  });

  it("when a copy announces a longer keep-alive than the load balancer keeps, then the client is told the load balancer's", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url] }] });
    const direct = await fetch(`${a.url}/x`);
    await direct.arrayBuffer();
    expect(direct.headers.get("keep-alive")).toBe("timeout=65");
    // Passed on, the copy's 65 s would have a client write on a connection HAProxy closes after 30 s.
    const through = await fetch(`${lb.urls.svc}/x`);
    await through.arrayBuffer();
    expect(through.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_S}`);
  });

  it("when a request fails at a copy, then the load balancer's log has a line for it and none for the good ones", async () => {
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url] }] });
    // The first request of a connection: HAProxy answers 502 (on a reused one it closes the client's connection).
    const failed = await fetch(`${lb.urls.svc}/slow-post`, { method: "POST", body: "x" });
    await failed.arrayBuffer();
    expect(failed.status).toBe(502);
    for (let i = 0; i < 3; i++) await (await fetch(`${lb.urls.svc}/x`)).arrayBuffer();
    const lines = lb.log().filter((l) => l.includes('"'));
    expect(lines).toHaveLength(1);
    // `SH`: the server (the copy) closed the connection before answering.
    expect(lines[0]).toMatch(/ 502 .* SH-- .*"POST \/slow-post HTTP\/1\.1"/);
  });

  it("when a port is given, then the frontend listens there", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    lb = await startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", port, backends: [a.url] }] });
    expect(lb.urls.svc).toBe(`http://127.0.0.1:${port}`);
  });

  it("when haproxy is missing, then the error says how to install it", async () => {
    const before = process.env.HAPROXY_BIN;
    process.env.HAPROXY_BIN = "/nonexistent/haproxy";
    try {
      await expect(startLoadBalancer({ name: "lb-test", frontends: [{ name: "svc", backends: [a.url] }] })).rejects.toThrow(
        "apt-get install haproxy",
      );
    } finally {
      if (before === undefined) delete process.env.HAPROXY_BIN;
      else process.env.HAPROXY_BIN = before;
    }
  });
});
