import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type { Screen } from "../schema";
import { MAX_SCREEN_DEPTH, MAX_SCREEN_JSON_LENGTH, repairScreen, screenJsonProblem, type Issue } from "../validate";
import { commitBoundary, prefixCandidates } from "./prefix";
import { timeLimitMessage, WALL_CEILING_FACTOR } from "./messages";
import { PRELUDE } from "./prelude";

export { timeLimitMessage };

/**
 * Evaluates UI code in a QuickJS sandbox (WebAssembly): its own heap with a memory limit, a CPU-time deadline per
 * evaluation, a bounded stack, and nothing of the host — no network, timers, DOM, `process`, `require` or host
 * globals; the code and the screen cross the boundary as strings only. No state of one request's code reaches
 * another's: a one-shot evaluation runs in a sandbox whose whole WebAssembly memory is put back to the image taken
 * before any code ran (the heap, and with it every runtime and context state: built-ins, globals, jobs, atoms); every
 * stream's answer runs in a QuickJS runtime of its own, freed afterwards. The same evaluator runs in Node (generation)
 * and in a browser Web Worker (the playground), given the QuickJS build for that platform.
 */

export type EvalErrorKind = "syntax" | "runtime" | "timeout" | "memory" | "stack" | "invalid";

export interface EvalError {
  kind: EvalErrorKind;
  message: string;
}

export type EvalResult = { ok: true; screen: Screen; issues: Issue[]; repairs: string[] } | { ok: false; error: EvalError };

export interface EvaluatorOptions {
  /**
   * Time per evaluation (default 100 ms): the thread's CPU time where the platform has a per-thread CPU clock (a Node
   * worker thread on Linux, see worker/thread-cpu.ts), else wall-clock time.
   */
  timeoutMs?: number;
  /** Memory of the sandbox: its WebAssembly memory cannot grow past this (default 32 MiB, at least 16 MiB). */
  memoryBytes?: number;
  /** Stack of the sandbox (default 256 KiB). */
  stackBytes?: number;
  /** Largest code accepted (default 64,000 characters). */
  maxCodeLength?: number;
  /** Largest screen JSON text taken from the sandbox (default 1,000,000 characters). */
  maxScreenLength?: number;
  /** Deepest nesting of objects and arrays in the screen JSON (default 128). */
  maxScreenDepth?: number;
}

/** The defaults of `EvaluatorOptions`. */
export const SANDBOX_DEFAULTS: Readonly<Required<EvaluatorOptions>> = Object.freeze({
  timeoutMs: 100,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  maxCodeLength: 64_000,
  maxScreenLength: MAX_SCREEN_JSON_LENGTH,
  maxScreenDepth: MAX_SCREEN_DEPTH,
});

function classify(message: string): EvalErrorKind {
  if (/interrupted/i.test(message)) return "timeout";
  if (/out of memory|string too long/i.test(message)) return "memory";
  if (/stack overflow|call stack/i.test(message)) return "stack";
  if (/^SyntaxError/.test(message)) return "syntax";
  return "runtime";
}

/**
 * One QuickJS runtime with one context and the prelude loaded. It serves one evaluation (or one stream's answer) and
 * is then freed: nothing of one request's code — a replaced built-in, a global, a pending job, a registered symbol —
 * can reach another's, since QuickJS keeps such state per context (built-ins, globals) or per runtime (job queue,
 * atoms and the Symbol.for registry), never across runtimes.
 */
interface Sandbox {
  rt: QuickJSRuntime;
  ctx: QuickJSContext;
  /** The evaluator's module generation it was made in (a dropped module takes its sandboxes with it). */
  generation: number;
  /** Freed (after a fault, or when its user finished). */
  dead: boolean;
}

/**
 * The one-shot sandbox: a WebAssembly instance of its own with one runtime and context, the prelude loaded, and a copy
 * of its linear memory taken before any code ran. After every evaluation that copy is written back, so the next
 * evaluation starts from exactly the same bytes: whatever the previous code changed — a replaced built-in, a global,
 * a pending job, an atom, an allocation — is gone, and a memory or time fault leaves nothing behind either. Writing
 * back the image (~0.3 MB) costs about 0.01 ms; making a fresh runtime with the prelude costs about 0.8 ms, since
 * QuickJS compiles the prelude every time and this build cannot load compiled bytecode (`npm run bench:sandbox`).
 */
