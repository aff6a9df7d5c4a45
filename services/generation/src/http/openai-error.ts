import type { NextFunction, Request, Response } from "express";

/**
 * An error in the shape OpenAI's clients read: `{ error: { message, type, param, code } }` with the status they map
 * to their error classes (400 BadRequest, 401 Authentication, 402, 403 PermissionDenied, 404 NotFound, 429 RateLimit,
 * 5xx InternalServer). The published and signed-in generation routes all answer errors this way.
 */
export class OpenAIError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "OpenAIError";
  }

  get body() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export const invalidRequest = (message: string, param: string | null = null, code: string | null = "invalid_value") =>
  new OpenAIError(400, message, "invalid_request_error", code, param);

export const missingKey = () =>
  new OpenAIError(
    401,
    "You didn't provide an API key. Send it in the Authorization header as 'Bearer <your app's API key>'; each app's key is on your dashboard.",
    "invalid_request_error",
    "missing_api_key",
  );

export const wrongKey = () =>
  new OpenAIError(
    401,
    "Incorrect API key provided. Find your app's key on your dashboard.",
    "invalid_request_error",
    "invalid_api_key",
  );

export const notSignedIn = () =>
  new OpenAIError(401, "Authentication credentials were not provided.", "invalid_request_error", "unauthenticated");

export const appInactive = (status: string) =>
  new OpenAIError(
    403,
    `This app is not active (its status is ${status || "unknown"}); only active apps' keys may call the API.`,
    "permission_error",
    "app_inactive",
  );

export const modelNotFound = (model: string) =>
  new OpenAIError(
    404,
    `The model '${model}' does not exist or you do not have access to it.`,
    "invalid_request_error",
    "model_not_found",
    "model",
  );

/** Another user's app, or none: the same answer, so app ids cannot be probed. */
export const appNotFound = () =>
  new OpenAIError(404, "No app with this id belongs to your account.", "invalid_request_error", "app_not_found", "app_id");

/** 429 in OpenAI's shape (`type: "requests"`); the official clients wait `Retry-After` and retry. */
export const rateLimited = (message: string, code: string, retryAfterSeconds: number) =>
  new OpenAIError(429, message, "requests", code, null, { "retry-after": String(retryAfterSeconds) });

/** 402 is not a status the official clients retry; `x-should-retry: false` says so explicitly as well. */
export const insufficientCredit = () =>
  new OpenAIError(
    402,
    "Your balance is too low for this request. Add credits on your dashboard and try again.",
    "insufficient_quota",
    "insufficient_quota",
    null,
    { "x-should-retry": "false" },
  );

export const overloaded = (retryAfterSeconds: number) =>
  new OpenAIError(503, "The service is busy right now. Please retry shortly.", "server_error", "overloaded", null, {
    "retry-after": String(retryAfterSeconds),
  });

export const unavailable = (what: string) =>
  new OpenAIError(503, `${what} is unavailable right now. Please retry shortly.`, "server_error", "service_unavailable", null, {
    "retry-after": "2",
  });

/** A method the path does not declare: 405 with the methods it does (`Allow`), before the key is looked at. */
export const methodNotAllowed = (method: string, path: string, allow: string) =>
  new OpenAIError(
    405,
    `${method} is not allowed on ${path}; it accepts ${allow}.`,
    "invalid_request_error",
    "method_not_allowed",
    null,
    { allow },
  );

/** Maps anything thrown on a generation route to the OpenAI error shape (never internals). */
export function openAIErrorMapper() {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    let e: OpenAIError;
    if (err instanceof OpenAIError) e = err;
    else {
      const x = (err ?? {}) as { type?: string; status?: number };
      if (x.type === "entity.parse.failed")
        e = invalidRequest("We could not parse the JSON body of your request.", null, "invalid_json");
      else if (x.type === "entity.too.large")
        e = new OpenAIError(413, "The request body is too large.", "invalid_request_error", "request_too_large");
      else if (typeof x.status === "number" && x.status >= 400 && x.status < 500)
        e = new OpenAIError(x.status, "The request could not be read.", "invalid_request_error");
      else {
        req.log?.error({ err }, "generation request failed");
        e = new OpenAIError(500, "The server had an error while processing your request.", "server_error", "internal_error");
      }
    }
    res.set(e.headers).status(e.status).json(e.body);
  };
}
