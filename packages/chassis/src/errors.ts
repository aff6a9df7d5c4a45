/** Field errors in the DRF shape SPEC.md names: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

/**
 * A typed error with a stable code (e.g. `BILLING.INSUFFICIENT_CREDITS`), mapped to HTTP once, at the edge
 * of each service.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code = "COMMON.BAD_REQUEST") => new AppError(code, message, 400);
export const validationFailed = (fields: FieldErrors, message = "Invalid input.") =>
  new AppError("COMMON.VALIDATION", message, 400, fields);
export const unauthorized = (message = "Authentication credentials were not provided.") =>
  new AppError("COMMON.UNAUTHENTICATED", message, 401);
export const forbidden = (message: string, code = "COMMON.FORBIDDEN") => new AppError(code, message, 403);
export const notFound = (message = "Not found.", code = "COMMON.NOT_FOUND") => new AppError(code, message, 404);
export const conflict = (message: string, code = "COMMON.CONFLICT") => new AppError(code, message, 409);
