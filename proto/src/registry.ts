import type { DescMessage } from "@bufbuild/protobuf";
import { z, type ZodType } from "zod";
import { UserCredentialsRevokedSchema, UserRegisteredSchema } from "./gen/genui/identity/v1/events_pb";
import {
  AppAppearanceChangedSchema,
  AppCreatedSchema,
  AppDeletedSchema,
  AppKeyRotatedSchema,
  AppSettingsChangedSchema,
  AppSpendCapChangedSchema,
} from "./gen/genui/apps/v1/events_pb";
import { GetAppearanceRequestSchema, GetAppearanceResponseSchema } from "./gen/genui/apps/v1/appearance_pb";
import { VerifyKeyRequestSchema, VerifyKeyResponseSchema } from "./gen/genui/apps/v1/keys_pb";
import { ListPublishedTemplatesRequestSchema, ListPublishedTemplatesResponseSchema } from "./gen/genui/apps/v1/templates_pb";
import { SubscriptionActivatedSchema, SubscriptionCancelledSchema } from "./gen/genui/billing/v1/events_pb";
import { AuthorizeBalanceRequestSchema, AuthorizeBalanceResponseSchema } from "./gen/genui/billing/v1/balance_pb";
import { GenerationCompletedSchema } from "./gen/genui/generation/v1/events_pb";
import { ListModelsRequestSchema, ListModelsResponseSchema } from "./gen/genui/billing/v1/models_pb";

/** A durable event: a fact in the past tense, published on JetStream in an EventEnvelope. */
export interface EventDef<S extends DescMessage = DescMessage> {
  /** NATS subject, `<context>.<entity>.<past_verb>`. */
  readonly subject: string;
  /** JetStream stream that stores the subject. */
  readonly stream: string;
  /** Generated message schema of the payload. */
  readonly schema: S;
}

/** A request/reply command: says what it asks; answered with a `Reply` holding the response or an error code. */
export interface CommandDef<Req extends DescMessage = DescMessage, Res extends DescMessage = DescMessage> {
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
}

/**
 * An ephemeral signal on core NATS (never stored on a stream): one process tells the processes listening for one key
 * (e.g. a request id) something they need now or never. JSON validated by `schema` on receipt.
 */
export interface SignalDef<T = unknown> {
  /** Core NATS subject for one key; outside every stream's subjects. */
  readonly subject: (key: string) => string;
  readonly schema: ZodType<T>;
}

/** The JetStream streams, one per bounded context, each owning `<context>.>`. */
export const STREAMS = {
  IDENTITY: { name: "IDENTITY", subjects: ["identity.>"] },
  APPS: { name: "APPS", subjects: ["apps.app.>"] },
  // billing.order.paid and billing.balance.changed are no longer published (nothing reacted to them).
  BILLING: { name: "BILLING", subjects: ["billing.subscription.>"] },
  GENERATION: { name: "GENERATION", subjects: ["generation.>"] },
} as const;

function event<S extends DescMessage>(subject: string, stream: keyof typeof STREAMS, schema: S): EventDef<S> {
  return { subject, stream: STREAMS[stream].name, schema };
}

/** Every event the services publish. */
export const EVENTS = {
  userRegistered: event("identity.user.registered", "IDENTITY", UserRegisteredSchema),
  userCredentialsRevoked: event("identity.user.credentials_revoked", "IDENTITY", UserCredentialsRevokedSchema),
  appCreated: event("apps.app.created", "APPS", AppCreatedSchema),
  appDeleted: event("apps.app.deleted", "APPS", AppDeletedSchema),
  appKeyRotated: event("apps.app.key_rotated", "APPS", AppKeyRotatedSchema),
  appSpendCapChanged: event("apps.app.spend_cap_changed", "APPS", AppSpendCapChangedSchema),
  appSettingsChanged: event("apps.app.settings_changed", "APPS", AppSettingsChangedSchema),
  appAppearanceChanged: event("apps.app.appearance_changed", "APPS", AppAppearanceChangedSchema),
  subscriptionActivated: event("billing.subscription.activated", "BILLING", SubscriptionActivatedSchema),
  subscriptionCancelled: event("billing.subscription.cancelled", "BILLING", SubscriptionCancelledSchema),
  generationCompleted: event("generation.completed", "GENERATION", GenerationCompletedSchema),
} as const;

/**
 * Events that change what is known about one app (its subscription, key, cap, existence): caches of apps and keys
 * in every instance watch them (`MessageBus.watch`). Each payload has `appId`.
 */
export const APP_CHANGE_EVENTS = [
  EVENTS.subscriptionActivated,
  EVENTS.subscriptionCancelled,
  EVENTS.appCreated,
  EVENTS.appDeleted,
  EVENTS.appKeyRotated,
  EVENTS.appSpendCapChanged,
  EVENTS.appSettingsChanged,
  EVENTS.appAppearanceChanged,
] as const;

