import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { openApiPath, type HttpAnswer, type HttpOperation } from "./operation";

/** What one edge adds to the rows it serves when it writes its OpenAPI document. */
export interface OpenApiOptions {
  rows: readonly HttpOperation[];
  info: { title: string; version: string; description: string };
  /** The document's server URL; paths are written relative to it (`/apps/api/v1` → `/chat/completions`). */
  server: string;
  securitySchemes: Record<string, Record<string, unknown>>;
  /** The document-wide security requirement, if every route has the same one. */
  security?: Record<string, string[]>[];
  /** A route's own security requirement (when it differs from the document's). */
  securityOf?: (row: HttpOperation) => Record<string, string[]>[] | undefined;
  /** What the edge answers by itself on a route (its refusals), merged under the route's own answers. */
  edgeAnswers?: (row: HttpOperation) => Record<number, HttpAnswer>;
  /** A route's answer as the document shows it, when the edge widens it (e.g. a parser's own message shape). */
  adjust?: (row: HttpOperation, status: number, answer: HttpAnswer) => HttpAnswer;
  /** Schemas that stand for others in this document (e.g. a body whose limit is the service's configuration). */
  bodies?: Record<string, z.ZodType>;
  /** Component schemas no route names directly (a `$ref` inside another schema's keywords names them). */
  schemas?: z.ZodType[];
  /** The operationId written for a row (default: from its method and path). */
  operationIdOf?: (row: HttpOperation) => string;
}

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

function responseOf(answer: HttpAnswer): ResponseConfig {
  const content = { ...(answer.schema ? json(answer.schema) : {}) } as Record<string, { schema: z.ZodType }>;
  for (const [type, schema] of Object.entries(answer.alternatives ?? {})) content[type] = { schema };
  return {
    description: answer.description,
    ...(answer.headers ? { headers: answer.headers as ResponseConfig["headers"] } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

/** The default operationId: method and path in camel case (`getAppsApiV1List`). */
export const defaultOperationId = (row: HttpOperation) =>
  `${row.method.toLowerCase()}${row.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ""))}`;

/**
 * An OpenAPI 3.1 document of some rows of the route table (proto/src/http/routes.ts): each documented row's
 * parameters, body and answers from its zod schemas, with what the edge adds. Both published documents — the
 * signed-in API's (/api/openapi.json) and the published API's (/apps/api/v1/openapi.json) — are written by it.
 */
export function openApiDocument(opts: OpenApiOptions): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(opts.securitySchemes))
    registry.registerComponent("securitySchemes", name, scheme as never);
  // Schemas only other schemas' keywords name: written as components through a path that is dropped afterwards.
  const HOLDER = "/__components";
  if (opts.schemas?.length)
    registry.registerPath({
      method: "get",
      path: HOLDER,
      responses: Object.fromEntries(
        opts.schemas.map((schema, i) => [200 + i, { description: "", content: json(schema) } satisfies ResponseConfig]),
      ),
    });
  const prefix = opts.server === "/" ? "" : opts.server;
  const rooted = new Set<string>();
  for (const row of opts.rows) {
    if (row.documented === false) continue;
    // A row outside the document's server URL (the MCP endpoint beside the published API) keeps its whole path, and
    // its path item names the root as its server.
    const outside = !!prefix && !row.path.startsWith(`${prefix}/`);
    if (outside) rooted.add(openApiPath(row.path));
    const answers: Record<number, HttpAnswer> = { ...(opts.edgeAnswers?.(row) ?? {}), ...row.responses };
    const responses: Record<number, ResponseConfig> = {};
    for (const [status, answer] of Object.entries(answers))
      responses[Number(status)] = responseOf(opts.adjust ? opts.adjust(row, Number(status), answer) : answer);
    const body = opts.bodies?.[row.id] ?? row.body;
    const security = opts.securityOf?.(row);
    const config: RouteConfig = {
      method: row.method.toLowerCase() as RouteConfig["method"],
      path: openApiPath(outside ? row.path : row.path.slice(prefix.length)),
      operationId: (opts.operationIdOf ?? defaultOperationId)(row),
      summary: row.summary,
      ...(row.description ? { description: row.description } : {}),
      tags: [row.tag],
      ...(security ? { security } : {}),
      request: {
        ...(row.params ? { params: row.params } : {}),
        ...(row.query ? { query: row.query } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        ...(body
          ? {
              body: {
                required: !row.bodyOptional,
                content: row.example === undefined ? json(body) : { "application/json": { schema: body, example: row.example } },
              },
            }
          : {}),
      },
      responses,
    };
    registry.registerPath(config);
  }
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: opts.info,
    servers: [{ url: opts.server }],
    ...(opts.security ? { security: opts.security } : {}),
  }) as unknown as { paths: Record<string, unknown> } & Record<string, unknown>;
  delete doc.paths[HOLDER];
  for (const p of rooted) (doc.paths[p] as Record<string, unknown>).servers = [{ url: "/" }];
  return doc;
}
