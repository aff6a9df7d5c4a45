import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "@genui/testkit";
import type { Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { plan } from "@genui/planner";

/**
 * A host website for streaming mode: real HTTP on its own origin ("localhost", the API is on 127.0.0.1), serving
 * pages and OpenAI-style SSE streams of answers in the [B2] content layout, paced like a model, optionally holding
 * the last piece (the `json` one) until the test releases it.
 */

export interface Answer {
  prompt: string;
  code: string;
  json: Screen;
}

/** A realistic answer: the offline generator's UI code for `prompt` and the sandbox's screen of it. */
export async function realisticAnswer(prompt: string): Promise<Answer> {
  const { code } = plan([{ role: "user", content: prompt }]);
  const ev = createNodeEvaluator({ timeoutMs: 2000 });
  try {
    const r = await ev.evaluate(code);
    if (!r.ok) throw new Error(`the offline answer for "${prompt}" does not evaluate: ${r.error.message}`);
    return { prompt, code, json: r.screen };
  } finally {
    ev.dispose();
  }
}

/** The first component of a screen (depth first) with a text value: what the tests look for on screen. */
export function firstText(screen: Screen): string {
  type Node = { value?: unknown; content?: unknown };
  const walk = (nodes: unknown): string | undefined => {
    if (!Array.isArray(nodes)) return undefined;
    for (const n of nodes as Node[]) {
      if (typeof n?.value === "string" && n.value.trim().length > 2) return n.value;
      const inner = walk(n?.content);
      if (inner) return inner;
    }
    return undefined;
  };
  const found = walk(screen.screen.v1);
  if (!found) throw new Error(`no component with a text value in ${screen.name}`);
  return found;
}

export const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 0,
    model: "genui-pluto-0.1",
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  })}\n\n`;

export interface StreamSpec {
  pieces: string[];
  /** Milliseconds between pieces. */
  paceMs: number;
  /** Hold the last piece until `release(name)`. */
  hold?: boolean;
}

export interface StreamHost {
  url: string;
  /** Serve `html` at `path`. */
  page(path: string, html: string): void;
  /** Serve the SSE stream `name` at `/sse/<name>` (once per request). */
  stream(name: string, spec: StreamSpec): void;
  /** Send the held last piece of every open request of stream `name`. */
  release(name: string): void;
  /** Serve `handler` at `path` (e.g. a proxy to the real API). */
  route(path: string, handler: http.RequestListener): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startStreamHost(): Promise<StreamHost> {
  const pages = new Map<string, { type: string; body: string }>();
  const streams = new Map<string, StreamSpec>();
  const routes = new Map<string, http.RequestListener>();
  const held = new Map<string, (() => void)[]>();
  /** Streams released before they reached their last piece (they send it without holding). */
  const released = new Set<string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    const route = routes.get(url.pathname);
    if (route) return void route(req, res);
    const page = pages.get(url.pathname);
    if (page) return void res.writeHead(200, { "content-type": page.type }).end(page.body);
    const spec = url.pathname.startsWith("/sse/") ? streams.get(url.pathname.slice(5)) : undefined;
    if (!spec) return void res.writeHead(404).end("no");
    const name = url.pathname.slice(5);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    void (async () => {
      const { pieces, paceMs } = spec;
      for (const [i, piece] of pieces.entries()) {
        const last = i === pieces.length - 1;
        if (last && spec.hold && !released.has(name))
          await new Promise<void>((r) => held.set(name, [...(held.get(name) ?? []), r]));
        else if (i > 0 && paceMs > 0) await sleep(paceMs);
        if (res.destroyed) return;
        res.write(chunk(piece, last ? "stop" : null));
      }
      res.end("data: [DONE]\n\n");
    })();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page: (p, html) => pages.set(p, { type: p.endsWith(".js") ? "text/javascript" : "text/html", body: html }),
    stream: (name, spec) => {
      streams.set(name, spec);
      released.delete(name);
    },
    release: (name) => {
      released.add(name);
      for (const r of held.get(name) ?? []) r();
      held.delete(name);
    },
    route: (p, handler) => routes.set(p, handler),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * A browser bundle of `entry` (plain JavaScript importing react, react-dom and @genui/react as an app would), built
 * with Vite from the installed packages (@genui/react's built dist: `npm run build -w @genui/react` first).
 */
export async function bundle(name: string, entry: string, files: Record<string, string> = {}): Promise<string> {
  const dir = path.join(REPO_ROOT, "node_modules", ".cache", `genui-${name}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, "entry.js"), entry);
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    writeFileSync(
      path.join(dir, "vite.config.mjs"),
      `export default { logLevel: "error", root: ${JSON.stringify(dir)}, define: { "process.env.NODE_ENV": '"production"' },
  build: { outDir: "out", emptyOutDir: true, minify: false, lib: { entry: "entry.js", formats: ["iife"], name: "App", fileName: () => "app.js" } } };`,
    );
    await promisify(execFile)(path.join(REPO_ROOT, "node_modules/.bin/vite"), ["build", "--config", "vite.config.mjs"], {
      cwd: dir,
      timeout: 120_000,
      // jest runs with NODE_ENV=test, which would make Vite compile JSX for React's development runtime.
      env: { ...process.env, NODE_ENV: "production" },
    });
    return readFileSync(path.join(dir, "out", "app.js"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The React app of the tests: `<GenUI stream>` fed by `window.start(source)`; records events on `window`. */
export const REACT_APP = (apiBase: string) => `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { GenUI } from "@genui/react";

const w = window;
w.errors = [];
w.completed = null;
const root = createRoot(document.getElementById("app"));
const draw = (stream) =>
  root.render(
    createElement(GenUI, {
      apiBase: ${JSON.stringify(apiBase)},
      stream,
      debug: true,
      width: "600px",
      onError: (m) => w.errors.push(m),
      onStreamComplete: (a) => { w.completed = a; },
    }),
  );
// A fetch Response (its SSE body), or the text accumulated so far.
w.startFetch = async (url) => draw(await fetch(url));
w.startText = async (url) => {
  const res = await fetch(url);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split("\\n\\n");
    buffer = events.pop();
    for (const e of events) {
      if (!e.startsWith("data: {")) continue;
      const piece = JSON.parse(e.slice(6)).choices[0].delta.content;
      if (piece) { text += piece; draw(text); }
    }
  }
};
draw(undefined);
`;

/**
 * The benchmark's React app: `window.start("delta" | "snapshots", i)` draws answer i's stream with `<GenUI stream>`
 * (delta) or, like the SPA's chat, each snapshot chunk's screen with `<GenUI json>`; `window.firstChunkAt` is when the
 * first bytes arrived (epoch ms); `blank()` shows an empty screen, `stop()` aborts the stream.
 */
export const REACT_APP_BENCH = (apiBase: string) => `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { GenUI } from "@genui/react";

const w = window;
const root = createRoot(document.getElementById("app"));
const draw = (props) => root.render(createElement(GenUI, { apiBase: ${JSON.stringify(apiBase)}, width: "600px", ...props }));
let current;
const now = () => performance.timeOrigin + performance.now();
w.blank = async () => draw({ json: { name: "blank", screen: { v1: [] } } });
w.stop = () => current && current.abort();
w.start = async (mode, i) => {
  w.firstChunkAt = undefined;
  current = new AbortController();
  const res = await fetch("/" + mode + "?i=" + i, { signal: current.signal });
  if (mode === "delta") {
    const [mine, timing] = res.body.tee();
    const r = timing.getReader();
    void r.read().then(() => { w.firstChunkAt = now(); void r.cancel(); });
    draw({ stream: new Response(mine, { headers: { "content-type": "text/event-stream" } }) });
    return;
  }
  void (async () => {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (w.firstChunkAt === undefined) w.firstChunkAt = now();
        buffer += decoder.decode(value, { stream: true });
        const events = buffer.split("\\n\\n");
        buffer = events.pop();
        for (const e of events) {
          if (!e.startsWith("data: {")) continue;
          const content = JSON.parse(e.slice(6)).choices[0].delta.content;
          if (content) draw({ json: JSON.parse(content).json });
        }
      }
    } catch {}
  })();
};
draw({ json: { name: "blank", screen: { v1: [] } } });
`;

/**
 * A stand-in for the published API's origin: POST /apps/api/v1/chat/completions answers `pieces` as a paced SSE
 * stream (recording each request's body and key); everything else (the iframe page, the loader, the sandbox worker)
 * is passed through to the real BFF at `upstream`.
 */
export async function startLayoutApi(
  upstream: string,
  pieces: () => string[],
): Promise<{ url: string; requests: { body: unknown; authorization: string | undefined }[]; close(): Promise<void> }> {
  const requests: { body: unknown; authorization: string | undefined }[] = [];
  const up = new URL(upstream);
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/apps/api/v1/chat/completions") {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        requests.push({ body: JSON.parse(body) as unknown, authorization: req.headers.authorization });
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        void (async () => {
          const all = pieces();
          for (const [i, p] of all.entries()) {
            await sleep(2);
            res.write(chunk(p, i === all.length - 1 ? "stop" : null));
          }
          res.end("data: [DONE]\n\n");
        })();
      });
      return;
    }
    const proxied = http.request(
      { host: up.hostname, port: up.port, path: req.url, method: req.method, headers: { ...req.headers, host: up.host } },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    proxied.on("error", () => res.destroy());
    req.pipe(proxied);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Throws, naming it, when a build output a browser test serves is missing (`npm run build` makes them). */
export function requireBuilt(...files: string[]): void {
  for (const built of files)
    if (!existsSync(path.join(REPO_ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\``);
}
