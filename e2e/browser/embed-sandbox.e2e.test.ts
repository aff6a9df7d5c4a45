import http from "node:http";
import { contentPieces, type Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { eventually } from "../support/eventually";
import { browserSuite } from "../support/pages";
import {
  REACT_APP,
  bundle,
  firstText,
  realisticAnswer,
  requireBuilt,
  startStreamHost,
  type Answer,
  type StreamHost,
} from "../support/stream-host";

/**
 * Where generated UI code runs in the browser. Streaming mode (`<genui-screen>.stream`, `<GenUI stream>`) evaluates
 * the code prefixes inside the sandboxed iframe (its own QuickJS worker), never in the host page's origin: a host
 * whose policy forbids workers and WebAssembly still draws a stream, and code that runs a built-in past its deadline
 * is stopped in the iframe. The documents showing generated UI put themselves in a sandbox (their policy's `sandbox`
 * directive): framed without a `sandbox` attribute, even by a page of their own origin, they still have an opaque
 * origin, and the iframe protocol and their worker (from a blob: URL) still work.
 */

const suite = browserSuite({});

const STOPPED = "code ran past its time limit of 250 ms and was stopped";
const WARNING = `GenUI: streaming stopped evaluating the UI code: ${STOPPED}.`;

/** The screen of `code` as the server's sandbox makes it (an answer's `json`). */
async function screenOf(code: string): Promise<Screen> {
  const ev = createNodeEvaluator({ timeoutMs: 2000 });
  try {
    const r = await ev.evaluate(code);
    if (!r.ok) throw new Error(`does not evaluate: ${r.error.message}`);
    return r.screen;
  } finally {
    ev.dispose();
  }
}

/** A page's policy that forbids workers and WebAssembly (no 'wasm-unsafe-eval') and frames only the API. */
const strictCsp = (api: string) =>
  [
    "default-src 'none'",
    `script-src 'self' ${api}`,
    "style-src 'self' 'unsafe-inline'",
    `frame-src ${api}`,
    "connect-src 'self'",
    "worker-src 'none'",
    "base-uri 'none'",
  ].join("; ");

/** The host page's own script: records errors, the finished answer and policy violations; starts streams. */
const HOST_SCRIPT = `
window.errors = []; window.completed = null; window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.effectiveDirective + " " + e.blockedURI));
const g = document.getElementById("g");
if (g) {
  g.addEventListener("genui-error", (e) => window.errors.push(e.detail.message));
  g.addEventListener("genui-stream-complete", (e) => { window.completed = e.detail; });
  window.startFetch = async (url) => { window.completed = null; g.stream = await fetch(url); };
}
`;

type Win = { errors: string[]; completed: { code: string; json: unknown } | null; violations: string[] };
const state = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Win;
    return { errors: w.errors, completed: w.completed, violations: w.violations };
  });

/** Every worker the browser runs for this page (its own and its frames'), by URL. */
async function workerUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
    return targetInfos.filter((t) => t.type === "worker").map((t) => t.url);
  } finally {
    await cdp.detach();
  }
}

