import { AppError, type ErrorDetails } from "@genui/chassis";

/** apps' error codes (besides the COMMON ones); statuses are the edge's business (`http/errors.ts`). */
export const APPS_ERRORS = {
  /** An app with an active subscription cannot be deleted. */
  APP_ACTIVE: "APPS.APP_ACTIVE",
  /** The key changed between reading and writing it (two rotations at once). */
  KEY_CHANGED: "APPS.KEY_CHANGED",
  /** The owner already has as many live apps as APPS_MAX_PER_OWNER allows. */
  APP_LIMIT_REACHED: "APPS.APP_LIMIT_REACHED",
  /** The app already has as many templates as TEMPLATES_MAX_PER_APP allows. */
  TEMPLATE_LIMIT_REACHED: "APPS.TEMPLATE_LIMIT_REACHED",
  /** A quota's lock could not be taken in time (many creates of one owner or app at once). */
  QUOTA_BUSY: "APPS.QUOTA_BUSY",
  /** The app's look changed since the version the caller sent (a stale page): reload and apply again. */
  APPEARANCE_CHANGED: "APPS.APPEARANCE_CHANGED",
  /** Another change of the app's look held the app's lock too long: the caller may try again shortly. */
  APPEARANCE_BUSY: "APPS.APPEARANCE_BUSY",
} as const;
export type AppsErrorCode = (typeof APPS_ERRORS)[keyof typeof APPS_ERRORS];

export const appsError = (code: AppsErrorCode, message: string, details?: ErrorDetails) => new AppError(code, message, details);