/** Every request/reply command. Core NATS (not JetStream): answered by a queue group of the owning service. */
export const COMMANDS = {
  verifyKey: {
    subject: "apps.keys.verify",
    request: VerifyKeyRequestSchema,
    response: VerifyKeyResponseSchema,
  },
  getAppearance: {
    subject: "apps.appearance.get",
    request: GetAppearanceRequestSchema,
    response: GetAppearanceResponseSchema,
  },
  listPublishedTemplates: {
    subject: "apps.templates.list_published",
    request: ListPublishedTemplatesRequestSchema,
    response: ListPublishedTemplatesResponseSchema,
  },
  listModels: {
    subject: "billing.models.list",
    request: ListModelsRequestSchema,
    response: ListModelsResponseSchema,
  },
  authorizeBalance: {
    subject: "billing.balance.authorize",
    request: AuthorizeBalanceRequestSchema,
    response: AuthorizeBalanceResponseSchema,
  },
} as const satisfies Record<string, CommandDef>;

/** Stable error codes answered over request/reply. */
export const REPLY_ERRORS = {
  KEY_NOT_FOUND: "APPS.KEY_NOT_FOUND",
  /** The app does not exist or is not the named owner's (apps.templates.list_published with owner_id). */
  APP_NOT_FOUND: "APPS.APP_NOT_FOUND",
  INSUFFICIENT_CREDITS: "BILLING.INSUFFICIENT_CREDITS",
  INVALID_REQUEST: "COMMON.INVALID_REQUEST",
  INTERNAL: "COMMON.INTERNAL",
  TIMEOUT: "COMMON.TIMEOUT",
  NO_RESPONDERS: "COMMON.NO_RESPONDERS",
  /** The responder's own dependency (store, Redis) is down for now: like a timeout, worth trying again. */
  UNAVAILABLE: "COMMON.UNAVAILABLE",
} as const;

const chunkBase = {
  /** BullMQ attempt (1, 2, …): a retried job starts its answer again with a higher attempt. */
  attempt: z.number().int(),
  /** 0, 1, 2, … per attempt: the relay checks for loss and duplicates. */
  seq: z.number().int(),
  /** Epoch ms at publication (chunk latency metric). */
  ts: z.number(),
};

/**
 * One piece of a generation answer, from the worker running the job to the API process relaying it. `json` is the
 * screen (the UI runtime's tree): carried as is, not checked here (the API process only writes it out).
 */
export const GenerationChunkSchema = z.discriminatedUnion("type", [
  /** A worker took the job and generation begins (the client's first chunk: the assistant's role). */
  z.object({ ...chunkBase, type: z.literal("start") }),
  /**
   * New reasoning text, and either the screen so far (snapshots: `code` is the whole code so far) or new code (`text`,
   * to append; `repair`: it belongs to the repair pass's code).
   */
  z.object({
    ...chunkBase,
    type: z.literal("delta"),
    code: z.string().optional(),
    json: z.unknown().optional(),
    text: z.string().optional(),
    repair: z.boolean().optional(),
    reasoning: z.string().optional(),
  }),
  z.object({
    ...chunkBase,
    type: z.literal("done"),
    /** The code `json` renders (the repaired code when a repair pass ran). */
    code: z.string(),
    /** When a repair pass ran: the first pass's code (`code` is then the repaired one). */
    firstCode: z.string().optional(),
    json: z.unknown(),
    finishReason: z.enum(["stop", "length", "cancelled"]),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
    /** Code-only evaluations: the sandbox time the request used (ms), charged to the caller's free-work budget. */
    sandboxMs: z.number().optional(),
  }),
  z.object({
    ...chunkBase,
    type: z.literal("error"),
    /** `code`: generation's error code (GENERATION.…), which its edge answers with a status and OpenAI's shape. */
    error: z.object({ code: z.string(), message: z.string() }),
    /** As on `done`. */
    sandboxMs: z.number().optional(),
  }),
]);
export type GenerationChunk = z.infer<typeof GenerationChunkSchema>;

/**
 * Why an answer was stopped before its end: "client" — the client went away; "timeout" — it ran past the request
 * timeout; "lost" — chunks were lost on their way to the API process (the platform's failure: not billed).
 */
export const GenerationCancelSchema = z.enum(["client", "timeout", "lost"]);
export type GenerationCancel = z.infer<typeof GenerationCancelSchema>;

/** Ephemeral core-NATS signals, keyed (e.g. by request id); outside every stream. */
export const SIGNALS = {
  /** A generation answer's chunks, worker → the API process that enqueued the request (subscribed before). */
  generationChunk: { subject: (requestId: string) => `gen.chunks.${requestId}`, schema: GenerationChunkSchema },
  /** Stop a generation: API process → the worker running the request. */
  generationCancel: { subject: (requestId: string) => `gen.cancel.${requestId}`, schema: GenerationCancelSchema },
} as const satisfies Record<string, SignalDef>;

/**
 * BullMQ queues (Redis, under `<REDIS_KEY_PREFIX>bull`), each with the service that owns it. Generation's three share
 * a configurable base (`GEN_QUEUE`, so every test stack has queues of its own): the jobs, the code-only evaluations
 * (their own queue, so a flood of them never delays generation) and the generations cancelled before any worker took
 * them (a worker publishes their empty usage; never counted as depth).
 */
export const QUEUES = {
  generation: {
    owner: "generation",
    defaultBase: "generation",
    names: (base: string) => ({ jobs: base, evals: `${base}-eval`, unstarted: `${base}-unstarted` }) as const,
  },
  /** Billing's polls of orders whose provider has not confirmed them yet. */
  billingOrderPoll: { owner: "billing", name: "billing-order-poll" },
} as const;
