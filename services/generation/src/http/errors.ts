import { AppError, type Logger, type StatusTable } from "@genui/chassis";
import type { NextFunction, Request, Response } from "express";
import { GENERATION_ERRORS, isGenerationErrorCode, type GenerationErrorCode } from "../domain/errors";

/** How one error code is answered in OpenAI's shape; the official clients pick their error class by `status`. */
export interface OpenAIErrorSpec {
  status: number;
  type: string;
  code: string;
  /** The parameter the error is about when the code always means the same one. */
  param?: string;
  /** `x-should-retry: false`: a retry cannot help (the clients would otherwise retry some statuses). */
  noRetry?: true;
}

const invalid = (code: string, status = 400): OpenAIErrorSpec => ({ status, type: "invalid_request_error", code });
const permission = (code: string): OpenAIErrorSpec => ({ status: 403, type: "permission_error", code });

/**
 * generation's error codes as OpenAI's errors: `{ error: { message, type, param, code } }` with this status (400
 * BadRequest, 401 Authentication, 402, 403 PermissionDenied, 404 NotFound, 429 RateLimit, 5xx InternalServer). The
 * one place this edge decides them, for answers, event-stream errors and the answers of the workers alike.
 */
export const OPENAI_ERRORS: Readonly<Record<GenerationErrorCode, OpenAIErrorSpec>> = {
  "GENERATION.INVALID_VALUE": invalid("invalid_value"),
  "GENERATION.INVALID_JSON": invalid("invalid_json"),
  "GENERATION.MISSING_PARAMETER": invalid("missing_required_parameter"),
  "GENERATION.EMPTY_ARRAY": invalid("empty_array"),
  "GENERATION.CODE_TOO_LONG": invalid("string_above_max_length"),
  "GENERATION.CONTEXT_TOO_LONG": invalid("context_length_exceeded"),
  "GENERATION.REQUEST_TOO_LARGE": invalid("request_too_large", 413),
  "GENERATION.MISSING_KEY": invalid("missing_api_key", 401),
  "GENERATION.INVALID_KEY": invalid("invalid_api_key", 401),
  "GENERATION.NOT_SIGNED_IN": invalid("unauthenticated", 401),
  "GENERATION.TOKEN_EXPIRED": invalid("token_expired", 401),
  "GENERATION.APP_INACTIVE": permission("app_inactive"),
  "GENERATION.SECRET_KEY_IN_BROWSER": permission("secret_key_in_browser"),
  "GENERATION.PUBLISHABLE_KEY_ORIGIN_MISMATCH": permission("publishable_key_origin_mismatch"),
  "GENERATION.PUBLISHABLE_KEY_ROUTE": permission("publishable_key_route"),
  "GENERATION.OAUTH_TOKEN_ROUTE": permission("oauth_token_route"),
  "GENERATION.MODEL_NOT_FOUND": { ...invalid("model_not_found", 404), param: "model" },
  "GENERATION.APP_NOT_FOUND": { ...invalid("app_not_found", 404), param: "app_id" },
  "GENERATION.COMPLETION_NOT_FOUND": { ...invalid("not_found", 404), param: "completion_id" },
  "GENERATION.IDEMPOTENCY_CONFLICT": invalid("idempotency_conflict", 409),
  // 402 is not a status the official clients retry; `x-should-retry: false` says so explicitly as well.
  "GENERATION.INSUFFICIENT_CREDIT": { status: 402, type: "insufficient_quota", code: "insufficient_quota", noRetry: true },
  // 429 with `type: "requests"`: the official clients wait `Retry-After` and retry.
  "GENERATION.RATE_LIMITED": { status: 429, type: "requests", code: "rate_limit_exceeded" },
  "GENERATION.CONCURRENCY_LIMITED": { status: 429, type: "requests", code: "concurrency_limit_exceeded" },
  "GENERATION.QUEUE_SHARE_EXCEEDED": { status: 429, type: "requests", code: "queue_share_exceeded" },
  "GENERATION.SANDBOX_TIME_EXCEEDED": { status: 429, type: "requests", code: "sandbox_time_exceeded" },
  // 429 (so pages back off), but retrying before the next UTC day cannot help.
  "GENERATION.DAILY_SPEND_CAP_REACHED": {
    status: 429,
    type: "insufficient_quota",
    code: "daily_spend_cap_reached",
    noRetry: true,
  },
  "GENERATION.OVERLOADED": { status: 503, type: "server_error", code: "overloaded" },
  "GENERATION.UNAVAILABLE": { status: 503, type: "server_error", code: "service_unavailable" },
  "GENERATION.INVALID_CODE": invalid("invalid_code"),
  "GENERATION.BUDGET_EXHAUSTED": invalid("budget_exhausted"),
  "GENERATION.INVALID_MODEL_OUTPUT": { status: 502, type: "upstream_error", code: "invalid_model_output" },
  "GENERATION.UPSTREAM_ERROR": { status: 502, type: "upstream_error", code: "upstream_error" },
  "GENERATION.UPSTREAM_TIMEOUT": { status: 504, type: "upstream_error", code: "upstream_timeout" },
  "GENERATION.UPSTREAM_REFUSED": { status: 502, type: "upstream_error", code: "upstream_refused" },
  "GENERATION.STREAM_INTERRUPTED": { status: 502, type: "server_error", code: "stream_interrupted" },
  "GENERATION.TIMEOUT": { status: 504, type: "server_error", code: "timeout" },
  "GENERATION.GENERATION_FAILED": { status: 502, type: "server_error", code: "generation_failed" },
  "GENERATION.INTERNAL": { status: 500, type: "server_error", code: "internal_error" },
};