interface Pristine {
  rt: QuickJSRuntime;
  ctx: QuickJSContext;
  /** Writes the image back. */
  restore(): void;
}

const PAGE = 65_536;

/** A part of the image: its bytes and where they go. */
interface Segment {
  at: number;
  bytes: Uint8Array;
}

/**
 * The image of `memory`: everything up to its last non-zero byte (above it lies unused heap), except the C stack —
 * the one long run of zero pages between the static data and the heap (5 MiB in this build). The stack's content is
 * dead between calls (every frame is written before it is read), so it need not be written back, and skipping it makes
 * writing the image back 16 times cheaper (~0.3 MB instead of ~5.5 MB). A run shorter than 1 MiB is not taken for the
 * stack: then everything is written back.
 */
function imageOf(memory: { buffer: ArrayBuffer }): Segment[] {
  const all = new Uint8Array(memory.buffer);
  const words = new BigUint64Array(memory.buffer);
  let end = words.length;
  while (end > 0 && words[end - 1] === 0n) end--;
  const pages = Math.ceil((end * 8) / PAGE);
  const zero = (p: number) => {
    for (let w = (p * PAGE) / 8, last = ((p + 1) * PAGE) / 8; w < last; w++) if (words[w] !== 0n) return false;
    return true;
  };
  let run = { from: 0, to: 0 };
  for (let p = 0; p < pages;) {
    if (!zero(p)) {
      p++;
      continue;
    }
    let q = p;
    while (q < pages && zero(q)) q++;
    if (q - p > run.to - run.from) run = { from: p, to: q };
    p = q;
  }
  const parts: [number, number][] =
    run.to - run.from >= 16 && run.to < pages
      ? [
          [0, run.from],
          [run.to, pages],
        ]
      : [[0, pages]];
  return parts.filter(([a, b]) => b > a).map(([a, b]) => ({ at: a * PAGE, bytes: all.slice(a * PAGE, b * PAGE) }));
}

