import { existsSync } from "node:fs";
import path from "node:path";
import {
  LOCAL_PUBLIC_URL,
  TOPOLOGY,
  baseConfigSchema,
  loadConfig,
  mongoConfigSchema,
  natsConfigSchema,
  redisConfigSchema,
} from "@genui/chassis";
import { QUEUES } from "@genui/contracts";
import { z } from "zod";
import { parseRateLimit } from "./domain/capacity";

/** Settings the API process and the workers share: where the queue lives and how long a request may take. */
const pipelineSchema = z.object({
  /** Base name of the BullMQ queues of generation (`QUEUES.generation` in the registry). */
  GEN_QUEUE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default(QUEUES.generation.defaultBase),
  /** How long a worker's lock on a job lasts without renewal: a killed worker's job is retried after this. */
  GEN_LOCK_MS: z.coerce.number().int().min(500).default(15_000),
  /** How often workers look for stalled jobs (whose worker died). */
  GEN_STALLED_INTERVAL_MS: z.coerce.number().int().min(250).default(10_000),
  /** Attempts per job (transient provider failures and stalls are retried, once by default). */
  GEN_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(2),
  /**
   * How long a streamed answer's events stay resumable after its last event, seconds (docs/api.md "Resuming a
   * stream"): the workers keep each answer's pieces in a Redis Stream of its own for this long.
   */
  GEN_RESUME_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** The most pieces kept per answer (the stream is trimmed past it; a resume from before the kept ones is refused). */
  GEN_RESUME_MAX_PIECES: z.coerce.number().int().min(100).max(1_000_000).default(20_000),
});

/**
 * Stored completions (docs/api.md, "Stored completions"): the database both processes use (the workers store a
 * finished answer, the API reads, lists, changes and deletes) and how long a completion is kept.
 */
const storedCompletionsSchema = z.object({
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/)
    .default(TOPOLOGY.generation.database),
  /** Days a stored completion is kept (set when it is stored); after that it is never answered, and it is purged. */
  GEN_COMPLETION_RETENTION_DAYS: z.coerce.number().positive().max(3_650).default(30),
});

/** The generation queues' names (jobs, evaluations, unstarted: `QUEUES.generation` in the registry) for this base. */
export const generationQueues = (config: { GEN_QUEUE: string }) => QUEUES.generation.names(config.GEN_QUEUE);

/** The repository's built UI resource, from the built service (dist/src) or its sources (the tests). */
const MCP_APP_HTML =
  [path.resolve(__dirname, "../../../.."), path.resolve(__dirname, "../../..")]
    .map((root) => path.join(root, "frontend/mcp-app/dist/mcp-app.html"))
    .find((f) => existsSync(path.dirname(path.dirname(f)))) ??
  path.resolve(__dirname, "../../../../frontend/mcp-app/dist/mcp-app.html");

