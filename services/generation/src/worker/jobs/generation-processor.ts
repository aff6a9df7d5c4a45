import { EVENTS, SIGNALS } from "@genui/contracts";
import type { Logger, MessageBus, Redis } from "@genui/chassis";
import type { AppComponentChecker, EvalResult, Screen } from "@genui/ui-runtime";
import type { ScreenEvaluator } from "@genui/ui-runtime/node";
import type { Job } from "bullmq";
import type { GenerationMetrics } from "../../metrics";
import { ProviderError, type GenerateRequest, type Provider, type ProviderEvent } from "../providers/provider";
import { GENERATION_ERRORS as E, type GenerationErrorCode } from "../../domain/errors";
import { checkComponents } from "../../domain/appearance";
import { cancelReason, type Chunk, type ChunkError, type GenerationJob } from "../../domain/messages";
import { ComponentCheckers } from "../../store/component-checkers";
import { CancelWatch } from "./cancel-watch";
import { answerEventsKey, cancelKey, doneKey, sandboxStoppedKey } from "../../store/job-keys";
import { keepReasoning, type CompletionKeeper } from "../../use-cases/stored-completions";

/** How long a job's done mark is kept (a stalled or duplicate copy of it within this time does nothing). */
const DONE_SECONDS = 24 * 3600;

/** Publishing a generation's usage: tries (250 ms doubling to 2 s between them, about 30 s in all). */
const COMPLETE_ATTEMPTS = 18;

export interface ProcessorDeps {
  bus: MessageBus;
  redis: Redis;
  provider: Provider;
  /** The sandbox: worker threads the process can stop (`ThreadedEvaluator`); tests may pass an in-thread one. */
  evaluator: ScreenEvaluator & { evaluateTimed?(code: string): Promise<{ result: EvalResult; ms: number }> };
  metrics: GenerationMetrics;
  logger: Logger;
  /** REDIS_KEY_PREFIX. */
  keyPrefix: string;
  /** Least time between two intermediate screens (snapshots) of one stream. */
  partialIntervalMs: number;
  /** Snapshots stop once the bytes sent would exceed this factor times the snapshot considered (default 4). */
  snapshotByteFactor?: number;
  /** Least time between two code deltas of one stream (default 0: one per provider batch). */
  deltaIntervalMs?: number;
  /** Resumable answers' pieces (absent: kept for 300 s, at most 20,000 per answer). */
  answerLog?: AnswerLog;
  /** Stores the finished answers of jobs that ask for it (stored completions; absent: none is stored). */
  completions?: Pick<CompletionKeeper, "keep">;
}

/** How one pass streams: nothing, code deltas (`repair`: of the repair pass) or the screen so far. */
type StreamMode =
  | { kind: "none" }
  | { kind: "deltas"; repair: boolean; intervalMs: number }
  /** `sent`: content bytes of the snapshots sent so far, across passes; `stopped`: the byte bound was reached. */
  | { kind: "snapshots"; budget: { sent: number; stopped: boolean } };

/** The published content bytes of a snapshot (as the API process writes it: `{"code","json"}`). */
const snapshotBytes = (code: string, json: Screen): number => Buffer.byteLength(JSON.stringify({ code, json }));

type Outcome = "stop" | "length" | "cancelled" | "error";

/**
 * Failures the request itself brought about, and when they are billed: code that never ran (a prompt can steer the
 * model into it) when part of the answer already reached the client; a request that needed more than its own limits
 * (max_tokens, the hold) always — like an answer cut at max_tokens, it used what it was authorised for.
 */
const requestFailureBilled = (code: string, delivered: boolean): boolean =>
  code === E.BUDGET_EXHAUSTED || (code === E.INVALID_MODEL_OUTPUT && delivered);

/** A provider's failure as generation's error code (the API process answers it with a status). */
const PROVIDER_ERRORS: Record<string, GenerationErrorCode> = {
  upstream_error: E.UPSTREAM_ERROR,
  upstream_timeout: E.UPSTREAM_TIMEOUT,
  upstream_refused: E.UPSTREAM_REFUSED,
  budget_exhausted: E.BUDGET_EXHAUSTED,
};

/** Where a resumable answer's pieces are kept besides NATS (GEN_RESUME_TTL_SECONDS, GEN_RESUME_MAX_PIECES). */
export interface AnswerLog {
  ttlSeconds: number;
  maxPieces: number;
}

/** Where a resumable answer's chunks are appended (the answer's Redis Stream) before they are published. */
export interface ChunkLog {
  redis: Redis;
  key: string;
  /** GEN_RESUME_TTL_SECONDS, ms: the stream expires this long after the answer's end. */
  ttlMs: number;
  maxPieces: number;
  logger: Logger;
}

/**
 * While an answer is written its stream's expiry is set again once this share of the TTL has passed since it was last
 * set (not on every append): the stream always has most of its TTL left, and the answer's end sets it in full.
 */
