import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Where Debian's package puts HAProxy (`apt-get install haproxy`); HAPROXY_BIN overrides it. */
const haproxyBin = () => process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy";

/** One group of copies of a process behind one HTTP frontend. */
export interface FrontendSpec {
  /** A name of letters, digits, `-` and `_` (it names the frontend and its backend in HAProxy's configuration). */
  name: string;
  /** The loopback port the frontend listens on; default a free one. */
  port?: number;
  /** Base URLs of the copies (`http://127.0.0.1:8101`); each must answer `GET /healthz` with 200 when alive. */
  backends: string[];
}

export interface LoadBalancerOptions {
  /** Names the temporary directory of the configuration (and shows in errors). */
  name: string;
  frontends: FrontendSpec[];
}

/** What HAProxy currently thinks of one copy (from its stats socket). */
export interface BackendServerState {
  frontend: string;
  /** The copy's base URL, as given. */
  url: string;
  /** HAProxy's status: "UP", "DOWN", "UP 1/2", "DOWN 1/2", "MAINT", … */
  status: string;
}

export interface LoadBalancer {
  /** The frontends' base URLs by name (`http://127.0.0.1:<port>`). */
  urls: Record<string, string>;
  /** The HAProxy process. */
  pid: number;
  /**
   * HAProxy's log of abnormal requests, newest last (at most 500 lines): each a 5xx, an error, a retry or a cut
   * connection, with its termination state (`SH--`: the copy closed before answering, `CD--`: the client went away…).
   * GENUI_LB_LOG=<file> appends the same lines to a file.
   */
  log(): string[];
  /** Every copy and its health as HAProxy sees it now. */
  servers(): Promise<BackendServerState[]>;
  /** Resolves once HAProxy counts every copy of `frontends` (default all) as UP; rejects after `timeoutMs`. */
  waitUntilHealthy(frontends?: string[], timeoutMs?: number): Promise<void>;
  /** SIGTERM to HAProxy; resolves once it has exited (and its configuration is removed). */
  stop(): Promise<void>;
}

/**
 * A free loopback port below the kernel's ephemeral range (32768–60999 on Linux): a port handed out by `listen(0)` or
 * an outgoing connection could be taken by another test in the moment before this one binds it, one outside cannot.
 */
export async function freeLoopbackPort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const srv = net.createServer();
    const ok = await new Promise<boolean>((resolve) => {
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) {
      await new Promise((resolve) => srv.close(resolve));
      return port;
    }
  }
  throw new Error("no free loopback port between 20000 and 32000");
}

function hostPort(url: string): string {
  const u = new URL(url);
  if (u.protocol !== "http:") throw new Error(`load balancer: only http backends are supported (${url})`);
  return `${u.hostname}:${u.port || "80"}`;
}

/** Seconds a client's idle keep-alive connection to the load balancer stays open (announced in `Keep-Alive`). */
export const KEEP_ALIVE_S = 30;

/**
 * HAProxy's configuration: one HTTP frontend per group, round robin over its copies, a copy taken out after two
 * failed `GET /healthz` half a second apart and back after one good one. Only connection failures are retried (on
 * another copy each time): a request that reached a copy is never sent again, since it may have had effects.
 * Timeouts leave room for server-sent-event streams. Abnormal requests are logged on stderr (no syslog here).
 */
