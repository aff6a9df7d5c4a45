import type { StatusTable } from "@genui/chassis";
import type { AppsErrorCode } from "../domain/errors";

/** apps' error codes as HTTP statuses: the one place this edge decides them. */
export const HTTP_STATUS: StatusTable<AppsErrorCode> = {
  "APPS.APP_ACTIVE": 409,
  "APPS.KEY_CHANGED": 409,
  // A field error on the create call's `url`, like its other refusals (SPEC §5: shown under the input).
  "APPS.APP_LIMIT_REACHED": 400,
  "APPS.TEMPLATE_LIMIT_REACHED": 409,
  "APPS.QUOTA_BUSY": 503,
  "APPS.APPEARANCE_CHANGED": 409,
  "APPS.APPEARANCE_BUSY": 503,
};
