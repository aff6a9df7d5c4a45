import { createNodeEvaluator } from "./node";
import type { Screen } from "./schema";
import { ContentLayoutError, StreamedContent, contentPieces, type StreamedAnswer } from "./stream-content";

const screen: Screen = { name: "Hi", screen: { v1: [{ name: "t", component: "heading", value: "Hi 😀", props: { level: 1 } }] } };
// Quotes, backslashes, a line break, a tab, a control character, an emoji (a surrogate pair) and non-ASCII text.
const code = 'screen("Hi 😀", [\n\theading("Say \\"hi\\" — ok\\\\", { level: 1 }),\u0001 text("é")\n]);';

const readAll = (pieces: readonly string[]): { states: StreamedAnswer[]; end: StreamedAnswer } => {
  const reader = new StreamedContent();
  const states = pieces.map((p) => reader.push(p));
  return { states, end: reader.end() };
};

/** The full text, cut into pieces at the given positions. */
const cutAt = (text: string, cuts: number[]): string[] => {
  const out: string[] = [];
  let from = 0;
  for (const c of [...cuts, text.length]) {
    out.push(text.slice(from, c));
    from = c;
  }
  return out;
};

describe("reading the streamed content layout", () => {
  it("when the layout's pieces of an answer are concatenated, then they are the non-streaming content byte for byte", () => {
    const answer = { code, repaired_code: `${code}\n// fixed`, json: screen };
    expect(contentPieces(answer, { size: 3 }).join("")).toBe(JSON.stringify(answer));
    expect(contentPieces({ code, json: screen }, { size: 1 }).join("")).toBe(JSON.stringify({ code, json: screen }));
  });

  it("when the text is cut at every position into two pieces (mid-escape, mid-surrogate-pair), then each prefix is a prefix of the code and the end has the code and screen", () => {
    const text = JSON.stringify({ code, json: screen });
    for (let cut = 0; cut <= text.length; cut++) {
      const { states, end } = readAll(cutAt(text, [cut]));
      for (const s of states) {
        expect(code.startsWith(s.current)).toBe(true);
        // Never half a character: a prefix never ends in a lone high surrogate.
        expect(/[\uD800-\uDBFF]$/.test(s.current)).toBe(false);
      }
      expect(end).toEqual({ code, current: code, currentClosed: true, json: screen, complete: true });
    }
  });

  it("when the text arrives one character at a time, then the code grows monotonically to the whole code", () => {
    const text = JSON.stringify({ code, json: screen });
    const { states, end } = readAll(Array.from(text.split("")));
    let last = "";
    for (const s of states) {
      expect(s.current.startsWith(last)).toBe(true);
      last = s.current;
    }
    expect(states.some((s) => s.current === code && !s.complete)).toBe(true);
    expect(end.json).toEqual(screen);
  });

  it("when an escaped surrogate pair (\\ud83d\\ude00) is split between its halves, then the emoji appears whole once both halves arrived", () => {
    const reader = new StreamedContent();
    expect(reader.push('{"code":"a\\ud83d').current).toBe("a");
    expect(reader.push("\\ud").current).toBe("a");
    expect(reader.push("e00b").current).toBe("a😀b");
  });

  it("when repaired_code starts, then the current code switches to the repaired code and the first pass stays readable", () => {
    const repaired = 'screen("Fixed", [text("ok")]);';
    const pieces = contentPieces({ code, repaired_code: repaired, json: screen }, { size: 5 });
    const { states, end } = readAll(pieces);
    const switched = states.findIndex((s) => s.repairedCode !== undefined);
    expect(switched).toBeGreaterThan(0);
    expect(states[switched - 1]!.current).toBe(code);
    expect(states[switched]!.current).toBe("");
    expect(end).toEqual({ code, repairedCode: repaired, current: repaired, currentClosed: true, json: screen, complete: true });
  });

  it("when the last piece has not arrived, then the answer is not complete and end() says the stream ended early", () => {
    const pieces = contentPieces({ code, json: screen });
    const reader = new StreamedContent();
    for (const p of pieces.slice(0, -1)) reader.push(p);
    expect(reader.state().complete).toBe(false);
    expect(() => reader.end()).toThrow(/ended before the answer was complete/);
  });

  it("when the content is not in the layout (e.g. a snapshot text), then reading it throws a clear layout error", () => {
    expect(() => new StreamedContent().push('{"json":{}}')).toThrow(ContentLayoutError);
    expect(() => new StreamedContent().push('{"code":"x","screen":1}')).toThrow(/not in the GenUI layout/);
  });

  it("when a realistic answer streams in small pieces, then the sandbox's incremental session shows the first component before the end", async () => {
    const ev = createNodeEvaluator({ timeoutMs: 500 });
    const ui =
      'screen("Weather", [\n  heading("Berlin", { level: 1 }),\n  text("Sunny, 21 °C"),\n  button("Refresh", { onPress: "refresh" }),\n]);\n';
    const final = await ev.evaluate(ui);
    if (!final.ok) throw new Error(final.error.message);
    const pieces = contentPieces({ code: ui, json: final.screen }, { size: 6 });
    const reader = new StreamedContent();
    const session = ev.stream();
    let firstAt = -1;
    for (const [i, p] of pieces.entries()) {
      const s = reader.push(p);
      if (firstAt >= 0 || s.complete) continue;
      const r = await session.push(s.current);
      if (r.ok && r.screen.screen.v1.length > 0) firstAt = i;
    }
    session.dispose();
    ev.dispose();
    expect(firstAt).toBeGreaterThan(0);
    expect(firstAt).toBeLessThan(pieces.length - 1);
    expect(reader.end().json).toEqual(final.screen);
  });
});
