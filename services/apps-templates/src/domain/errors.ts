import { AppError, type ErrorDetails } from "@genui/chassis";

/** apps-templates' error codes (besides the COMMON ones); statuses are the edge's business (`http/errors.ts`). */
export const APPS_ERRORS = {
  /** An app with an active subscription cannot be deleted. */
  APP_ACTIVE: "APPS.APP_ACTIVE",
  /** The key changed between reading and writing it (two rotations at once). */
  KEY_CHANGED: "APPS.KEY_CHANGED",
} as const;
export type AppsErrorCode = (typeof APPS_ERRORS)[keyof typeof APPS_ERRORS];

export const appsError = (code: AppsErrorCode, message: string, details?: ErrorDetails) => new AppError(code, message, details);