/** Four random 32-bit words for the sandbox's `Math.random` (the image would otherwise repeat its sequence). */
function seed(): [number, number, number, number] {
  const words = new Uint32Array(4);
  (globalThis as unknown as { crypto: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto.getRandomValues(words);
  return [words[0]!, words[1]!, words[2]!, words[3]!];
}

export class UiCodeEvaluator {
  private module?: QuickJSWASMModule;
  private loading?: Promise<QuickJSWASMModule>;
  private readonly opts: Required<EvaluatorOptions>;
  /** Bumped whenever the WebAssembly instance is dropped: sandboxes of an older generation are gone. */
  private generation = 0;
  /** A sandbox made ahead while idle, so an evaluation need not wait for the prelude; never has run any code. */
  private spare?: Sandbox;
  private refill?: ReturnType<typeof setTimeout>;
  /** The one-shot sandbox (evaluate / evaluatePrefix), made on first use. */
  private pristine?: Pristine;
  private pristineLoading?: Promise<Pristine>;
  private onExec?: (deadline: number, cpuMs?: number) => void;
  /** This thread's CPU clock (ms), where the host has one: the deadline then counts CPU time (see `execIn`). */
  private readonly cpuMs?: () => number | undefined;

  /**
   * `variant` is the QuickJS build for this platform. Each evaluator has its own WebAssembly instance whose memory is
   * capped (QuickJS's own allocation accounting is not reliable in WebAssembly builds); after a memory fault the
   * instance is thrown away and a fresh one made. `clock.cpuMs`, where the platform has one, reads the CPU time of the
   * thread the evaluator runs in (ms): the time limit then counts the CPU the code had, not the wall-clock time.
   */
  constructor(
    private readonly variant: QuickJSSyncVariant,
    opts: EvaluatorOptions = {},
    clock: { cpuMs?: () => number | undefined } = {},
  ) {
    this.cpuMs = clock.cpuMs;
    this.opts = {
      timeoutMs: opts.timeoutMs ?? SANDBOX_DEFAULTS.timeoutMs,
      memoryBytes: Math.max(opts.memoryBytes ?? SANDBOX_DEFAULTS.memoryBytes, 16 * 1024 * 1024),
      stackBytes: opts.stackBytes ?? SANDBOX_DEFAULTS.stackBytes,
      maxCodeLength: opts.maxCodeLength ?? SANDBOX_DEFAULTS.maxCodeLength,
      maxScreenLength: opts.maxScreenLength ?? SANDBOX_DEFAULTS.maxScreenLength,
      maxScreenDepth: opts.maxScreenDepth ?? SANDBOX_DEFAULTS.maxScreenDepth,
    };
  }

  private async ensureModule(): Promise<QuickJSWASMModule> {
    if (this.module) return this.module;
    // One instance even when several callers ask while it is being made (e.g. `prepare()` and a first evaluation).
    const generation = this.generation;
    this.loading ??= this.newModule().then((m) => m.module);
    try {
      const module = await this.loading;
      if (generation === this.generation) this.module = module;
      return module;
    } finally {
      this.loading = undefined;
    }
  }

  /** A new runtime and context with the prelude loaded. */
  private build(module: QuickJSWASMModule): Sandbox {
    const rt = module.newRuntime();
    try {
      rt.setMaxStackSize(this.opts.stackBytes);
      const ctx = rt.newContext();
      const r = ctx.evalCode(PRELUDE, "prelude.js");
      if (r.error) {
        const msg = JSON.stringify(ctx.dump(r.error));
        r.error.dispose();
        ctx.dispose();
        throw new Error(`UI code prelude failed: ${msg}`);
      }
      r.value.dispose();
      return { rt, ctx, generation: this.generation, dead: false };
    } catch (err) {
      try {
        rt.dispose();
      } catch {
        // Freed with the instance.
      }
      throw err;
    }
  }

  /**
   * A sandbox no code has run in: the spare if there is one, else a new one. If the instance cannot even make one
   * (a broken or exhausted instance), it is replaced once.
   */
  private async take(): Promise<Sandbox> {
    const spare = this.spare;
    this.spare = undefined;
    this.scheduleRefill();
    if (spare && !spare.dead && spare.generation === this.generation) return spare;
    try {
      return this.build(await this.ensureModule());
    } catch {
      this.dropModule();
      return this.build(await this.ensureModule());
    }
  }

  /** Makes the next sandbox when the thread is idle (a macrotask: back-to-back evaluations do not wait for it). */
  private scheduleRefill(): void {
    if (this.refill || this.spare) return;
    this.refill = setTimeout(() => {
      this.refill = undefined;
      if (this.spare || !this.module) return;
      try {
        this.spare = this.build(this.module);
      } catch {
        // The next evaluation makes its own (and replaces the instance if it must).
      }
    }, 0);
    (this.refill as { unref?: () => void }).unref?.();
  }

  /** Frees a sandbox; a failure to free means the instance is broken: it is dropped. */
  private release(sb: Sandbox): void {
    if (sb.dead) return;
    sb.dead = true;
    if (sb.generation !== this.generation) return;
    try {
      sb.ctx.dispose();
      sb.rt.dispose();
    } catch {
      this.dropModule();
    }
  }

  /** Forgets the WebAssembly instance and every sandbox in it (they are not freed one by one: it may be broken). */
  private dropModule(): void {
    this.generation++;
    this.spare = undefined;
    this.module = undefined;
  }

  /** A new WebAssembly instance of its own with memory capped like the streams' instance. */
  private async newModule(): Promise<{ module: QuickJSWASMModule; memory: { buffer: ArrayBuffer } }> {
    const pages = Math.floor(this.opts.memoryBytes / 65_536);
    const wasm = (
      globalThis as unknown as {
        WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => { buffer: ArrayBuffer } };
      }
    ).WebAssembly;
    const memory = new wasm.Memory({ initial: 256, maximum: pages });
    const module = await newQuickJSWASMModuleFromVariant(newVariant(this.variant, { wasmMemory: memory as never }));
    return { module, memory };
  }

  /** The one-shot sandbox, made (once, even for concurrent callers) on first use and after its instance failed. */
  private async oneShot(): Promise<Pristine> {
    if (this.pristine) return this.pristine;
    this.pristineLoading ??= (async () => {
      const { module, memory } = await this.newModule();
      const { rt, ctx } = this.build(module);
      const image = imageOf(memory);
      const restore = () => {
        const all = new Uint8Array(memory.buffer);
        for (const { at, bytes } of image) all.set(bytes, at);
      };
      return { rt, ctx, restore };
    })();
    try {
      this.pristine = await this.pristineLoading;
      return this.pristine;
    } finally {
      this.pristineLoading = undefined;
    }
  }

  /** Runs code in the one-shot sandbox and answers the raw JSON text of the screen it built, or the error. */
  private async run(code: string): Promise<{ json: string } | { error: EvalError }> {
    if (code.length > this.opts.maxCodeLength)
      return { error: { kind: "invalid", message: `code is longer than ${this.opts.maxCodeLength} characters` } };
    const p = await this.oneShot();
    // The model's code runs in a function of its own (strict mode); `Math.random` gets a fresh seed.
    const source = `__reset(${seed().join(",")});(function(){"use strict";\n${code}\n})();__result()`;
    const { result, fault } = this.execIn(p.rt, p.ctx, source);
    // Whatever happened (a fault too), the next evaluation starts from the image; an instance that itself failed is
    // not used again.
    if (fault === "broken") this.pristine = undefined;
    else p.restore();
    return result;
  }

  /**
   * Evaluates `source` in a stream's sandbox (see `execIn`). A time or stack fault frees the sandbox; a memory fault
   * or a failure of the instance itself drops the instance.
   */
  private exec(sb: Sandbox, source: string): { json: string } | { error: EvalError } {
    if (sb.dead || sb.generation !== this.generation)
      return { error: { kind: "memory", message: "the sandbox was reset; evaluate again" } };
    const { result, fault } = this.execIn(sb.rt, sb.ctx, source);
    if (fault === "broken" || fault === "memory") this.dropModule();
    else if (fault) this.release(sb);
    return result;
  }

  /**
   * Evaluates `source` under its deadline (see `overran`); answers its string value (at most `maxScreenLength` characters) or the
   * error, and the fault, if any: a limit the code hit (time, memory, stack), or `broken` when the WebAssembly
   * instance itself failed (aborted, or the host's own stack ran out inside it).
   */
  private execIn(
    rt: QuickJSRuntime,
    ctx: QuickJSContext,
    source: string,
  ): { result: { json: string } | { error: EvalError }; fault?: "timeout" | "memory" | "stack" | "broken" } {
    const limit = this.opts.timeoutMs;
    const started = Date.now();
    const cpuAtStart = this.cpuMs?.();
    // Without a CPU clock the deadline is wall-clock time. With one, a deadline passed is only a prompt to read the
    // clock: code that had less CPU than its limit (its thread waited for a core) gets a later deadline for what is
    // left, up to a wall-clock ceiling. The clock is read once per evaluation otherwise.
    const ceiling = started + (cpuAtStart === undefined ? limit : limit * WALL_CEILING_FACTOR);
    let deadline = started + limit;
    const overran = (): boolean => {
      const now = Date.now();
      if (now <= deadline) return false;
      if (cpuAtStart === undefined || now > ceiling) return true;
      const cpu = this.cpuMs?.();
      if (cpu === undefined || cpu - cpuAtStart >= limit) return true;
      deadline = Math.min(ceiling, now + Math.max(1, limit - (cpu - cpuAtStart)));
      return false;
    };
    rt.setInterruptHandler(overran);
    // Whoever hosts this evaluator (a worker thread, a Web Worker) is told when code starts and stops running, so it
    // can stop the thread when a built-in running in C ignores the interrupt handler (see worker/client.ts).
    this.onExec?.(started + limit, cpuAtStart);
    let fault: "timeout" | "memory" | "stack" | "broken" | undefined;
    const answer = (result: { json: string } | { error: EvalError }) => ({ result, ...(fault ? { fault } : {}) });
    try {
      const r = ctx.evalCode(source, "ui.js");
      if (r.error) {
        const dumped = ctx.dump(r.error) as { name?: string; message?: string } | string;
        r.error.dispose();
        const message =
          typeof dumped === "object" && dumped ? `${dumped.name ?? "Error"}: ${dumped.message ?? ""}` : String(dumped);
        const kind = classify(message);
        if (kind === "timeout" || kind === "memory" || kind === "stack") fault = kind;
        return answer({
          error: { kind, message: kind === "timeout" ? timeLimitMessage(this.opts.timeoutMs) : message },
        });
      }
      try {
        // QuickJS asks the interrupt handler only every so many bytecodes: code that spent its time in a few long
        // built-ins (in C) can end past its deadline without being asked. It overran all the same, and gets the
        // time-limit error, never its screen, however short the overrun (whether the host had stopped its thread yet).
        if (overran()) {
          fault = "timeout";
          return answer({ error: { kind: "timeout", message: timeLimitMessage(this.opts.timeoutMs) } });
        }
        if (ctx.typeof(r.value) !== "string")
          return answer({ error: { kind: "invalid", message: "the code's result is not a screen" } });
        // The length is read inside the sandbox: an oversized text is never copied out.
        const length = ctx.getLength(r.value) ?? 0;
        if (length > this.opts.maxScreenLength)
          return answer({
            error: { kind: "invalid", message: `the screen's JSON is longer than ${this.opts.maxScreenLength} characters` },
          });
        return answer({ json: ctx.getString(r.value) });
      } finally {
        r.value.dispose();
      }
    } catch (err) {
      fault = "broken";
      const message = (err as Error).message ?? String(err);
      if (/call stack/i.test(message))
        return answer({ error: { kind: "stack", message: "the code nested too deeply (the sandbox's stack ran out)" } });
      return answer({ error: { kind: "memory", message: `the sandbox failed: ${message}`.slice(0, 300) } });
    } finally {
      this.onExec?.(0);
      if (fault !== "broken") {
        try {
          rt.removeInterruptHandler();
        } catch {
          fault = "broken";
        }
      }
    }
  }

  /**
   * Tells `watch` the wall-clock deadline (epoch ms) each time the sandbox starts running code, with the thread's CPU
   * time then (ms, where there is a CPU clock), and 0 when it stops. QuickJS checks its deadline only between bytecodes,
   * so a host that must stop any code in time (a built-in such as `indexOf` with a long needle runs in C for seconds)
   * watches from outside and terminates the thread.
   */
  watchExecs(watch: (deadline: number, cpuMs?: number) => void): void {
    this.onExec = watch;
  }

  /**
   * A streaming session: `push(prefix)` with each longer prefix of one answer answers the screen so far, evaluating
   * each complete top-level statement once (in a sandbox of the session's own, for this one answer only) and only the
   * unfinished tail again. Falls back to whole-prefix evaluation if incremental evaluation cannot continue (an error
   * in a committed statement, a sandbox fault). `dispose()` when the stream ends.
   */
  stream(): UiCodeStream {
    return new UiCodeStream({
      open: async () => {
        try {
          const sb = await this.take();
          // The answer's own `Math.random` seed (a new sandbox starts from the prelude's fixed one).
          this.exec(sb, `__reset(${seed().join(",")});""`);
          return sb;
        } catch {
          return undefined;
        }
      },
      alive: (sb) => !sb.dead && sb.generation === this.generation,
      exec: (sb, source) => this.exec(sb, source),
      close: (sb) => this.release(sb),
      finish: (json) => this.finish(json),
      fallback: (prefix) => this.evaluatePrefix(prefix),
    });
  }

  /**
   * The screen from the sandbox's JSON text. The text is untrusted: its size was capped in `exec`, its nesting is
   * checked here before the host parses or walks it, and anything unreadable is an invalid result, never a throw.
   */
  private finish(json: string): EvalResult {
    const problem = screenJsonProblem(json, { maxLength: this.opts.maxScreenLength, maxDepth: this.opts.maxScreenDepth });
    if (problem) return { ok: false, error: { kind: "invalid", message: problem } };
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      return { ok: false, error: { kind: "invalid", message: "the code's result is not a screen (not JSON)" } };
    }
    try {
      const repaired = repairScreen(parsed);
      return { ok: true, screen: repaired.screen, issues: repaired.issues, repairs: repaired.repairs };
    } catch (err) {
      return {
        ok: false,
        error: { kind: "invalid", message: `the screen could not be checked: ${(err as Error).message}`.slice(0, 300) },
      };
    }
  }

  /** Evaluates complete UI code into a validated (and safely repaired) screen. */
  async evaluate(code: string): Promise<EvalResult> {
    const r = await this.run(code);
    if ("error" in r) return { ok: false, error: r.error };
    return this.finish(r.json);
  }

  /**
   * Evaluates a prefix of UI code (a stream cut anywhere): the screen built so far. Tries the closed prefix first,
   * then shorter cuts; answers the first that evaluates.
   */
  async evaluatePrefix(prefix: string): Promise<EvalResult> {
    let last: EvalResult = { ok: false, error: { kind: "syntax", message: "nothing to evaluate yet" } };
    for (const candidate of prefixCandidates(prefix)) {
      last = await this.evaluate(candidate);
      if (last.ok || last.error.kind !== "syntax") return last;
    }
    return last;
  }

  /** Makes the one-shot sandbox ahead (e.g. when a page opens its editor), so the first evaluation does not wait for it. */
  async prepare(): Promise<void> {
    await this.oneShot();
  }

  /** Frees everything; the evaluator stays usable (the next evaluation starts a fresh instance). */
  dispose(): void {
    if (this.refill) clearTimeout(this.refill);
    this.refill = undefined;
    if (this.spare) this.release(this.spare);
    this.dropModule();
    this.pristine = undefined;
  }
}