/** The statuses alone, for the chassis (the same table). */
export const HTTP_STATUS: StatusTable<GenerationErrorCode> = Object.fromEntries(
  Object.entries(OPENAI_ERRORS).map(([code, spec]) => [code, spec.status]),
) as Record<GenerationErrorCode, number>;

/** An error answer: status, headers and OpenAI's body. */
export interface OpenAIErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
}

/** An error with one of generation's codes as OpenAI's answer (an unknown code: a 500, never internals). */
export function openAIError(code: string, message: string, details: AppError["details"] = {}): OpenAIErrorAnswer {
  const spec = isGenerationErrorCode(code) ? OPENAI_ERRORS[code] : undefined;
  if (!spec) return openAIError(GENERATION_ERRORS.INTERNAL, "The server had an error while processing your request.");
  const headers: Record<string, string> = {};
  if (details.retryAfterSeconds !== undefined) headers["retry-after"] = String(details.retryAfterSeconds);
  if (spec.noRetry) headers["x-should-retry"] = "false";
  return {
    status: spec.status,
    headers,
    body: { error: { message, type: spec.type, param: details.param ?? spec.param ?? null, code: spec.code } },
  };
}

/** Anything thrown on a generation route as OpenAI's answer (never internals). */
export function describeOpenAIError(err: unknown, logger?: Logger): OpenAIErrorAnswer {
  if (err instanceof AppError && isGenerationErrorCode(err.code)) return openAIError(err.code, err.message, err.details);
  const x = (err ?? {}) as { type?: string; status?: number };
  if (x.type === "entity.parse.failed")
    return openAIError(GENERATION_ERRORS.INVALID_JSON, "We could not parse the JSON body of your request.");
  if (x.type === "entity.too.large") return openAIError(GENERATION_ERRORS.REQUEST_TOO_LARGE, "The request body is too large.");
  if (typeof x.status === "number" && x.status >= 400 && x.status < 500)
    return {
      status: x.status,
      headers: {},
      body: { error: { message: "The request could not be read.", type: "invalid_request_error", param: null, code: null } },
    };
  logger?.error({ err }, "generation request failed");
  return openAIError(GENERATION_ERRORS.INTERNAL, "The server had an error while processing your request.");
}

/** The generation routes' error handler: every error in OpenAI's shape. */
export function openAIErrorMapper() {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const e = describeOpenAIError(err, req.log);
    res.set(e.headers).status(e.status).json(e.body);
  };
}
