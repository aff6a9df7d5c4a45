import { randomUUID } from "node:crypto";
import { AppError, RemoteError, type Logger, type MessageBus, type Redis, type Tracing } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { appComponentsPrompt, type AppComponentChecker } from "@genui/ui-runtime";
import type { Queue } from "bullmq";
import type { AppAppearances } from "../clients/app-appearances";
import type { AppTemplates } from "../clients/app-templates";
import type { KeyVerifier } from "../clients/key-verifier";
import type { ModelCatalogue } from "../clients/model-catalogue";
import { checkKeyUse, requestCost, type CatalogueModel, type KeyOwner, type KeyUse } from "../domain/access";
import { jobAppearance, themeAppearance, type AppAppearance, type ThemeAppearance } from "../domain/appearance";
import {
  GENERATION_ERRORS,
  appInactive,
  appNotFound,
  generationError,
  insufficientCredit,
  invalidRequest,
  missingKey,
  modelNotFound,
  overloaded,
  unavailable,
  tokenExpired,
  wrongKey,
} from "../domain/errors";
import { isRefusal, type Refusal, type Slot, type Tenant, type WorkClass } from "../domain/capacity";
import type { Capacity } from "../store/capacity";
import { ComponentCheckers } from "../store/component-checkers";
import { FreeWorkBudget } from "../store/free-work-budget";
import { PublishableLimits, type SpendReservation } from "../store/publishable-limits";
import type { GenerationConfig } from "../config";
import type { GenerationMetrics } from "../metrics";
import type { GenerationJob } from "../domain/messages";
import { RelayedAnswer } from "../transport/answer-relay";
import { answerEventsKey } from "../store/job-keys";
import type { ChatTurn } from "../domain/messages";
import type { CompletionToStore } from "../domain/stored-completions";

export interface AdmissionDeps {
  bus: MessageBus;
  redis: Redis;
  queue: Queue<GenerationJob>;
  /** Code-only evaluations' own queue (their own workers' loop), so they never wait ahead of generations. */
  evalQueue: Queue<GenerationJob>;
  /** Generations cancelled before any worker took them, for a worker to publish their empty usage. */
  unstartedQueue: Queue<GenerationJob>;
  /** Per-tenant rate and concurrency limits, shared by every API process through Redis. */
  capacity: Capacity;
  keys: KeyVerifier;
  models: ModelCatalogue;
  templates: AppTemplates;
  /** The apps' looks: their components go with every generation for the app, their themes to renderers. */
  appearances: AppAppearances;
  metrics: GenerationMetrics;
  logger: Logger;
  config: GenerationConfig;
  /** Spans of the enqueue (tracing.ts); absent or disabled: none. */
  tracing?: Tracing;
}

/** Who pays for a request: the signed-in user, or the owner of the app whose key was used. */
export interface Caller {
  userId: string;
  appId: string;
  /** Set for a publishable key: what it may spend per UTC day (micro-dollars). */
  dailySpendCapMicros?: number;
  /** Whose limits the request counts against (the signed-in user, or the API key and its app's owner). */
  tenant: Tenant;
  /** The request's correlation id, handed on with what it asks of other services (the balance hold). */
  correlationId?: string;
}

export interface GenerateInput {
  model: string;
  messages: ChatTurn[];
  chars: number;
  maxTokens?: number;
  includeThoughts: boolean;
  webSearch: boolean;
  partials: boolean;
  /** With partials: stream the screen so far (the signed-in chat) rather than code deltas. */
  snapshots?: boolean;
  /** With partials, not snapshots: the signed-in chat's deltas (paced like its snapshots, not the published API). */
  chatDeltas?: boolean;
  /** A streamed chat answer a client can resume after a dropped connection (its pieces are kept: job `resumable`). */
  resumable?: boolean;
  /** Keep the finished answer as a stored completion of the app (the published API's `store`) or of the user's chat. */
  store?: CompletionToStore;
  /**
   * What must be kept before the answer's first event is written (a resumable stream's bookkeeping), given the job as
   * enqueued: sent together with the enqueue rather than after it, and awaited before the answer is returned — its
   * failure stops the answer and is what `generate` throws.
   */
  opening?: (job: GenerationJob) => Promise<void>;
}

/** Tokens of tool results (web search) or repair instructions one model call may add to the prompt, in the hold. */
const HOLD_CALL_ALLOWANCE = 1_000;

const remoteDown = (err: unknown, what: string): AppError | undefined =>
  err instanceof RemoteError &&
  (err.code === REPLY_ERRORS.NO_RESPONDERS || err.code === REPLY_ERRORS.TIMEOUT || err.code === REPLY_ERRORS.UNAVAILABLE)
    ? unavailable(what)
    : undefined;