const EXPIRY_REFRESH = 0.1;

/** What an append sends: the subset of a pipeline's commands it uses, and each one's `[error, result]` at the end. */
export interface AppendCommands {
  set(key: string, value: string, ex: "EX", seconds: number): unknown;
  xadd(key: string, maxlen: "MAXLEN", approx: "~", count: number, id: "*", field: string, value: string): unknown;
  pexpire(key: string, ms: number): unknown;
  exec(): Promise<[Error | null, unknown][] | null>;
}

/**
 * An append's commands sent as commands of this turn of the event loop: the chassis's client auto-pipelines them, so
 * every answer's append of the turn leaves in one write, in order (an explicit pipeline is written at once, on its
 * own: one write per answer's append). `exec` gives each command's `[error, result]`, as a pipeline's does.
 */
export class TurnCommands implements AppendCommands {
  private readonly sent: Promise<unknown>[] = [];
  constructor(private readonly redis: Redis) {}
  set(key: string, value: string, ex: "EX", seconds: number): this {
    this.sent.push(this.redis.set(key, value, ex, seconds));
    return this;
  }
  xadd(key: string, maxlen: "MAXLEN", approx: "~", count: number, id: "*", field: string, value: string): this {
    this.sent.push(this.redis.xadd(key, maxlen, approx, count, id, field, value));
    return this;
  }
  pexpire(key: string, ms: number): this {
    this.sent.push(this.redis.pexpire(key, ms));
    return this;
  }
  async exec(): Promise<[Error | null, unknown][]> {
    const settled = await Promise.allSettled(this.sent);
    return settled.map((s) => (s.status === "fulfilled" ? [null, s.value] : [s.reason as Error, undefined]));
  }
}

/**
 * Publishes one attempt's chunks in order, numbered from 0. A resumable answer's chunks are first appended to its
 * Redis Stream, then published: every chunk a client can have seen is in the stream before it is on NATS, so a
 * resume that subscribes and then reads the stream misses nothing (RelayedAnswer.attach). The chunks published while
 * the previous append is under way (or within one turn of the event loop) are appended together, in one round trip.
 * An append's commands are commands of its turn (`TurnCommands`), not a pipeline of their own: the client's
 * auto-pipelining writes them with the other answers' appends of that turn.
 */
export class ChunkPublisher {
  private seq = 0;
  private tail: Promise<void> = Promise.resolve();
  /** Chunks published, not appended yet: the next append takes them all. */
  private batch: Chunk[] = [];
  /** When this attempt last set the stream's expiry (0: not yet). */
  private expirySetAt = 0;
  /** The last append set the expiry from the answer's end (its done or error chunk): nothing is left to set. */
  private expiryFinal = false;
  /** Keys to set with the next append (`mark`). */
  private readonly marks: { key: string; value: string; seconds: number }[] = [];
  /** The start chunk waits for the next one (`startWithNext`). */
  private startPending = false;
  /** Runs once, right after the answer's last chunk is handed to NATS (`afterLast`). */
  private lastHook?: () => void;
  constructor(
    private readonly bus: MessageBus,
    private readonly requestId: string,
    private readonly attempt: number,
    private readonly log?: ChunkLog,
  ) {}

  publish(chunk: Omit<Chunk, "attempt" | "seq" | "ts"> & Partial<Chunk>): void {
    if (this.startPending) {
      this.startPending = false;
      this.publish({ type: "start" });
    }
    const full = { ...chunk, attempt: this.attempt, seq: this.seq++, ts: Date.now() } as Chunk;
    if (!this.log) {
      this.bus.signal(SIGNALS.generationChunk, this.requestId, full);
      if (full.type === "done" || full.type === "error") this.last();
      return;
    }
    this.batch.push(full);
    // In order: each append waits for the one before, and takes every chunk published until it starts.
    if (this.batch.length === 1) this.tail = this.tail.then(() => this.append());
  }

  /**
   * The answer's start chunk, published with the next chunk (in its append and its socket write) rather than now: the
   * first event a client reads (the role) then comes when the answer begins, with its first piece, instead of
   * costing every process on the path a message of its own while the upstream is asked. Its number is unchanged (0).
   * An attempt that publishes nothing more (cancelled before the upstream answered) sends none.
   */
  startWithNext(): void {
    this.startPending = true;
  }

  /**
   * `hook` runs once, in the same turn as the answer's last chunk (its done or error chunk) is published: what it sends
   * on NATS then (the end of the job's flush) goes out in that chunk's socket write instead of one of its own.
   */
  afterLast(hook: () => void): void {
    this.lastHook = hook;
  }

  private last(): void {
    const hook = this.lastHook;
    this.lastHook = undefined;
    try {
      hook?.();
    } catch (err) {
      // The bus is closed (the process is stopping): the job's end runs its course without it.
      this.log?.logger.warn({ err, requestId: this.requestId }, "answer's end not sent");
    }
  }