const rate = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s, ctx) => {
      try {
        return parseRateLimit(s);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

export const configSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(pipelineSchema.shape)
  .extend(storedCompletionsSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8104),
    /** Waiting jobs beyond which new requests are refused with 503 and Retry-After (workers are behind). */
    GEN_MAX_QUEUE_DEPTH: z.coerce.number().int().min(1).default(2_000),
    /** Longest a whole request may take before it is stopped with an error. */
    GEN_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(300_000),
    /**
     * A stream opened with `stream_options.resumable`: how long its answer goes on after the connection dropped,
     * waiting for the client to resume it (then it is stopped and billed for what was generated, as today), ms.
     */
    GEN_RESUME_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    /** Keep-alive comment interval of event streams while the answer is quiet; also when a quiet job is checked. */
    GEN_KEEPALIVE_MS: z.coerce.number().int().min(100).default(10_000),
    /** Allowance for the system prompt in the hold's input tokens (the hold is an upper bound, not the bill). */
    GEN_SYSTEM_PROMPT_TOKENS: z.coerce.number().int().min(0).default(4_000),
    /**
     * Web search rounds the hold of a request with the Internet option covers (keep it at the workers'
     * UPSTREAM_MAX_TOOL_ROUNDS; a worker never makes a call beyond the hold either way).
     */
    GEN_HOLD_TOOL_ROUNDS: z.coerce.number().int().min(0).max(5).default(2),
    /**
     * Requests per publishable key (web pages) as "max/windowSeconds": its own low budget, counted in Redis across
     * every API process; a secret key's budgets are GEN_RATE_PER_TENANT and the others below.
     */
    GEN_PUBLISHABLE_RATE: z
      .string()
      .regex(/^[1-9]\d*\/[1-9]\d*$/, 'must be a rate like "30/60" (max/windowSeconds)')
      .default("30/60")
      .transform((s) => {
        const [max, windowSeconds] = s.split("/").map(Number) as [number, number];
        return { max, windowSeconds };
      }),
    /** Waiting code-only evaluations beyond which new evaluations are refused with 503 (generations unaffected). */
    GEN_EVAL_MAX_QUEUE_DEPTH: z.coerce.number().int().min(1).default(2_000),
    /** Generation requests admitted per window, per signed-in user and per API key ("N/seconds"). */
    GEN_RATE_PER_TENANT: rate("300/60"),
    /** Generation requests open at once (queued or streaming), per signed-in user and per API key. */
    GEN_CONCURRENCY_PER_TENANT: z.coerce.number().int().min(1).default(32),
    /** Code-only evaluations admitted per window, per signed-in user and per API key. */
    GEN_EVAL_RATE_PER_TENANT: rate("600/60"),
    /** Code-only evaluations open at once, per signed-in user and per API key. */
    GEN_EVAL_CONCURRENCY_PER_TENANT: z.coerce.number().int().min(1).default(16),
    /**
     * The part of each queue bound one paying user may hold at once across all their keys and the signed-in routes
     * (0.1: a tenant holds at most a tenth of GEN_MAX_QUEUE_DEPTH generations, and of GEN_EVAL_MAX_QUEUE_DEPTH
     * evaluations).
     */
    GEN_TENANT_QUEUE_SHARE: z.coerce.number().gt(0).max(1).default(0.1),
    /** How long a request's place in the limits lasts without renewal: the most a crashed process can hold one. */
    GEN_SLOT_LEASE_MS: z.coerce.number().int().min(500).default(30_000),
    /**
     * Sandbox time for evaluations that are not billed (code-only retrieve, auth-retrieve, the template preview), as
     * "milliseconds/windowSeconds": per caller (a signed-in user, or one API key) and per paying account across all
     * its keys. Past it: 429 with Retry-After. An ordinary screen takes a few ms; code stopped at the sandbox's time
     * limit takes about 200.
     */
    GEN_FREE_SANDBOX_MS_PER_TENANT: rate("5000/60"),
    GEN_FREE_SANDBOX_MS_PER_ACCOUNT: rate("20000/60"),
    /** Longest client-submitted UI code (retrieve's `code`, a chat message's `code`), characters. */
    GEN_MAX_CODE_CHARS: z.coerce.number().int().min(100).default(32_000),
    /**
     * gzip level of streamed answers for clients that accept gzip (each batch of events is sync-flushed, so nothing
     * waits); 0 sends them uncompressed. Measured per answer of the benchmark's shape (loadtests/stream-gzip-bench.mjs):
     * level 1 takes ~0.6× level 6's CPU for ~3–7 % more bytes (still fewer than the compressor used before sent at
     * 6), hence the default (nginx's `gzip_comp_level` default is 1 too); 0 costs nearly nothing and sends ~3× the
     * bytes — for deployments whose ingress compresses.
     */
    GEN_STREAM_GZIP_LEVEL: z.coerce.number().int().min(0).max(9).default(1),
    /**
     * Where users reach the platform (scheme://host[:port]): the MCP server's resource URL and its metadata name it,
     * and the authorization server (apps) issues its tokens for it.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default(LOCAL_PUBLIC_URL),
    /** How long a screen shown through the MCP server can still be acted on or edited (its conversation), seconds. */
    GEN_MCP_SCREEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    /**
     * How long the API process uses an app's look (its theme and components) before asking apps again, ms. A change
     * is heard sooner: its event makes every copy forget the app's look at once.
     */
    GEN_APPEARANCE_CACHE_MS: z.coerce.number().int().min(0).default(15_000),
    /** Turns of a screen's conversation kept for its next action or edit (the oldest go first). */
    GEN_MCP_MAX_TURNS: z.coerce.number().int().min(2).max(200).default(24),
    /** The MCP Apps UI resource (ui://genui/screen.html): the one-file page `npm run build -w @genui/mcp-app` makes. */
    GEN_MCP_APP_HTML: z.string().min(1).default(MCP_APP_HTML),
  });