/**
 * The API process's use cases: who is calling, may they (key, model, balance, queue room), and starting the answer
 * (a queued job relayed back over NATS). Everything here is I/O against other processes; no generation happens in
 * the API process.
 */
export class Admission {
  private depth = { waiting: 0, at: 0 };
  private evalDepth = 0;
  private depthTimer?: NodeJS.Timeout;
  private readonly publishable: PublishableLimits;
  private readonly freeWork: FreeWorkBudget;
  /** Apps' components compiled for checking screens (a screen an agent sends to be validated). */
  private readonly checkers = new ComponentCheckers();

  constructor(private readonly deps: AdmissionDeps) {
    this.publishable = new PublishableLimits(deps.redis, deps.config.REDIS_KEY_PREFIX, deps.config.GEN_PUBLISHABLE_RATE);
    this.freeWork = new FreeWorkBudget(
      deps.redis,
      deps.config.REDIS_KEY_PREFIX,
      deps.config.GEN_FREE_SANDBOX_MS_PER_TENANT,
      deps.config.GEN_FREE_SANDBOX_MS_PER_ACCOUNT,
    );
  }

  /** Samples the queue depth for the overload check and the metrics (a Redis call per request would be waste). */
  startSampling(intervalMs = 250): void {
    const sample = async () => {
      try {
        const c = await this.deps.queue.getJobCounts("waiting", "active", "delayed", "prioritized");
        const waiting = (c.waiting ?? 0) + (c.prioritized ?? 0);
        this.depth = { waiting, at: Date.now() };
        this.deps.metrics.queueDepth.set({ state: "waiting" }, waiting);
        this.deps.metrics.queueDepth.set({ state: "active" }, c.active ?? 0);
        this.deps.metrics.queueDepth.set({ state: "delayed" }, c.delayed ?? 0);
        const e = await this.deps.evalQueue.getJobCounts("waiting", "prioritized");
        this.evalDepth = (e.waiting ?? 0) + (e.prioritized ?? 0);
      } catch (err) {
        this.deps.logger.warn({ err }, "queue depth not sampled");
      }
    };
    void sample();
    this.depthTimer = setInterval(() => void sample(), intervalMs);
  }

  stopSampling(): void {
    clearInterval(this.depthTimer);
  }