  /** Whether this answer's chunks are appended to its stream (a resumable answer): `mark` then goes with them. */
  get keeps(): boolean {
    return this.log !== undefined;
  }

  /**
   * A key to set (SET … EX) with the next append, in its round trip: the job's done mark goes with its answer's last
   * chunk, before that chunk is published. Only when `keeps`; an attempt that publishes nothing more sets it at its end.
   */
  mark(key: string, value: string, seconds: number): void {
    this.marks.push({ key, value, seconds });
  }

  /**
   * One round trip: the marks, the chunks' XADDs, and the expiry when it is due (the stream's first append, the
   * answer's end, or a good part of the TTL gone since it was last set). A failed append is logged and the chunks
   * still go out live — only a resume across that moment would then miss them, and it says so.
   */
  private async append(): Promise<void> {
    const log = this.log!;
    const chunks = this.batch;
    this.batch = [];
    const last = chunks[chunks.length - 1]!;
    const final = last.type === "done" || last.type === "error";
    const now = Date.now();
    const expire = final || this.expirySetAt === 0 || now - this.expirySetAt >= log.ttlMs * EXPIRY_REFRESH;
    const marks = this.marks.splice(0);
    const commands = this.commands();
    for (const m of marks) commands.set(m.key, m.value, "EX", m.seconds);
    // Each chunk is encoded once: the same JSON is kept in the stream and published.
    const encoded = chunks.map((c) => JSON.stringify(c));
    for (const json of encoded) commands.xadd(log.key, "MAXLEN", "~", log.maxPieces, "*", "c", json);
    if (expire) commands.pexpire(log.key, log.ttlMs);
    const results = await this.exec(commands, marks.length, "answer piece not kept for resuming");
    const failed = results?.slice(marks.length).find(([err]) => err)?.[0];
    if (failed) log.logger.warn({ err: failed, requestId: this.requestId }, "answer piece not kept for resuming");
    else if (results && expire) {
      this.expirySetAt = now;
      this.expiryFinal = final;
    }
    if (!final) this.expiryFinal = false;
    for (const json of encoded) {
      try {
        this.bus.signalJson(SIGNALS.generationChunk, this.requestId, json);
      } catch (err) {
        // The bus is closed (the process is stopping): the client resumes from the stream, or the job runs again.
        log.logger.warn({ err, requestId: this.requestId }, "answer piece not published");
      }
    }
    if (final) this.last();
  }

  /** The commands of one round trip (`loadtests/worker-job-bench.mjs` puts an explicit pipeline here: the way before). */
  private commands(): AppendCommands {
    return new TurnCommands(this.log!.redis);
  }

  /**
   * Runs commands whose first `marks` are marks: each command's result, or undefined when they failed whole (logged
   * as `what`). A mark that failed is logged: as when it was set on its own, a stalled copy of the job would then run
   * it again (its usage is published once whatever happens, by the request's id).
   */
  private async exec(commands: AppendCommands, marks: number, what: string): Promise<[Error | null, unknown][] | undefined> {
    const logger = this.log!.logger;
    let results: [Error | null, unknown][] | undefined;
    try {
      results = (await commands.exec()) ?? undefined;
    } catch (err) {
      logger.warn({ err, requestId: this.requestId }, what);
    }
    const failed = results?.slice(0, marks).find(([err]) => err)?.[0];
    if (marks > 0 && (!results || failed)) logger.warn({ err: failed, requestId: this.requestId }, "job not marked done");
    return results;
  }

  /**
   * The attempt is over: once every chunk is out, the marks not sent yet are set, and an answer that did not end with
   * its done or error chunk (stopped, cancelled) has its stream's expiry set from now, as its end would have. Never
   * rejects.
   */
  async end(): Promise<void> {
    await this.tail;
    const log = this.log;
    if (!log) return;
    const expire = this.expirySetAt !== 0 && !this.expiryFinal;
    const marks = this.marks.splice(0);
    if (!expire && marks.length === 0) return;
    this.expiryFinal = true;
    const commands = this.commands();
    for (const m of marks) commands.set(m.key, m.value, "EX", m.seconds);
    if (expire) commands.pexpire(log.key, log.ttlMs);
    const results = await this.exec(commands, marks.length, "answer's end not kept");
    const failed = expire ? results?.at(-1)?.[0] : undefined;
    if (failed) log.logger.warn({ err: failed, requestId: this.requestId }, "answer's expiry not set");
  }
}

/**
 * Drains a provider's events in the background so the worker can evaluate the code of several events at once when
 * the model is faster than the sandbox (a fast upstream is then one evaluation per burst, not one per token).
 */
class EventPump {
  private readonly queue: ProviderEvent[] = [];
  private wake?: () => void;
  done = false;
  failure?: unknown;

  constructor(events: AsyncIterable<ProviderEvent>) {
    void (async () => {
      try {
        for await (const e of events) {
          this.queue.push(e);
          this.wake?.();
        }
      } catch (err) {
        this.failure = err;
      } finally {
        this.done = true;
        this.wake?.();
      }
    })();
  }

