import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";
import type { Screen } from "../schema";
import { repairScreen, type Issue } from "../validate";
import { commitBoundary, prefixCandidates } from "./prefix";
import { PRELUDE } from "./prelude";

/**
 * Evaluates UI code in a QuickJS sandbox (WebAssembly): its own heap with a memory limit, a CPU-time deadline per
 * evaluation, a bounded stack, and nothing of the host — no network, timers, DOM, `process`, `require` or host
 * globals; the code and the screen cross the boundary as strings only. The same evaluator runs in Node (generation)
 * and in a browser Web Worker (the playground), given the QuickJS build for that platform.
 */

export type EvalErrorKind = "syntax" | "runtime" | "timeout" | "memory" | "stack" | "invalid";

export interface EvalError {
  kind: EvalErrorKind;
  message: string;
}

export type EvalResult = { ok: true; screen: Screen; issues: Issue[]; repairs: string[] } | { ok: false; error: EvalError };

export interface EvaluatorOptions {
  /** CPU time per evaluation (default 100 ms). */
  timeoutMs?: number;
  /** Memory of the sandbox: its WebAssembly memory cannot grow past this (default 32 MiB, at least 16 MiB). */
  memoryBytes?: number;
  /** Stack of the sandbox (default 256 KiB). */
  stackBytes?: number;
  /** Largest code accepted (default 200,000 characters). */
  maxCodeLength?: number;
}

function classify(message: string): EvalErrorKind {
  if (/interrupted/i.test(message)) return "timeout";
  if (/out of memory/i.test(message)) return "memory";
  if (/stack overflow|call stack/i.test(message)) return "stack";
  if (/^SyntaxError/.test(message)) return "syntax";
  return "runtime";
}

export class UiCodeEvaluator {
  private module?: QuickJSWASMModule;
  private runtime?: QuickJSRuntime;
  private context?: QuickJSContext;
  private readonly opts: Required<EvaluatorOptions>;

  /**
   * `variant` is the QuickJS build for this platform. Each evaluator has its own WebAssembly instance whose memory is
   * capped (QuickJS's own allocation accounting is not reliable in WebAssembly builds); after a fault the instance is
   * thrown away and a fresh one made.
   */
  constructor(
    private readonly variant: QuickJSSyncVariant,
    opts: EvaluatorOptions = {},
  ) {
    this.opts = {
      timeoutMs: opts.timeoutMs ?? 100,
      memoryBytes: Math.max(opts.memoryBytes ?? 32 * 1024 * 1024, 16 * 1024 * 1024),
      stackBytes: opts.stackBytes ?? 256 * 1024,
      maxCodeLength: opts.maxCodeLength ?? 200_000,
    };
  }

