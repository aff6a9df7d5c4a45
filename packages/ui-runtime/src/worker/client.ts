import type { EvalError, EvalResult } from "../dsl/evaluator";
import { timeLimitMessage, WALL_CEILING_FACTOR } from "../dsl/messages";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/** What the client needs of a worker (the DOM's Worker has it; node.ts adapts a worker thread). */
export interface WorkerLike {
  postMessage(m: WorkerRequest): void;
  addEventListener(type: "message", listener: (e: { data: WorkerResponse }) => void): void;
  /** A worker whose script does not load, throws at the top or dies reports `error`. */
  addEventListener(type: "error", listener: (e: { message?: string; preventDefault?(): void }) => void): void;
  terminate(): void;
  /**
   * The worker thread's CPU time so far (ms), where the host can read it (a Node worker thread on Linux): a worker past
   * its deadline plus the margin in wall-clock time is then stopped only once its code has had that much CPU.
   */
  cpuMs?(): number | undefined;
}

/** One streamed answer's incremental evaluation (see `WorkerEvaluator.session`). */
export interface EvaluatorSession {
  push(prefix: string): Promise<{ result: EvalResult; ms: number }>;
  close(): void;
}

export interface WorkerEvaluatorOptions {
  /** Words the error of a worker that cannot run at all (its own message is added in brackets). */
  failure?: string;
  /**
   * How long past the sandbox's own deadline the host waits before it terminates the worker (default 100 ms). QuickJS
   * stops code between bytecodes; a built-in running in C (a long `indexOf`, `BigInt` power, `sort`) does not look,
   * and only terminating its thread stops it.
   */
  marginMs?: number;
  /** Most time a request may spend in its worker outside the sandbox's code, e.g. loading QuickJS (default 10 s). */
  hostWorkMs?: number;
  /** Workers side by side (default 1); a streamed answer stays with the worker that holds its sandbox. */
  size?: number;
  /** The sandbox's own time limit in the workers (default 250 ms, the browser worker's): it words the error. */
  timeoutMs?: number;
  /**
   * Requests handed to one worker ahead of its answers (default 1). More keep a busy worker evaluating back to back
   * instead of waiting for this thread to hand it the next one; a worker that is stopped gives the requests queued
   * behind the culprit to its replacement.
   */
  pipeline?: number;
}

interface Pending {
  req: WorkerRequest;
  resolve: (r: { result: EvalResult; ms: number }) => void;
  reject: (e: Error) => void;
  /** When the request was handed to its worker. */
  started: number;
}

/** Code running longer than this is not queued behind (an ordinary screen takes well under a millisecond). */
const BUSY_AHEAD_MS = 10;

/**
 * Runs `f` after the events already waiting (Node: after the poll phase, where a worker's messages are read; browsers:
 * after the tasks already queued).
 */
const defer = (f: () => void): void => {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (g.setImmediate) g.setImmediate(f);
  else setTimeout(f, 0);
};

/** One worker of the pool, replaced in place when it is terminated or dies. */
interface Unit {
  worker: WorkerLike;
  /** Bumped with each replacement: messages of a replaced worker are ignored. */
  generation: number;
  ready: boolean;
  /** Requests handed to the worker, in order (it answers them one after another). */
  inflight: Pending[];
  /** The request whose code the worker's sandbox is running, if any, and since when. */
  running?: number;
  runningSince?: number;
  /** The worker thread's CPU time when that code started (ms), where the worker has a CPU clock. */
  runningCpu?: number;
  /** Requests of the sessions this worker holds, in order. */
  queue: Pending[];
  sessions: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The host's side of the evaluator worker(s): `evaluate` / `evaluatePrefix` answer promises with the time the worker
 * spent. The host enforces the time limit whatever the code does: each worker tells when its sandbox starts running
 * code and by when QuickJS should have stopped it; a worker still running that code `marginMs` past that deadline is
 * terminated and replaced, and its request answered with the time-limit error. Nothing else waits for it: other
 * workers go on, and requests queued for it go to its replacement. Create browser workers with Vite's
 * `import EvaluatorWorker from "@genui/ui-runtime/worker?worker"` and pass `() => new EvaluatorWorker()`.
 */
export class WorkerEvaluator {
  private next = 1;
  private nextSession = 1;
  private readonly units: Unit[] = [];
  /** Requests any worker may take, in order. */
  private readonly shared: Pending[] = [];
  private readonly sessionUnit = new Map<number, Unit>();
  /** Sessions whose code the host had to stop: the rest of their answer would run it again. */
  private readonly stopped = new Map<number, EvalResult>();
  /** The worker could not run: every request, waiting or new, fails with this. */
  private failed?: Error;
  private readonly failure: string;
  private readonly marginMs: number;
  private readonly hostWorkMs: number;
  private readonly timeoutMs: number;
  private readonly pipeline: number;
  /** Workers terminated for overrunning their deadline (a figure for metrics and benchmarks). */
  stops = 0;

