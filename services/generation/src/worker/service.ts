import {
  SpanKind,
  contextFromCarrier,
  createRedis,
  inSpan,
  startService,
  type Logger,
  type RunningService,
  type Tracing,
} from "@genui/chassis";
import { createThreadedEvaluator } from "@genui/ui-runtime/node";
import { Worker, type Job } from "bullmq";
import { generationQueues, type WorkerConfig } from "../config";
import { GenerationMetrics } from "../metrics";
import { GenerationProcessor } from "./jobs/generation-processor";
import type { GenerationJob } from "../domain/messages";
import { announceProvider } from "../store/provider-announcement";
import { CompletionStore } from "../store/completion-store";
import { CompletionKeeper } from "../use-cases/stored-completions";
import { OfflineProvider } from "./providers/offline/offline-provider";
import { OpenAIUpstreamProvider } from "./providers/openai-upstream";
import type { Provider } from "./providers/provider";
import { countTokens } from "./providers/tokens";
import { SearxngSearch } from "./providers/web-search";

/** The provider configuration chooses: an OpenAI-compatible upstream when one is set, else the offline generator. */
export async function providerFor(config: WorkerConfig): Promise<Provider> {
  if (!config.UPSTREAM_BASE_URL) {
    return new OfflineProvider({ tokensPerSecond: config.OFFLINE_TOKENS_PER_SECOND });
  }
  return new OpenAIUpstreamProvider({
    baseURL: config.UPSTREAM_BASE_URL,
    apiKey: config.UPSTREAM_API_KEY || "none",
    model: config.UPSTREAM_MODEL,
    ...(config.UPSTREAM_REASONING_MODEL ? { reasoningModel: config.UPSTREAM_REASONING_MODEL } : {}),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxTokensField: config.UPSTREAM_MAX_TOKENS_FIELD,
    maxToolRounds: config.UPSTREAM_MAX_TOOL_ROUNDS,
    ...(config.WEB_SEARCH_URL ? { webSearch: new SearxngSearch({ baseURL: config.WEB_SEARCH_URL }) } : {}),
  });
}

/**
 * A generation worker process: takes jobs from the queue (configurable concurrency), runs the provider, evaluates
 * the code in the sandbox and publishes chunks and usage. Scaled independently of the API process.
 */