export function haproxyConfig(frontends: Required<FrontendSpec>[], statsSocket: string): string {
  const lines = [
    "global",
    "  maxconn 8000",
    "  nbthread 1",
    `  stats socket ${statsSocket} mode 600 level admin`,
    // Abnormal requests only (a 5xx, an error, a retry, a cut connection), one line each on HAProxy's stderr.
    "  log stderr format raw local0 info",
    "",
    "defaults",
    "  mode http",
    "  log global",
    "  option httplog",
    "  option dontlog-normal",
    "  timeout connect 2s",
    "  timeout client 5m",
    "  timeout server 5m",
    "  timeout tunnel 5m",
    "  timeout http-request 30s",
    // A client's idle connection is closed after 30 s, and every answer says so in place of the copy's own hint
    // (65 s), which HAProxy would pass on: a client that believed it would write on a connection being closed.
    `  timeout http-keep-alive ${KEEP_ALIVE_S}s`,
    // A copy is out when it refuses connections or answers badly, not when it is slow to answer (a busy event loop).
    "  timeout check 10s",
    "  option redispatch 1",
    "  retries 2",
    "  retry-on conn-failure",
    "  option forwardfor",
    // A client that goes away cancels its request at the copy too (a stream stops generating, a queued job is dropped);
    // by default HAProxy would take the client's close for a half-close and keep the copy working for no one.
    "  option abortonclose",
    "  option httpchk",
    "  http-check send meth GET uri /healthz",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 2 rise 1",
  ];
  for (const f of frontends) {
    lines.push(
      "",
      `frontend ${f.name}`,
      `  bind 127.0.0.1:${f.port}`,
      `  http-response set-header keep-alive timeout=${KEEP_ALIVE_S}`,
      `  default_backend ${f.name}_copies`,
      "",
      `backend ${f.name}_copies`,
      "  balance roundrobin",
      ...f.backends.map((url, i) => `  server copy${i + 1} ${hostPort(url)} check`),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** One command to HAProxy's stats socket; its whole answer. */
function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socket);
    let out = "";
    conn.setEncoding("utf8");
    conn.on("connect", () => conn.end(`${command}\n`));
    conn.on("data", (d: string) => (out += d));
    conn.on("end", () => resolve(out));
    conn.on("error", reject);
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts ONE real HAProxy (`haproxy -f <cfg> -db`) with an HTTP frontend per group of copies, and waits until every
 * frontend answers `/healthz` through a copy. Frontends without a port get free ones (tried again on a bind clash).
 */
export async function startLoadBalancer(opts: LoadBalancerOptions): Promise<LoadBalancer> {
  const bin = haproxyBin();
  if (spawnSync(bin, ["-v"], { stdio: "ignore" }).status !== 0)
    throw new Error(`load balancer "${opts.name}": HAProxy is not installed at ${bin} (Debian: apt-get install haproxy)`);
  const safe = /^[A-Za-z0-9_-]+$/;
  for (const f of opts.frontends) {
    if (!safe.test(f.name)) throw new Error(`load balancer "${opts.name}": bad frontend name "${f.name}"`);
    if (f.backends.length === 0) throw new Error(`load balancer "${opts.name}": frontend "${f.name}" has no backends`);
  }
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const frontends: Required<FrontendSpec>[] = [];
    for (const f of opts.frontends) frontends.push({ ...f, port: f.port ?? (await freeLoopbackPort()) });
    const dir = mkdtempSync(path.join(os.tmpdir(), `genui-lb-${opts.name.replace(/[^A-Za-z0-9_-]/g, "_")}-`));
    const cfg = path.join(dir, "haproxy.cfg");
    const socket = path.join(dir, "admin.sock");
    writeFileSync(cfg, haproxyConfig(frontends, socket));
    const child = spawn(bin, ["-f", cfg, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.setEncoding("utf8");
    const logLines: string[] = [];
    const logFile = process.env.GENUI_LB_LOG;
    child.stderr!.on("data", (d: string) => {
      stderr = (stderr + d).slice(-4_000);
      for (const line of d.split("\n")) if (line.trim()) logLines.push(line);
      if (logLines.length > 500) logLines.splice(0, logLines.length - 500);
      if (logFile) appendFileSync(logFile, d);
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let exitedEarly = false;
    void exited.then(() => (exitedEarly = true));
    const urls = Object.fromEntries(frontends.map((f) => [f.name, `http://127.0.0.1:${f.port}`]));

    const deadline = Date.now() + 15_000;
    let ready = false;
    while (!exitedEarly && Date.now() < deadline) {
      const up = await Promise.all(Object.values(urls).map(answers));
      if (up.every(Boolean)) {
        ready = true;
        break;
      }
      await sleep(100);
    }
    if (ready) return running(child, exited, dir, socket, frontends, urls, logLines);
    await stopChild(child, exited);
    rmSync(dir, { recursive: true, force: true });
    lastError = exitedEarly
      ? `haproxy exited at start: ${stderr.trim()}`
      : `a frontend did not answer /healthz within 15 s (are the backends up?) ${stderr.trim()}`;
    // Only a port clash on ports we picked is worth another try.
    if (!exitedEarly || opts.frontends.every((f) => f.port !== undefined) || !/bind|address/i.test(stderr)) break;
  }
  throw new Error(`load balancer "${opts.name}": ${lastError}`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await exited;
}

function running(
  child: ChildProcess,
  exited: Promise<void>,
  dir: string,
  socket: string,
  frontends: Required<FrontendSpec>[],
  urls: Record<string, string>,
  logLines: string[],
): LoadBalancer {
  const servers = async (): Promise<BackendServerState[]> => {
    // `show stat` is CSV: pxname,svname,…,status (the 18th column).
    const csv = await statsCommand(socket, "show stat");
    const rows = csv
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => l.split(","));
    return frontends.flatMap((f) =>
      f.backends.map((url, i) => {
        const row = rows.find((r) => r[0] === `${f.name}_copies` && r[1] === `copy${i + 1}`);
        return { frontend: f.name, url, status: row?.[17] ?? "unknown" };
      }),
    );
  };
  return {
    urls,
    pid: child.pid!,
    log: () => [...logLines],
    servers,
    async waitUntilHealthy(names = frontends.map((f) => f.name), timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = (await servers()).filter((s) => names.includes(s.frontend));
        if (states.every((s) => s.status === "UP")) return;
        if (Date.now() > deadline)
          throw new Error(`load balancer: copies not healthy: ${states.map((s) => `${s.url} ${s.status}`).join(", ")}`);
        await sleep(100);
      }
    },
    async stop() {
      await stopChild(child, exited);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
