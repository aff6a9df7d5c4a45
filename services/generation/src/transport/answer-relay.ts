import { SIGNALS } from "@genui/contracts";
import { SpanKind, inSpan, traceCarrier, type Logger, type MessageBus, type Redis, type Tracing } from "@genui/chassis";
import type { Queue } from "bullmq";
import type { Subscription } from "nats";
import type { GenerationMetrics } from "../metrics";
import { GENERATION_ERRORS as E } from "../domain/errors";
import { type CancelReason, type Chunk, type ChunkError, type GenerationJob } from "../domain/messages";
import { cancelKey } from "../store/job-keys";

export interface RelayOptions {
  bus: MessageBus;
  redis: Redis;
  queue: Queue<GenerationJob>;
  /** Where a generation taken off `queue` before any worker ran it goes: a worker publishes its (empty) usage. */
  unstarted: Queue<GenerationJob>;
  metrics: GenerationMetrics;
  logger: Logger;
  keyPrefix: string;
  attempts: number;
  requestTimeoutMs: number;
  keepAliveMs: number;
  tracing?: Tracing;
  /**
   * A resumable answer's Redis Stream (the worker appends every chunk to it before publishing it): an error this
   * process ends the answer with is appended too, so a client resuming elsewhere sees the same end.
   */
  events?: { key: string; ttlMs: number };
}

/** What the relay hands the HTTP layer: the worker's chunks in order, a keep-alive tick, or the end. */
export type RelayEvent = Chunk | { type: "keepalive" };

const interrupted = (message: string): ChunkError => ({ code: E.STREAM_INTERRUPTED, message });

