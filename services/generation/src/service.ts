import { createRedis, identityKeyring, requestExchanges, startService, type Logger, type RunningService } from "@genui/chassis";
import { Queue } from "bullmq";
import { AppAppearances } from "./clients/app-appearances";
import { AppTemplates } from "./clients/app-templates";
import { Capacity } from "./store/capacity";
import { KeyVerifier } from "./clients/key-verifier";
import { ModelCatalogue } from "./clients/model-catalogue";
import { generationQueues, type GenerationConfig } from "./config";
import { watchAppChanges } from "./events/app-changes.watcher";
import { Admission } from "./use-cases/admission";
import { HTTP_STATUS } from "./http/errors";
import { generationRoutes } from "./http/generation.routes";
import { publishedChatRoute } from "./http/published-chat";
import { resumeStream } from "./http/resume";
import { AnswerLog } from "./store/answer-log";
import { ResumableAnswers } from "./use-cases/resumable-answers";
import { GenerationMetrics } from "./metrics";
import type { GenerationJob } from "./domain/messages";
import { ProviderAnnouncements } from "./store/provider-announcement";
import { ScreenStore } from "./store/screen-store";
import { Screens } from "./use-cases/screens";
import { mcpRoutes } from "./http/mcp.routes";
import { a2uiRoutes } from "./http/a2ui.routes";
import { agUiRoutes } from "./http/ag-ui.routes";
import { AgUiRuns } from "./use-cases/ag-ui-runs";
import { collectAnswer } from "./http/sse";
import { completionRoutes } from "./http/completions.routes";
import { CompletionStore } from "./store/completion-store";
import { StoredCompletions } from "./use-cases/stored-completions";

// bytes reads HTTP_BODY_LIMIT for express's JSON parser; it ships no types of its own. Loaded with require, typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const bytes = require("bytes") as { parse(value: string): number | null };

/**
 * Starts the generation API process (main.ts and the integration tests both use it): the published
 * OpenAI-compatible routes and the signed-in chat and retrieve routes. Requests are queue jobs in Redis, answers
 * arrive from the workers over NATS; its database holds the stored completions (the workers write them).
 */