  /** Every event waiting (at least one), or [] when the provider has finished. */
  async next(): Promise<ProviderEvent[]> {
    while (this.queue.length === 0 && !this.done) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    // One turn of the event loop: events the upstream already sent (parsed chunk by chunk in microtasks) join this
    // batch instead of costing an evaluation each.
    if (!this.done) await new Promise<void>((resolve) => setImmediate(resolve));
    return this.queue.splice(0, this.queue.length);
  }
}

/**
 * Streams holding a sandbox context of their own at once; further streams evaluate each prefix whole. The sandbox's
 * memory is capped per worker (32 MiB), and every incremental session keeps a context alive in it.
 */
const MAX_SESSIONS = 24;

const describe = (r: EvalResult): string[] =>
  r.ok ? r.issues.map((i) => `${i.path}: ${i.message}`) : [`${r.error.kind} error: ${r.error.message}`];

/**
 * Runs one generation job in a worker: the provider streams UI code, the sandbox turns each longer prefix into the
 * screen so far (validated and safely repaired, so nothing invalid ever leaves), chunks go to the API process over
 * NATS, and usage is published once as `generation.completed` (Nats-Msg-Id = request id; billing also keys its
 * ledger entry by it, so a retried or duplicated job is never billed twice).
 */
export class GenerationProcessor {
  private sessions = 0;
  /** Generations in progress in this worker (intermediate screens thin out as it gets busier). */
  private active = 0;
  /** Apps' components compiled for checking screens, per app and version of its look. */
  private readonly checkers = new ComponentCheckers();
  /** The cancels of this process's jobs, on one subscription. */
  private readonly cancels: CancelWatch;

  constructor(private readonly deps: ProcessorDeps) {
    this.cancels = new CancelWatch(deps.bus);
  }

  /** What the job's screens are checked against besides the catalogue: the app's own components, when it has a look. */
  private checkerOf(d: GenerationJob): AppComponentChecker | undefined {
    return d.appearance ? this.checkers.for(d.appId, d.appearance) : undefined;
  }

  /**
   * The sandbox answers errors as results; a throw means the sandbox itself could not run (its threads cannot start).
   * This evaluation counts as failed; the sandbox replaces what broke on its own.
   */
  private async safely(run: () => Promise<EvalResult>): Promise<EvalResult> {
    try {
      return await run();
    } catch (err) {
      this.deps.logger.warn({ err }, "the sandbox failed");
      return { ok: false, error: { kind: "memory", message: "the sandbox failed" } };
    }
  }

  /** Remembers that this request's code was stopped at the sandbox's deadline (see `sandboxStoppedKey`). */
  private async stopped(d: GenerationJob, r: EvalResult): Promise<void> {
    if (r.ok || r.error.kind !== "timeout") return;
    this.deps.metrics.sandboxStops.inc();
    await this.deps.redis
      .set(sandboxStoppedKey(this.deps.keyPrefix, d.requestId), r.error.message, "EX", 24 * 3600)
      .catch((err: unknown) => this.deps.logger.warn({ err, requestId: d.requestId }, "sandbox stop not recorded"));
  }

  async process(job: Job<GenerationJob>): Promise<string> {
    const d = job.data;
    const { bus, redis, keyPrefix } = this.deps;
    const attempt = Math.max(1, job.attemptsStarted);
    const answerLog = this.deps.answerLog ?? { ttlSeconds: 300, maxPieces: 20_000 };
    const out = new ChunkPublisher(
      bus,
      d.requestId,
      attempt,
      d.resumable
        ? {
            redis,
            key: answerEventsKey(keyPrefix, d.requestId),
            ttlMs: answerLog.ttlSeconds * 1000,
            maxPieces: answerLog.maxPieces,
            logger: this.deps.logger,
          }
        : undefined,
    );
    const abort = new AbortController();
    // Watched before the cancel flag is read (the API sets the flag, then publishes): a cancel is seen either way.
    await this.cancels.ready();
    const unwatch = this.cancels.watch(d.requestId, (reason) => abort.abort(reason));
    let listening = true;
    // The end of the job: no more cancels to hear, and a flush on NATS (the server has every chunk once it answers).
    // Started right after the last chunk is published (in its socket write), or after `out.end()` without one.
    let flushed: Promise<void> | undefined;
    const finish = (): Promise<void> => {
      if (listening) {
        listening = false;
        unwatch();
      }
      return (flushed ??= bus
        .flush()
        .catch((err: unknown) => this.deps.logger.warn({ err, requestId: d.requestId }, "chunks not flushed")));
    };
    out.afterLast(() => void finish());
    try {
      const [done, cancelled, stopped] = await redis.mget(
        doneKey(keyPrefix, d.requestId),
        cancelKey(keyPrefix, d.requestId),
        sandboxStoppedKey(keyPrefix, d.requestId),
      );
      // A job whose usage is already published (a stalled job run again after it finished) answers nothing more.
      if (done) return "already-done";
      if (cancelled) abort.abort(cancelReason(cancelled));
      this.deps.metrics.queueWait.observe(Math.max(0, Date.now() - d.enqueuedAt) / 1000);
      let outcome: string;
      // An earlier attempt's code was stopped at the sandbox's deadline: the same answer, without running it again.
      if (stopped) outcome = await this.answerStopped(d, out, stopped);
      else if (d.kind === "evaluate") outcome = await this.evaluateOnly(d, out);
      else {
        // The published API's code deltas: the start goes with the first piece. The signed-in chat's streams (snapshots,
        // paced deltas) show the assistant's turn at once, while the model thinks.
        if (d.partials && (d.snapshots || d.chatDeltas)) out.publish({ type: "start" });
        else if (d.partials) out.startWithNext();
        const lastAttempt = attempt >= (job.opts.attempts ?? 1);
        this.active++;
        try {
          outcome = await this.generate(d, out, abort.signal, lastAttempt);
        } finally {
          this.active--;
        }
      }
      // The last chunk is on the NATS server before the job is marked completed in Redis: the API process, which
      // takes a completed job without its last chunk for a lost answer, finds it there (RelayedAnswer.watch).
      await out.end();
      await finish();
      return outcome;
    } finally {
      if (listening) {
        listening = false;
        unwatch();
      }
    }
  }

