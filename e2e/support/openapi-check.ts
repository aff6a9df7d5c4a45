import Ajv from "ajv";

/** The parts of an OpenAPI document the tests read. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
}

/**
 * Keywords of JSON Schema 2020-12 that draft-07 lacks (apart from `$defs`, which a `$ref` reaches as a plain JSON
 * pointer). The checker below runs on Ajv 6 (draft-07), the Ajv this repository has (eslint's; there is no
 * `ajv/dist/2020` here). The published schemas are 2020-12 but use only keywords draft-07 shares, so Ajv 6 checks them
 * fully. A schema that starts using one of these keywords is refused here, not half-checked.
 */
const NOT_IN_DRAFT_07 = [
  "prefixItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "dependentSchemas",
  "dependentRequired",
  "minContains",
  "maxContains",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$recursiveRef",
  "$recursiveAnchor",
  "$vocabulary",
];

function refuseNewKeywords(schema: unknown, where: string): void {
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (NOT_IN_DRAFT_07.includes(k))
          throw new Error(`${where}${path}/${k}: a 2020-12 keyword this checker (Ajv 6) cannot check`);
        walk(x, `${path}/${k}`);
      }
  };
  walk(schema, "");
}

const pointer = (...parts: string[]) => parts.map((p) => `/${p.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

export interface OpenApiCheck {
  doc: OpenApiDocument;
  /** The screen JSON Schema as published. */
  screenSchema: Record<string, unknown>;
  /** Why `body` does not match what the document declares for this answer ([] when it does). */
  answer(path: string, method: string, status: number, contentType: string, body: unknown): string[];
  /** Why `value` does not match a component schema ([] when it does). */
  component(name: string, value: unknown): string[];
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/**
 * Reads the published OpenAPI document and the screen schema it refers to (both through the BFF, as a client would)
 * and checks answers against them.
 */
export async function openApiCheck(bffUrl: string): Promise<OpenApiCheck> {
  const doc = (await getJson(`${bffUrl}/apps/api/v1/openapi.json`)) as OpenApiDocument;
  const screenSchema = (await getJson(`${bffUrl}/apps/api/v1/schema/screen.v1.json`)) as Record<string, unknown>;
  refuseNewKeywords(screenSchema, "screen.v1.json#");
  refuseNewKeywords(doc.components.schemas, "openapi.json#/components/schemas");
  const ajv = new Ajv({ allErrors: true, extendRefs: "ignore", logger: false });
  // Ajv 6 knows no 2020-12 meta-schema; the keywords are checked above instead.
  const { $schema: _dialect, ...screen } = screenSchema;
  ajv.addSchema(screen);
  const docId = `${bffUrl}/apps/api/v1/openapi.json`;
  ajv.addSchema({ $id: docId, paths: doc.paths, components: doc.components });
  const compiled = new Map<string, Ajv.ValidateFunction>();
  const check = (ptr: string, value: unknown): string[] => {
    let validate = compiled.get(ptr);
    if (!validate) compiled.set(ptr, (validate = ajv.compile({ $ref: `${docId}#${ptr}` })));
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.dataPath || "(root)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  };
  return {
    doc,
    screenSchema,
    answer: (path, method, status, contentType, body) => {
      const declared = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.[contentType];
      if (!declared) return [`${method} ${path} does not declare a ${status} ${contentType} answer`];
      return check(
        pointer("paths", path, method.toLowerCase(), "responses", String(status), "content", contentType, "schema"),
        body,
      );
    },
    component: (name, value) => {
      if (!(name in doc.components.schemas)) return [`no component schema ${name}`];
      return check(pointer("components", "schemas", name), value);
    },
  };
}

/** Every `$ref` in a document, in document order. */
export function refsOf(doc: unknown): string[] {
  const refs: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (k === "$ref") refs.push(String(x));
        else walk(x);
      }
  };
  walk(doc);
  return refs;
}

/** What a local `$ref` (`#/a/b`, JSON-pointer escapes undone) points at in `doc`; undefined when nothing. */
export function resolveRef(doc: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/").replace(/~0/g, "~")],
      doc,
    );
}
