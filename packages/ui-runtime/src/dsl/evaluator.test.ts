import { CATALOGUE } from "../catalogue";
import { validateScreen } from "../validate";
import { createNodeEvaluator } from "../node";
import cjsVariant from "@jitl/quickjs-singlefile-cjs-release-sync";
import { UiCodeEvaluator } from "./evaluator";
import { DSL_EXAMPLE } from "./prelude";

describe("UI code in the sandbox", () => {
  let ev: UiCodeEvaluator;
  beforeAll(async () => {
    ev = createNodeEvaluator({ timeoutMs: 200 });
  });
  afterAll(() => ev.dispose());

  it("when the example runs, then it builds the screen with generated names and lifted actions", async () => {
    const r = await ev.evaluate(DSL_EXAMPLE);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.screen.name).toBe("Checkout");
    expect(r.screen.screen.v1.map((c) => c.component)).toEqual(["heading", "card"]);
    const card = r.screen.screen.v1[1]!;
    expect(card).toMatchObject({ name: "card_1", value: "Order" });
    expect(card.content![1]!.content!.map((b) => [b.name, b.value, b.onPress ?? null, b.props ?? null])).toEqual([
      ["button_1", "Pay", "pay", null],
      ["button_2", "Cancel", null, { variant: "ghost" }],
    ]);
    expect(r.issues).toEqual([]);
  });

  it("when every catalogue example is written as code, then it evaluates to that example", async () => {
    for (const e of CATALOGUE) {
      const r = await ev.evaluate(e.code);
      if (!r.ok) throw new Error(`${e.type}: ${r.error.message}`);
      const strip = (n: unknown): unknown => JSON.parse(JSON.stringify(n, (k, v) => (k === "name" ? undefined : v)));
      expect({ type: e.type, got: strip(r.screen.screen.v1[0]) }).toEqual({ type: e.type, got: strip(e.example) });
      expect({ type: e.type, issues: r.issues }).toEqual({ type: e.type, issues: [] });
    }
  });

  it("when code is typically written, then it is at most half the bytes of its JSON", async () => {
    for (const e of CATALOGUE.filter((x) => x.container || x.category === "inputs")) {
      const r = await ev.evaluate(e.code);
      if (!r.ok) throw new Error(r.error.message);
      expect({ type: e.type, ratio: e.code.length / JSON.stringify(r.screen).length < 0.75 }).toEqual({
        type: e.type,
        ratio: true,
      });
    }
    const r = await ev.evaluate(DSL_EXAMPLE);
    if (!r.ok) throw new Error(r.error.message);
    expect(DSL_EXAMPLE.length / JSON.stringify(r.screen).length).toBeLessThan(0.5);
  });

  it("when code ends past its deadline in a few long built-ins (QuickJS never asked its interrupt handler), then it gets the time-limit error, not its screen", async () => {
    // Six calls of a built-in running in C (a 16 MB string each): far fewer bytecodes than QuickJS runs between two
    // questions to its interrupt handler, and far more than the 20 ms deadline (about 270 ms on the development machine).
    const quick = createNodeEvaluator({ timeoutMs: 20 });
    try {
      const code = 'var n = 0; for (var i = 0; i < 6; i++) n += "ab".repeat(8e6).length; text(String(n))';
      expect(await quick.evaluate(code)).toEqual({
        ok: false,
        error: { kind: "timeout", message: "code ran past its time limit of 20 ms" },
      });
      expect(await quick.evaluate('text("still fine")')).toMatchObject({ ok: true });
    } finally {
      quick.dispose();
    }
  });

  it.each([
    ["an infinite loop", "for(;;){}", "timeout"],
    ["a huge allocation", "let a = []; for (let i = 0; i < 1e9; i++) a.push('x'.repeat(100000) + i);", "memory"],
    ["deep recursion", "function f(n){ return f(n + 1) + 1 } f(0)", "stack"],
  ])("when the code runs %s, then it is stopped with a clear error and the next evaluation works", async (_what, code, kind) => {
    const r = await ev.evaluate(code);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe(kind);
    expect(await ev.evaluate(`text("still fine")`)).toMatchObject({ ok: true });
  });

  it("when the code reaches for the host, then there is nothing there", async () => {
    const r = await ev.evaluate(`text([typeof process, typeof require, typeof fetch, typeof setTimeout, typeof document,
      typeof window, typeof XMLHttpRequest, typeof WebSocket, typeof globalThis.process, typeof importScripts].join(","))`);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.screen.screen.v1[0]!.value).toBe(Array(10).fill("undefined").join(","));
    const imp = await ev.evaluate(`import("fs")`);
    expect(imp.ok).toBe(true);
    const escape = await ev.evaluate(`text = 1`);
    expect(escape).toMatchObject({ ok: false, error: { kind: "runtime" } });
    expect(await ev.evaluate(`text("x")`)).toMatchObject({ ok: true });
  });

  it("when code has a syntax error, then the error says so; state never leaks between evaluations", async () => {
    expect(await ev.evaluate(`heading("a"`)).toMatchObject({ ok: false, error: { kind: "syntax" } });
    await ev.evaluate(`var leaked = 1; text("a")`);
    const r = await ev.evaluate(`text(typeof leaked)`);
    expect(r.ok && r.screen.screen.v1[0]!.value).toBe("undefined");
    expect(r.ok && r.screen.screen.v1).toHaveLength(1);
  });

  it("when screen() is used, then it names the screen, sets screen props, style and hooks", async () => {
    const r = await ev.evaluate(
      `screen("Home", {theme: "dark", padding: 24, style: {background: "#111"}, onStart: "loaded"}, [heading("Hi")])`,
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.screen).toEqual({
      name: "Home",
      screen: { v1: [{ name: "heading_1", component: "heading", value: "Hi" }] },
      props: { screenProps: { theme: "dark", padding: 24 }, style: { background: "#111" } },
      onStart: "loaded",
    });
    expect(validateScreen(r.screen)).toMatchObject({ ok: true });
  });
});

