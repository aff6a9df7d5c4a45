import type { StatusTable } from "@genui/chassis";
import type { AppsErrorCode } from "../domain/errors";

/** apps-templates' error codes as HTTP statuses: the one place this edge decides them. */
export const HTTP_STATUS: StatusTable<AppsErrorCode> = {
  "APPS.APP_ACTIVE": 409,
  "APPS.KEY_CHANGED": 409,
};
