import { contentPieces, CONTENT_START } from "@genui/ui-runtime";
import { compileFunction } from "node:vm";
import * as OpenAIModule from "openai";
import OpenAI from "openai";
import ts from "typescript";
import type { Page } from "playwright-core";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { browserSuite } from "../support/pages";
import { loadDocsSnippets } from "../support/spa-module";
import {
  REACT_APP,
  bundle,
  firstText,
  realisticAnswer,
  startLayoutApi,
  requireBuilt,
  startStreamHost,
  type Answer,
  type StreamHost,
} from "../support/stream-host";

/**
 * Streaming mode of `<GenUI>` and `<genui-screen>` ([B2]) in Chromium: a host site on its own origin streams an
 * answer in the published API's content layout over real HTTP (SSE); the component evaluates the code so far in the
 * real sandbox worker (served by the API) and draws it in the real iframe page. The stream holds its last piece (the
 * `json` one) until the test has seen the first component, so "before the end" is a fact, not a race.
 */

const suite = browserSuite({ generation: { workerEnv: { OFFLINE_TOKENS_PER_SECOND: "400" } } });

const isWholeJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

type Win = { errors: string[]; completed: { code: string; json: unknown } | null };
const state = (page: Page) =>
  page.evaluate(() => ({ errors: (window as unknown as Win).errors, completed: (window as unknown as Win).completed }));