/** A chunk read back from an answer's Redis Stream (field `c`), checked by its contract; undefined for anything else. */
function parseKeptChunk(fields: string[]): Chunk | undefined {
  const i = fields.indexOf("c");
  if (i < 0 || i % 2 !== 0) return undefined;
  try {
    const parsed = SIGNALS.generationChunk.schema.safeParse(JSON.parse(fields[i + 1] ?? ""));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One request's answer, relayed from the workers: subscribed to the request's chunk subject before the job is
 * enqueued (so nothing can be missed), read in sequence order (a gap is a clear error, a duplicate is dropped), with
 * a retried job's new attempt taking over. Quiet answers are watched: keep-alives go out and a job that failed or
 * vanished ends the stream with an error rather than a hang.
 */
export class RelayedAnswer implements AsyncIterable<RelayEvent> {
  private readonly buffered: RelayEvent[] = [];
  private wake?: () => void;
  private sub?: Subscription;
  /** The subscription's flush (`listen`), once asked. */
  private listening?: Promise<void>;
  private attempt = 0;
  private expected = 0;
  private finished = false;
  private lastChunkAt = Date.now();
  private timer?: NodeJS.Timeout;
  private deadline?: NodeJS.Timeout;
  /** Told the answer's token usage once it is known (the done chunk, or nothing generated when cancelled early). */
  onUsage?: (usage: { inputTokens: number; outputTokens: number }) => void;
  /** Called once when the answer ends, however it ends (done, error, cancel, timeout): frees the request's place. */
  onEnd?: () => void;
  /** A code-only evaluation's answer: the sandbox time it used (ms). */
  onSandboxTime?: (ms: number) => void;
  /** The answer's kept chunks (a resumable answer's Redis Stream), where a gap is filled from. */
  private logKey?: string;
  /** While the kept chunks are read: live chunks that arrive meanwhile, taken after them. */
  private filling = false;
  private readonly held: Chunk[] = [];
  /** Reads of the kept chunks for the gap at hand (reset once the answer moves on). */
  private gapFills = 0;
  /** Following an answer another request started (a resume): its failures end this stream only, never the answer. */
  private following = false;

  constructor(
    private readonly opts: RelayOptions,
    readonly job: GenerationJob,
  ) {
    this.logKey = opts.events?.key;
  }

  /**
   * Subscribes to the request's chunks (once), without asking the server whether it has the subscription yet: for a
   * caller whose next message on this connection is a request it awaits the reply of (the balance hold). The server
   * reads a connection's messages in order, so a reply to a request sent after the subscription comes only once the
   * server has it; the caller says so with `confirm()`, and `start` then needs no round trip of its own.
   */
  subscribe(): void {
    if (this.sub || this.listening) return;
    try {
      // An undecodable chunk is dropped (and logged) by the bus; the next one then shows the gap.
      this.sub = this.opts.bus.listen(SIGNALS.generationChunk, this.job.requestId, (chunk) => this.accept(chunk));
    } catch (err) {
      // A closed connection refuses at once: the failure is the one `start` (or its caller) answers, never a throw
      // past the admission that holds a place.
      this.listening = Promise.reject(err instanceof Error ? err : new Error(String(err)));
      // Whoever awaits it sees a failure; one abandoned meanwhile is no unhandled rejection.
      this.listening.catch(() => undefined);
    }
  }

  /** A reply to a request sent on the bus after `subscribe()` has come: the server has the subscription. */
  confirm(): void {
    if (this.sub) this.listening ??= Promise.resolve();
  }

  /**
   * Subscribes to the request's chunks (unless `subscribe` did) and makes sure the server has the subscription: a
   * flush, unless `confirm` said so already (once: `start` awaits the same round trip). Nothing is published there
   * before the job is enqueued, so it may run while the request is still being admitted; an answer that never
   * starts is `abandon`ed.
   */
  listen(): Promise<void> {
    this.subscribe();
    if (!this.listening) {
      this.listening = this.opts.bus.flush();
      this.listening.catch(() => undefined);
    }
    return this.listening;
  }

  /** Refused before its job was enqueued (or the enqueue failed): the subscription goes, nothing else was started. */
  abandon(): void {
    if (this.finished) return;
    this.finished = true;
    this.sub?.unsubscribe();
    this.wake?.();
  }

  /** Subscribes (unless `listen` already did), makes sure the server has the subscription, then enqueues the job. */
  async start(): Promise<void> {
    const { queue } = this.opts;
    const started = performance.now();
    await this.listen();
    const enqueue = (job: GenerationJob) =>
      queue.add("generate", job, {
        jobId: this.job.requestId,
        attempts: this.opts.attempts,
        backoff: { type: "fixed", delay: 250 },
        removeOnComplete: true,
        removeOnFail: { age: 3_600 },
      });
    const tracing = this.opts.tracing;
    if (tracing?.enabled)
      // A PRODUCER span; the job carries its context, so the worker's span (in another process) continues this trace.
      await inSpan(
        tracing.tracer,
        `send ${queue.name}`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            "messaging.system": "bullmq",
            "messaging.destination.name": queue.name,
            "messaging.operation.type": "send",
            "messaging.message.id": this.job.requestId,
          },
        },
        () => enqueue({ ...this.job, trace: traceCarrier() }),
      );
    else await enqueue(this.job);
    this.opts.metrics.stages.observe({ stage: "enqueue" }, (performance.now() - started) / 1000);
    this.watchFor(this.opts.requestTimeoutMs);
  }

  /**
   * Follows an answer that is already under way (or over), for a client resuming it: subscribes, makes sure the
   * server has the subscription, then reads every chunk kept in the answer's stream and goes on with the live ones —
   * those that arrived while the stream was read come after it, duplicates dropped (the same `accept` as a live
   * answer, so the events written from them are the ones the first request wrote). `timeLeftMs`: what is left of
   * the request's time limit.
   */
  async attach(key: string, timeLeftMs: number): Promise<void> {
    const { bus } = this.opts;
    this.following = true;
    this.logKey = key;
    this.filling = true;
    this.sub = bus.listen(SIGNALS.generationChunk, this.job.requestId, (chunk) => this.accept(chunk));
    await bus.flush();
    await this.fill();
    if (!this.finished) this.watchFor(Math.max(1_000, timeLeftMs));
    else this.opts.metrics.activeStreams.inc();
  }

  /**
   * Reads the answer's kept chunks (its Redis Stream, which has every chunk before it is published) and takes those
   * not seen yet, then the live ones held meanwhile: a gap in what NATS delivered (a restart of the bus drops the
   * signals published while it is away) is filled from there instead of ending the answer.
   */
  private async fill(): Promise<void> {
    const key = this.logKey;
    this.filling = true;
    try {
      if (key) {
        let from = "-";
        for (;;) {
          const page = await this.opts.redis.xrange(key, from, "+", "COUNT", 1_000);
          for (const [, fields] of page) {
            const chunk = parseKeptChunk(fields);
            if (!chunk) {
              this.fail(interrupted("Part of the answer could not be read back. Please try again."));
              break;
            }
            this.accept(chunk, true);
          }
          if (page.length < 1_000 || this.finished) break;
          from = `(${page.at(-1)![0]}`;
        }
      }
    } catch (err) {
      this.opts.logger.warn({ err, requestId: this.job.requestId }, "the answer's kept chunks could not be read");
    } finally {
      this.filling = false;
    }
    // What came live meanwhile, in order (one published after the read may still show a gap: read again).
    for (const chunk of this.held.splice(0)) this.accept(chunk);
  }

  private watchFor(timeLimitMs: number): void {
    this.opts.metrics.activeStreams.inc();
    this.timer = setInterval(() => void this.watch(), this.opts.keepAliveMs);
    this.deadline = setTimeout(() => {
      this.fail({ code: E.TIMEOUT, message: "The answer took too long and was stopped." });
      void this.cancel("timeout");
    }, timeLimitMs);
  }

  /** `settled`: the chunk comes from the kept ones or after them (a gap then is not filled again). */
  private accept(chunk: Chunk, settled = false): void {
    if (this.finished) return;
    if (this.filling && !settled) {
      this.held.push(chunk);
      return;
    }
    if (chunk.attempt > this.attempt) {
      // A retried job answers from the start; its chunks replace the earlier attempt's (snapshots carry the whole
      // screen so far, so the client simply re-renders; a delta stream continues where the client is when the new
      // attempt repeats the code sent, else the HTTP layer ends it with an error: see ContentPieces).
      this.attempt = chunk.attempt;
      this.expected = 0;
    } else if (chunk.attempt < this.attempt) return;
    if (chunk.seq < this.expected) return;
    if (chunk.seq > this.expected && !settled && this.logKey && this.gapFills < 3) {
      // Missed on the bus: the kept chunks have it (a few reads at most for one gap: then it is a real loss).
      this.gapFills++;
      this.held.push(chunk);
      void this.fill();
      return;
    }
    if (chunk.seq > this.expected) {
      this.opts.logger.warn({ requestId: this.job.requestId, expected: this.expected, got: chunk.seq }, "answer lost chunks");
      this.fail(interrupted("Part of the answer was lost on its way. Please try again."));
      if (!this.following) void this.cancel("lost");
      return;
    }
    this.expected++;
    if (!settled) this.gapFills = 0;
    this.lastChunkAt = Date.now();
    this.opts.metrics.chunkLatency.observe(Math.max(0, Date.now() - chunk.ts) / 1000);
    this.push(chunk);
    if (chunk.type === "done") this.onUsage?.(chunk.usage);
    if ((chunk.type === "done" || chunk.type === "error") && chunk.sandboxMs !== undefined) this.onSandboxTime?.(chunk.sandboxMs);
    if (chunk.type === "done" || chunk.type === "error") this.end();
  }

  private fail(error: ChunkError): void {
    if (this.finished) return;
    const chunk: Chunk = { type: "error", attempt: this.attempt, seq: this.expected, ts: Date.now(), error };
    this.push(chunk);
    const events = this.opts.events;
    if (events)
      this.opts.redis
        .pipeline()
        .xadd(events.key, "*", "c", JSON.stringify(chunk))
        .pexpire(events.key, events.ttlMs)
        .exec()
        .catch((err: unknown) => this.opts.logger.warn({ err, requestId: this.job.requestId }, "answer's end not kept"));
    this.end();
  }

  private push(e: RelayEvent): void {
    this.buffered.push(e);
    this.wake?.();
  }

  private end(): void {
    if (this.finished) return;
    this.finished = true;
    this.sub?.unsubscribe();
    clearInterval(this.timer);
    clearTimeout(this.deadline);
    this.opts.metrics.activeStreams.dec();
    this.onEnd?.();
    this.wake?.();
  }

  /** A quiet answer: keep the connection alive, and end it if its job failed for good or is gone. */
  private async watch(): Promise<void> {
    if (this.finished || Date.now() - this.lastChunkAt < this.opts.keepAliveMs) return;
    this.push({ type: "keepalive" });
    try {
      const state = await this.opts.queue.getJobState(this.job.requestId);
      if (this.finished) return;
      if (state === "failed") {
        const job = await this.opts.queue.getJob(this.job.requestId);
        this.opts.logger.warn({ requestId: this.job.requestId, reason: job?.failedReason }, "generation job failed");
        this.fail({ code: E.GENERATION_FAILED, message: "The answer could not be generated. Please try again." });
      } else if (state === "unknown" || state === "completed") {
        // The worker has its last chunk on the NATS server before it completes the job (GenerationProcessor), but
        // this process may not have read it yet: Redis answered first. A round trip to the server after that
        // answer comes back behind every message the server already had for us.
        await this.opts.bus.flush();
        if (this.finished) return;
        // The bus lost the end (it restarted meanwhile): a resumable answer's kept chunks have it.
        if (this.logKey) await this.fill();
        if (this.finished) return;
        this.fail(interrupted("The answer ended without its last part. Please try again."));
      }
    } catch (err) {
      this.opts.logger.warn({ err, requestId: this.job.requestId }, "could not check a quiet job");
    }
  }

  /**
   * The client went away (or the answer was stopped): tell the worker, and take the job off the queue if no worker
   * has it yet — then nothing was generated, and a worker publishes the usage event with no tokens (the unstarted
   * queue), which releases the balance hold. The reason goes to the worker, which bills accordingly (see
   * GenerationProcessor).
   */
  async cancel(reason: CancelReason = "client"): Promise<void> {
    const { bus, redis, queue, unstarted, keyPrefix } = this.opts;
    this.end();
    const id = this.job.requestId;
    try {
      await redis.set(cancelKey(keyPrefix, id), reason, "EX", 3_600);
      bus.signal(SIGNALS.generationCancel, id, reason);
      const removed = await queue.remove(id).catch(() => 0);
      if (removed === 1) this.onUsage?.({ inputTokens: 0, outputTokens: 0 });
      if (removed === 1 && this.job.kind === "generate")
        await unstarted.add("unstarted", this.job, {
          jobId: id,
          attempts: 5,
          backoff: { type: "exponential", delay: 250 },
          removeOnComplete: true,
          removeOnFail: { age: 24 * 3_600 },
        });
    } catch (err) {
      this.opts.logger.warn({ err, requestId: id }, "could not cancel a generation job");
    }
  }

  /** The answer is over (its end arrived, or it failed or was stopped), whether or not its events were all read. */
  get ended(): boolean {
    return this.finished;
  }

  get done(): boolean {
    return this.finished && this.buffered.length === 0;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RelayEvent> {
    for (;;) {
      if (this.buffered.length > 0) {
        yield this.buffered.shift()!;
        continue;
      }
      if (this.finished) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
