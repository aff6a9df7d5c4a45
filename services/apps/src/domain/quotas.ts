import { APPS_ERRORS, appsError } from "./errors";

/** The per-tenant quotas (config: APPS_MAX_PER_OWNER, TEMPLATES_MAX_PER_APP). */
export interface Quotas {
  /** Live apps one owner may have (deleted apps do not count). */
  appsPerOwner: number;
  /** Templates one app may have. */
  templatesPerApp: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const appLimitMessage = (limit: number): string =>
  `You have reached the limit of ${plural(limit, "app")}. Delete an app to create another.`;

export const templateLimitMessage = (limit: number): string =>
  `This app has reached the limit of ${plural(limit, "template")}. Delete a template to create another.`;

/**
 * The owner has as many live apps as allowed. Raised on the create call, whose refusals the dashboard shows under the
 * Website Url field: a field error on `url` (DRF's shape, SPEC §5).
 */
export const appLimitReached = (limit: number) => {
  const message = appLimitMessage(limit);
  return appsError(APPS_ERRORS.APP_LIMIT_REACHED, message, { fields: { url: [message] } });
};

/** The app has as many templates as allowed (the create call has no input: a message, with its code). */
export const templateLimitReached = (limit: number) => appsError(APPS_ERRORS.TEMPLATE_LIMIT_REACHED, templateLimitMessage(limit));

/** Another create of the same owner (or app) held its quota's lock too long: the caller may try again shortly. */
export const quotaBusy = () =>
  appsError(APPS_ERRORS.QUOTA_BUSY, "Too many creates at once; try again in a few seconds.", { retryAfterSeconds: 2 });
