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
};

export const badRequest = (message: string) => new AppError(COMMON_ERRORS.BAD_REQUEST, message);
export const validationFailed = (fields: FieldErrors, message = "Invalid input.") =>
  new AppError(COMMON_ERRORS.VALIDATION, message, { fields });
export const unauthorized = (message = "Authentication credentials were not provided.") =>
  new AppError(COMMON_ERRORS.UNAUTHENTICATED, message);
export const forbidden = (message: string) => new AppError(COMMON_ERRORS.FORBIDDEN, message);
export const notFound = (message = "Not found.") => new AppError(COMMON_ERRORS.NOT_FOUND, message);
