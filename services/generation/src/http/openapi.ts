import { ChatCompletionChunk, publishedRoutes, retrieveRequest } from "@genui/contracts/http";
import { openApiDocument as documentOf } from "@genui/contracts/openapi";
import { screenJsonSchema } from "@genui/ui-runtime";
import { LIMITS } from "./requests";

/**
 * The OpenAPI document of the published API (served at /apps/api/v1/openapi.json). A test calls every route and
 * checks the answers, streamed chunks and errors against these schemas, and that the document lists exactly the
 * published routes, so it cannot drift from what the service does. Schemathesis fuzzes the routes from it
 * (e2e/system/schemathesis.int.test.ts): request schemas say exactly what the parsers in requests.ts accept, and every
 * `$ref` points inside the document (the screen schema is embedded), so tools need no network to read it.
 */

/**
 * The published screen JSON Schema, embedded: its `$defs` become component schemas and its `#/$defs/…` references
 * point at them (a `$ref` to the schema's own URL would send every reader of the document to the network).
 */
function screenSchemas(): Record<string, unknown> {
  const {
    $id: _id,
    $schema: _dialect,
    $defs,
    ...screen
  } = screenJsonSchema() as Record<string, unknown> & {
    $defs?: Record<string, Record<string, unknown>>;
  };
  const names = new Map<string, string>();
  for (const [key, def] of Object.entries($defs ?? {})) {
    const props = def.properties as Record<string, unknown> | undefined;
    names.set(key, props && "component" in props ? "ScreenComponent" : def.anyOf ? "ScreenJsonValue" : `Screen_${key}`);
  }
  const relink = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(relink);
    if (!v || typeof v !== "object") return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => {
        const m = k === "$ref" && typeof x === "string" ? /^#\/\$defs\/(.+)$/.exec(x) : null;
        return [k, m ? `#/components/schemas/${names.get(m[1]!) ?? m[1]!}` : relink(x)];
      }),
    );
  };
  return {
    Screen: {
      ...(relink(screen) as object),
      description: "Screen JSON v1 (also published at /apps/api/v1/schema/screen.v1.json).",
    },
    ...Object.fromEntries(Object.entries($defs ?? {}).map(([key, def]) => [names.get(key)!, relink(def)])),
  };
}

/** The operationIds the published document has always had (clients generated from it keep their method names). */
const OPERATION_IDS: Record<string, string> = {
  "generation.chatCompletions": "createChatCompletion",
  "generation.retrieve": "retrieveScreen",
  "generation.listModels": "listModels",
  "generation.getModel": "retrieveModel",
};

export function openApiDocument(maxCodeChars: number = LIMITS.codeChars): Record<string, unknown> {
  const doc = documentOf({
    rows: publishedRoutes(),
    info: {
      title: "GenUI API",
      version: "1.0.0",
      description:
        "OpenAI-compatible chat completions whose answer is a screen: the message content is a JSON string " +
        '`{"code": <UI code>, "json": <screen JSON v1>}` (with `"repaired_code"` between them when the server had the ' +
        "model repair code that did not run; `json` renders it). Use the official OpenAI clients with this base URL and your " +
        "app's API key. Render `json` with the GenUI component; keep `code` for history (send code, not json, back). " +
        "A method a path does not list is answered 405 with `Allow` (OPTIONS is the CORS preflight).",
    },
    server: "/apps/api/v1",
    securitySchemes: {
      apiKey: {
        type: "http",
        scheme: "bearer",
        description:
          "Your app's secret key (gk_live_…, servers), or its publishable key (gk_pub_…: retrieve only, from the app's origin).",
      },
    },
    security: [{ apiKey: [] }],
    bodies: { "generation.retrieve": retrieveRequest(maxCodeChars) },
    // Named by each event's `contentSchema`.
    schemas: [ChatCompletionChunk],
    operationIdOf: (row) => OPERATION_IDS[row.id] ?? row.id,
  });
  // The screen's placeholder becomes the published screen JSON Schema, its definitions beside it.
  const components = doc.components as { schemas: Record<string, unknown> };
  components.schemas = { ...components.schemas, ...screenSchemas() };
  // The tags are the signed-in document's grouping; this document is one group.
  for (const item of Object.values(doc.paths as Record<string, Record<string, { tags?: string[] }>>))
    for (const op of Object.values(item)) delete op.tags;
  return doc;
}
