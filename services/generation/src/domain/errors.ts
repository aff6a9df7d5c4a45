import { AppError, type ErrorDetails } from "@genui/chassis";

/**
 * generation's error codes. Statuses and OpenAI's error shape are the edge's business (`http/errors.ts`, one table);
 * the workers send these codes in an answer's error chunk as well.
 */
export const GENERATION_ERRORS = {
  // The request itself (400, 405, 413).
  INVALID_VALUE: "GENERATION.INVALID_VALUE",
  INVALID_JSON: "GENERATION.INVALID_JSON",
  MISSING_PARAMETER: "GENERATION.MISSING_PARAMETER",
  EMPTY_ARRAY: "GENERATION.EMPTY_ARRAY",
  CODE_TOO_LONG: "GENERATION.CODE_TOO_LONG",
  CONTEXT_TOO_LONG: "GENERATION.CONTEXT_TOO_LONG",
  REQUEST_TOO_LARGE: "GENERATION.REQUEST_TOO_LARGE",
  // Who is calling (401, 403, 404).
  MISSING_KEY: "GENERATION.MISSING_KEY",
  INVALID_KEY: "GENERATION.INVALID_KEY",
  NOT_SIGNED_IN: "GENERATION.NOT_SIGNED_IN",
  APP_INACTIVE: "GENERATION.APP_INACTIVE",
  SECRET_KEY_IN_BROWSER: "GENERATION.SECRET_KEY_IN_BROWSER",
  PUBLISHABLE_KEY_ORIGIN_MISMATCH: "GENERATION.PUBLISHABLE_KEY_ORIGIN_MISMATCH",
  PUBLISHABLE_KEY_ROUTE: "GENERATION.PUBLISHABLE_KEY_ROUTE",
  OAUTH_TOKEN_ROUTE: "GENERATION.OAUTH_TOKEN_ROUTE",
  TOKEN_EXPIRED: "GENERATION.TOKEN_EXPIRED",
  MODEL_NOT_FOUND: "GENERATION.MODEL_NOT_FOUND",
  APP_NOT_FOUND: "GENERATION.APP_NOT_FOUND",
  /** A completion id that names nothing of the caller's: never stored/resumable, another app's, deleted or expired. */
  COMPLETION_NOT_FOUND: "GENERATION.COMPLETION_NOT_FOUND",
  /** A streamed request whose Idempotency-Key another request is still starting. */
  IDEMPOTENCY_CONFLICT: "GENERATION.IDEMPOTENCY_CONFLICT",
  // Limits and money (402, 429, 503).
  INSUFFICIENT_CREDIT: "GENERATION.INSUFFICIENT_CREDIT",
  RATE_LIMITED: "GENERATION.RATE_LIMITED",
  CONCURRENCY_LIMITED: "GENERATION.CONCURRENCY_LIMITED",
  QUEUE_SHARE_EXCEEDED: "GENERATION.QUEUE_SHARE_EXCEEDED",
  DAILY_SPEND_CAP_REACHED: "GENERATION.DAILY_SPEND_CAP_REACHED",
  SANDBOX_TIME_EXCEEDED: "GENERATION.SANDBOX_TIME_EXCEEDED",
  OVERLOADED: "GENERATION.OVERLOADED",
  UNAVAILABLE: "GENERATION.UNAVAILABLE",
  // The answer (from the workers and the relay).
  INVALID_CODE: "GENERATION.INVALID_CODE",
  BUDGET_EXHAUSTED: "GENERATION.BUDGET_EXHAUSTED",
  INVALID_MODEL_OUTPUT: "GENERATION.INVALID_MODEL_OUTPUT",
  UPSTREAM_ERROR: "GENERATION.UPSTREAM_ERROR",
  UPSTREAM_TIMEOUT: "GENERATION.UPSTREAM_TIMEOUT",
  UPSTREAM_REFUSED: "GENERATION.UPSTREAM_REFUSED",
  STREAM_INTERRUPTED: "GENERATION.STREAM_INTERRUPTED",
  TIMEOUT: "GENERATION.TIMEOUT",
  GENERATION_FAILED: "GENERATION.GENERATION_FAILED",
  INTERNAL: "GENERATION.INTERNAL",
} as const;
export type GenerationErrorCode = (typeof GENERATION_ERRORS)[keyof typeof GENERATION_ERRORS];

export const isGenerationErrorCode = (code: string): code is GenerationErrorCode =>
  (Object.values(GENERATION_ERRORS) as string[]).includes(code);

export const generationError = (code: GenerationErrorCode, message: string, details?: ErrorDetails) =>
  new AppError(code, message, details);

const E = GENERATION_ERRORS;

/** A parameter of the request is wrong; `param` names it (OpenAI's `param`). */
export const invalidRequest = (
  message: string,
  param: string | null = null,
  code: GenerationErrorCode = E.INVALID_VALUE,
): AppError<GenerationErrorCode> => generationError(code, message, param === null ? {} : { param });