  constructor(
    private readonly spawn: () => WorkerLike,
    opts: WorkerEvaluatorOptions = {},
  ) {
    this.failure = opts.failure ?? "The UI code sandbox could not run";
    this.marginMs = opts.marginMs ?? 100;
    this.hostWorkMs = opts.hostWorkMs ?? 10_000;
    this.timeoutMs = opts.timeoutMs ?? 250;
    this.pipeline = Math.max(1, opts.pipeline ?? 1);
    for (let i = 0; i < Math.max(1, opts.size ?? 1); i++) {
      const unit: Unit = {
        worker: undefined as unknown as WorkerLike,
        generation: 0,
        ready: false,
        inflight: [],
        queue: [],
        sessions: 0,
      };
      this.units.push(unit);
      this.start(unit);
    }
  }

  /** Starts (or replaces) the unit's worker. */
  private start(unit: Unit): void {
    const generation = ++unit.generation;
    unit.ready = false;
    let worker: WorkerLike;
    try {
      worker = this.spawn();
    } catch (err) {
      this.fail(`${(err as Error).message ?? String(err)}`);
      return;
    }
    unit.worker = worker;
    worker.addEventListener("message", (e) => {
      if (unit.generation === generation) this.heard(unit, e.data);
    });
    worker.addEventListener("error", (e) => {
      e.preventDefault?.();
      if (unit.generation !== generation) return;
      // A script that never ran cannot be helped by starting it again; a worker that ran and died is replaced.
      if (!unit.ready) this.fail(e.message || "its worker script did not load");
      else this.replace(unit, { kind: "memory", message: `the sandbox stopped: ${e.message || "its worker died"}` });
    });
  }

  private heard(unit: Unit, m: WorkerResponse): void {
    if ("ready" in m) {
      unit.ready = true;
      // Requests handed over while the script was still loading: their time counts from now (a slow network or a busy
      // machine must not get a worker replaced before it could even start).
      if (unit.inflight.length > 0 && !unit.timer) this.arm(unit, this.hostWorkMs);
      this.pump();
      return;
    }
    const at = unit.inflight.findIndex((p) => p.req.id === m.id);
    if (at < 0) return;
    if ("exec" in m) {
      // Code started (deadline > 0): it must end by the deadline plus the margin. Code stopped: what is left is the
      // worker's own bounded work (checking the screen, the requests queued behind it).
      unit.running = m.exec > 0 ? m.id : undefined;
      unit.runningSince = m.exec > 0 ? Date.now() : undefined;
      unit.runningCpu = m.exec > 0 ? m.cpu : undefined;
      this.arm(unit, m.exec > 0 ? m.exec + this.marginMs - Date.now() : this.hostWorkMs);
      return;
    }
    const [p] = unit.inflight.splice(at, 1);
    if (unit.running === m.id) unit.running = unit.runningSince = unit.runningCpu = undefined;
    if (unit.inflight.length === 0) {
      if (unit.timer) clearTimeout(unit.timer);
      unit.timer = undefined;
    } else this.arm(unit, this.hostWorkMs);
    p!.resolve({ result: m.result, ms: m.ms });
    this.pump();
  }

