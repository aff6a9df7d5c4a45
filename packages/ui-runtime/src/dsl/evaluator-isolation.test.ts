import { createNodeEvaluator } from "../node";
import type { EvalResult, UiCodeEvaluator } from "./evaluator";

/** The values of a screen's components, in document order. */
function values(r: EvalResult): unknown[] {
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
  const out: unknown[] = [];
  const walk = (nodes: { value?: unknown; content?: unknown[] }[]) =>
    nodes.forEach((n) => {
      out.push(n.value);
      walk((n.content ?? []) as { value?: unknown }[]);
    });
  walk(r.screen.screen.v1);
  return out;
}

// Code that poisons everything it can reach: the built-ins the host's hand-over uses, prototypes, the global object.
const POISON = `
  const real = JSON.stringify;
  globalThis.__loot = [];
  globalThis.__real = real;
  JSON.stringify = function (v) {
    globalThis.__loot.push(real(v));
    return real({ name: "Owned", screen: { v1: [{ name: "x", component: "heading", value: "owned" }] } });
  };
  Array.prototype.map = function () { return []; };
  Object.defineProperty(Object.prototype, "injected", { get() { return "poison"; }, configurable: true });
  String.prototype.toUpperCase = function () { return "poison"; };
  globalThis.leftOver = "poison";
  heading("the attacker's screen")`;
const PROBE = `
  text(typeof globalThis.__loot)
  text(typeof globalThis.leftOver)
  text(typeof ({}).injected)
  text([1, 2].map((x) => x * 2).join(","))
  text("abc".toUpperCase())`;
const CLEAN = ["undefined", "undefined", "undefined", "2,4", "ABC"];

describe("isolation between evaluations in the sandbox", () => {
  let ev: UiCodeEvaluator;
  beforeAll(() => {
    ev = createNodeEvaluator({ timeoutMs: 200 });
  });
  afterAll(() => ev.dispose());

  it("when one evaluation poisons built-ins and leaves globals, then the next evaluation starts from pristine ones", async () => {
    await ev.evaluate(POISON);
    expect(values(await ev.evaluate(PROBE))).toEqual(CLEAN);
  });

  it("when an evaluation collects other evaluations' screens in a global, then a later read-back finds nothing", async () => {
    await ev.evaluate(POISON);
    const victim = await ev.evaluate(`screen("Private")\nheading("account 1234")`);
    expect(victim.ok && victim.screen.name).toBe("Private");
    expect(values(victim)).toEqual(["account 1234"]);
    const readBack = await ev.evaluate(
      `if (globalThis.__real) JSON.stringify = globalThis.__real;\ntext(globalThis.__loot ? globalThis.__loot.join("|") : "nothing")`,
    );
    expect(values(readBack)).toEqual(["nothing"]);
  });

  it("when a poisoning evaluation ends with a syntax error or a runtime error, then the next evaluation is still clean", async () => {
    for (const tail of ["\n)))", "\nthrow new SyntaxError('looks like a syntax error')", "\nnull.x"]) {
      const bad = await ev.evaluate(POISON + tail);
      expect(bad.ok).toBe(false);
      expect(values(await ev.evaluate(PROBE))).toEqual(CLEAN);
    }
  });

  it("when a stream session poisons its sandbox, then evaluations beside it and after it are intact, and they cannot reach into the session", async () => {
    // What a session's code leaves behind stays in its own sandbox (it serves that one answer only).
    const SESSION_POISON = `globalThis.__loot = []; globalThis.leftOver = "session";
      Object.defineProperty(Object.prototype, "injected", { get() { return "poison"; } });
      String.prototype.toUpperCase = function () { return "poison"; }`;
    const session = ev.stream();
    try {
      // Committed statements of the stream run once in the session's own sandbox.
      const first = await session.push(`${SESSION_POISON};\ntext("streamed")`);
      expect(values(first)).toEqual(["streamed"]);
      expect(values(await ev.evaluate(PROBE))).toEqual(CLEAN);
      // An evaluation beside the stream poisons its own sandbox; the stream's next prefix sees only its own state.
      await ev.evaluate(`globalThis.fromOutside = 1; Array.prototype.join = function () { return "outside"; }; text("x")`);
      const later = await session.push(
        `${SESSION_POISON};\ntext("streamed");\ntext(typeof globalThis.fromOutside + ":" + [1, 2].join("-") + ":" + globalThis.leftOver)`,
      );
      expect(values(later)).toEqual(["streamed", "undefined:1-2:session"]);
      // A second stream does not see the first's state either.
      const other = ev.stream();
      try {
        expect(values(await other.push(PROBE))).toEqual(CLEAN);
      } finally {
        other.dispose();
      }
    } finally {
      session.dispose();
    }
    expect(values(await ev.evaluate(PROBE))).toEqual(CLEAN);
  });

  it("when evaluations fault on time and memory over and over, then each next evaluation still starts clean", async () => {
    for (const bad of ["for (;;) {}", 'var s = "x"; while (true) s = s + s;', "var a = []; for (;;) a.push({ a })"]) {
      expect((await ev.evaluate(POISON + "\n" + bad)).ok).toBe(false);
      expect(values(await ev.evaluate(PROBE))).toEqual(CLEAN);
    }
  });

  it("when evaluations use Math.random, then each gets its own sequence, not a replay of the previous one", async () => {
    const draw = async () => values(await ev.evaluate(`text(String(Math.random())); text(String(Math.random()))`));
    const [a, b] = [await draw(), await draw()];
    expect(a).not.toEqual(b);
    for (const v of [...a, ...b]) expect(Number(v)).toBeGreaterThanOrEqual(0);
    for (const v of [...a, ...b]) expect(Number(v)).toBeLessThan(1);
    const streams = [ev.stream(), ev.stream()];
    try {
      const seen = await Promise.all(streams.map((s) => s.push(`text(String(Math.random()))`)));
      expect(values(seen[0]!)).not.toEqual(values(seen[1]!));
    } finally {
      streams.forEach((s) => s.dispose());
    }
  });

  it("when the prelude's own names are reassigned, then it fails for that evaluation only", async () => {
    const r = await ev.evaluate(`globalThis.text = 1`);
    expect(r).toMatchObject({ ok: false, error: { kind: "runtime" } });
    expect(values(await ev.evaluate(`text("fine")`))).toEqual(["fine"]);
  });
});