export type GenerationConfig = z.output<typeof configSchema>;

export const loadGenerationConfig = (env: NodeJS.ProcessEnv = process.env): GenerationConfig =>
  loadConfig("generation", configSchema, env);

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional());

/** The worker process: its own metrics/health port; it reports usage as events and stores finished answers that asked for it. */
export const workerConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(natsConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(pipelineSchema.shape)
  .extend(storedCompletionsSchema.shape)
  .extend({
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8105),
    /** Jobs one worker process runs at once (streams are I/O-bound; sandbox evaluation is short). */
    GEN_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(2_000).default(64),
    /** Code-only evaluations one worker process runs at once (their own queue and loop beside the generations). */
    GEN_EVAL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /** Least time between two intermediate screens of one stream (0: one per model chunk). */
    GEN_PARTIAL_INTERVAL_MS: z.coerce.number().int().min(0).default(100),
    /**
     * Least time between two snapshots (screen so far) of one signed-in chat stream; unset: GEN_PARTIAL_INTERVAL_MS
     * (its earlier name).
     */
    GEN_SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    /**
     * Intermediate snapshots stop once the content bytes sent would exceed this factor times the snapshot considered
     * (the final one is always sent): a long answer costs a bounded multiple of its size, not its square.
     */
    GEN_SNAPSHOT_BYTE_FACTOR: z.coerce.number().min(1).default(4),
    /**
     * Least time between two code deltas of one published-API stream: pieces the model sends meanwhile go out
     * together (fewer events and bytes on the wire; 0: one per provider batch).
     */
    GEN_DELTA_INTERVAL_MS: z.coerce.number().int().min(0).default(300),
    /**
     * An OpenAI-compatible upstream (OpenAI, vLLM, Ollama, llama.cpp server): base URL ending in /v1. Unset: the
     * built-in offline generator answers.
     */
    UPSTREAM_BASE_URL: optionalUrl,
    UPSTREAM_API_KEY: z.string().default(""),
    /** The upstream's model name for genui-pluto-0.1 (and for the thinking variant, if different). */
    UPSTREAM_MODEL: z.string().default("gpt-4o-mini"),
    UPSTREAM_REASONING_MODEL: z.string().default(""),
    /** Time to the upstream's first reply, and the longest silence between two of its chunks. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** How the output limit is sent: "max_completion_tokens" (OpenAI) or "max_tokens" (older servers, Ollama). */
    UPSTREAM_MAX_TOKENS_FIELD: z.enum(["max_completion_tokens", "max_tokens"]).default("max_completion_tokens"),
    /** Web search rounds per answer at most (Internet toggle). */
    UPSTREAM_MAX_TOOL_ROUNDS: z.coerce.number().int().min(0).max(5).default(2),
    /** A SearXNG-compatible JSON search endpoint for the Internet toggle's web search tool (unset: no web search). */
    WEB_SEARCH_URL: optionalUrl,
    /** Worker threads evaluating UI code (each a QuickJS sandbox of its own; the process never runs the code itself). */
    SANDBOX_THREADS: z.coerce.number().int().min(1).max(32).default(2),
    /** The sandbox's time limit per evaluation step (QuickJS interrupts code between bytecodes past it). */
    SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(100),
    /**
     * How long past that limit a thread may go on (a built-in running in C never checks it) before the process
     * terminates the thread and answers with the time-limit error.
     */
    SANDBOX_MARGIN_MS: z.coerce.number().int().min(10).max(10_000).default(100),
    /** Memory of each sandbox (its WebAssembly memory cannot grow past it), MiB. */
    SANDBOX_MEMORY_MB: z.coerce.number().int().min(16).max(1024).default(32),
    /** Offline generator pacing, tokens per second (0: as fast as possible). */
    OFFLINE_TOKENS_PER_SECOND: z.coerce.number().min(0).default(400),
  });

export type WorkerConfig = z.output<typeof workerConfigSchema>;

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env): WorkerConfig =>
  loadConfig("generation-worker", workerConfigSchema, env);