describe("the sandbox's time limit with a CPU clock", () => {
  // Code that waits 150 ms of wall-clock time in a loop (the sandbox's Date.now is the host's clock).
  const WAITS_150_MS = 'var t0 = Date.now(); while (Date.now() - t0 < 150) {} text("waited")';
  const variant = () => cjsVariant;

  it("when code runs past its limit in wall-clock time but its thread had a quarter of a core, then it gets its screen", async () => {
    const quarter = new UiCodeEvaluator(variant(), { timeoutMs: 100 }, { cpuMs: () => performance.now() / 4 });
    const wall = createNodeEvaluator({ timeoutMs: 100 });
    try {
      const r = await quarter.evaluate(WAITS_150_MS);
      expect(r.ok && r.screen.screen.v1[0]?.value).toBe("waited");
      expect(await wall.evaluate(WAITS_150_MS)).toEqual({
        ok: false,
        error: { kind: "timeout", message: "code ran past its time limit of 100 ms" },
      });
    } finally {
      quarter.dispose();
      wall.dispose();
    }
  });

  it("when code loops for good on a quarter of a core, then it is stopped once it has had its limit in CPU time", async () => {
    const quarter = new UiCodeEvaluator(variant(), { timeoutMs: 100 }, { cpuMs: () => performance.now() / 4 });
    try {
      expect(await quarter.evaluate('var n = Date.now(); for(;;){}; text("never")')).toEqual({
        ok: false,
        error: { kind: "timeout", message: "code ran past its time limit of 100 ms" },
      });
    } finally {
      quarter.dispose();
    }
  });

  it("when the clock says the thread gets no CPU at all, then the code is stopped at the wall-clock ceiling", async () => {
    const starved = new UiCodeEvaluator(variant(), { timeoutMs: 20 }, { cpuMs: () => 5 });
    try {
      // 20 times the limit: a 300 ms wait is past 100 ms (5 times), and past the ceiling of 400 ms only when it loops.
      const waits = 'var t0 = Date.now(); while (Date.now() - t0 < 300) {} text("waited")';
      expect((await starved.evaluate(waits)).ok).toBe(true);
      expect(await starved.evaluate("for(;;){}")).toEqual({
        ok: false,
        error: { kind: "timeout", message: "code ran past its time limit of 20 ms" },
      });
    } finally {
      starved.dispose();
    }
  });

  it("when the clock cannot be read any more, then the wall-clock deadline holds", async () => {
    let reads = 0;
    const broken = new UiCodeEvaluator(variant(), { timeoutMs: 50 }, { cpuMs: () => (reads++ === 0 ? 0 : undefined) });
    try {
      expect(await broken.evaluate(WAITS_150_MS)).toMatchObject({ ok: false, error: { kind: "timeout" } });
    } finally {
      broken.dispose();
    }
  });
});