  /**
   * The app behind a bearer API key, which must be active, used the way its kind allows (`use`: the request's
   * Origin header and what it asks for; see domain/access.ts). Publishable keys also count against their
   * own request budget here.
   */
  async appFromKey(
    authorization: string | undefined,
    use: { origin: string | undefined; route: KeyUse } = { origin: undefined, route: "chat" },
  ): Promise<KeyOwner> {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!m) throw missingKey();
    let owner: KeyOwner | undefined;
    try {
      owner = await this.deps.keys.verify(m[1]!);
    } catch (err) {
      throw remoteDown(err, "Key verification") ?? err;
    }
    if (!owner) throw wrongKey();
    if (owner.expiresAtMs > 0 && Date.now() >= owner.expiresAtMs) throw tokenExpired();
    checkKeyUse(owner, use.origin, use.route);
    if (owner.status !== "active") throw appInactive(owner.status);
    // Reading the app's look generates nothing (and a page reads it on every load): it is not counted.
    if (owner.kind === "publishable" && use.route !== "appearance") await this.publishable.hit(owner.appId);
    return owner;
  }

  async listModels(): Promise<CatalogueModel[]> {
    try {
      return await this.deps.models.list();
    } catch (err) {
      throw remoteDown(err, "The model catalogue") ?? err;
    }
  }

  async model(slug: string | undefined): Promise<CatalogueModel> {
    try {
      const model = slug ? await this.deps.models.find(slug) : await this.deps.models.defaultModel();
      if (!model) throw modelNotFound(slug ?? "");
      return model;
    } catch (err) {
      throw remoteDown(err, "The model catalogue") ?? err;
    }
  }

  /**
   * The app's look for a request's answer (MCP results, A2UI surfaces, AG-UI runs): its theme and version; no app, or
   * apps not answering: none (version 0, GenUI's own theme).
   */
  async theme(caller: Pick<Caller, "appId" | "userId">): Promise<ThemeAppearance> {
    return themeAppearance(await this.deps.appearances.current(caller.appId, caller.userId));
  }

  /**
   * What a screen of the app is checked against besides GenUI's catalogue: its own components (none known — no app,
   * or apps not answering — undefined: they pass unchecked).
   */
  async componentChecker(caller: Pick<Caller, "appId" | "userId">): Promise<AppComponentChecker | undefined> {
    const a = await this.deps.appearances.current(caller.appId, caller.userId);
    return a ? this.checkers.for(caller.appId, jobAppearance(a)) : undefined;
  }

  /** The look of the app a key opens, for renderers: a 503 when apps cannot answer (nothing is made up). */
  async appearance(owner: KeyOwner): Promise<AppAppearance> {
    try {
      return await this.deps.appearances.get(owner.appId, owner.ownerId);
    } catch (err) {
      // The app went between the key's check and this read: its key opens nothing any more.
      if (err instanceof RemoteError && err.code === REPLY_ERRORS.APP_NOT_FOUND) throw wrongKey();
      throw remoteDown(err, "The app's settings") ?? err;
    }
  }

  /** The signed-in user's own app (a 404 otherwise, the same for an unknown id); `appId` empty: nothing to check. */
  async ownApp(userId: string, appId: string): Promise<void> {
    try {
      await this.deps.templates.owned(appId, userId);
    } catch (err) {
      if (err instanceof RemoteError && err.code === REPLY_ERRORS.APP_NOT_FOUND) throw appNotFound();
      throw remoteDown(err, "The apps service") ?? err;
    }
  }

  /** A place in the caller's limits for request `requestId`, or the 429 saying which limit and when to retry. */
  private async admit(cls: WorkClass, tenant: Tenant, requestId: string): Promise<Slot> {
    let got: Slot | Refusal;
    try {
      got = await this.deps.capacity.acquire(cls, tenant, requestId);
    } catch (err) {
      this.deps.logger.warn({ err }, "capacity not checked");
      throw unavailable("Capacity accounting");
    }
    if (!isRefusal(got)) return got;
    const what = cls === "evaluate" ? "code evaluations" : "generations";
    this.deps.metrics.requests.inc({ route: "any", status: "429" });
    if (got.kind === "rate")
      throw generationError(
        GENERATION_ERRORS.RATE_LIMITED,
        `Rate limit reached for ${what}: ${got.limit.max} per ${got.limit.windowSeconds} seconds for this ${tenant.label}. Try again in ${got.retryAfter} seconds.`,
        { retryAfterSeconds: got.retryAfter },
      );
    if (got.kind === "concurrency")
      throw generationError(
        GENERATION_ERRORS.CONCURRENCY_LIMITED,
        `Too many ${what} in progress for this ${tenant.label}: at most ${got.limit} at once. Retry when one has finished.`,
        { retryAfterSeconds: 1 },
      );
    throw generationError(
      GENERATION_ERRORS.QUEUE_SHARE_EXCEEDED,
      `This account already has ${got.limit} ${what} queued or running, its share of the service. Retry when some have finished.`,
      { retryAfterSeconds: 1 },
    );
  }

  private checkRoom(cls: WorkClass = "generate"): void {
    if (cls === "evaluate") {
      // Evaluations have their own bound: a flood of them is refused without touching generations' room.
      if (this.evalDepth >= this.deps.config.GEN_EVAL_MAX_QUEUE_DEPTH) {
        this.deps.metrics.requests.inc({ route: "any", status: "503" });
        throw overloaded(2);
      }
      return;
    }
    if (this.depth.waiting >= this.deps.config.GEN_MAX_QUEUE_DEPTH) {
      this.deps.metrics.requests.inc({ route: "any", status: "503" });
      throw overloaded(2);
    }
  }

  private relay(job: GenerationJob): RelayedAnswer {
    const { bus, redis, metrics, logger, config } = this.deps;
    return new RelayedAnswer(
      {
        bus,
        redis,
        queue: job.kind === "evaluate" ? this.deps.evalQueue : this.deps.queue,
        unstarted: this.deps.unstartedQueue,
        metrics,
        logger,
        keyPrefix: config.REDIS_KEY_PREFIX,
        attempts: config.GEN_ATTEMPTS,
        requestTimeoutMs: config.GEN_REQUEST_TIMEOUT_MS,
        keepAliveMs: config.GEN_KEEPALIVE_MS,
        ...(this.deps.tracing ? { tracing: this.deps.tracing } : {}),
        ...(job.resumable
          ? {
              events: {
                key: answerEventsKey(config.REDIS_KEY_PREFIX, job.requestId),
                ttlMs: config.GEN_RESUME_TTL_SECONDS * 1000,
              },
            }
          : {}),
      },
      job,
    );
  }

  /**
   * An answer under way (or over, within GEN_RESUME_TTL_SECONDS), followed for a client resuming it: the job as the
   * queue still holds it (so stopping it can take it off the queue), or the little the stream's reader needs.
   */
  async follow(
    requestId: string,
    started: { userId: string; appId: string; model: string; startedAt: number },
  ): Promise<RelayedAnswer | undefined> {
    const { config, redis } = this.deps;
    const events = answerEventsKey(config.REDIS_KEY_PREFIX, requestId);
    const [queued, kept] = await Promise.all([this.deps.queue.getJob(requestId).catch(() => undefined), redis.exists(events)]);
    // Neither waiting nor running, and its events expired: nothing is left to resume (the worker keeps the events of a
    // running answer from its first piece, and marks the job done only after its last).
    if (!queued && !kept) return undefined;
    // Not in the queue any more (running or finished): stopping it is a signal and the cancel key, which need only
    // the id; the queue's copy is used whenever there is one.
    const job: GenerationJob = queued?.data ?? {
      requestId,
      kind: "generate",
      userId: started.userId,
      appId: started.appId,
      model: started.model,
      messages: [],
      thinking: false,
      internet: false,
      maxOutputTokens: 0,
      holdId: "",
      partials: true,
      resumable: true,
      enqueuedAt: started.startedAt,
    };
    const answer = this.relay({ ...job, resumable: false });
    await answer.attach(events, started.startedAt + config.GEN_REQUEST_TIMEOUT_MS - Date.now());
    return answer;
  }

  /** Authorises the most the request can cost, then starts it. */
  async generate(caller: Caller, model: CatalogueModel, input: GenerateInput): Promise<RelayedAnswer> {
    const { config } = this.deps;
    // The app's templates and own components go into every model call's prompt, so the hold counts them.
    const [templates, appearance] = await Promise.all([
      this.deps.templates.published(caller.appId, caller.userId),
      this.deps.appearances.current(caller.appId, caller.userId),
    ]);
    // The hold's input bound: characters / 3 over-counts tokens for text (about 4 characters a token).
    const estimatedInput = Math.ceil(input.chars / 3) + input.messages.length * 4;
    if (Math.ceil(input.chars / 4) > model.inputLimit)
      throw invalidRequest(
        `This model's maximum context length is ${model.inputLimit} tokens; your messages are longer.`,
        "messages",
        GENERATION_ERRORS.CONTEXT_TOO_LONG,
      );
    const maxOutput = Math.min(input.maxTokens ?? model.outputLimit, model.outputLimit);
    // The hold covers every model call the worker may make (docs/decisions.md, "Holds"): each sends the system prompt,
    // the templates and the messages (plus up to HOLD_CALL_ALLOWANCE tokens of tool results or repair instructions);
    // there is the answer's call, one per tool round and one repair, which also re-sends the code (at most the output
    // budget). Output is one budget for all of them. The worker stops before a call that would go beyond.
    const templateTokens =
      templates.reduce((n, t) => n + Math.ceil((t.name.length + t.description.length + t.code.length) / 3) + 8, 0) +
      Math.ceil(appComponentsPrompt(appearance?.components ?? []).length / 3);
    const perCall = Math.min(
      model.inputLimit,
      estimatedInput + templateTokens + config.GEN_SYSTEM_PROMPT_TOKENS + HOLD_CALL_ALLOWANCE,
    );
    const calls = 2 + (input.webSearch ? config.GEN_HOLD_TOOL_ROUNDS : 0);
    const maxInput = perCall * calls + maxOutput;
    this.checkRoom();
    const requestId = randomUUID();
    const thinking = input.includeThoughts && model.features[0] === "Thinking";
    const answer = this.relay({
      requestId,
      kind: "generate",
      userId: caller.userId,
      appId: caller.appId,
      model: model.slug,
      messages: input.messages,
      thinking,
      internet: input.webSearch,
      ...(templates.length ? { templates } : {}),
      ...(appearance ? { appearance: jobAppearance(appearance) } : {}),
      maxOutputTokens: maxOutput,
      maxInputTokens: maxInput,
      // Set once billing has answered (below), before the job is enqueued.
      holdId: "",
      partials: input.partials,
      ...(input.snapshots ? { snapshots: true } : {}),
      ...(input.chatDeltas ? { chatDeltas: true } : {}),
      ...(input.resumable ? { resumable: true } : {}),
      ...(input.store && (caller.appId || input.store.partition) ? { store: input.store } : {}),
      enqueuedAt: Date.now(),
    });
    const slot = await this.admit("generate", caller.tenant, requestId);
    // Admitted: the answer's subscription is made before its hold is asked, on the same connection — the hold's reply
    // then says the server has it (RelayedAnswer.subscribe), and the job, the only thing that publishes there, is
    // enqueued after that (start). Refused from here on: the subscription goes.
    answer.subscribe();
    let holdId: string;
    // A publishable key's request reserves its most possible cost against the app's daily cap first.
    let reserved: SpendReservation | undefined;
    if (caller.dailySpendCapMicros !== undefined)
      try {
        reserved = await this.publishable.reserve(
          caller.appId,
          caller.dailySpendCapMicros,
          requestCost(model, maxInput, maxOutput),
        );
      } catch (err) {
        answer.abandon();
        await slot.release();
        throw err;
      }
    const giveBack = async () => {
      if (reserved) await this.publishable.release(reserved).catch(() => undefined);
    };
    const authorizing = performance.now();
    try {
      const auth = await this.deps.bus.request(
        COMMANDS.authorizeBalance,
        {
          requestId,
          userId: caller.userId,
          appId: caller.appId,
          model: model.slug,
          maxInputTokens: BigInt(maxInput),
          maxOutputTokens: BigInt(maxOutput),
        },
        { timeoutMs: 3_000, ...(caller.correlationId ? { correlationId: caller.correlationId } : {}) },
      );
      this.deps.metrics.stages.observe({ stage: "authorize" }, (performance.now() - authorizing) / 1000);
      answer.confirm();
      if (!auth.authorized) throw insufficientCredit();
      holdId = auth.holdId;
    } catch (err) {
      answer.abandon();
      await giveBack();
      await slot.release();
      throw remoteDown(err, "Billing") ?? err;
    }
    answer.job.holdId = holdId;
    // When it went into the queue (the worker's queue wait starts here), not when the request began being admitted.
    answer.job.enqueuedAt = Date.now();
    if (reserved) {
      const r = reserved;
      let settled = false;
      // Corrected once to the real cost; an answer that fails keeps its full reservation (never under-counted).
      answer.onUsage = (u) => {
        if (settled) return;
        settled = true;
        this.publishable
          .settle(r, requestCost(model, u.inputTokens, u.outputTokens))
          .catch((err: unknown) => this.deps.logger.warn({ err, requestId }, "spend cap not corrected"));
      };
    }
    const opening = input.opening?.(answer.job);
    // Awaited once the job is in the queue; one that fails meanwhile is no unhandled rejection.
    opening?.catch(() => undefined);
    try {
      await this.started(answer, slot);
    } catch (err) {
      await giveBack();
      throw err;
    }
    if (opening)
      try {
        await opening;
      } catch (err) {
        // Redis (which holds the queue as well) failed just now: the answer is stopped (its hold and reservation are
        // settled as a cancelled answer's) and the failure answered.
        void answer.cancel();
        throw err;
      }
    return answer;
  }

  /** Enqueues; a request that never got into the queue gives its place back at once. */
  private async started(answer: RelayedAnswer, slot: Slot): Promise<void> {
    answer.onEnd = () => void slot.release();
    try {
      await answer.start();
    } catch (err) {
      answer.abandon();
      await slot.release();
      throw err;
    }
  }

  /**
   * Code alone: evaluated by a worker's sandbox, no model call and nothing billed — so it is paid for in sandbox time
   * instead: admitted while the caller's free sandbox time lasts, charged what the worker measured.
   */
  async evaluate(caller: Caller, code: string): Promise<RelayedAnswer> {
    this.checkRoom("evaluate");
    try {
      await this.freeWork.admit(caller.tenant);
    } catch (err) {
      if (err instanceof AppError && err.code === GENERATION_ERRORS.SANDBOX_TIME_EXCEEDED) {
        this.deps.metrics.requests.inc({ route: "any", status: "429" });
        throw err;
      }
      this.deps.logger.warn({ err }, "free sandbox time not checked");
      throw unavailable("Capacity accounting");
    }
    const requestId = randomUUID();
    // The code may use the app's own components: they are checked against its declarations like a model's answer.
    const appearance = await this.deps.appearances.current(caller.appId, caller.userId);
    const slot = await this.admit("evaluate", caller.tenant, requestId);
    const answer = this.relay({
      requestId,
      kind: "evaluate",
      userId: caller.userId,
      appId: caller.appId,
      model: "",
      messages: [],
      code,
      thinking: false,
      internet: false,
      ...(appearance ? { appearance: jobAppearance(appearance) } : {}),
      maxOutputTokens: 0,
      holdId: "",
      partials: false,
      enqueuedAt: Date.now(),
    });
    answer.onSandboxTime = (ms) =>
      void this.freeWork
        .charge(caller.tenant, ms)
        .catch((err: unknown) => this.deps.logger.warn({ err, requestId }, "sandbox time not charged"));
    await this.started(answer, slot);
    return answer;
  }
}
