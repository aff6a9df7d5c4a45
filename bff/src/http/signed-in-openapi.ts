import { MessageError, type HttpAnswer, type HttpOperation } from "@genui/contracts/http";
import { openApiDocument } from "@genui/contracts/openapi";
import { z } from "zod";
import { PROXIED_ROUTES } from "./allow-list";
import { CSRF_COOKIE, CSRF_HEADER } from "./csrf";

/** The session cookie (express-session's name in bff/src/service.ts). */
export const SESSION_COOKIE = "sessionid";

const error = (description: string): HttpAnswer => ({ description, schema: MessageError });
const csrfChecked = (row: HttpOperation) => row.method !== "GET" && row.csrf !== false;

/** What the edge answers by itself, from the row's door, CSRF and rate bucket: the BFF's refusals and the proxy's failure. */
function edgeAnswers(row: HttpOperation): Record<number, HttpAnswer> {
  const answers: Record<number, HttpAnswer> = {};
  if (row.door === "session") answers[401] = error("No signed-in session (the SPA signs the user out).");
  if (csrfChecked(row)) answers[403] = error("CSRF token missing or not this session's (code BFF.CSRF).");
  if (row.body) {
    answers[400] = error("The body is not valid JSON.");
    answers[413] = error("The body is too large.");
    answers[415] = error("Unsupported body encoding.");
  }
  if (row.rate === "contact")
    answers[429] = {
      ...error("Too many messages from this address."),
      headers: { "retry-after": { description: "Seconds to wait.", schema: { type: "string" } } },
    };
  answers[502] = error("The service behind the route is unavailable.");
  return answers;
}

/**
 * The OpenAPI 3.1 document of the signed-in API (served at GET /api/openapi.json): every allow-listed row of the route
 * table, built from the same zod declarations the services parse with and the SPA types come from.
 */
export function signedInOpenApiDocument(): Record<string, unknown> {
  return openApiDocument({
    rows: PROXIED_ROUTES,
    info: {
      title: "GenUI signed-in API",
      version: "1",
      description:
        "What the dashboard, chat and editor call through the BFF with the session cookie (SPEC §7). The published, " +
        "API-key API has its own document at /apps/api/v1/openapi.json.",
    },
    server: "/",
    securitySchemes: {
      session: {
        type: "apiKey",
        in: "cookie",
        name: SESSION_COOKIE,
        description: "The session cookie set by sign-in (POST /accounts/api/v1/login-password/ or login-google/).",
      },
      csrfCookie: {
        type: "apiKey",
        in: "cookie",
        name: CSRF_COOKIE,
        description: `The CSRF token cookie (GET /get-csrf/; __Host-csrftoken in production), echoed in ${CSRF_HEADER}.`,
      },
      csrfHeader: {
        type: "apiKey",
        in: "header",
        name: CSRF_HEADER,
        description: "The CSRF token cookie's value: every unsafe method must carry it (double submit, bound to the session).",
      },
    },
    securityOf: (row) =>
      [
        { ...(row.door === "session" ? { session: [] } : {}), ...(csrfChecked(row) ? { csrfCookie: [], csrfHeader: [] } : {}) },
      ].filter((s) => Object.keys(s).length > 0),
    edgeAnswers,
    // A body that is not JSON at all is refused by the services' parser with a message.
    adjust: (row, status, answer) =>
      status === 400 &&
      row.body &&
      row.responses[400]?.schema &&
      !row.responses[400].schema.safeParse({ message: "Request body is not valid JSON." }).success
        ? { ...answer, schema: z.union([row.responses[400].schema, MessageError]) }
        : answer,
  });
}
