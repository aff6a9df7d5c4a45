import { FenceStripper, repairMessage } from "./openai-upstream";

/** Streams `text` through a stripper in the given pieces. */
function strip(pieces: string[]): string {
  const f = new FenceStripper();
  return pieces.map((p) => f.push(p)).join("") + f.end();
}

/** Every way of cutting `text` into pieces of `size` characters, plus every two-piece cut. */
function cuts(text: string): string[][] {
  const out: string[][] = [];
  for (let size = 1; size <= 7; size++) {
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
    out.push(pieces);
  }
  for (let i = 0; i <= text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

const CODE = `heading("Hi")\nrow([button("A"), button("B")])`;

describe("fence stripping while streaming", () => {
  it.each([
    ["plain code", CODE, CODE],
    ["a ```js fence", "```js\n" + CODE + "\n```", CODE + "\n"],
    ["a bare fence with a trailing newline", "```\n" + CODE + "\n```\n", CODE + "\n"],
    ["a fence after leading blank lines", "\n\n```javascript\n" + CODE + "\n```", CODE + "\n"],
    ["prose after the closing fence", "```js\n" + CODE + "\n```\nThis screen shows a heading.", CODE + "\n"],
    ["a trailing fence only", CODE + "\n```", CODE + "\n"],
    [
      "a fence line inside a template string",
      'markdown(`\n```\nnpm i\n```\n`)\ntext("x")',
      'markdown(`\n```\nnpm i\n```\n`)\ntext("x")',
    ],
    ["a template string at a line start", "const t = 1\n`${t}`\ntext(`a`)", "const t = 1\n`${t}`\ntext(`a`)"],
  ])("when the answer is %s, then every cut of the stream gives the code", (_what, input, expected) => {
    for (const pieces of cuts(input)) expect({ pieces, out: strip(pieces) }).toEqual({ pieces, out: expected });
  });

  it("when text streams, then it comes out as it arrives rather than at the end", () => {
    const f = new FenceStripper();
    expect(f.push("```js\n")).toBe("");
    expect(f.push('heading("Hel')).toBe('heading("Hel');
    expect(f.push('lo")\n')).toBe('lo")\n');
    expect(f.push("``")).toBe("");
    expect(f.push("`")).toBe("");
    expect(f.end()).toBe("");
  });
});

describe("the repair message", () => {
  it("when errors are given, then it lists them and asks for the complete corrected code only", () => {
    const m = repairMessage(["SyntaxError: expecting ')'", "screen.v1[0].props.level: Too big"]);
    expect(m).toBe(
      "Your UI code did not work:\n- SyntaxError: expecting ')'\n- screen.v1[0].props.level: Too big\nAnswer with the complete corrected UI code only.",
    );
  });

  it("when there are very many or very long errors, then the message is bounded", () => {
    const m = repairMessage(Array.from({ length: 50 }, (_, i) => `error ${i} ${"x".repeat(1000)}`));
    expect(m).toContain("… and 30 more");
    expect(m.length).toBeLessThan(20 * 520 + 200);
  });
});
