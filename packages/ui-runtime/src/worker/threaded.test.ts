import { createNodeEvaluator, createThreadedEvaluator, type ThreadedEvaluator } from "../node";

/** A needle search that runs in C for seconds: QuickJS's interrupt handler is never asked. */
const LONG_SEARCH = 'var t="a".repeat(40000)+"c"; var s="a".repeat(80000)+"b"; text(String(s.indexOf(t)))';

describe("the threaded evaluator (the host stops what QuickJS cannot)", () => {
  let ev: ThreadedEvaluator;
  beforeAll(() => {
    ev = createThreadedEvaluator({ timeoutMs: 100, threads: 2 });
  });
  afterAll(() => ev.dispose());

  it("when code is evaluated, then the screen comes back as from the in-thread evaluator", async () => {
    const code = 'screen("Hi")\nheading("Hello")\ntext("World")';
    const inThread = createNodeEvaluator({ timeoutMs: 1000 });
    expect(await ev.evaluate(code)).toEqual(await inThread.evaluate(code));
    expect(await ev.evaluatePrefix('screen("Hi")\nheading("Hel')).toEqual(
      await inThread.evaluatePrefix('screen("Hi")\nheading("Hel'),
    );
    inThread.dispose();
  });

  it("when a built-in runs in C past the deadline, then the thread is stopped with the time-limit error while another evaluation sent meanwhile is answered first", async () => {
    const stopsBefore = ev.stops;
    const order: string[] = [];
    const attack = ev.evaluate(LONG_SEARCH).then((r) => {
      order.push("attack");
      return r;
    });
    const victim = ev.evaluate('text("victim screen")').then((r) => {
      order.push("victim");
      return r;
    });
    const [a, v] = await Promise.all([attack, victim]);
    expect(a).toEqual({
      ok: false,
      error: { kind: "timeout", message: "code ran past its time limit of 100 ms and was stopped" },
    });
    expect(v.ok && v.screen.screen.v1[0]?.value).toBe("victim screen");
    expect(order).toEqual(["victim", "attack"]);
    expect(ev.stops).toBe(stopsBefore + 1);
    // The replacement thread evaluates as before.
    const after = await ev.evaluate('text("after")');
    expect(after.ok).toBe(true);
  });

  it("when a streamed answer's code is stopped, then the rest of that answer gets the error and another stream goes on", async () => {
    const bad = ev.stream();
    const good = ev.stream();
    expect(await good.push('screen("G")\ntext("one")\n')).toMatchObject({ ok: true });
    const stopped = await bad.push(`${LONG_SEARCH}\n`);
    expect(stopped).toMatchObject({ ok: false, error: { kind: "timeout" } });
    expect(await bad.push(`${LONG_SEARCH}\ntext("more")\n`)).toMatchObject({ ok: false, error: { kind: "timeout" } });
    const r = await good.push('screen("G")\ntext("one")\ntext("two")\n');
    expect(r.ok && r.screen.screen.v1.map((c) => c.value)).toEqual(["one", "two"]);
    bad.dispose();
    good.dispose();
  });

  it("when code loops in bytecode, then QuickJS's own interrupt stops it and no thread is terminated", async () => {
    const stopsBefore = ev.stops;
    expect(await ev.evaluate("for(;;){}")).toEqual({
      ok: false,
      error: { kind: "timeout", message: "code ran past its time limit of 100 ms" },
    });
    expect(ev.stops).toBe(stopsBefore);
  });
});
