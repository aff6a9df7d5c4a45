import type { Screen } from "@genui/ui-runtime";
import { answerContent } from "./openai-wire";
import { ContentDiverged, ContentPieces } from "./sse";

const screen = { screen: { v1: [{ component: "text", text: "é 😀" }] } } as unknown as Screen;

/** Splits a string at every UTF-16 position in turn (surrogate pairs and escapes included). */
const splits = (s: string): string[][] => Array.from({ length: s.length + 1 }, (_, i) => [s.slice(0, i), s.slice(i)]);

describe("content pieces of a streamed answer", () => {
  const code = 'text("say \\"hi\\"\\\\ \n\t é 😀 𝄞 \u2028 </script>")\n';

  it("when code with quotes, backslashes, newlines and astral characters is split anywhere, then the pieces add up to the non-streaming content", () => {
    for (const parts of splits(code)) {
      const c = new ContentPieces();
      const text = parts.map((p) => c.code(p, false)).join("") + c.finish(code, screen);
      expect(text).toBe(answerContent(code, screen));
      expect(JSON.parse(text)).toEqual({ code, json: screen });
    }
  });

  it("when a repair pass runs, then repaired_code comes between code and json, split anywhere", () => {
    const repaired = code.replace("say", "said 🎉");
    for (const [a, b] of splits(repaired)) {
      const c = new ContentPieces();
      const text =
        c.code(code.slice(0, 7), false) +
        c.code(code.slice(7), false) +
        c.code(a!, true) +
        c.code(b!, true) +
        c.finish(repaired, screen, code);
      expect(text).toBe(answerContent(repaired, screen, code));
      expect(Object.keys(JSON.parse(text) as object)).toEqual(["code", "repaired_code", "json"]);
    }
  });

  it("when nothing was streamed before the end, then the last piece is the whole content", () => {
    expect(new ContentPieces().finish(code, screen)).toBe(answerContent(code, screen));
    expect(new ContentPieces().finish("b", screen, "a")).toBe(answerContent("b", screen, "a"));
  });

  it("when the final code does not continue what was sent, then finishing refuses rather than send broken text", () => {
    const c = new ContentPieces();
    c.code("abc", false);
    expect(() => c.finish("abd", screen)).toThrow();
  });

  it("when a restarted job repeats the code sent, then it continues where the client is; when it departs from it, then the content cannot continue", () => {
    const c = new ContentPieces();
    const sent = c.code(code.slice(0, 10), false);
    c.restart();
    expect(c.code(code.slice(0, 4), false)).toBe("");
    const rest = c.code(code.slice(4), false) + c.finish(code, screen);
    expect(sent + rest).toBe(answerContent(code, screen));

    const d = new ContentPieces();
    d.code("text(1)", false);
    d.restart();
    expect(() => d.code("heading", false)).toThrow(ContentDiverged);
  });
});
