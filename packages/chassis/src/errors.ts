/** Field errors in the DRF shape SPEC.md names: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

/** What an error carries beyond its code and message; nothing here is HTTP. */
export interface ErrorDetails {
  /** Per-field messages (the answer is then `{ field: [messages] }`). */
  readonly fields?: FieldErrors;
  /** When the caller may try again (an edge turns it into `Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** The request parameter the error is about (OpenAI's `param`). */
  readonly param?: string;
}

/**
 * The one error type of every service: a stable code (`<CONTEXT>.<WHAT>`, e.g. `BILLING.INSUFFICIENT_FUNDS`), a
 * message for people, and details. It knows nothing of HTTP: each edge maps codes to statuses in one table
 * (`src/http/errors.ts` of every service; `StatusTable` below), so a use case can be called from a route, a command
 * handler or a job alike.
 */
export class AppError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get fields(): FieldErrors | undefined {
    return this.details.fields;
  }
}

/** Codes every service may use; their statuses are the same at every edge. */
export const COMMON_ERRORS = {
  BAD_REQUEST: "COMMON.BAD_REQUEST",
  VALIDATION: "COMMON.VALIDATION",
  UNAUTHENTICATED: "COMMON.UNAUTHENTICATED",
  FORBIDDEN: "COMMON.FORBIDDEN",
  NOT_FOUND: "COMMON.NOT_FOUND",
  CONFLICT: "COMMON.CONFLICT",
  /** A dependency of the service (its store, Redis, the bus) cannot be reached right now: try again shortly. */
  UNAVAILABLE: "COMMON.UNAVAILABLE",
} as const;
export type CommonErrorCode = (typeof COMMON_ERRORS)[keyof typeof COMMON_ERRORS];

/** HTTP status per error code: one table per edge. A code missing from it answers 500 and is logged. */
export type StatusTable<C extends string = string> = Readonly<Record<C, number>>;

export const COMMON_STATUS: StatusTable<CommonErrorCode> = {
  "COMMON.BAD_REQUEST": 400,
  "COMMON.VALIDATION": 400,
  "COMMON.UNAUTHENTICATED": 401,
  "COMMON.FORBIDDEN": 403,
  "COMMON.NOT_FOUND": 404,
  "COMMON.CONFLICT": 409,
  "COMMON.UNAVAILABLE": 503,
};

/** Seconds a client is asked to wait after an outage answer (a restarted dependency is back within seconds). */
export const OUTAGE_RETRY_AFTER_SECONDS = 2;

// What the drivers throw when their server is gone or restarting: the mongodb driver's and mongoose's network and
// server-selection errors, ioredis's "Connection is closed." and MaxRetriesPerRequestError, nats's connection codes
// (not a bare socket code: a client that went away resets its own connection, and that is no outage).
const OUTAGE_NAMES = new Set([
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
  "PoolClearedOnNetworkError",
  "MaxRetriesPerRequestError",
]);
const OUTAGE_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_REFUSED", "CONNECTION_TIMEOUT", "DISCONNECT"]);
const OUTAGE_MESSAGES = [/^Connection is closed\.?$/, /buffering timed out after/, /Stream isn't writeable/];

/**
 * Is `err` (or its cause) a dependency outage rather than a fault of the request or of the code? Such a request may
 * succeed when tried again, so edges answer it 503 with Retry-After (`COMMON.UNAVAILABLE`), never a bare 500.
 */
export function isOutage(err: unknown): boolean {
  for (
    let e = err as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (typeof e.name === "string" && OUTAGE_NAMES.has(e.name)) return true;
    if (typeof e.code === "string" && OUTAGE_CODES.has(e.code)) return true;
    if (typeof e.message === "string" && OUTAGE_MESSAGES.some((m) => m.test(e!.message as string))) return true;
    // The mongodb driver wraps a driver error met mid-write (a connection closed by a restarting store) in a
    // MongoBulkWriteError with no write errors, keeping the error it wrapped as `errorResponse`.
    const wrapped = (e as { errorResponse?: unknown }).errorResponse;
    e = (e.cause ?? (wrapped instanceof Error ? wrapped : undefined)) as typeof e;
  }
  return false;
}

/** The answer to a request that met an outage of a dependency. */
export const outage = () =>
  new AppError(COMMON_ERRORS.UNAVAILABLE, "The service is briefly unavailable; try again in a few seconds.", {
    retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
  });

export const badRequest = (message: string) => new AppError(COMMON_ERRORS.BAD_REQUEST, message);
export const validationFailed = (fields: FieldErrors, message = "Invalid input.") =>
  new AppError(COMMON_ERRORS.VALIDATION, message, { fields });
export const unauthorized = (message = "Authentication credentials were not provided.") =>
  new AppError(COMMON_ERRORS.UNAUTHENTICATED, message);
export const forbidden = (message: string) => new AppError(COMMON_ERRORS.FORBIDDEN, message);
export const notFound = (message = "Not found.") => new AppError(COMMON_ERRORS.NOT_FOUND, message);