export const missingKey = () =>
  generationError(
    E.MISSING_KEY,
    "You didn't provide an API key. Send it in the Authorization header as 'Bearer <your app's API key>'; each app's key is on your dashboard.",
  );

export const wrongKey = () =>
  generationError(E.INVALID_KEY, "Incorrect API key provided. Find your app's key on your dashboard.");

export const notSignedIn = () => generationError(E.NOT_SIGNED_IN, "Authentication credentials were not provided.");

export const appInactive = (status: string) =>
  generationError(
    E.APP_INACTIVE,
    `This app is not active (its status is ${status || "unknown"}); only active apps' keys may call the API.`,
  );

export const modelNotFound = (model: string) =>
  generationError(E.MODEL_NOT_FOUND, `The model '${model}' does not exist or you do not have access to it.`);

/** Another user's app, or none: the same answer, so app ids cannot be probed. */
/** Two requests with one Idempotency-Key at once: the second waits for the first to have started (Stripe's 409). */
export const idempotencyConflict = () =>
  generationError(
    E.IDEMPOTENCY_CONFLICT,
    "A request with this Idempotency-Key is still being started. Send it again in a moment to read its answer.",
  );
/** OpenAI's answer for an unknown completion id (also another app's: nothing says it exists). */
export const completionNotFound = (id: string) =>
  generationError(E.COMPLETION_NOT_FOUND, `No chat completion found with id '${id}'.`);
export const appNotFound = () => generationError(E.APP_NOT_FOUND, "No app with this id belongs to your account.");

export const insufficientCredit = () =>
  generationError(
    E.INSUFFICIENT_CREDIT,
    "Your balance is too low for this request. Add credits on your dashboard and try again.",
  );

export const overloaded = (retryAfterSeconds: number) =>
  generationError(E.OVERLOADED, "The service is busy right now. Please retry shortly.", { retryAfterSeconds });

export const unavailable = (what: string) =>
  generationError(E.UNAVAILABLE, `${what} is unavailable right now. Please retry shortly.`, { retryAfterSeconds: 2 });

export const secretKeyInBrowser = () =>
  generationError(
    E.SECRET_KEY_IN_BROWSER,
    "This is your app's secret key (gk_live_…) and it was sent from a web page (the request carries an Origin header). " +
      "Secret keys are for servers only: anyone who can read the page could spend your balance with it. In pages use " +
      "the app's publishable key (gk_pub_…, on your dashboard), which renders only from your app's own origin; if this " +
      "secret key was ever published, rotate it.",
  );

export const publishableKeyOriginMismatch = (allowed: string, origin: string | undefined) =>
  generationError(
    E.PUBLISHABLE_KEY_ORIGIN_MISMATCH,
    `This publishable key (gk_pub_…) is accepted only from its app's origin, ${allowed}, and this request came ` +
      `${origin ? `from ${origin}` : "without an Origin header"}. Use it in pages of ${allowed}; servers use the app's secret key.`,
  );

export const publishableKeyRoute = () =>
  generationError(
    E.PUBLISHABLE_KEY_ROUTE,
    "A publishable key (gk_pub_…) may only render screens in web pages (POST /apps/api/v1/retrieve/, the app's " +
      "look, GET /apps/api/v1/appearance, and a stored completion, GET /apps/api/v1/chat/completions/{id}). Call chat " +
      "completions, the stored completions' list and the models list from your server with the app's secret key.",
  );

export const oauthTokenRoute = () =>
  generationError(
    E.OAUTH_TOKEN_ROUTE,
    "An OAuth access token (gk_oat_…) opens the MCP server (/mcp) only. Call the rest of the API with the app's secret key.",
  );

export const tokenExpired = () =>
  generationError(E.TOKEN_EXPIRED, "The access token has expired. Refresh it at the token endpoint or connect again.");

export const publishableRateLimited = (retryAfterSeconds: number) =>
  generationError(E.RATE_LIMITED, `Rate limit reached for this publishable key. Try again in ${retryAfterSeconds} seconds.`, {
    retryAfterSeconds,
  });

/** Retrying before the next UTC day cannot help (the edge says so). */
export const dailySpendCapReached = (retryAfterSeconds: number) =>
  generationError(
    E.DAILY_SPEND_CAP_REACHED,
    "This app's daily spend cap for its publishable key is reached: no more screens are generated from web pages " +
      "today (UTC). Screens from code still render. The app's owner can raise the cap on the dashboard.",
    { retryAfterSeconds },
  );

/** Free evaluations' sandbox time is used up for this window (see store/free-work-budget.ts). */
export const sandboxTimeExceeded = (
  label: "account" | "API key",
  budget: { max: number; windowSeconds: number },
  retryAfterSeconds: number,
) =>
  generationError(
    E.SANDBOX_TIME_EXCEEDED,
    `Sandbox time for code evaluations is used up: this ${label} (or its account) may use ${budget.max} ms of ` +
      `sandbox time per ${budget.windowSeconds} seconds for evaluations that are not billed, and code that runs to the ` +
      `sandbox's time limit uses it quickly. Try again in ${retryAfterSeconds} seconds.`,
    { retryAfterSeconds },
  );