  /** Retrieve with code alone: no model, no bill; the sandbox time it used is reported for the caller's budget. */
  private async evaluateOnly(d: GenerationJob, out: ChunkPublisher): Promise<string> {
    const { evaluator } = this.deps;
    const started = performance.now();
    let sandboxMs = 0;
    const evaluated = await this.safely(async () => {
      if (!evaluator.evaluateTimed) return evaluator.evaluate(d.code ?? "");
      const timed = await evaluator.evaluateTimed(d.code ?? "");
      sandboxMs = timed.ms;
      return timed.result;
    });
    // The app's own components in the code are checked against its declarations (repaired to their fallbacks).
    const r = checkComponents(evaluated, this.checkerOf(d));
    if (!evaluator.evaluateTimed) sandboxMs = performance.now() - started;
    sandboxMs = Math.round(sandboxMs * 100) / 100;
    if (!r.ok) {
      await this.stopped(d, r);
      out.publish({
        type: "error",
        error: { code: E.INVALID_CODE, message: `The code did not run: ${r.error.message}` },
        sandboxMs,
      });
      return "invalid-code";
    }
    out.publish({
      type: "done",
      code: d.code ?? "",
      json: r.screen,
      finishReason: "stop",
      usage: { inputTokens: 0, outputTokens: 0 },
      sandboxMs,
    });
    return "stop";
  }

  /**
   * A job whose earlier attempt had its code stopped at the sandbox's deadline: the same error, and for a generation
   * its usage published as nothing generated (its hold is released; nothing was delivered to bill).
   */
  private async answerStopped(d: GenerationJob, out: ChunkPublisher, message: string): Promise<string> {
    this.deps.logger.warn({ requestId: d.requestId }, "an earlier attempt's code was stopped by the sandbox; not run again");
    if (d.kind === "evaluate") {
      out.publish({ type: "error", error: { code: E.INVALID_CODE, message: `The code did not run: ${message}` }, sandboxMs: 0 });
      return "invalid-code";
    }
    await this.complete(d, { inputTokens: 0, outputTokens: 0 }, "error", out);
    out.publish({
      type: "error",
      error: { code: E.INVALID_MODEL_OUTPUT, message: `The model's answer could not be turned into a screen (${message}).` },
    });
    return "error";
  }