describe("generated UI code runs only inside the sandboxed iframe", () => {
  let host: StreamHost;
  let answer: Answer;
  const attack = {
    code: `screen("Attack")
heading("Before the attack")
var t = "a".repeat(40000) + "c"; var s = "a".repeat(80000) + "b";
text(String(s.indexOf(t)))
heading("Never from the code")
`,
    json: undefined as Screen | undefined,
  };

  beforeAll(async () => {
    requireBuilt("frontend/embed/dist/lib/index.mjs", "frontend/embed/dist/genui-loader.js", "frontend/iframe/dist/index.html");
    host = await startStreamHost();
    answer = await realisticAnswer("What's the weather in Paris this week?");
    attack.json = await screenOf('screen("Attack")\nheading("The server\'s final screen")');
    const api = suite.url();
    const csp = strictCsp(api);
    const serve = (p: string, type: string, body: string) =>
      host.route(p, (_req, res) => void res.writeHead(200, { "content-type": type, "content-security-policy": csp }).end(body));
    serve("/host.js", "text/javascript", HOST_SCRIPT);
    serve(
      "/strict-loader",
      "text/html",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict loader host</title>
      <script src="${api}/apps/api/v1/embed/genui-loader.js"></script></head><body>
      <h1 style="font:600 18px system-ui;margin:16px">A host page whose policy forbids workers and WebAssembly</h1>
      <genui-screen id="g" api-base="${api}" width="600px" debug style="margin:16px;outline:2px dashed #7c3aed"></genui-screen>
      <script src="/host.js"></script></body></html>`,
    );
    serve("/app.js", "text/javascript", await bundle("embed-sandbox-react", REACT_APP(api)));
    serve(
      "/strict-react",
      "text/html",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict React host</title></head><body>
      <div id="app"></div><script src="/host.js"></script><script src="/app.js"></script></body></html>`,
    );
    for (const name of ["weather-loader", "weather-react", "after-attack"])
      host.stream(name, { pieces: contentPieces(answer, { size: 4 }), paceMs: 3, hold: true });
    host.stream("attack", {
      pieces: contentPieces({ code: attack.code, json: attack.json }, { size: 4 }),
      paceMs: 3,
      hold: true,
    });
  });
  afterAll(async () => host?.close());
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  /**
   * A page of the host site in a context of its own: its policy violations are asserted here, from its own listener
   * (see the React case below for the one it may report).
   */
  const open = async (p: string) => {
    const context = await suite.browser.newContext({ viewport: { width: 900, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(host.url + p);
    await page.waitForFunction(() => typeof (window as unknown as { startFetch?: unknown }).startFetch === "function");
    return { page, errors };
  };
  const start = (page: Page, url: string) =>
    page.evaluate((u) => void (window as unknown as { startFetch: (u: string) => Promise<void> }).startFetch(u), url);

  it.each([
    ["<genui-screen>", "/strict-loader", "weather-loader"],
    ["<GenUI>", "/strict-react", "weather-react"],
  ])(
    "when a host page whose policy forbids workers and WebAssembly streams an answer into %s, then it renders, and every worker is the iframe's",
    async (_label, pagePath, stream) => {
      const { page, errors } = await open(pagePath);
      await start(page, `/sse/${stream}`);
      const frame = page.frameLocator("iframe");
      // The json piece is held back: what shows now came from the code, evaluated inside the iframe.
      await frame.getByText(firstText(answer.json), { exact: true }).first().waitFor({ timeout: 30_000 });
      expect((await state(page)).completed).toBeNull();
      const workers = await workerUrls(page);
      // The iframe's document has an opaque origin: its sandbox worker's blob: URL says so. None is the host's.
      expect(workers.length).toBeGreaterThan(0);
      expect(workers.filter((u) => !u.startsWith("blob:null/"))).toEqual([]);
      if (stream === "weather-loader")
        await page.screenshot({ path: "/tmp/shots/embed-stream-in-sandboxed-iframe.png", fullPage: true });
      host.release(stream);
      const done = await eventually(
        () => state(page),
        (s) => s.completed !== null,
        30_000,
      );
      expect(done.completed).toEqual({ code: answer.code, json: answer.json });
      expect(done.errors).toEqual([]);
      // Nothing of the embed was blocked: no worker, no WebAssembly, no eval (an app bundling @genui/react gets
      // neither zod nor QuickJS through @genui/ui-runtime/stream).
      expect(done.violations).toEqual([]);
      expect(errors).toEqual([]);
    },
    120_000,
  );

  it("when a streamed answer's code runs a built-in past its deadline, then the iframe stops it, debug mode says so, and the final screen and the next stream still draw", async () => {
    const { page, errors } = await open("/strict-loader");
    await start(page, "/sse/attack");
    const frame = page.frameLocator("iframe");
    // (Whether "Before the attack" shows first depends on how far the text got when the sandbox first took it: the
    // latest prefix is always the one evaluated.)
    await page.getByRole("alert").filter({ hasText: WARNING }).waitFor({ timeout: 60_000 });
    expect((await state(page)).errors).toEqual([WARNING]);
    expect(await frame.getByRole("heading", { name: "Never from the code" }).count()).toBe(0);
    host.release("attack");
    await frame.getByRole("heading", { name: "The server's final screen" }).waitFor({ timeout: 30_000 });
    expect((await state(page)).completed).toEqual({ code: attack.code, json: attack.json });

    // The iframe's sandbox was replaced: the next answer's code evaluates there again, before its json arrives.
    await start(page, "/sse/after-attack");
    await frame.getByText(firstText(answer.json), { exact: true }).first().waitFor({ timeout: 30_000 });
    expect((await state(page)).completed).toBeNull();
    host.release("after-attack");
    await eventually(
      () => state(page),
      (s) => s.completed !== null,
      30_000,
    );
    const done = await state(page);
    expect(done.errors).toEqual([WARNING]);
    expect(done.violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe("the documents showing generated UI keep an opaque origin wherever they are framed", () => {
  let server: http.Server;
  let hostUrl: string;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const body = pages[req.url ?? ""];
      res
        .writeHead(body ? 200 : 404, { "content-type": req.url?.endsWith(".js") ? "text/javascript" : "text/html" })
        .end(body ?? "no");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    hostUrl = `http://localhost:${(server.address() as { port: number }).port}`;
    pages["/unsandboxed"] =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Frames without sandbox</title></head>
<body><iframe id="f" title="Generated UI" src="${suite.url("/apps/api/v1/iframe/static/")}?origin=${encodeURIComponent(hostUrl)}" style="width:640px;height:300px;border:0"></iframe>
<script src="/unsandboxed.js"></script></body></html>`;
    pages["/unsandboxed.js"] = `
window.events = [];
const f = document.getElementById("f");
window.addEventListener("message", (e) => {
  if (e.source !== f.contentWindow) return;
  window.events.push({ origin: e.origin, data: e.data });
});
window.send = (m) => f.contentWindow.postMessage(Object.assign({ source: "genui" }, m), "*");`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });

  type HostEvent = {
    origin: string;
    data: {
      type: string;
      id?: number;
      screen?: unknown;
      error?: { kind: string; message: string };
      action?: string;
      height?: number;
    };
  };
  const events = (page: Page) =>
    page.evaluate(() => (window as unknown as { events: HostEvent[] }).events) as Promise<HostEvent[]>;
  const send = (page: Page, m: Record<string, unknown>) =>
    page.evaluate((json) => (window as unknown as { send: (m: unknown) => void }).send(JSON.parse(json)), JSON.stringify(m));
  const frameOf = async (page: Page): Promise<Frame> =>
    eventually(
      async () => page.frames().find((f) => f.url().includes("/apps/api/v1/iframe/static/")),
      (f) => f !== undefined,
    ) as Promise<Frame>;

  it("when a page frames the iframe page without a sandbox attribute, then its origin is opaque and rendering, sizes, actions and evaluation all work", async () => {
    const { page, errors } = await suite.openPage({ width: 900, height: 900 });
    await page.goto(`${hostUrl}/unsandboxed`);
    await eventually(
      () => events(page),
      (e) => e.some((x) => x.data.type === "READY"),
    );
    expect((await events(page)).find((x) => x.data.type === "READY")!.origin).toBe("null");
    const frame = await frameOf(page);
    expect(
      await frame.evaluate(() => {
        const denied = (read: () => unknown) => {
          try {
            read();
            return "readable";
          } catch (e) {
            return (e as Error).name;
          }
        };
        return { origin: self.origin, cookie: denied(() => document.cookie), storage: denied(() => localStorage.length) };
      }),
    ).toEqual({ origin: "null", cookie: "SecurityError", storage: "SecurityError" });

    const screen = await screenOf(
      'heading("Hello from GenUI")\ntextInput({name: "query", label: "Search"})\nbutton("Go", {name: "go", onPress: "go"})',
    );
    await send(page, { type: "RENDER", json: screen });
    const view = page.frameLocator("#f");
    await view.getByRole("heading", { name: "Hello from GenUI" }).waitFor();
    await view.getByRole("button", { name: "Go" }).click();
    const acted = await eventually(
      () => events(page),
      (e) => e.some((x) => x.data.type === "ACTION_LISTENER") && e.some((x) => x.data.type === "RESIZE_LISTENER"),
    );
    expect(acted.filter((x) => x.data.type === "ACTION_LISTENER").map((x) => JSON.parse(x.data.action!) as unknown)).toEqual([
      { type: "onPress", component: { name: "go", value: "Go" } },
    ]);
    expect(acted.every((x) => x.origin === "null")).toBe(true);

    // Streaming mode's evaluation: the worker (from a blob: URL the opaque document made) runs, and is replaced when
    // code overruns its deadline.
    const answerOf = async (id: number) =>
      (
        await eventually(
          () => events(page),
          (e) => e.some((x) => x.data.type === "EVALUATED" && x.data.id === id),
          60_000,
        )
      ).find((x) => x.data.type === "EVALUATED" && x.data.id === id)!.data;
    await send(page, { type: "EVALUATE", stream: 1, id: 1, code: 'heading("Evaluated in the frame")' });
    await view.getByRole("heading", { name: "Evaluated in the frame" }).waitFor({ timeout: 30_000 });
    expect((await answerOf(1)).screen).toEqual(expect.objectContaining({ screen: expect.anything() as unknown }));
    await send(page, {
      type: "EVALUATE",
      stream: 2,
      id: 2,
      code: 'var t = "a".repeat(40000) + "c"; var s = "a".repeat(80000) + "b"; text(String(s.indexOf(t)))',
    });
    expect((await answerOf(2)).error).toEqual({ kind: "timeout", message: STOPPED });
    await send(page, { type: "EVALUATE", stream: 3, id: 3, code: 'heading("After the attack")' });
    await view.getByRole("heading", { name: "After the attack" }).waitFor({ timeout: 30_000 });
    expect((await answerOf(3)).error).toBeUndefined();
    expect(errors).toEqual([]);
  }, 120_000);

  it.each(["", "gallery.html", "playground.html"])(
    "when a page of the same origin frames the generated-UI document %p without a sandbox attribute, then it cannot reach into it",
    async (file) => {
      const { page } = await suite.openPage();
      // A page of the site itself (the SPA's origin, which its policy lets frame its own documents).
      await page.goto(suite.url("/no-such-page"));
      const src = suite.url(`/apps/api/v1/iframe/static/${file}?origin=${encodeURIComponent(suite.url())}`);
      const reach = await page.evaluate(async (url) => {
        const f = document.createElement("iframe");
        f.src = url;
        await new Promise<void>((resolve) => {
          f.addEventListener("load", () => resolve(), { once: true });
          document.body.append(f);
        });
        let origin: string;
        try {
          origin = f.contentWindow!.origin;
        } catch (e) {
          origin = (e as Error).name;
        }
        return { document: f.contentDocument === null ? "unreachable" : "reachable", origin };
      }, src);
      expect(reach).toEqual({ document: "unreachable", origin: "SecurityError" });
    },
  );
});