/** An evaluator with a given QuickJS build (the browser worker passes the browser build). */
export function createEvaluator(variant: QuickJSSyncVariant, opts: EvaluatorOptions = {}): UiCodeEvaluator {
  return new UiCodeEvaluator(variant, opts);
}

interface StreamHost {
  open(): Promise<Sandbox | undefined>;
  alive(sb: Sandbox): boolean;
  exec(sb: Sandbox, source: string): { json: string } | { error: EvalError };
  close(sb: Sandbox): void;
  finish(json: string): EvalResult;
  fallback(prefix: string): Promise<EvalResult>;
}

/** See `UiCodeEvaluator.stream()`. */
export class UiCodeStream {
  private session?: Sandbox;
  private committed = 0;
  private incremental = true;
  private code = "";

  constructor(private readonly host: StreamHost) {}

  async push(prefix: string): Promise<EvalResult> {
    if (!prefix.startsWith(this.code.slice(0, this.committed))) this.restart();
    this.code = prefix;
    if (!this.incremental) return this.host.fallback(prefix);
    this.session ??= await this.host.open();
    if (!this.session || !this.host.alive(this.session)) return this.giveUp(prefix);
    const sb = this.session;
    const boundary = commitBoundary(prefix, this.committed);
    if (boundary > this.committed) {
      const r = this.host.exec(sb, `"use strict";\n${prefix.slice(this.committed, boundary)}\n;""`);
      if ("error" in r) return this.giveUp(prefix);
      this.committed = boundary;
    }
    const tail = prefix.slice(this.committed);
    let last: EvalResult = { ok: false, error: { kind: "syntax", message: "nothing to evaluate yet" } };
    for (const candidate of prefixCandidates(tail)) {
      if (!this.host.alive(sb)) return this.giveUp(prefix);
      const r = this.host.exec(sb, `__mark();try{(function(){"use strict";\n${candidate}\n})();__result()}finally{__rollback()}`);
      if (!("error" in r)) return this.host.finish(r.json);
      last = { ok: false, error: r.error };
      if (r.error.kind !== "syntax") return last;
    }
    return last;
  }

  private giveUp(prefix: string): Promise<EvalResult> {
    this.incremental = false;
    this.dispose();
    return this.host.fallback(prefix);
  }

  private restart(): void {
    this.dispose();
    this.committed = 0;
    this.incremental = true;
  }

  /** Frees the session's sandbox (its runtime, with everything the answer's code made). */
  dispose(): void {
    if (this.session) this.host.close(this.session);
    this.session = undefined;
  }
}
