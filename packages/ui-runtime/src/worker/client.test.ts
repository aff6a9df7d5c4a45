import { WorkerEvaluator, type WorkerLike } from "./client";
import type { Screen } from "../schema";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/** A worker stand-in whose script "fails to load" on demand; requests it receives are kept. */
class BrokenWorker implements WorkerLike {
  readonly received: WorkerRequest[] = [];
  private onError?: (e: { message?: string; preventDefault?(): void }) => void;
  defaultPrevented = false;
  postMessage(m: WorkerRequest): void {
    this.received.push(m);
  }
  addEventListener(type: "message" | "error", listener: (e: never) => void): void {
    // Messages never come from a worker that did not start.
    if (type === "error") this.onError = listener as (e: { message?: string; preventDefault?(): void }) => void;
  }
  terminate(): void {}
  fail(message: string): void {
    this.onError?.({ message, preventDefault: () => (this.defaultPrevented = true) });
  }
}

describe("WorkerEvaluator when its worker cannot run", () => {
  it("when the worker fails while a push waits, then the push and every later one reject with the reason", async () => {
    const worker = new BrokenWorker();
    const client = new WorkerEvaluator(() => worker, { failure: "The sandbox could not start" });
    const session = client.session();
    const waiting = session.push('text("a")');
    worker.fail("WebAssembly is blocked");
    await expect(waiting).rejects.toThrow("The sandbox could not start (WebAssembly is blocked).");
    await expect(session.push('text("a")\ntext("b")')).rejects.toThrow("could not start");
    await expect(client.evaluate('text("c")')).rejects.toThrow("could not start");
    // The page handles it: the browser does not also report the worker's error as uncaught.
    expect(worker.defaultPrevented).toBe(true);
    // Closing a session of a failed worker is quiet.
    expect(() => session.close()).not.toThrow();
    expect(worker.received).toHaveLength(1);
  });

  it("when the worker's error has no message, then the reason says its script did not load", async () => {
    const worker = new BrokenWorker();
    const client = new WorkerEvaluator(() => worker);
    worker.fail("");
    await expect(client.evaluatePrefix("x")).rejects.toThrow(
      "The UI code sandbox could not run (its worker script did not load).",
    );
  });
});

/** A worker stand-in that runs, announces code as it starts, and answers only when told. */
class ScriptedWorker implements WorkerLike {
  readonly received: WorkerRequest[] = [];
  terminated = false;
  private onMessage?: (e: { data: WorkerResponse }) => void;
  private onError?: (e: { message?: string }) => void;
  constructor(loading = false) {
    if (!loading) queueMicrotask(() => this.ready());
  }
  /** Its script has run (a slow network or a busy machine can take long). */
  ready(): void {
    this.onMessage?.({ data: { ready: true } });
  }
  postMessage(m: WorkerRequest): void {
    this.received.push(m);
  }
  addEventListener(type: "message" | "error", listener: (e: never) => void): void {
    if (type === "message") this.onMessage = listener as (e: { data: WorkerResponse }) => void;
    else this.onError = listener as (e: { message?: string }) => void;
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The sandbox starts running request `id`'s code, due to stop by `deadline` (with the thread's CPU time then). */
  exec(id: number, deadline: number, cpu?: number): void {
    this.onMessage?.({ data: { id, exec: deadline, ...(cpu !== undefined ? { cpu } : {}) } });
  }
  answer(id: number, text: string): void {
    const screen = { name: text, screen: { v1: [] } } as unknown as Screen;
    this.onMessage?.({ data: { id, result: { ok: true, screen, issues: [], repairs: [] }, ms: 1 } });
  }
  die(message: string): void {
    this.onError?.({ message });
  }
}