  private async generate(d: GenerationJob, out: ChunkPublisher, signal: AbortSignal, lastAttempt: boolean): Promise<string> {
    const { provider, evaluator, metrics, logger } = this.deps;
    // A stored completion keeps the reasoning its stream sent.
    const thoughts = d.store ? keepReasoning(out) : undefined;
    const req: GenerateRequest = {
      model: d.model,
      messages: d.messages,
      thinking: d.thinking,
      internet: d.internet,
      maxOutputTokens: d.maxOutputTokens,
      ...(d.maxInputTokens !== undefined ? { maxInputTokens: d.maxInputTokens } : {}),
      ...(d.templates?.length ? { templates: d.templates } : {}),
      ...(d.appearance?.components.length ? { components: d.appearance.components } : {}),
      signal,
    };
    // Every screen of the answer (snapshots, the final one, a repair's) is checked against the app's own components.
    const checker = this.checkerOf(d);
    const usage = { inputTokens: 0, outputTokens: 0 };
    // Whether any of the answer (a screen so far, code, reasoning) reached the client: decides what a failure costs
    // and whether a transient failure may start the answer again (code deltas already sent cannot be taken back).
    const progress = { delivered: false };
    const snapshotBudget = { sent: 0, stopped: false };
    // The chat's deltas are drawn as they come: they go out at the chat's pace, the published API's in fewer events.
    const intervalMs = d.chatDeltas ? this.deps.partialIntervalMs : (this.deps.deltaIntervalMs ?? 0);
    const mode = (repair: boolean): StreamMode =>
      !d.partials
        ? { kind: "none" }
        : d.snapshots
          ? { kind: "snapshots", budget: snapshotBudget }
          : { kind: "deltas", repair, intervalMs };
    let firstCode: string | undefined;
    let noRepair = "";
    const started = Date.now();
    let code = "";
    let screen: Screen | null = null;
    let outcome: Outcome;
    let failure: ChunkError | undefined;
    try {
      const generating = performance.now();
      let pass = await this.stream(provider.generate(req), out, mode(false), signal, progress, checker);
      metrics.stages.observe({ stage: "generate" }, (performance.now() - generating) / 1000);
      usage.inputTokens += pass.usage.inputTokens;
      usage.outputTokens += pass.usage.outputTokens;
      code = pass.code;
      if (signal.aborted) outcome = "cancelled";
      else {
        const evaluating = performance.now();
        let final = checkComponents(await this.safely(() => evaluator.evaluate(code)), checker);
        if (!final.ok && final.error.kind === "timeout" && provider.ownCode) {
          // The built-in generator's code never loops: stopped at the (wall-clock) deadline, it was the machine's load.
          logger.warn({ requestId: d.requestId }, "the built-in generator's code ran past the sandbox's deadline; run again");
          metrics.sandboxStops.inc();
          final = checkComponents(await this.safely(() => evaluator.evaluate(code)), checker);
        }
        await this.stopped(d, final);
        // Cut off by the output limit (a small max_tokens): the screen so far, like a stream's, with finish_reason
        // "length" (OpenAI's truncated answer), not a failure. A repair under the same limit would be cut as well.
        const cut = usage.outputTokens >= d.maxOutputTokens;
        if (!final.ok && cut) final = checkComponents(await this.safely(() => evaluator.evaluatePrefix(code)), checker);
        metrics.stages.observe({ stage: "evaluate" }, (performance.now() - evaluating) / 1000);
        const problems = describe(final);
        // A model's mistakes go back to it once, with what the sandbox and the validator said.
        // The repair pass gets what is left of the request's budget (its hold covers a repair), and none when nothing
        // is left.
        if (problems.length > 0 && provider.repair && code.trim() && !cut) {
          const repairReq: GenerateRequest = {
            ...req,
            maxOutputTokens: d.maxOutputTokens - usage.outputTokens,
            ...(d.maxInputTokens !== undefined ? { maxInputTokens: d.maxInputTokens - usage.inputTokens } : {}),
          };
          try {
            if (repairReq.maxOutputTokens <= 0)
              throw new ProviderError(`all ${d.maxOutputTokens} output tokens were used`, "budget_exhausted", false);
            metrics.repairs.inc();
            logger.info({ requestId: d.requestId, problems: problems.slice(0, 5) }, "asking the model to repair its code");
            const first = code;
            pass = await this.stream(provider.repair(repairReq, code, problems), out, mode(true), signal, progress, checker);
            usage.inputTokens += pass.usage.inputTokens;
            usage.outputTokens += pass.usage.outputTokens;
            firstCode = first;
            code = pass.code;
            final = signal.aborted ? final : checkComponents(await this.safely(() => evaluator.evaluate(code)), checker);
            await this.stopped(d, final);
          } catch (err) {
            // Checked before the repair's call is made: the first answer stands, and its failure is reported.
            if (!(err instanceof ProviderError && err.code === "budget_exhausted")) throw err;
            noRepair = `; it was not repaired: ${err.message}, raise max_tokens to allow a repair`;
          }
        }
        if (signal.aborted) outcome = "cancelled";
        else if (final.ok) {
          screen = final.screen;
          outcome = usage.outputTokens >= d.maxOutputTokens ? "length" : "stop";
        } else {
          outcome = "error";
          failure = {
            code: E.INVALID_MODEL_OUTPUT,
            message: `The model's answer could not be turned into a screen (${final.error.message})${noRepair}.`,
          };
        }
      }
    } catch (err) {
      if (err instanceof ProviderError && err.code !== "budget_exhausted") metrics.upstreamFailures.inc({ code: err.code });
      const sentCode = d.partials && !d.snapshots && progress.delivered;
      if (err instanceof ProviderError && err.transient && !lastAttempt && !signal.aborted && !sentCode) {
        // BullMQ runs the job again; the client's stream starts over with the next attempt's chunks.
        logger.warn({ err, requestId: d.requestId }, "provider failed; the job will be retried");
        throw err;
      }
      outcome = signal.aborted ? "cancelled" : "error";
      if (!signal.aborted) {
        if (!(err instanceof ProviderError)) logger.error({ err, requestId: d.requestId }, "generation failed");
        failure =
          err instanceof ProviderError && err.code === "budget_exhausted"
            ? {
                code: E.BUDGET_EXHAUSTED,
                message: `The answer needed more than this request allows and was stopped: ${err.message}. Ask for less, or raise max_tokens.`,
              }
            : err instanceof ProviderError
              ? { code: PROVIDER_ERRORS[err.code] ?? E.UPSTREAM_ERROR, message: err.message }
              : { code: E.INTERNAL, message: "The answer could not be generated." };
      }
    }

    // Billing (docs/decisions.md, "What is billed"): a finished answer, and one the client stopped or that ran out of
    // time, is billed for what was generated; so is a failure of the request itself (see requestFailureBilled); a
    // failure of the upstream or of the platform (an upstream error or timeout, a crash here, chunks lost on their
    // way) costs nothing. Billing clamps the debit to the hold.
    const billable =
      outcome === "cancelled"
        ? cancelReason(typeof signal.reason === "string" ? signal.reason : "") !== "lost"
        : outcome !== "error" || (!!failure && requestFailureBilled(failure.code, progress.delivered));
    const billed = billable ? usage : { inputTokens: 0, outputTokens: 0 };
    const finishReason = outcome === "cancelled" ? "cancelled" : outcome;
    // The usage is stored (JetStream acknowledged it) before the client hears the answer is over: an answer a client
    // received whole is always billed, even when the bus restarts or this process dies right after.
    const completing = performance.now();
    await this.complete(d, billed, finishReason, out);
    metrics.stages.observe({ stage: "complete" }, (performance.now() - completing) / 1000);
    // A finished answer that asked to be kept is stored before its end goes out (a read right after it finds it); a
    // store that fails or is slow never fails or holds up the answer (use-cases/stored-completions.ts).
    if (d.store && !failure && (outcome === "stop" || outcome === "length"))
      await this.deps.completions?.keep(d, {
        code,
        ...(firstCode !== undefined ? { firstCode } : {}),
        json: screen,
        finishReason: outcome,
        usage,
        ...(thoughts?.text ? { reasoning: thoughts.text } : {}),
      });
    if (failure) out.publish({ type: "error", error: failure });
    else if (outcome !== "cancelled")
      out.publish({
        type: "done",
        code,
        ...(firstCode !== undefined ? { firstCode } : {}),
        json: screen,
        finishReason: outcome === "length" ? "length" : "stop",
        usage,
      });
    const seconds = (Date.now() - started) / 1000;
    metrics.tokens.inc({ kind: "input" }, usage.inputTokens);
    metrics.tokens.inc({ kind: "output" }, usage.outputTokens);
    if (usage.outputTokens > 0 && seconds > 0) metrics.tokensPerSecond.observe(usage.outputTokens / seconds);
    metrics.jobs.inc({ outcome: finishReason });
    return finishReason;
  }

