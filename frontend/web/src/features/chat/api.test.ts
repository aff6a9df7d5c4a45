/**
 * @jest-environment node
 */
/// <reference types="jest" />
// Node's environment: the event-stream reader uses the platform's ReadableStream and TextDecoder (jsdom has neither).
import type { Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { contentPieces } from "@genui/ui-runtime/stream";
import { ChatError, readChatStream, type ChatEvaluator, type ChatStreamFormat } from "./api";

const UI =
  'screen("Weather", [\n  heading("Berlin \\"today\\"", { level: 1 }),\n  text("Sunny 😀, 21 °C"),\n  button("Refresh", { onPress: "refresh" }),\n]);\n';
const BROKEN = 'screen("Weather", [\n  heading("Berlin", { level: 1 }),\n  tex(';

/**
 * The real UI code sandbox (Node's QuickJS build, the same sessions the browser's worker runs), counting the sessions
 * still open so a test can see that every answer frees its own.
 */
function nodeEvaluator(): ChatEvaluator & { open: number; dispose(): void } {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  const out = {
    open: 0,
    session() {
      const s = ev.stream();
      out.open++;
      let closed = false;
      return {
        push: async (prefix: string) => ({ result: await s.push(prefix), ms: 0 }),
        close: () => {
          if (closed) return;
          closed = true;
          out.open--;
          s.dispose();
        },
      };
    },
    dispose: () => ev.dispose(),
  };
  return out;
}

async function screenOf(code: string): Promise<Screen> {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  const r = await ev.evaluate(code);
  ev.dispose();
  if (!r.ok) throw new Error(r.error.message);
  return r.screen;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** An event-stream body: `events` in order, each cut into network reads of `cut` bytes, a macrotask apart. */
function body(
  events: string[],
  opts: { cut?: number; hold?: { at: number; until: () => boolean } } = {},
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const reads: Uint8Array[][] = events.map((e) => {
    const bytes = enc.encode(e);
    const cut = opts.cut ?? bytes.length;
    const out: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += cut) out.push(bytes.slice(i, i + cut));
    return out;
  });
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      if (i >= reads.length) return c.close();
      await new Promise((r) => setTimeout(r, 1));
      // The held event waits (at most 20 s) for a screen drawn from the code so far: a busy machine could otherwise
      // read the whole answer before the sandbox answers once, and the answer's own screen would be the only one.
      for (const end = Date.now() + 20_000; opts.hold && i === opts.hold.at && !opts.hold.until() && Date.now() < end;)
        await new Promise((r) => setTimeout(r, 10));
      for (const part of reads[i++]!) c.enqueue(part);
    },
  });
}

/** Splits `text` into pieces at the given sizes, over and over: anywhere, mid-escape and mid-character included. */
function splitAnywhere(text: string, sizes: number[]): string[] {
  const out: string[] = [];
  for (let at = 0, k = 0; at < text.length; k++) {
    const n = sizes[k % sizes.length]!;
    out.push(text.slice(at, at + n));
    at += n;
  }
  return out;
}

async function read(
  events: string[],
  format: ChatStreamFormat,
  ev?: ChatEvaluator,
  opts: { cut?: number; waitForScreen?: boolean } = {},
) {
  const screens: { code: string; json: Screen | null }[] = [];
  let firstContent = 0;
  const done = readChatStream(
    // Held: the last content piece (the one that completes the answer, whose screen then comes), until a screen of
    // the code so far has shown.
    body(events, {
      ...opts,
      ...(opts.waitForScreen ? { hold: { at: events.length - 2, until: () => screens.length > 0 } } : {}),
    }),
    { onScreen: (s) => screens.push(s), onFirstContent: () => firstContent++ },
    format,
    ev,
  );
  return { done, screens, firstContent: () => firstContent };
}

