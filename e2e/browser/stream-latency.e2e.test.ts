import http from "node:http";
import { contentPieces } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { launchBrowser } from "@genui/testkit";
import type { Browser, Frame, Page } from "playwright-core";
import { startStack, type Stack } from "../support/stack";
import {
  REACT_APP_BENCH,
  bundle,
  chunk,
  firstText,
  realisticAnswer,
  startStreamHost,
  type Answer,
  type StreamHost,
} from "../support/stream-host";

/**
 * A measurement, not a check (run it on purpose: `npx jest e2e/browser/stream-latency.e2e.test.ts --selectProjects browser`):
 * in Chromium, how long after an answer starts streaming its first component is on screen, for
 * - delta streaming ([B2] layout) drawn by `<GenUI stream>`: the code so far evaluated in the browser's sandbox worker;
 * - snapshot chunks (the SPA chat's contract): the server evaluates the code so far every GEN_PARTIAL_INTERVAL_MS
 *   (100 ms by default) and sends the whole screen JSON, drawn by `<GenUI json>`.
 * Same answers (the offline generator's), same token pace (400 tokens/s, a token ≈ 4 characters), same page and iframe.
 * Prints p50/p90 of: answer start → first component, and first chunk received → first component.
 */

const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 400);
const SNAPSHOT_INTERVAL_MS = Number(process.env.BENCH_SNAPSHOT_INTERVAL_MS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROMPTS = [
  "What's the weather in Paris this week?",
  "A form to book a table: name, date, guests",
  "A sales dashboard",
  "A to-do list for my week",
];
const CHARS_PER_TOKEN = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `pieces` of the answer on the token schedule (piece i at start + i/rate), as many as are due at once. */
async function paced(res: http.ServerResponse, pieces: string[], start: number): Promise<void> {
  const perPiece = 1000 / TOKENS_PER_SECOND;
  for (let i = 0; i < pieces.length;) {
    const due = Math.floor((Date.now() - start) / perPiece) + 1;
    let batch = "";
    for (; i < Math.min(due, pieces.length); i++) batch += pieces[i]!;
    if (batch) res.write(batch);
    if (res.destroyed) return;
    await sleep(1);
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

describe("time to the first component: delta streaming with browser evaluation vs server snapshots", () => {
  let stack: Stack;
  let browser: Browser;
  let host: StreamHost;
  let answers: Answer[];
  /** When the current answer's first piece left the server (epoch ms). */
  let startedAt = 0;

  beforeAll(async () => {
    stack = await startStack({});
    browser = await launchBrowser();
    host = await startStreamHost();
    answers = await Promise.all(PROMPTS.map(realisticAnswer));
    host.page("/app.js", await bundle("stream-bench", REACT_APP_BENCH(stack.bff.url)));
    host.page(
      "/bench",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench</title></head><body><div id="app"></div><script src="/app.js"></script></body></html>`,
    );
    host.route("/delta", (req, res) => {
      const a = answers[Number(new URL(req.url!, "http://x").searchParams.get("i"))]!;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const pieces = contentPieces(a, { size: CHARS_PER_TOKEN }).map((p) => chunk(p));
      startedAt = Date.now();
      void paced(res, pieces, startedAt).then(() => res.end("data: [DONE]\n\n"));
    });
    host.route("/snapshots", (req, res) => {
      const a = answers[Number(new URL(req.url!, "http://x").searchParams.get("i"))]!;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      startedAt = Date.now();
      void (async () => {
        // What the server does for the SPA: the code generated so far, evaluated incrementally, its screen sent as a
        // whole JSON text at most every interval, the final one always.
        const ev = createNodeEvaluator({ timeoutMs: 1000 });
        const session = ev.stream();
        const perChar = 1000 / (TOKENS_PER_SECOND * CHARS_PER_TOKEN);
        let lastSent = "";
        try {
          for (;;) {
            await sleep(SNAPSHOT_INTERVAL_MS);
            if (res.destroyed) return;
            const upTo = Math.min(a.code.length, Math.floor((Date.now() - startedAt) / perChar));
            const code = a.code.slice(0, upTo);
            const done = upTo >= a.code.length;
            const r = await session.push(code);
            const json = done ? a.json : r.ok ? r.screen : undefined;
            const text = json ? JSON.stringify({ code, json }) : "";
            if (text && text !== lastSent) {
              res.write(chunk(text, done ? "stop" : null));
              lastSent = text;
            }
            if (done) break;
          }
          res.end("data: [DONE]\n\n");
        } finally {
          session.dispose();
          ev.dispose();
        }
      })();
    });
  });
  afterAll(async () => {
    await host?.close();
    await browser?.close();
    await stack?.stop();
  });

  /** Starts a run and answers (epoch ms) when the first chunk arrived and when the first component showed. */
  async function run(page: Page, frame: Frame, mode: "delta" | "snapshots", i: number) {
    const text = firstText(answers[i]!.json);
    await page.evaluate(() => (window as unknown as { blank: () => Promise<void> }).blank());
    await frame.waitForFunction(() => (document.getElementById("root")?.textContent ?? "").trim() === "");
    await frame.evaluate((t) => {
      const w = window as unknown as { shownAt?: number };
      w.shownAt = undefined;
      const root = document.getElementById("root")!;
      const obs = new MutationObserver(() => {
        if (w.shownAt === undefined && (root.textContent ?? "").includes(t)) {
          w.shownAt = performance.timeOrigin + performance.now();
          obs.disconnect();
        }
      });
      obs.observe(root, { subtree: true, childList: true, characterData: true });
    }, text);
    await page.evaluate(([m, n]) => (window as unknown as { start: (m: string, i: number) => Promise<void> }).start(m, n), [
      mode,
      i,
    ] as const);
    const shownAt = (await (
      await frame.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt, undefined, { timeout: 60_000 })
    ).jsonValue()) as number;
    const firstChunkAt = await page.evaluate(() => (window as unknown as { firstChunkAt: number }).firstChunkAt);
    await page.evaluate(() => (window as unknown as { stop: () => void }).stop());
    return { fromStart: shownAt - startedAt, fromFirstChunk: shownAt - firstChunkAt };
  }

  it("when both modes stream the same answers at 400 tokens/s, then the time to the first component is printed", async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    await page.goto(`${host.url}/bench`);
    await page.waitForFunction(() => typeof (window as unknown as { start?: unknown }).start === "function");
    const frame = await (async () => {
      for (;;) {
        const f = page.frames().find((x) => x.url().includes("/iframe/static/"));
        if (f) return f;
        await sleep(20);
      }
    })();
    await frame.waitForLoadState();
    const results: Record<string, { fromStart: number[]; fromFirstChunk: number[] }> = {
      delta: { fromStart: [], fromFirstChunk: [] },
      snapshots: { fromStart: [], fromFirstChunk: [] },
    };
    // The first delta run on a page also starts the sandbox worker (load and compile QuickJS): reported on its own.
    const cold = await run(page, frame, "delta", 0);
    for (let r = 0; r < RUNS; r++)
      for (let i = 0; i < answers.length; i++)
        for (const mode of ["delta", "snapshots"] as const) {
          const m = await run(page, frame, mode, i);
          results[mode]!.fromStart.push(m.fromStart);
          results[mode]!.fromFirstChunk.push(m.fromFirstChunk);
        }
    const line = (mode: string, xs: { fromStart: number[]; fromFirstChunk: number[] }) =>
      `${mode.padEnd(10)} n=${xs.fromStart.length}  answer start → first component p50 ${pct(xs.fromStart, 50).toFixed(0)} ms, p90 ${pct(xs.fromStart, 90).toFixed(0)} ms;  first chunk → first component p50 ${pct(xs.fromFirstChunk, 50).toFixed(0)} ms, p90 ${pct(xs.fromFirstChunk, 90).toFixed(0)} ms`;
    process.stdout.write(
      [
        `\nTime to the first component, ${TOKENS_PER_SECOND} tokens/s, snapshot interval ${SNAPSHOT_INTERVAL_MS} ms, answers: ${answers.map((a) => `${a.json.name} (${a.code.length} chars)`).join(", ")}`,
        line("delta", results.delta!),
        line("snapshots", results.snapshots!),
        `delta, cold (first stream of the page, starts the sandbox worker): answer start → first component ${cold.fromStart.toFixed(0)} ms`,
        "",
      ].join("\n"),
    );
    expect(results.delta!.fromStart).toHaveLength(RUNS * answers.length);
    await page.close();
  });
});