describe("limits of the sandbox", () => {
  let ev: UiCodeEvaluator;
  beforeAll(() => {
    // These limits are of size and depth, not time: a slow machine took over 200 ms to build 4,000 components and
    // answered "timeout" instead of the limit under test. The time limit has its own tests above.
    ev = createNodeEvaluator({ timeoutMs: 2_000 });
  });
  afterAll(() => ev.dispose());

  it.each([
    ["a catastrophically backtracking regular expression", "timeout", `/(a+)+$/.test("a".repeat(40) + "b"); text("never")`],
    ["a string of 2^28 characters", "memory", `text("x".repeat(2 ** 28))`],
    ["a string doubled until it breaks", "memory", `let s = "x"; for (;;) s += s;`],
    ["a string doubled and used", "memory", `let s = "x"; for (let i = 0; i < 27; i++) s += s; text(s)`],
  ])("when the code runs %s, then it ends with a %s error and the evaluator still works after", async (_what, kind, code) => {
    const r = await ev.evaluate(code);
    expect(r).toMatchObject({ ok: false, error: { kind } });
    expect(values(await ev.evaluate(`text("still fine")`))).toEqual(["still fine"]);
  });

  it.each([
    [
      "a deeply nested array in a component's value",
      `let o = []; for (let i = 0; i < 1000; i++) o = [o]; table({ rows: [{ a: o }] })`,
      /nested deeper than/,
    ],
    [
      "a deeply nested object in a component's value",
      `let o = {}; for (let i = 0; i < 1000; i++) o = { o }; keyValue({ a: o })`,
      /nested deeper than/,
    ],
    ["a very long array", `table({ rows: Array.from({ length: 200000 }, () => 1234567) })`, /longer than/],
    [
      "a screen of very many components",
      `for (let i = 0; i < 4000; i++) text("component " + i + " " + "x".repeat(300))`,
      /longer than/,
    ],
    ["a screen that is not JSON", `JSON.stringify = () => "{not json"; text("x")`, /not a screen/],
    ["a screen that is not text", `JSON.stringify = () => 42; text("x")`, /not a screen/],
  ])(
    "when the code builds %s, then it is a clean invalid error and the evaluator still works after",
    async (_what, code, message) => {
      const r = await ev.evaluate(code);
      expect(r).toMatchObject({ ok: false, error: { kind: "invalid" } });
      if (!r.ok) expect(r.error.message).toMatch(message);
      expect(values(await ev.evaluate(`text("still fine")`))).toEqual(["still fine"]);
    },
  );

  it("when a structure nests too deep for the sandbox's own stack, then it is stopped as a stack error and the evaluator still works after", async () => {
    const r = await ev.evaluate(`let o = []; for (let i = 0; i < 60000; i++) o = [o]; table({ rows: [{ a: o }] })`);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error.kind).toBe("stack");
    expect(values(await ev.evaluate(`text("still fine")`))).toEqual(["still fine"]);
  });

  it("when code is longer than 64,000 characters, then it is refused before it runs", async () => {
    const long = `text("${"x".repeat(64_000)}")`;
    expect(await ev.evaluate(long)).toMatchObject({
      ok: false,
      error: { kind: "invalid", message: "code is longer than 64000 characters" },
    });
    expect(values(await ev.evaluate(`text("${"x".repeat(60_000)}")`))).toEqual(["x".repeat(60_000)]);
  });
});