describe("the chat's delta stream (stream_format deltas)", () => {
  it.each([
    ["the server's pieces", [0]],
    ["pieces cut anywhere, mid-escape and mid-character", [1, 2, 3, 5, 7]],
  ])(
    "when an answer streams as %s, then screens of the code so far show before the server's screen, which comes last with its code",
    async (_name, sizes) => {
      const json = await screenOf(UI);
      const text = JSON.stringify({ code: UI, json });
      const pieces = sizes[0] === 0 ? contentPieces({ code: UI, json }, { size: 6 }) : splitAnywhere(text, sizes);
      expect(pieces.join("")).toBe(text);
      const ev = nodeEvaluator();
      const r = await read(
        [
          chunk({ role: "assistant" }),
          ...pieces.map((p, i) => chunk({ content: p }, i === pieces.length - 1 ? "stop" : null)),
          "data: [DONE]\n\n",
        ],
        "deltas",
        ev,
        { cut: 7, waitForScreen: true },
      );
      await r.done;
      expect(r.firstContent()).toBe(1);
      expect(r.screens.at(-1)).toEqual({ code: UI, json });
      const partial = r.screens.slice(0, -1);
      expect(partial.length).toBeGreaterThan(0);
      // Each one the screen of a longer prefix of the code: never fewer components than the one before.
      let components = 0;
      for (const s of partial) {
        expect(UI.startsWith(s.code)).toBe(true);
        expect(s.json?.screen.v1.length).toBeGreaterThanOrEqual(components);
        components = s.json!.screen.v1.length;
      }
      expect(ev.open).toBe(0);
      ev.dispose();
    },
  );

  it("when the server repaired the code, then the final screen comes with the repaired code (the one its json renders)", async () => {
    const json = await screenOf(UI);
    const pieces = contentPieces({ code: BROKEN, repaired_code: UI, json }, { size: 5 });
    const ev = nodeEvaluator();
    const r = await read([...pieces.map((p) => chunk({ content: p })), "data: [DONE]\n\n"], "deltas", ev);
    await r.done;
    expect(r.screens.at(-1)).toEqual({ code: UI, json });
    expect(ev.open).toBe(0);
    ev.dispose();
  });

  it("when an error event comes mid-answer, then the stream fails with its message and the sandbox session is freed", async () => {
    const json = await screenOf(UI);
    const pieces = contentPieces({ code: UI, json }, { size: 8 }).slice(0, 6);
    const ev = nodeEvaluator();
    const error = `data: ${JSON.stringify({ error: { message: "The answer was interrupted and cannot continue.", type: "server_error", param: null, code: "stream_interrupted" } })}\n\n`;
    const r = await read([...pieces.map((p) => chunk({ content: p })), error], "deltas", ev);
    await expect(r.done).rejects.toEqual(new ChatError("The answer was interrupted and cannot continue.", 0));
    expect(ev.open).toBe(0);
    ev.dispose();
  });

  it("when the stream ends early (no [DONE], or [DONE] before the text is complete), then it fails as ended before complete", async () => {
    const json = await screenOf(UI);
    const pieces = contentPieces({ code: UI, json }, { size: 8 });
    const ev = nodeEvaluator();
    const cutShort = await read(
      pieces.slice(0, -1).map((p) => chunk({ content: p })),
      "deltas",
      ev,
    );
    await expect(cutShort.done).rejects.toThrow(/ended before it was complete/);
    const doneTooSoon = await read([...pieces.slice(0, -1).map((p) => chunk({ content: p })), "data: [DONE]\n\n"], "deltas", ev);
    await expect(doneTooSoon.done).rejects.toThrow(/ended before it was complete/);
    expect(ev.open).toBe(0);
    ev.dispose();
  });

  it("when the content is not the layout (plain text, or a JSON without code first), then the answer could not be read", async () => {
    for (const content of ["Here is your screen", '{"json":{"name":"x","screen":{"v1":[]}},"code":""}']) {
      const r = await read([chunk({ content }), "data: [DONE]\n\n"], "deltas", undefined);
      await expect(r.done).rejects.toThrow(ChatError);
      await expect(r.done).rejects.toThrow(/could not be read/);
    }
  });

  it("when the format is snapshots, then each chunk's whole screen is reported as it comes", async () => {
    const json = await screenOf(UI);
    const first = await screenOf('screen("Weather", [heading("Berlin", { level: 1 })]);');
    const snaps = [
      { code: 'screen("Weather", [heading("Berlin", { level: 1 })]);', json: first },
      { code: UI, json },
    ];
    const r = await read([...snaps.map((s) => chunk({ content: JSON.stringify(s) })), "data: [DONE]\n\n"], "snapshots");
    await r.done;
    expect(r.screens).toEqual(snaps);
    expect(r.firstContent()).toBe(1);
  });

  it("when the connection drops mid-answer, then the answer is resumed after the last whole event and every piece is read once", async () => {
    const json = await screenOf(UI);
    const pieces = contentPieces({ code: UI, json }, { size: 8 });
    const id = `chatcmpl-${"a1".repeat(16)}`;
    const numbered = [...pieces.map((p) => chunk({ content: p })), "data: [DONE]\n\n"].map(
      (e, i) => `id: ${i + 1}\n${e.replace('"id":"c"', `"id":"${id}"`)}`,
    );
    // The first connection ends after 3 events and half of the 4th (its blank line never came).
    const cut = [...numbered.slice(0, 3), numbered[3]!.slice(0, 20)];
    const asked: [string, number][] = [];
    const screens: { code: string; json: Screen | null }[] = [];
    await readChatStream(body(cut), { onScreen: (s) => screens.push(s) }, "deltas", undefined, async (completionId, after) => {
      asked.push([completionId, after]);
      return body(numbered.slice(after));
    });
    expect(asked).toEqual([[id, 3]]);
    expect(screens.at(-1)).toEqual({ code: UI, json });
  });

  it("when a resume cannot be opened, then the answer fails as ended before complete", async () => {
    const id = `chatcmpl-${"b2".repeat(16)}`;
    const first = `id: 1\n${chunk({ content: '{"code":"' }).replace('"id":"c"', `"id":"${id}"`)}`;
    const r = readChatStream(body([first]), { onScreen: () => undefined }, "deltas", undefined, () =>
      Promise.reject(new ChatError("gone", 404)),
    );
    await expect(r).rejects.toThrow(/ended before it was complete/);
  });
});
