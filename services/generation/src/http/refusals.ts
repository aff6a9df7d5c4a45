import type { IncomingMessage } from "node:http";
import { headerOf, type AppError } from "@genui/chassis";
import { paramOf } from "@genui/contracts/http";
import type { z } from "zod";
import { GENERATION_ERRORS as E, invalidRequest } from "../domain/errors";

/** What the published routes with their own body schemas (A2UI, AG-UI) share: the caller's token and refusals. */

/** The bearer token (appFromKey has already accepted it): its hash is the key's bucket in the limits. */
export const bearer = (req: IncomingMessage): string => /^Bearer\s+(\S+)/i.exec(headerOf(req, "authorization") ?? "")?.[1] ?? "";

/** The value at a path of a body (undefined: absent). */
export const valueAt = (body: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (typeof v === "object" && v !== null ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    body,
  );

/**
 * A zod issue as the published API's refusal: the parameter's path and what is wrong with it. `unknown` says which
 * parameters there are (the message of an unknown one); `invalid` may word a parameter's fault itself.
 */
export function refusalOfIssue(
  issue: z.core.$ZodIssue,
  body: unknown,
  unknown: string,
  invalid: (param: string) => string | undefined = () => undefined,
): AppError {
  if (issue.code === "unrecognized_keys") {
    const param = paramOf([...issue.path, issue.keys[0]!]);
    return invalidRequest(`Unknown parameter: '${param}'. ${unknown}`, param);
  }
  if (issue.path.length === 0) return invalidRequest("The request body must be a JSON object.", null, E.INVALID_JSON);
  const param = paramOf(issue.path);
  if (issue.code === "invalid_type" && valueAt(body, issue.path) === undefined)
    return invalidRequest(`Missing required parameter: '${param}'.`, param, E.MISSING_PARAMETER);
  return invalidRequest(invalid(param) ?? `Invalid '${param}': ${issue.message}.`, param);
}