export function startGenerationWorker(config: WorkerConfig, logger?: Logger, provider?: Provider): Promise<RunningService> {
  return startService({
    service: "generation-worker",
    // Its listener answers probes and metrics only: no request of it calls anything.
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT, context: "explicit" },
    logLevel: config.LOG_LEVEL,
    heapGrowingPercent: config.HEAP_GROWING_PERCENT,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
    redis: { url: config.REDIS_URL },
    // The stored completions (generation's database, which the API process reads): finished answers that asked for it.
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    setup: async (ctx) => {
      await ctx.bus!.ensureStream("GENERATION");
      const metrics = new GenerationMetrics(ctx.metrics);
      // Untrusted code runs only in these threads: the process stops any of them whose code overruns its deadline.
      const evaluator = createThreadedEvaluator({
        threads: config.SANDBOX_THREADS,
        timeoutMs: config.SANDBOX_TIMEOUT_MS,
        marginMs: config.SANDBOX_MARGIN_MS,
        memoryBytes: config.SANDBOX_MEMORY_MB * 1024 * 1024,
      });
      // Load the sandbox and the tokenizer's vocabulary now, not during the first request.
      await Promise.all(Array.from({ length: config.SANDBOX_THREADS }, () => evaluator.evaluate('text("ready")')));
      countTokens("ready");
      const chosen = provider ?? (await providerFor(config));
      const processor = new GenerationProcessor({
        bus: ctx.bus!,
        redis: ctx.redis!,
        provider: chosen,
        evaluator,
        metrics,
        logger: ctx.logger,
        keyPrefix: config.REDIS_KEY_PREFIX,
        partialIntervalMs: config.GEN_SNAPSHOT_INTERVAL_MS ?? config.GEN_PARTIAL_INTERVAL_MS,
        snapshotByteFactor: config.GEN_SNAPSHOT_BYTE_FACTOR,
        deltaIntervalMs: config.GEN_DELTA_INTERVAL_MS,
        answerLog: { ttlSeconds: config.GEN_RESUME_TTL_SECONDS, maxPieces: config.GEN_RESUME_MAX_PIECES },
        completions: new CompletionKeeper(new CompletionStore(ctx.mongo!), config.GEN_COMPLETION_RETENTION_DAYS, ctx.logger),
      });
      // BullMQ's connections: its own (its blocking commands need that), not auto-pipelined (an auto-pipelined client
      // copies all of BullMQ's scripts into the pipeline of every turn).
      const bullConnection = (name: string) => createRedis(config.REDIS_URL, name, ctx.logger, { autoPipelining: false });
      const connection = bullConnection("generation-worker-bull");
      const handle = (job: Job<GenerationJob>) =>
        ctx.tracing.enabled ? tracedJob(ctx.tracing, job, () => processor.process(job)) : processor.process(job);
      const run = async (job: Job<GenerationJob>) => {
        metrics.activeJobs.inc();
        try {
          return await handle(job);
        } finally {
          metrics.activeJobs.dec();
        }
      };
      const options = {
        prefix: `${config.REDIS_KEY_PREFIX}bull`,
        lockDuration: config.GEN_LOCK_MS,
        stalledInterval: config.GEN_STALLED_INTERVAL_MS,
        maxStalledCount: 1,
        drainDelay: 5,
      };
      const names = generationQueues(config);
      const worker = new Worker<GenerationJob, string>(names.jobs, run, {
        ...options,
        connection,
        concurrency: config.GEN_WORKER_CONCURRENCY,
      });
      // Code-only evaluations: their own queue and loop, so a flood of them never stands before a generation.
      const evalConnection = bullConnection("generation-eval-bull");
      const evalWorker = new Worker<GenerationJob, string>(names.evals, run, {
        ...options,
        connection: evalConnection,
        concurrency: config.GEN_EVAL_WORKER_CONCURRENCY,
      });
      // Generations cancelled before any worker took them: their empty usage, published by a worker like every other.
      const unstartedConnection = bullConnection("generation-unstarted-bull");
      const unstartedWorker = new Worker<GenerationJob, string>(names.unstarted, (job) => processor.settleUnstarted(job), {
        ...options,
        connection: unstartedConnection,
        concurrency: 4,
      });
      for (const w of [worker, evalWorker, unstartedWorker]) {
        w.on("error", (err) => ctx.logger.warn({ err }, "generation worker error"));
        w.on("stalled", (jobId) => {
          metrics.stalledJobs.inc();
          ctx.logger.warn({ requestId: jobId }, "generation job stalled; put back in the queue");
        });
        w.on("failed", (job, err) =>
          ctx.logger.warn({ requestId: job?.id, err: err.message, attempts: job?.attemptsMade }, "generation job failed"),
        );
      }
      await Promise.all([worker.waitUntilReady(), evalWorker.waitUntilReady(), unstartedWorker.waitUntilReady()]);
      ctx.logger.info({ provider: chosen.name, concurrency: config.GEN_WORKER_CONCURRENCY }, "generation worker ready");
      const stopAnnouncing = announceProvider(ctx.redis!, config.REDIS_KEY_PREFIX, chosen.name);
      ctx.shutdown.add("workers", "generation worker", async () => {
        stopAnnouncing();
        await Promise.all([worker.close(), evalWorker.close(), unstartedWorker.close()]);
        for (const c of [connection, evalConnection, unstartedConnection]) await c.quit().catch(() => c.disconnect());
        evaluator.dispose();
      });
    },
  });
}

/**
 * A job's CONSUMER span, continuing the enqueuing request's trace (its context came in the job's data), with the
 * time it waited in the queue as a span of its own (enqueued → taken).
 */
function tracedJob(tracing: Tracing, job: Job<GenerationJob>, run: () => Promise<string>): Promise<string> {
  const d = job.data;
  const parent = contextFromCarrier(d.trace);
  const attributes = {
    "messaging.system": "bullmq",
    "messaging.destination.name": job.queueName,
    "messaging.message.id": d.requestId,
  };
  tracing.tracer.startSpan("queue wait", { kind: SpanKind.INTERNAL, startTime: d.enqueuedAt, attributes }, parent).end();
  return inSpan(
    tracing.tracer,
    `process ${job.queueName}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...attributes,
        "messaging.operation.type": "process",
        "genui.job.kind": d.kind,
        "genui.job.attempt": Math.max(1, job.attemptsStarted),
      },
      parent,
    },
    async (span) => {
      const outcome = await run();
      span.setAttribute("genui.job.outcome", outcome);
      return outcome;
    },
  );
}
