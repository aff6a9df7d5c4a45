import { CATALOGUE } from "../catalogue";
import { createNodeEvaluator } from "../node";
import type { UiCodeEvaluator } from "./evaluator";
import { closePrefix, commitBoundary } from "./prefix";
import { DSL_EXAMPLE } from "./prelude";

const DASHBOARD = `screen("Sales", {theme: "auto", onStart: "opened"})
heading("Sales this week", {level: 1})
// Key figures first
grid({columns: 3}, [
  stat(12400, {label: "Revenue", format: "currency", delta: 8.2}),
  stat(318, {label: "Orders"}),
  stat(3.4, {label: "Conversion", format: "percent"}),
])
card("Latest orders", [
  table([{id: "A-1", total: 30.5, status: "paid"}, {id: "A-2", total: 12, status: "open"}], {columns: ["id", "total", "status"]}),
  row({justify: "end"}, [button("Export", {name: "export", onPress: {event: "export", value: "csv"}}), button('Refresh "now"', {variant: "ghost"})]),
])
/* a note */ alert("Stock is low on 2 items", {tone: "warning", title: "Heads up"})
`;

describe("streaming prefixes of UI code", () => {
  let ev: UiCodeEvaluator;
  beforeAll(() => {
    ev = createNodeEvaluator({ timeoutMs: 500 });
  });
  afterAll(() => ev.dispose());

  it("when a string is cut mid-way, then it is closed so the text shows as it streams", () => {
    expect(closePrefix(`heading("Sales th`)[0]).toBe(`heading("Sales th")`);
    expect(closePrefix(`card("A", [text('it\\`)[0]).toBe(`card("A", [text('it')])`);
    expect(closePrefix(`row({gap: 8, justify:`)[0]).toBe(`row({gap: 8})`);
    expect(closePrefix(`row([butt`)[0]).toBe(`row([])`);
    expect(closePrefix(`stat(12.`)[0]).toBe(`stat(12)`);
    expect(closePrefix(`text("a") // comm`)[0]).toBe(`text("a")`);
  });

  it.each([
    ["the README example", DSL_EXAMPLE],
    ["a dashboard with comments, quotes and nesting", DASHBOARD],
    ["every catalogue example in a row", CATALOGUE.map((e) => e.code).join("\n")],
  ])("when %s is cut at every point, then each prefix evaluates and the screen only grows", async (_what, code) => {
    let previous = 0;
    const count = (n: { content?: unknown[] }[]): number =>
      n.reduce((s, c) => s + 1 + count((c.content ?? []) as { content?: unknown[] }[]), 0);
    for (let i = 0; i <= code.length; i++) {
      const r = await ev.evaluatePrefix(code.slice(0, i));
      if (!r.ok) throw new Error(`cut at ${i} (${JSON.stringify(code.slice(Math.max(0, i - 20), i))}): ${r.error.message}`);
      const n = count(r.screen.screen.v1);
      // A half-typed call may vanish for a character or two, never more than the one being typed.
      expect({ at: i, shrankBy: Math.max(0, previous - n) <= 3 }).toEqual({ at: i, shrankBy: true });
      previous = Math.max(previous, n);
    }
    const whole = await ev.evaluate(code);
    const last = await ev.evaluatePrefix(code);
    expect(last).toEqual(whole);
  });

  it("when statements are complete, then the boundary moves past them, and never into an unfinished one", () => {
    // A word still arriving could be `else`: the line before it is committed once the word is complete.
    expect(commitBoundary(`heading("a")\ntext("b")\nbut`)).toBe(`heading("a")\n`.length);
    expect(commitBoundary(`heading("a")\ntext("b")\nbutton(`)).toBe(`heading("a")\ntext("b")\n`.length);
    expect(commitBoundary(`heading("a");text("b`)).toBe(`heading("a");`.length);
    expect(commitBoundary(`card("x", [\n  text("a")\n`)).toBe(0);
    expect(commitBoundary(`const rows =\n  [1]\ntable(rows)`)).toBe(`const rows =\n  [1]\n`.length);
    expect(commitBoundary(`if (a) text("a")\nelse text("b")\n`)).toBe(0);
    expect(commitBoundary(`text("a")\n`)).toBe(0);
  });

  it.each([
    ["the README example", DSL_EXAMPLE, 1],
    ["a dashboard with comments, quotes and nesting", DASHBOARD, 1],
    ["every catalogue example in a row", CATALOGUE.map((e) => e.code).join("\n"), 7],
    [
      "code with variables shared across statements",
      `const rows = [{a: 1}, {a: 2}]\nconst t = heading("Rows")\ntable(rows, {columns: ["a"]})\ncard("Wrapped", [t])\nscreen("Vars")\n`,
      1,
    ],
  ])("when %s streams, then the incremental session shows what evaluating each whole prefix shows", async (_what, code, step) => {
    const stream = ev.stream();
    try {
      for (let i = 0; i <= code.length; i += step) {
        const incremental = await stream.push(code.slice(0, i));
        const whole = await ev.evaluatePrefix(code.slice(0, i));
        expect({ at: i, result: incremental }).toEqual({ at: i, result: whole });
      }
    } finally {
      stream.dispose();
    }
  });
});
