import { createNodeEvaluator } from "./node";
import type { Screen } from "./schema";
import { ContentLayoutError, contentPieces } from "./stream-content";
import { StreamedScreen } from "./stream-render";
import type { EvaluatorSession } from "./worker/client";

const UI = 'screen("Weather", [\n  heading("Berlin", { level: 1 }),\n  text("Sunny, 21 °C"),\n]);\n';
const FIXED = 'screen("Weather", [\n  heading("Berlin, fixed", { level: 1 }),\n]);\n';

/** The real sandbox (Node's QuickJS build), counting the sessions it opens; `failAt` makes the n-th push throw. */
function sandbox(failAt?: number) {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  let opened = 0;
  let pushes = 0;
  const open = (): EvaluatorSession => {
    opened++;
    const s = ev.stream();
    return {
      push: async (prefix: string) => {
        if (++pushes === failAt) throw new Error("the sandbox worker died");
        return { result: await s.push(prefix), ms: 0 };
      },
      close: () => s.dispose(),
    };
  };
  return { open, opened: () => opened, dispose: () => ev.dispose() };
}

async function finalScreen(code: string): Promise<Screen> {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  const r = await ev.evaluate(code);
  ev.dispose();
  if (!r.ok) throw new Error(r.error.message);
  return r.screen;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

/**
 * Feeds pieces one at a time, letting the sandbox catch up between them; the last piece waits (at most 10 s) until
 * `before` holds, so a loaded machine cannot reach the end before the sandbox did what the test looks at.
 */
async function feed(s: StreamedScreen, pieces: string[], before: () => boolean = () => true): Promise<void> {
  for (const [i, p] of pieces.entries()) {
    if (i === pieces.length - 1) for (const until = Date.now() + 10_000; !before() && Date.now() < until;) await settle();
    s.push(p);
    await settle();
  }
  s.end();
}

function recorder() {
  const prefixes: { screen: Screen; code: string }[] = [];
  const completes: { code: string; repairedCode?: string; json?: Screen | null }[] = [];
  const failures: unknown[] = [];
  return {
    prefixes,
    completes,
    failures,
    events: {
      prefix: (screen: Screen, code: string) => prefixes.push({ screen, code }),
      complete: (a: { code: string; repairedCode?: string; json?: Screen | null }) => completes.push(a),
      sandboxFailed: (e: unknown) => failures.push(e),
    },
  };
}

describe("a streamed answer drawn as it grows (StreamedScreen)", () => {
  it("when an answer streams in pieces, then prefixes' screens come before the end and the server's screen completes it", async () => {
    const json = await finalScreen(UI);
    const box = sandbox();
    const rec = recorder();
    const s = new StreamedScreen(rec.events, box.open);
    await feed(s, contentPieces({ code: UI, json }, { size: 12 }), () => rec.prefixes.length > 0);
    box.dispose();
    expect(rec.prefixes.length).toBeGreaterThan(0);
    for (const p of rec.prefixes) expect(UI.startsWith(p.code)).toBe(true);
    expect(rec.completes).toEqual([expect.objectContaining({ code: UI, json })]);
    expect(s.done).toBe(true);
  });

  it("when the server repaired the code, then the repair is evaluated in a fresh session and the answer carries both codes", async () => {
    const json = await finalScreen(FIXED);
    const box = sandbox();
    const rec = recorder();
    const s = new StreamedScreen(rec.events, box.open);
    await feed(s, contentPieces({ code: UI, repaired_code: FIXED, json }, { size: 16 }), () =>
      rec.prefixes.some((p) => p.code.includes("fixed")),
    );
    box.dispose();
    expect(box.opened()).toBe(2);
    expect(rec.prefixes.some((p) => FIXED.startsWith(p.code) && p.code.includes("fixed"))).toBe(true);
    expect(rec.completes).toEqual([expect.objectContaining({ code: UI, repairedCode: FIXED, json })]);
  });

  it("when the sandbox fails, then it is said once, no prefix is evaluated after it, and the answer still completes", async () => {
    const json = await finalScreen(UI);
    const box = sandbox(2);
    const rec = recorder();
    const s = new StreamedScreen(rec.events, box.open);
    await feed(s, contentPieces({ code: UI, json }, { size: 6 }), () => rec.failures.length > 0);
    box.dispose();
    expect(rec.failures).toHaveLength(1);
    expect(rec.prefixes.length).toBeLessThanOrEqual(1);
    expect(rec.completes).toEqual([expect.objectContaining({ code: UI, json })]);
  });

  it("when the text is not the layout or ends early, then push and end throw ContentLayoutError; without a sandbox only the end is reported", async () => {
    const rec = recorder();
    expect(() => new StreamedScreen(rec.events).push("<html>")).toThrow(ContentLayoutError);
    const early = new StreamedScreen(rec.events);
    early.push('{"code":"screen(');
    expect(() => early.end()).toThrow(ContentLayoutError);
    const json = await finalScreen(UI);
    const plain = new StreamedScreen(rec.events);
    await feed(plain, contentPieces({ code: UI, json }));
    expect(rec.prefixes).toEqual([]);
    expect(rec.completes).toEqual([expect.objectContaining({ code: UI, json })]);
  });

  it("when it is closed mid-answer, then the session is freed and later pieces change nothing", async () => {
    const box = sandbox();
    const rec = recorder();
    const s = new StreamedScreen(rec.events, box.open);
    const pieces = contentPieces({ code: UI, json: await finalScreen(UI) }, { size: 8 });
    s.push(pieces[0]!);
    s.push(pieces[1]!);
    s.close();
    for (const p of pieces.slice(2)) s.push(p);
    s.end();
    await settle();
    box.dispose();
    expect(rec.completes).toEqual([]);
    expect(s.done).toBe(true);
  });
});
