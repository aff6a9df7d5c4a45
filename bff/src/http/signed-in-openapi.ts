import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { MessageError, SIGNED_IN_API, operationOf, type HttpOperation } from "@genui/contracts/http";
import { z } from "zod";
import { PROXIED_ROUTES, type ProxiedRoute } from "./allow-list";
import { CSRF_COOKIE, CSRF_HEADER } from "./csrf";

/** The session cookie (express-session's name in bff/src/service.ts). */
export const SESSION_COOKIE = "sessionid";

const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });
const error = (description: string): ResponseConfig => ({ description, ...json(MessageError) });

/** What the edge answers by itself, whatever the route: the BFF's own refusals and the proxy's failure. */
function edgeAnswers(route: ProxiedRoute, op: HttpOperation): Record<number, ResponseConfig> {
  const answers: Record<number, ResponseConfig> = {};
  if (route.auth) answers[401] = error("No signed-in session (the SPA signs the user out).");
  if (route.method !== "GET" && route.csrf !== false)
    answers[403] = error("CSRF token missing or not this session's (code BFF.CSRF).");
  if (op.body) {
    answers[400] = error("The body is not valid JSON.");
    answers[413] = error("The body is too large.");
    answers[415] = error("Unsupported body encoding.");
  }
  if (route.path === "/contact/api/v1/create/")
    answers[429] = {
      ...error("Too many messages from this address."),
      headers: z.object({ "retry-after": z.string().meta({ description: "Seconds to wait." }) }),
    };
  answers[502] = error("The service behind the route is unavailable.");
  return answers;
}

/** `/x/:id/` as OpenAPI's `/x/{id}/`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

/**
 * The OpenAPI 3.1 document of the signed-in API (served at GET /api/openapi.json): every allow-listed route, built
 * from the same zod declarations the services parse with and the SPA types come from (@genui/contracts/http).
 * A route of the allow-list without a declaration is a programming error, found by the BFF's tests at once.
 */
export function signedInOpenApiDocument(): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie set by sign-in (POST /accounts/api/v1/login-password/ or login-google/).",
  });
  registry.registerComponent("securitySchemes", "csrfCookie", {
    type: "apiKey",
    in: "cookie",
    name: CSRF_COOKIE,
    description: `The CSRF token cookie (GET /get-csrf/; __Host-csrftoken in production), echoed in ${CSRF_HEADER}.`,
  });
  registry.registerComponent("securitySchemes", "csrfHeader", {
    type: "apiKey",
    in: "header",
    name: CSRF_HEADER,
    description: "The CSRF token cookie's value: every unsafe method must carry it (double submit, bound to the session).",
  });
  for (const route of PROXIED_ROUTES) {
    const op = operationOf(route.method, route.path);
    if (!op) throw new Error(`no HTTP contract declares ${route.method} ${route.path} (proto/src/http/routes.ts)`);
    const csrf = route.method !== "GET" && route.csrf !== false;
    const security = [{ ...(route.auth ? { session: [] } : {}), ...(csrf ? { csrfCookie: [], csrfHeader: [] } : {}) }].filter(
      (s) => Object.keys(s).length > 0,
    );
    const responses: Record<number, ResponseConfig> = { ...edgeAnswers(route, op) };
    for (const [status, answer] of Object.entries(op.responses))
      responses[Number(status)] = { description: answer.description, ...(answer.schema ? json(answer.schema) : {}) };
    // A body that is not JSON at all is refused by the services' parser with a message.
    const invalid = op.responses[400]?.schema;
    if (op.body && invalid && !invalid.safeParse({ message: "Request body is not valid JSON." }).success)
      responses[400] = { description: op.responses[400]!.description, ...json(z.union([invalid, MessageError])) };
    const config: RouteConfig = {
      method: route.method.toLowerCase() as RouteConfig["method"],
      path: openApiPath(route.path),
      summary: op.summary,
      tags: [op.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ""))}`,
      security,
      request: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.headers ? { headers: op.headers } : {}),
        ...(op.body ? { body: { required: !op.bodyOptional, ...json(op.body) } } : {}),
      },
      responses,
    };
    registry.registerPath(config);
  }
  const declared = new Set(PROXIED_ROUTES.map((r) => `${r.method} ${r.path}`));
  const extra = SIGNED_IN_API.filter((o) => !declared.has(`${o.method} ${o.path}`));
  if (extra.length) throw new Error(`HTTP contracts of routes the BFF does not proxy: ${extra.map((o) => o.path).join(", ")}`);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "GenUI signed-in API",
      version: "1",
      description:
        "What the dashboard, chat and editor call through the BFF with the session cookie (SPEC §7). The published, " +
        "API-key API has its own document at /apps/api/v1/openapi.json.",
    },
    servers: [{ url: "/" }],
  }) as unknown as Record<string, unknown>;
}