  /**
   * A generation the API process took off the queue before any worker ran it (the client went away while it waited):
   * nothing was generated, and its usage — no tokens, "cancelled" — is published here, which releases its hold.
   */
  async settleUnstarted(job: Job<GenerationJob>): Promise<string> {
    const d = job.data;
    if (await this.deps.redis.get(doneKey(this.deps.keyPrefix, d.requestId))) return "already-done";
    await this.complete(d, { inputTokens: 0, outputTokens: 0 }, "cancelled");
    return "cancelled";
  }

  /**
   * Publishes the usage once; afterwards the job is marked done so a stalled copy of it does nothing — with the
   * answer's next append when `out` keeps its chunks (one round trip with its last chunk, which follows), else now.
   */
  private async complete(
    d: GenerationJob,
    usage: { inputTokens: number; outputTokens: number },
    finishReason: string,
    out?: ChunkPublisher,
  ) {
    const event = {
      requestId: d.requestId,
      userId: d.userId,
      appId: d.appId,
      model: d.model,
      inputTokens: BigInt(usage.inputTokens),
      outputTokens: BigInt(usage.outputTokens),
      finishReason,
      holdId: d.holdId,
    };
    // While NATS restarts (seconds) the publish fails or times out; the event id makes a repeat harmless, so it is
    // tried again for up to about half a minute before the job fails (and BullMQ's next attempt runs it again).
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.bus.publish(EVENTS.generationCompleted, event, { eventId: d.requestId });
        break;
      } catch (err) {
        if (attempt >= COMPLETE_ATTEMPTS) throw err;
        this.deps.logger.warn({ err, requestId: d.requestId, attempt }, "usage not published yet; trying again");
        await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** (attempt - 1), 2_000)));
      }
    }
    const done = doneKey(this.deps.keyPrefix, d.requestId);
    if (out?.keeps) out.mark(done, "1", DONE_SECONDS);
    else await this.deps.redis.set(done, "1", "EX", DONE_SECONDS);
  }

  /**
   * Consumes one provider answer: code accumulates. Deltas: new code goes out as it comes (pieces arriving within
   * GEN_DELTA_INTERVAL_MS together), nothing is evaluated — the final code is, once, by the caller. Snapshots: when new
   * code has arrived and the interval has passed, the prefix is evaluated and the screen so far is published, until
   * the byte bound is reached. Reasoning is relayed as it comes. `unsent`: code not published as a delta (none in
   * delta mode, where the pass's last code goes out when the provider finishes).
   */
  private async stream(
    events: AsyncIterable<ProviderEvent>,
    out: ChunkPublisher,
    mode: StreamMode,
    signal: AbortSignal,
    progress: { delivered: boolean },
    checker?: AppComponentChecker,
  ): Promise<{ code: string; unsent: string; usage: { inputTokens: number; outputTokens: number } }> {
    const pump = new EventPump(events);
    const snapshots = mode.kind === "snapshots" ? mode.budget : undefined;
    const session = snapshots && !snapshots.stopped && this.sessions < MAX_SESSIONS ? this.deps.evaluator.stream() : undefined;
    if (session) this.sessions++;
    let code = "";
    let unsent = "";
    let usage = { inputTokens: 0, outputTokens: 0 };
    // Snapshots: the first intermediate screen comes one interval in (a fast answer is then evaluated once, whole).
    // Deltas: the first code goes out at once (time to first content).
    let lastEmit = snapshots ? Date.now() : 0;
    let pending = false;
    let lastJson = "";
    const factor = this.deps.snapshotByteFactor ?? 4;
    try {
      for (;;) {
        const batch = await pump.next();
        if (batch.length === 0) break;
        let reasoning = "";
        for (const e of batch) {
          if (e.type === "code") {
            code += e.text;
            unsent += e.text;
            pending = true;
          } else if (e.type === "reasoning") reasoning += e.text;
          else usage = { inputTokens: e.inputTokens, outputTokens: e.outputTokens };
        }
        if (mode.kind === "none" || signal.aborted) continue;
        if (mode.kind === "deltas") {
          const due = Date.now() - lastEmit >= mode.intervalMs;
          const text = unsent && due ? unsent : "";
          // Reasoning and code in chunks of their own: a client sees the thoughts before the code they led to.
          if (reasoning) out.publish({ type: "delta", reasoning });
          if (text) out.publish({ type: "delta", text, ...(mode.repair ? { repair: true } : {}) });
          if (text || reasoning) progress.delivered = true;
          if (text) {
            unsent = "";
            lastEmit = Date.now();
          }
          continue;
        }
        unsent = "";
        if (reasoning) {
          out.publish({ type: "delta", reasoning });
          progress.delivered = true;
        }
        // When the provider has already finished, the final evaluation shows the whole screen: no partial needed.
        // Intermediate screens are a courtesy, the final one is not: under load they come less often (the interval
        // grows with the generations in progress beyond the sandbox sessions), so the CPU goes to finishing answers.
        const interval = this.deps.partialIntervalMs * Math.max(1, this.active / MAX_SESSIONS);
        if (snapshots && !snapshots.stopped && pending && !pump.done && Date.now() - lastEmit >= interval) {
          pending = false;
          lastEmit = Date.now();
          const r = checkComponents(
            await this.safely(() => (session ? session.push(code) : this.deps.evaluator.evaluatePrefix(code))),
            checker,
          );
          if (r.ok && r.screen.screen.v1.length === 0) {
            // Nothing to draw yet (only the screen's name): no chunk, and the next piece is evaluated at once, so
            // the first chunk a client gets already has a component on it.
            lastEmit = 0;
          } else if (r.ok) {
            const json = JSON.stringify(r.screen);
            // A chunk only when the screen changed (a half-typed token often changes nothing).
            if (json !== lastJson) {
              lastJson = json;
              // Each snapshot repeats the screen so far: once they would add up to more than `factor` times the
              // one considered, the rest of the answer waits for the final screen (and nothing more is evaluated).
              const bytes = snapshotBytes(code, r.screen);
              if (snapshots.sent + bytes > factor * bytes) snapshots.stopped = true;
              else {
                snapshots.sent += bytes;
                out.publish({ type: "delta", code, json: r.screen });
                progress.delivered = true;
              }
            }
          }
        }
      }
      if (pump.failure) throw pump.failure;
      // The pass's last code goes out now, before the (final) evaluation: the client has the whole code at once, and
      // the answer's last piece is the screen alone.
      if (mode.kind === "deltas" && unsent && !signal.aborted) {
        out.publish({ type: "delta", text: unsent, ...(mode.repair ? { repair: true } : {}) });
        progress.delivered = true;
        unsent = "";
      }
      return { code, unsent, usage };
    } finally {
      if (session) {
        this.sessions--;
        session.dispose();
      }
    }
  }
}