describe("WorkerEvaluator as the host of its workers", () => {
  const pool = (size = 1, pipeline = 1) => {
    const workers: ScriptedWorker[] = [];
    const client = new WorkerEvaluator(
      () => {
        const w = new ScriptedWorker();
        workers.push(w);
        return w;
      },
      { size, marginMs: 20, timeoutMs: 50, pipeline },
    );
    return { client, workers };
  };
  const settled = async () => new Promise((r) => setTimeout(r, 0));
  /** Runs `steps` on jest's held clock: timers fire in the order the test gives, whatever this machine's load. */
  const onHeldClock = (steps: () => void) => {
    jest.useFakeTimers();
    try {
      steps();
    } finally {
      jest.useRealTimers();
    }
  };

  it("when a worker's code runs past its deadline plus the margin, then the worker is terminated and replaced and the request gets the time-limit error", async () => {
    const { client, workers } = pool();
    await settled();
    const answer = client.evaluate("hostile()");
    const first = workers[0]!;
    expect(first.received.map((r) => r.code)).toEqual(["hostile()"]);
    first.exec(first.received[0]!.id, Date.now() + 50);
    const { result } = await answer;
    expect(result).toEqual({
      ok: false,
      error: { kind: "timeout", message: "code ran past its time limit of 50 ms and was stopped" },
    });
    expect(first.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(client.stops).toBe(1);
    // The replacement takes the next request.
    const next = client.evaluate('text("after")');
    await settled();
    const second = workers[1]!;
    second.answer(second.received[0]!.id, "after");
    expect((await next).result.ok).toBe(true);
  });

  it("when a worker stops its code itself before the margin, then nothing is terminated", async () => {
    const { client, workers } = pool();
    await settled();
    const answer = client.evaluate("fine()");
    const w = workers[0]!;
    const id = w.received[0]!.id;
    w.exec(id, Date.now() + 50);
    w.exec(id, 0);
    w.answer(id, "fine");
    expect((await answer).result.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(w.terminated).toBe(false);
    expect(client.stops).toBe(0);
  });

  it("when one worker is stuck, then a request sent meanwhile is answered by another worker first", async () => {
    const { client, workers } = pool(2);
    await settled();
    const order: string[] = [];
    const attack = client.evaluate("hostile()").then(() => order.push("attack"));
    const [a, b] = workers;
    a!.exec(a!.received[0]!.id, Date.now() + 50);
    const victim = client.evaluate('text("victim")').then(() => order.push("victim"));
    expect(b!.received.map((r) => r.code)).toEqual(['text("victim")']);
    b!.answer(b!.received[0]!.id, "victim");
    await Promise.all([attack, victim]);
    expect(order).toEqual(["victim", "attack"]);
  });

  it("when a session's code was stopped, then its later pushes get the same error without running, and its other sessions go on in the replacement", async () => {
    const { client, workers } = pool(1);
    await settled();
    const bad = client.session();
    const good = client.session();
    const stopped = bad.push("hostile(");
    const w = workers[0]!;
    w.exec(w.received[0]!.id, Date.now() + 50);
    expect((await stopped).result).toMatchObject({ ok: false, error: { kind: "timeout" } });
    expect((await bad.push("hostile()\nmore")).result).toMatchObject({ ok: false, error: { kind: "timeout" } });
    const goodPush = good.push('text("a")');
    await settled();
    const fresh = workers[1]!;
    expect(fresh.received.map((r) => r.session)).toEqual([2]);
    fresh.answer(fresh.received[0]!.id, "a");
    expect((await goodPush).result.ok).toBe(true);
  });

  it("when a running worker dies, then its request is answered with the sandbox's failure and a new worker takes over", async () => {
    const { client, workers } = pool(1);
    await settled();
    const answer = client.evaluate("x()");
    workers[0]!.die("out of memory");
    expect((await answer).result).toMatchObject({ ok: false, error: { kind: "memory" } });
    expect(workers).toHaveLength(2);
  });

  it("when a worker's script is still loading, then its request's time counts only once it is ready", async () => {
    const workers: ScriptedWorker[] = [];
    const client = new WorkerEvaluator(
      () => {
        const w = new ScriptedWorker(true);
        workers.push(w);
        return w;
      },
      { hostWorkMs: 30 },
    );
    const answer = client.evaluate("x()");
    // Twice the host's allowance passes while the script loads: nothing is terminated.
    await new Promise((r) => setTimeout(r, 60));
    expect(workers[0]!.terminated).toBe(false);
    workers[0]!.ready();
    // Ready, and silent past the allowance: now it is.
    expect((await answer).result).toMatchObject({ ok: false, error: { kind: "timeout" } });
    expect(workers[0]!.terminated).toBe(true);
  });

  it("when the host was busy past a deadline and the worker's end of code is waiting to be read, then the worker is not stopped", async () => {
    const { client, workers } = pool();
    await settled();
    const answer = client.evaluate("fine()");
    const w = workers[0]!;
    const id = w.received[0]!.id;
    // The clock is held so the order is the one a busy host meets, whatever this machine's load: the host's timer
    // fires, then the worker's messages are read, then the host checks.
    onHeldClock(() => {
      // The start is read late: its deadline and margin have passed by then, so the host's timer is due at once…
      w.exec(id, Date.now() - 1_000);
      // …and when it fires, the worker's end of code and its answer are there to be read.
      setTimeout(() => {
        w.exec(id, 0);
        w.answer(id, "fine");
      }, 0);
      jest.advanceTimersByTime(1);
      jest.runOnlyPendingTimers();
    });
    expect((await answer).result.ok).toBe(true);
    expect(w.terminated).toBe(false);
    expect(client.stops).toBe(0);
  });

  describe("a worker whose thread's CPU time the host can read", () => {
    /** A worker with a CPU clock the test sets (ms). */
    const clocked = () => {
      const clock = { cpu: 0 };
      const workers: ScriptedWorker[] = [];
      const client = new WorkerEvaluator(
        () => {
          const w = new ScriptedWorker();
          (w as WorkerLike).cpuMs = () => clock.cpu;
          workers.push(w);
          return w;
        },
        { marginMs: 20, timeoutMs: 50 },
      );
      return { client, workers, clock };
    };
    /** `code` sent to a clocked worker: the worker, the request's id and the answer to come. */
    const started = async (code: string) => {
      const { client, workers, clock } = clocked();
      await settled();
      const answer = client.evaluate(code);
      const w = workers[0]!;
      return { client, clock, answer, w, id: w.received[0]!.id };
    };

    it("when its code is past the deadline and margin in wall-clock time but has had less CPU, then it goes on until its CPU time is spent", async () => {
      const { client, clock, answer, w, id } = await started("busy()");
      onHeldClock(() => {
        clock.cpu = 1_000;
        w.exec(id, Date.now() + 50, 1_000);
        // 300 ms of wall-clock time, 30 ms of CPU: the thread waited for a core.
        clock.cpu = 1_030;
        jest.advanceTimersByTime(300);
        expect(w.terminated).toBe(false);
        // It has its limit and margin (70 ms of CPU) once it has had 40 more.
        clock.cpu = 1_071;
        jest.advanceTimersByTime(100);
      });
      // Charged the CPU time its code had (71 ms), not the 400 ms its thread held the request on a busy machine.
      expect(await answer).toEqual({ result: { ok: false, error: expect.objectContaining({ kind: "timeout" }) }, ms: 71 });
      expect(w.terminated).toBe(true);
      expect(client.stops).toBe(1);
    });

    it("when its code ends in time in CPU although late in wall-clock time, then it is answered and nothing is stopped", async () => {
      const { client, clock, answer, w, id } = await started("fine()");
      onHeldClock(() => {
        w.exec(id, Date.now() + 50, 0);
        clock.cpu = 20;
        jest.advanceTimersByTime(500);
        w.exec(id, 0);
        w.answer(id, "fine");
      });
      expect((await answer).result.ok).toBe(true);
      expect(w.terminated).toBe(false);
      expect(client.stops).toBe(0);
    });

    it("when its thread gets no CPU at all, then it is stopped at the wall-clock ceiling (20 times the limit, plus the margin)", async () => {
      const { answer, w, id } = await started("starved()");
      onHeldClock(() => {
        w.exec(id, Date.now() + 50, 0);
        jest.advanceTimersByTime(50 * 20 + 20 - 10);
        expect(w.terminated).toBe(false);
        jest.advanceTimersByTime(20);
      });
      // It had no CPU: the caller is charged nothing for the time the machine kept its thread from running.
      expect(await answer).toEqual({ result: { ok: false, error: expect.objectContaining({ kind: "timeout" }) }, ms: 0 });
      expect(w.terminated).toBe(true);
    });

    it("when the worker's code started without a CPU reading, then the wall-clock deadline holds as before", async () => {
      const { answer, w } = await started("hostile()");
      onHeldClock(() => {
        w.exec(w.received[0]!.id, Date.now() + 50);
        jest.advanceTimersByTime(80);
      });
      // No CPU reading to charge by: the wall-clock time since it was handed over.
      const stopped = await answer;
      expect(stopped).toMatchObject({ result: { ok: false, error: { kind: "timeout" } } });
      expect(stopped.ms).toBeGreaterThanOrEqual(70);
      expect(w.terminated).toBe(true);
    });
  });

  it("when requests are handed to a worker ahead of its answers and it is stopped, then only the one it was running gets the error and the others are answered by its replacement; an idle worker is given work before a busy one", async () => {
    const { client, workers } = pool(2, 3);
    await settled();
    const attack = client.evaluate("hostile()");
    const idle = client.evaluate('text("b")');
    const [a, b] = workers;
    // One each: the idle worker before a second request for the busy one.
    expect(a!.received.map((r) => r.code)).toEqual(["hostile()"]);
    expect(b!.received.map((r) => r.code)).toEqual(['text("b")']);
    // Now both are busy: more go to them ahead of their answers.
    const behind = client.evaluate('text("c")');
    expect(a!.received.length + b!.received.length).toBe(3);
    const onA = a!.received.at(-1)!.code === 'text("c")';
    // Code that has been running for more than a moment is not queued behind: the next waits for a free worker.
    a!.exec(a!.received[0]!.id, Date.now() + 50);
    b!.answer(b!.received[0]!.id, "b");
    expect((await idle).result.ok).toBe(true);
    a!.exec(a!.received[0]!.id, Date.now() + 50);
    expect((await attack).result).toMatchObject({ ok: false, error: { kind: "timeout" } });
    // The request queued behind the culprit is handed on (to the idle worker, ready before the replacement is).
    await settled();
    const holder = onA ? [b!, workers[2]!].find((w) => w.received.some((r) => r.code === 'text("c")'))! : b!;
    expect(holder).toBe(b);
    const req = holder.received.filter((r) => r.code === 'text("c")').at(-1)!;
    holder.answer(req.id, "c");
    expect((await behind).result.ok).toBe(true);
  });

  it("when a worker's code has been running for more than a moment, then nothing more is queued behind it: the next request waits and goes to its replacement", async () => {
    const { client, workers } = pool(1, 4);
    await settled();
    const attack = client.evaluate("hostile()");
    const a = workers[0]!;
    a.exec(a.received[0]!.id, Date.now() + 50);
    // Past BUSY_AHEAD_MS (10 ms) of running code.
    await new Promise((r) => setTimeout(r, 20));
    const next = client.evaluate('text("next")');
    expect(a.received.map((r) => r.code)).toEqual(["hostile()"]);
    expect((await attack).result).toMatchObject({ ok: false, error: { kind: "timeout" } });
    await settled();
    const fresh = workers[1]!;
    expect(fresh.received.map((r) => r.code)).toEqual(['text("next")']);
    fresh.answer(fresh.received[0]!.id, "next");
    expect((await next).result.ok).toBe(true);
  });
});