  private async ensureModule(): Promise<QuickJSWASMModule> {
    if (!this.module) {
      const pages = Math.floor(this.opts.memoryBytes / 65_536);
      const wasm = (globalThis as unknown as { WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => object } })
        .WebAssembly;
      const wasmMemory = new wasm.Memory({ initial: 256, maximum: pages });
      this.module = await newQuickJSWASMModuleFromVariant(newVariant(this.variant, { wasmMemory: wasmMemory as never }));
    }
    return this.module;
  }

  /** A context with the prelude loaded; rebuilt after any fault (a context that hit a limit is not reused). */
  private ctx(module: QuickJSWASMModule): QuickJSContext {
    if (this.context) return this.context;
    const rt = module.newRuntime();
    rt.setMaxStackSize(this.opts.stackBytes);
    const ctx = rt.newContext();
    const r = ctx.evalCode(PRELUDE, "prelude.js");
    if (r.error) {
      const msg = JSON.stringify(ctx.dump(r.error));
      r.error.dispose();
      ctx.dispose();
      rt.dispose();
      throw new Error(`UI code prelude failed: ${msg}`);
    }
    r.value.dispose();
    this.runtime = rt;
    this.context = ctx;
    return ctx;
  }

  /** Drops the context (and, after a memory fault or a failed free, the whole WebAssembly instance). */
  private reset(dropModule: boolean): void {
    try {
      this.context?.dispose();
      this.runtime?.dispose();
    } catch {
      dropModule = true;
    }
    this.context = undefined;
    this.runtime = undefined;
    if (dropModule) this.module = undefined;
  }

  /** Runs code and answers the raw JSON text of the screen it built, or the error. */
  private async run(code: string): Promise<{ json: string } | { error: EvalError }> {
    if (code.length > this.opts.maxCodeLength)
      return { error: { kind: "invalid", message: `code is longer than ${this.opts.maxCodeLength} characters` } };
    const ctx = this.ctx(await this.ensureModule());
    // The model's code runs in a function of its own (strict mode): its variables never outlive one evaluation.
    return this.exec(ctx, `__reset();(function(){"use strict";\n${code}\n})();__result()`);
  }

  /**
   * Evaluates `source` in `ctx` under the CPU deadline; answers its string value or the error. A fault (time,
   * memory, stack) drops the runtime, and with it every context in it.
   */
  private exec(ctx: QuickJSContext, source: string): { json: string } | { error: EvalError } {
    const deadline = Date.now() + this.opts.timeoutMs;
    this.runtime!.setInterruptHandler(() => Date.now() > deadline);
    let faulted: EvalErrorKind | undefined;
    try {
      const r = ctx.evalCode(source, "ui.js");
      if (r.error) {
        const dumped = ctx.dump(r.error) as { name?: string; message?: string } | string;
        r.error.dispose();
        const message =
          typeof dumped === "object" && dumped ? `${dumped.name ?? "Error"}: ${dumped.message ?? ""}` : String(dumped);
        const kind = classify(message);
        if (kind === "timeout" || kind === "memory" || kind === "stack") faulted = kind;
        return { error: { kind, message: kind === "timeout" ? `code ran longer than ${this.opts.timeoutMs} ms` : message } };
      }
      const json = ctx.typeof(r.value) === "string" ? ctx.getString(r.value) : "";
      r.value.dispose();
      return { json };
    } catch (err) {
      // The WebAssembly instance itself failed (e.g. aborted): it is not reused.
      faulted = "memory";
      return { error: { kind: "memory", message: `the sandbox failed: ${(err as Error).message ?? String(err)}`.slice(0, 300) } };
    } finally {
      try {
        this.runtime?.removeInterruptHandler();
      } catch {
        faulted = "memory";
      }
      if (faulted) {
        this.generation++;
        this.reset(faulted === "memory");
      }
    }
  }

  /** Bumped whenever the runtime is dropped: a stream's context from an older generation is gone. */
  private generation = 0;

  /**
   * A streaming session: `push(prefix)` with each longer prefix of one answer answers the screen so far, evaluating
   * each complete top-level statement once (in a context of the session's own) and only the unfinished tail again.
   * Falls back to whole-prefix evaluation if incremental evaluation cannot continue (an error in a committed
   * statement, a sandbox fault). `dispose()` when the stream ends.
   */
  stream(): UiCodeStream {
    return new UiCodeStream({
      open: async () => {
        const module = await this.ensureModule();
        this.ctx(module);
        const ctx = this.runtime!.newContext();
        const r = ctx.evalCode(PRELUDE, "prelude.js");
        if (r.error) {
          r.error.dispose();
          ctx.dispose();
          return undefined;
        }
        r.value.dispose();
        return { ctx, generation: this.generation };
      },
      alive: (generation) => generation === this.generation,
      exec: (ctx, source) => this.exec(ctx, source),
      finish: (json) => this.finish(json),
      fallback: (prefix) => this.evaluatePrefix(prefix),
    });
  }

  private finish(json: string): EvalResult {
    const repaired = repairScreen(JSON.parse(json));
    return { ok: true, screen: repaired.screen, issues: repaired.issues, repairs: repaired.repairs };
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

  dispose(): void {
    this.generation++;
    this.reset(true);
  }
}

/** An evaluator with a given QuickJS build (the browser worker passes the browser build). */
export function createEvaluator(variant: QuickJSSyncVariant, opts: EvaluatorOptions = {}): UiCodeEvaluator {
  return new UiCodeEvaluator(variant, opts);
}

interface StreamHost {
  open(): Promise<{ ctx: QuickJSContext; generation: number } | undefined>;
  alive(generation: number): boolean;
  exec(ctx: QuickJSContext, source: string): { json: string } | { error: EvalError };
  finish(json: string): EvalResult;
  fallback(prefix: string): Promise<EvalResult>;
}

/** See `UiCodeEvaluator.stream()`. */
export class UiCodeStream {
  private session?: { ctx: QuickJSContext; generation: number };
  private committed = 0;
  private incremental = true;
  private code = "";

  constructor(private readonly host: StreamHost) {}

  async push(prefix: string): Promise<EvalResult> {
    if (!prefix.startsWith(this.code.slice(0, this.committed))) this.restart();
    this.code = prefix;
    if (!this.incremental) return this.host.fallback(prefix);
    this.session ??= await this.host.open();
    if (!this.session || !this.host.alive(this.session.generation)) return this.giveUp(prefix);
    const { ctx } = this.session;
    const boundary = commitBoundary(prefix, this.committed);
    if (boundary > this.committed) {
      const r = this.host.exec(ctx, `"use strict";\n${prefix.slice(this.committed, boundary)}\n;""`);
      if ("error" in r) return this.giveUp(prefix);
      this.committed = boundary;
    }
    const tail = prefix.slice(this.committed);
    let last: EvalResult = { ok: false, error: { kind: "syntax", message: "nothing to evaluate yet" } };
    for (const candidate of prefixCandidates(tail)) {
      if (!this.host.alive(this.session.generation)) return this.giveUp(prefix);
      const r = this.host.exec(
        ctx,
        `__mark();try{(function(){"use strict";\n${candidate}\n})();__result()}finally{__rollback()}`,
      );
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

  dispose(): void {
    if (this.session && this.host.alive(this.session.generation)) {
      try {
        this.session.ctx.dispose();
      } catch {
        // Freed with its runtime.
      }
    }
    this.session = undefined;
  }
}