describe("streaming mode in Chromium", () => {
  let host: StreamHost;
  let answer: Answer;
  let repairedAnswer: Answer;

  beforeAll(async () => {
    requireBuilt(
      "frontend/embed/dist/lib/index.mjs",
      "frontend/embed/dist/genui-evaluator-worker.js",
      "frontend/iframe/dist/index.html",
    );
    host = await startStreamHost();
    answer = await realisticAnswer("What's the weather in Paris this week?");
    repairedAnswer = await realisticAnswer("A form to book a table: name, date, guests");
    const api = suite.url();
    host.page("/app.js", await bundle("stream-react", REACT_APP(api)));
    host.page(
      "/react",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React host</title></head><body><div id="app"></div><script src="/app.js"></script></body></html>`,
    );
    host.page(
      "/loader",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loader host</title>
      <script src="${api}/apps/api/v1/embed/genui-loader.js"></script></head><body>
      <genui-screen id="g" api-base="${api}" width="600px" debug></genui-screen>
      <script>
        window.errors = []; window.completed = null;
        const g = document.getElementById("g");
        g.addEventListener("genui-error", (e) => window.errors.push(e.detail.message));
        g.addEventListener("genui-stream-complete", (e) => { window.completed = e.detail; });
        window.startFetch = async (url) => { g.stream = await fetch(url); };
      </script></body></html>`,
    );
    // ~400 tokens/s: a piece of about 4 characters every 3 ms (pieces hold several tokens when the model is fast).
    for (const name of ["weather-fetch", "weather-text", "weather-loader"])
      host.stream(name, { pieces: contentPieces(answer, { size: 4 }), paceMs: 3, hold: true });
    host.stream("repaired", {
      pieces: contentPieces(
        {
          code: 'screen("Broken", [\n  heading("Not this one", { level: 1 }),\n  text(notDefined),\n]);\n',
          repaired_code: repairedAnswer.code,
          json: repairedAnswer.json,
        },
        { size: 4 },
      ),
      paceMs: 2,
      hold: true,
    });
    host.stream("cut", { pieces: contentPieces(answer, { size: 8 }).slice(0, -1), paceMs: 1 });
  });
  afterAll(async () => host?.close());

  const open = async (p: string) => {
    const { page, errors } = await suite.openPage({ width: 900, height: 900 });
    await page.goto(host.url + p);
    await page.waitForFunction(() => typeof (window as unknown as { startFetch?: unknown }).startFetch === "function");
    return { page, errors };
  };

  it.each([
    ["<GenUI stream={response}>", "/react", "weather-fetch", "startFetch"],
    ["<GenUI stream={text so far}>", "/react", "weather-text", "startText"],
    ["<genui-screen>.stream = response", "/loader", "weather-loader", "startFetch"],
  ])(
    "when %s gets an answer streamed over SSE, then its first component shows before the stream ends and the final screen at the end",
    async (_label, pagePath, stream, start) => {
      const { page, errors } = await open(pagePath);
      await page.evaluate(([fn, url]) => void (window as unknown as Record<string, (u: string) => Promise<void>>)[fn]!(url), [
        start,
        `/sse/${stream}`,
      ] as const);
      const frame = page.frameLocator("iframe");
      // The stream is holding back its json piece: what shows now came from the code evaluated in the browser.
      await frame.getByText(firstText(answer.json), { exact: true }).first().waitFor({ timeout: 30_000 });
      expect((await state(page)).completed).toBeNull();
      host.release(stream);
      const done = await eventually(
        () => state(page),
        (s) => s.completed !== null,
        30_000,
      );
      expect(done.completed).toEqual({ code: answer.code, json: answer.json });
      const lastText = [...answer.json.screen.v1].reverse().find((n) => typeof n.value === "string" && n.value.length > 2)
        ?.value as string;
      await frame.getByText(lastText, { exact: true }).first().waitFor();
      expect(done.errors).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it("when the server repairs the code mid-stream, then the repaired code's screen replaces the first pass's and the final json is drawn", async () => {
    const { page, errors } = await open("/react");
    await page.evaluate(
      () => void (window as unknown as { startFetch: (u: string) => Promise<void> }).startFetch("/sse/repaired"),
    );
    const frame = page.frameLocator("iframe");
    await frame.getByText(firstText(repairedAnswer.json), { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await frame.getByText("Not this one").count()).toBe(0);
    host.release("repaired");
    const done = await eventually(
      () => state(page),
      (s) => s.completed !== null,
      30_000,
    );
    expect(done.completed).toEqual(expect.objectContaining({ repaired_code: repairedAnswer.code, json: repairedAnswer.json }));
    expect(errors).toEqual([]);
  });

  it("when the stream ends before the answer is complete, then debug mode shows why in the error band", async () => {
    const { page } = await open("/react");
    await page.evaluate(() => void (window as unknown as { startFetch: (u: string) => Promise<void> }).startFetch("/sse/cut"));
    await page.getByRole("alert").filter({ hasText: "ended before the answer was complete" }).waitFor({ timeout: 30_000 });
    expect((await state(page)).errors).toEqual([expect.stringMatching(/ended before the answer was complete/)]);
  });

  describe("the docs' streaming samples (Rendering section)", () => {
    type StreamingSnippets = { streamRoute: string; streamReact: string; streamFetch: string };
    const samples = (origin: string) => loadDocsSnippets().renderingSnippets(origin) as unknown as StreamingSnippets;
    let api: Awaited<ReturnType<typeof startLayoutApi>>;
    const lastText = (a: Answer) =>
      [...a.json.screen.v1].reverse().find((n) => typeof n.value === "string" && n.value.length > 2)?.value as string;

    // The samples call the published API: until the server streams the [B2] layout, a stand-in origin answers
    // completions with the layout's pieces over real SSE and passes everything else through to the real BFF.
    beforeAll(async () => {
      api = await startLayoutApi(suite.url(), () => contentPieces(answer, { size: 4 }));
    });
    afterAll(async () => api?.close());

    it("when the plain-fetch loader sample runs on a host page, then it draws the streamed screen and logs the final one", async () => {
      host.route("/api/genui-stream", (req, res) => {
        // The host's server passes the API's event stream through (what the sample's comment describes).
        let body = "";
        req.on("data", (d: Buffer) => (body += d.toString()));
        req.on("end", () => {
          void (async () => {
            const upstream = await fetch(`${api.url}/apps/api/v1/chat/completions`, {
              method: "POST",
              headers: { authorization: "Bearer gk_live_test", "content-type": "application/json" },
              body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, ...(JSON.parse(body) as object) }),
            });
            res.writeHead(200, { "content-type": "text/event-stream" });
            for await (const part of upstream.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
            res.end();
          })();
        });
      });
      host.page(
        "/docs-fetch",
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs sample</title></head><body>${samples(api.url).streamFetch}</body></html>`,
      );
      const { page, errors } = await suite.openPage({ width: 900, height: 900 });
      const logs: string[] = [];
      page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
      await page.goto(`${host.url}/docs-fetch`);
      const frame = page.frameLocator("genui-screen iframe");
      await frame.getByText(lastText(answer), { exact: true }).first().waitFor({ timeout: 30_000 });
      await eventually(
        async () => logs,
        (l) => l.includes(`log: done: ${answer.json.name}`),
        30_000,
      );
      expect(logs.filter((l) => l.startsWith("error"))).toEqual([]);
      expect(errors).toEqual([]);
    });

    it("when the Node route sample (official openai client, stream: true) feeds the React page sample, then the page draws the stream and keeps its code", async () => {
      const s = samples(api.url);
      // The route handler, compiled as Next.js would and run in Node with the real openai package.
      const { outputText } = ts.transpileModule(s.streamRoute, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      });
      const mod = { exports: {} as { POST?: (r: Request) => Promise<Response> } };
      // The route reads its key from process.env (passed in: the compiled module runs outside jest's sandbox).
      const env = { env: { GENUI_API_KEY: "gk_live_docs_sample" } };
      const requireOpenAI = (id: string) => (id === "openai" ? OpenAIModule : undefined);
      compileFunction(outputText, ["module", "exports", "require", "process"])(mod, mod.exports, requireOpenAI, env);
      const POST = mod.exports.POST!;
      host.route("/api/genui", (req, res) => {
        let body = "";
        req.on("data", (d: Buffer) => (body += d.toString()));
        req.on("end", () => {
          void (async () => {
            const answerResponse = await POST(new Request("http://host/api/genui", { method: "POST", body }));
            res.writeHead(answerResponse.status, { "content-type": "application/x-ndjson" });
            for await (const part of answerResponse.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
            res.end();
          })().catch((e: unknown) => res.destroy(e as Error));
        });
      });
      const app = await bundle(
        "docs-react",
        `import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\nimport Page from "./page.tsx";\ncreateRoot(document.getElementById("app")).render(createElement(Page));\n`,
        { "page.tsx": s.streamReact },
      );
      host.page("/docs-react.js", app);
      host.page(
        "/docs-react",
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs sample</title></head><body><div id="app"></div><script src="/docs-react.js"></script></body></html>`,
      );
      const { page, errors } = await suite.openPage({ width: 900, height: 900 });
      await page.goto(`${host.url}/docs-react`);
      const before = api.requests.length;
      await page.getByRole("button", { name: "Weather" }).click();
      const frame = page.frameLocator("iframe");
      await frame.getByText(lastText(answer), { exact: true }).first().waitFor({ timeout: 30_000 });
      await page
        .getByTestId("kept")
        .filter({ hasText: `History keeps ${answer.code.length} characters of code.` })
        .waitFor();
      expect(api.requests.slice(before)).toEqual([
        {
          authorization: "Bearer gk_live_docs_sample",
          body: expect.objectContaining({
            stream: true,
            messages: [{ role: "user", content: "What's the weather in Paris this week?" }],
          }),
        },
      ]);
      expect(errors).toEqual([]);
    });
  });

  describe("against the platform's published API", () => {
    let dev: Developer;
    let newLayout = false;
    const PROMPT = "What's the weather in Paris this week?";

    beforeAll(async () => {
      dev = await newDeveloper(suite.stack, 5_000_000);
      // The host's server keeps the key and passes the API's event stream through to its page.
      host.route("/api/genui", (_req, res) => {
        void (async () => {
          const upstream = await fetch(`${suite.url()}/apps/api/v1/chat/completions`, {
            method: "POST",
            headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, messages: [{ role: "user", content: PROMPT }] }),
          });
          res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "text/event-stream" });
          for await (const part of upstream.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
          res.end();
        })().catch((e: unknown) => res.destroy(e as Error));
      });
      // The server side of [B2] may not have landed yet: probe with the official client for the layout's first piece.
      const client = new OpenAI({ baseURL: `${suite.url()}/apps/api/v1`, apiKey: dev.apiKey });
      const stream = await client.chat.completions.create({
        model: "genui-pluto-0.1",
        stream: true,
        messages: [{ role: "user", content: "Hi" }],
      });
      let first = "";
      for await (const c of stream) {
        first = c.choices[0]?.delta.content ?? "";
        if (first) break;
      }
      stream.controller.abort();
      // A snapshot (the old contract) is a whole JSON text that starts the same way; a layout piece is not.
      newLayout = first.startsWith(CONTENT_START) && !isWholeJson(first);
      if (!newLayout)
        console.warn(
          `Skipping the published-API streaming test: the server does not stream the [B2] layout yet (first content ${JSON.stringify(first.slice(0, 30))}).`,
        );
    });

    it("when <GenUI> streams a real completion of the published API, then the screen grows and ends on the answer's json", async () => {
      if (!newLayout) return;
      const { page, errors } = await open("/react");
      await page.evaluate(
        () => void (window as unknown as { startFetch: (u: string) => Promise<void> }).startFetch("/api/genui"),
      );
      const done = await eventually(
        () => state(page),
        (s) => s.completed !== null || s.errors.length > 0,
        60_000,
      );
      expect(done.errors).toEqual([]);
      const final = done.completed as { code: string; json: Answer["json"] };
      expect(final.code).toContain("screen(");
      await page.frameLocator("iframe").getByText(firstText(final.json), { exact: true }).first().waitFor();
      expect(errors).toEqual([]);
    });
  });
});