  private arm(unit: Unit, ms: number): void {
    if (unit.timer) clearTimeout(unit.timer);
    unit.timer = setTimeout(
      () => {
        unit.timer = undefined;
        const overrun = unit.inflight[0];
        if (!overrun) return;
        // This thread may have been busy past the deadline itself: what the worker said meanwhile (its code ended, its
        // answer) is read first, so a timer that fired late never stops a worker whose code had finished in time.
        defer(() => {
          if (unit.inflight[0] !== overrun || unit.timer) return;
          const more = this.cpuLeft(unit);
          if (more > 0) return this.arm(unit, more);
          this.stops++;
          this.replace(unit, { kind: "timeout", message: timeLimitMessage(this.timeoutMs, true) });
        });
      },
      Math.max(0, ms),
    );
    (unit.timer as { unref?: () => void }).unref?.();
  }

  /**
   * How much longer (ms) the unit's running code may go on although its wall-clock deadline plus the margin has passed:
   * where the worker's CPU clock can be read, the code has had less CPU than its limit plus the margin (its thread
   * waited for a core), and the wall-clock ceiling is not reached. 0: stop it now.
   */
  private cpuLeft(unit: Unit): number {
    if (unit.running === undefined || unit.runningCpu === undefined || unit.runningSince === undefined) return 0;
    const cpu = unit.worker.cpuMs?.();
    if (cpu === undefined) return 0;
    const allowed = this.timeoutMs + this.marginMs;
    const left = allowed - (cpu - unit.runningCpu);
    const wallLeft = this.timeoutMs * WALL_CEILING_FACTOR + this.marginMs - (Date.now() - unit.runningSince);
    if (left <= 0 || wallLeft <= 0) return 0;
    return Math.min(wallLeft, Math.max(5, left));
  }

  /**
   * The time a request the host stops is charged (read before its worker is terminated): the wall-clock time since it
   * was handed over; where the worker's CPU clock can be read and its code had started, the CPU time that code had (the
   * time the limit counts), so a caller is not charged the time its thread waited for a core on a busy machine. Unlike
   * an answered request (`spent`, worker/serve.ts), the moments before its code started are not added: the host cannot
   * tell them from the wait behind requests handed to the worker ahead of it.
   */
  private spentBy(unit: Unit, p: Pending): number {
    const wall = Date.now() - p.started;
    if (unit.running !== p.req.id || unit.runningCpu === undefined) return wall;
    const cpu = unit.worker.cpuMs?.();
    return cpu === undefined ? wall : Math.min(wall, Math.max(0, cpu - unit.runningCpu));
  }

  /**
   * Terminates the unit's worker, answers the request it was running (or, running none, the first it had) with `error`,
   * and starts a fresh worker in its place, which takes the requests that were queued behind it.
   */
  private replace(unit: Unit, error: EvalError): void {
    const culprit = unit.inflight.find((p) => p.req.id === unit.running) ?? unit.inflight[0];
    const spent = culprit ? this.spentBy(unit, culprit) : 0;
    const behind = unit.inflight.filter((p) => p !== culprit);
    unit.inflight = [];
    unit.running = unit.runningSince = unit.runningCpu = undefined;
    if (unit.timer) clearTimeout(unit.timer);
    unit.timer = undefined;
    try {
      unit.worker.terminate();
    } catch {
      // Already gone.
    }
    // Their sessions' requests go back to this unit's own queue, the others to the shared one, in their order.
    unit.queue.unshift(...behind.filter((p) => p.req.session !== undefined));
    this.shared.unshift(...behind.filter((p) => p.req.session === undefined));
    const result: EvalResult = { ok: false, error };
    if (culprit) {
      if (culprit.req.session !== undefined && !culprit.req.close) this.stopped.set(culprit.req.session, result);
      culprit.resolve({ result, ms: spent });
    }
    this.start(unit);
    if (!this.failed) this.pump();
  }