export function startGeneration(config: GenerationConfig, logger?: Logger): Promise<RunningService> {
  return startService({
    service: "generation",
    // JSON is parsed inside the routes, so a malformed body gets the OpenAI error shape.
    http: {
      host: config.HTTP_HOST,
      port: config.HTTP_PORT,
      bodyLimit: config.HTTP_BODY_LIMIT,
      jsonBody: false,
      errorStatus: HTTP_STATUS,
      // Its ids are handed on explicitly (the balance hold's correlation id: admission.ts).
      context: "explicit",
    },
    logLevel: config.LOG_LEVEL,
    heapGrowingPercent: config.HEAP_GROWING_PERCENT,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: identityKeyring(config),
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX, streamReplicas: config.NATS_STREAM_REPLICAS },
    redis: { url: config.REDIS_URL },
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    setup: async (ctx) => {
      await ctx.bus!.ensureStream("GENERATION");
      const metrics = new GenerationMetrics(ctx.metrics);
      // The queues have a connection of their own, not auto-pipelined: BullMQ defines its 64 scripts on the connection
      // it is given, and the service's auto-pipelined client would then copy them all into the pipeline it makes in
      // every turn that sends (docs/performance.md, "BullMQ's scripts off the API's client").
      const connection = createRedis(config.REDIS_URL, "generation-queue", ctx.logger, { autoPipelining: false });
      const names = generationQueues(config);
      const queue = new Queue<GenerationJob>(names.jobs, { connection, prefix: `${config.REDIS_KEY_PREFIX}bull` });
      queue.on("error", (err) => ctx.logger.warn({ err: err.message }, "generation queue error"));
      const evalQueue = new Queue<GenerationJob>(names.evals, {
        connection,
        prefix: `${config.REDIS_KEY_PREFIX}bull`,
      });
      evalQueue.on("error", (err) => ctx.logger.warn({ err: err.message }, "evaluation queue error"));
      const unstartedQueue = new Queue<GenerationJob>(names.unstarted, {
        connection,
        prefix: `${config.REDIS_KEY_PREFIX}bull`,
      });
      unstartedQueue.on("error", (err) => ctx.logger.warn({ err: err.message }, "unstarted queue error"));
      await Promise.all([queue.waitUntilReady(), evalQueue.waitUntilReady(), unstartedQueue.waitUntilReady()]);
      const share = (depth: number) => Math.max(1, Math.floor(depth * config.GEN_TENANT_QUEUE_SHARE));
      const capacity = new Capacity({
        redis: ctx.redis!,
        logger: ctx.logger,
        prefix: config.REDIS_KEY_PREFIX,
        leaseMs: config.GEN_SLOT_LEASE_MS,
        limits: {
          generate: {
            rate: config.GEN_RATE_PER_TENANT,
            concurrency: config.GEN_CONCURRENCY_PER_TENANT,
            share: share(config.GEN_MAX_QUEUE_DEPTH),
          },
          evaluate: {
            rate: config.GEN_EVAL_RATE_PER_TENANT,
            concurrency: config.GEN_EVAL_CONCURRENCY_PER_TENANT,
            share: share(config.GEN_EVAL_MAX_QUEUE_DEPTH),
          },
        },
      });
      capacity.start();
      const keys = new KeyVerifier(ctx.bus!);
      const appearances = new AppAppearances(ctx.bus!, ctx.logger, config.GEN_APPEARANCE_CACHE_MS);
      const admission = new Admission({
        bus: ctx.bus!,
        redis: ctx.redis!,
        queue,
        evalQueue,
        unstartedQueue,
        capacity,
        keys,
        models: new ModelCatalogue(ctx.bus!),
        templates: new AppTemplates(ctx.bus!, ctx.logger),
        appearances,
        metrics,
        logger: ctx.logger,
        config,
        tracing: ctx.tracing,
      });
      admission.startSampling();
      const announcements = new ProviderAnnouncements(ctx.redis!, config.REDIS_KEY_PREFIX);
      const screenStore = new ScreenStore(
        ctx.redis!,
        config.REDIS_KEY_PREFIX,
        config.GEN_MCP_SCREEN_TTL_SECONDS,
        config.GEN_MCP_MAX_TURNS,
      );
      const screens = new Screens(admission, screenStore, collectAnswer);
      // Streamed answers a client can resume (from any copy) after a dropped connection.
      const answers = new ResumableAnswers(
        admission,
        new AnswerLog(
          ctx.redis!,
          config.REDIS_KEY_PREFIX,
          Math.ceil(config.GEN_REQUEST_TIMEOUT_MS / 1000) + config.GEN_RESUME_TTL_SECONDS,
        ),
      );
      const resume = resumeStream({
        answers,
        metrics,
        streamGzipLevel: config.GEN_STREAM_GZIP_LEVEL,
        graceMs: config.GEN_RESUME_GRACE_MS,
      });
      // The stored completions (generation's database): the workers store them, this process reads them.
      const completionStore = new CompletionStore(ctx.mongo!);
      await completionStore.init();
      const storedCompletions = new StoredCompletions(completionStore, ctx.logger);
      storedCompletions.startPurging();
      const appChanges = watchAppChanges(ctx.bus!, keys, {
        data: [screens, storedCompletions],
        appearances,
        onError: (err) =>
          ctx.logger.warn({ err }, "a deleted app's screens or stored completions were not deleted (they expire)"),
      });
      const mcp = mcpRoutes({
        admission,
        screens,
        metrics,
        publicUrl: config.PUBLIC_URL,
        bodyLimit: config.HTTP_BODY_LIMIT,
        appHtmlPath: config.GEN_MCP_APP_HTML,
        version: "0.1.0",
      });
      const routes = generationRoutes({
        admission,
        metrics,
        servedBy: () => announcements.current(),
        bodyLimit: config.HTTP_BODY_LIMIT,
        maxCodeChars: config.GEN_MAX_CODE_CHARS,
        streamGzipLevel: config.GEN_STREAM_GZIP_LEVEL,
        answers,
        resumeGraceMs: config.GEN_RESUME_GRACE_MS,
        resume,
        completions: completionRoutes({ admission, completions: storedCompletions, metrics, resume }),
        mcp,
        a2ui: a2uiRoutes({ admission, screenStore, metrics, logger: ctx.logger }),
        agUi: agUiRoutes({
          admission,
          runs: new AgUiRuns(admission, screenStore, ctx.logger),
          metrics,
          maxCodeChars: config.GEN_MAX_CODE_CHARS,
        }),
      });
      ctx.app.use(routes.router);
      // The published chat completions' common request is answered before express (published-chat.ts): the same
      // handler, ids, log line, metrics, span and errors, without the router and body-parser per request.
      ctx.preRoute = publishedChatRoute({
        exchanges: requestExchanges({
          logger: ctx.logger,
          metrics: ctx.metrics,
          tracing: ctx.tracing,
          trustCaller: true,
          nameSpans: true,
          context: ctx.context,
        }),
        handler: routes.publishedChat,
        bodyLimit: bytes.parse(config.HTTP_BODY_LIMIT) ?? 0,
        errorStatus: HTTP_STATUS,
      });
      ctx.shutdown.add("workers", "generation queue", async () => {
        admission.stopSampling();
        appChanges.stop();
        storedCompletions.stopPurging();
        await capacity.stop();
        await Promise.all([queue.close(), evalQueue.close(), unstartedQueue.close()]);
        await connection.quit().catch(() => connection.disconnect());
      });
    },
  });
}