  /**
   * Hands out waiting requests: each unit's own (its sessions') first, then the shared queue's, each unit up to
   * `pipeline` at once (see `choose`).
   */
  private pump(): void {
    if (this.failed) return;
    for (const unit of this.units)
      while (unit.queue.length > 0 && unit.inflight.length < this.pipeline) this.hand(unit, unit.queue.shift()!);
    for (let unit = this.choose(); unit && this.shared.length > 0; unit = this.choose()) this.hand(unit, this.shared.shift()!);
  }

  /**
   * Where the next shared request goes: an idle worker (a ready one before one still loading), else the busy worker
   * with the fewest in hand — but never behind code that has been running for more than a moment (it may be held to
   * its deadline, and what waits behind it would wait for its replacement): such a request waits here instead.
   */
  private choose(): Unit | undefined {
    const now = Date.now();
    const room = this.units.filter((u) => u.inflight.length < this.pipeline);
    const idle = room.filter((u) => u.inflight.length === 0);
    const busy = room.filter(
      (u) => u.ready && u.inflight.length > 0 && (u.runningSince === undefined || now - u.runningSince <= BUSY_AHEAD_MS),
    );
    return (
      idle.find((u) => u.ready) ??
      idle[0] ??
      busy.reduce<Unit | undefined>((a, b) => (!a || b.inflight.length < a.inflight.length ? b : a), undefined)
    );
  }

  private hand(unit: Unit, p: Pending): void {
    // A session whose code was stopped: the rest of its answer still holds that code.
    const stopped = p.req.session !== undefined && !p.req.close ? this.stopped.get(p.req.session) : undefined;
    if (stopped) return p.resolve({ result: stopped, ms: 0 });
    if (unit.inflight.length === 0 && unit.ready) this.arm(unit, this.hostWorkMs);
    unit.inflight.push(p);
    p.started = Date.now();
    unit.worker.postMessage(p.req);
  }

  /** No worker can run: every request waiting is rejected (`quietly`: dropped), and so is every later one. */
  private fail(message: string, quietly = false): void {
    this.failed = new Error(`${this.failure} (${message}).`);
    const waiting = [...this.shared.splice(0)];
    for (const u of this.units) {
      waiting.push(...u.inflight.splice(0));
      waiting.push(...u.queue.splice(0));
      if (u.timer) clearTimeout(u.timer);
      u.timer = undefined;
    }
    if (!quietly) for (const p of waiting) p.reject(this.failed);
  }

  private ask(code: string, prefix: boolean, session?: number, close?: boolean): Promise<{ result: EvalResult; ms: number }> {
    const req: WorkerRequest = { id: this.next++, code, prefix };
    if (session !== undefined) req.session = session;
    if (close) req.close = true;
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const p: Pending = { req, resolve, reject, started: 0 };
      if (session === undefined) {
        this.shared.push(p);
        this.pump();
        return;
      }
      let unit = this.sessionUnit.get(session);
      if (!unit) {
        // A new session goes to the worker holding the fewest.
        unit = this.units.reduce((a, b) => (b.sessions < a.sessions ? b : a));
        unit.sessions++;
        this.sessionUnit.set(session, unit);
      }
      if (close) {
        this.sessionUnit.delete(session);
        this.stopped.delete(session);
        unit.sessions--;
      }
      unit.queue.push(p);
      this.pump();
    });
  }

  evaluate(code: string) {
    return this.ask(code, false);
  }

  evaluatePrefix(code: string) {
    return this.ask(code, true);
  }

  /**
   * A streaming session in a worker (`UiCodeEvaluator.stream()`): `push(prefix)` with each longer prefix of one
   * answer answers the screen so far, evaluating complete statements once; `close()` frees its sandbox.
   */
  session(): EvaluatorSession {
    const session = this.nextSession++;
    let closed = false;
    return {
      push: (prefix: string) => this.ask(prefix, true, session),
      close: () => {
        if (closed) return;
        closed = true;
        this.ask("", true, session, true).catch(() => undefined);
      },
    };
  }

  /** Stops every worker; requests still waiting are dropped, later ones rejected. */
  terminate(): void {
    if (!this.failed) this.fail("it was closed", true);
    for (const u of this.units) {
      u.generation++;
      try {
        u.worker?.terminate();
      } catch {
        // Already gone.
      }
    }
  }
}
