import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import clientToServer from "../schemas/v0_9/json/client_to_server.json";
import commonTypes from "../schemas/v0_9/json/common_types.json";
import serverToClient from "../schemas/v0_9/json/server_to_client.json";
import { BASIC_CATALOG_ID, GENUI_CATALOG_ID, basicCatalog, genuiCatalog } from "./catalog";

/**
 * Validation against the official A2UI v0.9 schemas (vendored in schemas/): server messages against
 * server_to_client.json with common_types.json and a catalog — the envelope refers to its catalog as `catalog.json`
 * (the spec's "Swappable Catalogs & Validation": map `catalog.json` to the catalog in use), so each catalog gets its
 * own validator with the catalog registered under that name — and client messages against client_to_server.json.
 * Errors read as `<JSON Pointer>: <what is wrong>`, with the component's id and type for a component.
 */

/** The address server_to_client.json's `catalog.json` refs resolve to (relative to its own `$id`). */
const CATALOG_SLOT = "https://a2ui.org/specification/v0_9/catalog.json";

export type Validation = { ok: true } | { ok: false; errors: string[] };

const KINDS = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"] as const;
const DEF_OF: Record<(typeof KINDS)[number], string> = {
  createSurface: "CreateSurfaceMessage",
  updateComponents: "UpdateComponentsMessage",
  updateDataModel: "UpdateDataModelMessage",
  deleteSurface: "DeleteSurfaceMessage",
};

function newAjv(): Ajv2020 {
  // strict: false — the schemas use `discriminator` as an annotation (over allOf'd components, which ajv's own
  // discriminator support cannot read) and unconstrained `additionalProperties` next to no type.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

const readable = (errors: ErrorObject[] | null | undefined, base = "", note = ""): string[] => {
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    // oneOf/anyOf umbrella errors say nothing the branch errors do not.
    if (e.keyword === "oneOf" || e.keyword === "anyOf" || e.keyword === "if") continue;
    const extra =
      e.keyword === "additionalProperties" || e.keyword === "unevaluatedProperties"
        ? ` ('${String((e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ?? (e.params as { unevaluatedProperty?: string }).unevaluatedProperty)}')`
        : e.keyword === "enum"
          ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")})`
          : e.keyword === "const"
            ? ` (${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)})`
            : "";
    seen.add(`${base + e.instancePath || "/"}${note}: ${e.message ?? "is invalid"}${extra}`);
  }
  return [...seen];
};

/** One catalog's validator of server messages. */
class ServerValidator {
  private readonly ajv = newAjv();
  private readonly message: ValidateFunction;
  private readonly kinds = new Map<string, ValidateFunction>();
  private readonly components = new Map<string, ValidateFunction>();

  constructor(catalog: Record<string, unknown>) {
    this.ajv.addSchema(commonTypes);
    this.ajv.addSchema({ ...catalog, $id: CATALOG_SLOT });
    this.message = this.ajv.compile(serverToClient);
    for (const k of KINDS) this.kinds.set(k, this.ajv.getSchema(`${serverToClient.$id}#/$defs/${DEF_OF[k]}`)!);
    for (const name of Object.keys(catalog.components as object))
      this.components.set(name, this.ajv.getSchema(`${CATALOG_SLOT}#/components/${name}`)!);
  }

  validate(message: unknown): Validation {
    if (this.message(message)) return { ok: true };
    if (typeof message !== "object" || message === null || Array.isArray(message))
      return { ok: false, errors: ["/: an A2UI message is a JSON object"] };
    const kinds = KINDS.filter((k) => k in message);
    if (kinds.length !== 1)
      return { ok: false, errors: [`/: a message has exactly one of ${KINDS.join(", ")} (found ${kinds.length})`] };
    const kind = kinds[0]!;
    const errors: string[] = [];
    const body = (message as Record<string, unknown>)[kind];
    const components =
      kind === "updateComponents" && typeof body === "object" && body ? (body as { components?: unknown }).components : undefined;
    if (Array.isArray(components)) {
      // Each component against its own definition: one clear error rather than one per catalog component.
      components.forEach((c: unknown, i) => {
        const where = `/updateComponents/components/${i}`;
        const type = typeof c === "object" && c !== null ? (c as { component?: unknown }).component : undefined;
        const id = typeof c === "object" && c !== null ? (c as { id?: unknown }).id : undefined;
        const check = typeof type === "string" ? this.components.get(type) : undefined;
        if (!check) {
          errors.push(`${where}: component ${JSON.stringify(type)} is not in the surface's catalog`);
          return;
        }
        if (!check(c)) errors.push(...readable(check.errors, where, ` (${type} ${JSON.stringify(id)})`));
      });
      const envelope = this.kinds.get(kind)!;
      if (!errors.length && !envelope(message)) errors.push(...readable(envelope.errors));
    } else {
      const envelope = this.kinds.get(kind)!;
      envelope(message);
      errors.push(...readable(envelope.errors));
    }
    return { ok: false, errors: errors.length ? errors : readable(this.message.errors) };
  }
}

const validators = new Map<string, ServerValidator>();
const serverValidator = (catalogId: string): ServerValidator | undefined => {
  let v = validators.get(catalogId);
  if (v) return v;
  if (catalogId === GENUI_CATALOG_ID) v = new ServerValidator(genuiCatalog());
  else if (catalogId === BASIC_CATALOG_ID) v = new ServerValidator(basicCatalog as unknown as Record<string, unknown>);
  else return undefined;
  validators.set(catalogId, v);
  return v;
};

/**
 * A server → client message checked against server_to_client.json, common_types.json and the surface's catalog
 * (ours by default; the basic catalog's id checks against the official basic catalog).
 */
export function validateServerMessage(message: unknown, catalogId: string = GENUI_CATALOG_ID): Validation {
  const v = serverValidator(catalogId);
  if (!v) return { ok: false, errors: [`/: unknown catalog '${catalogId}'`] };
  return v.validate(message);
}

let client: ValidateFunction | undefined;
/** A client → server message (an `action` or an `error`) checked against client_to_server.json. */
export function validateClientMessage(message: unknown): Validation {
  client ??= newAjv().compile(clientToServer);
  if (client(message)) return { ok: true };
  const errors = readable(client.errors);
  return { ok: false, errors: errors.length ? errors : ["/: not an A2UI v0.9 client message"] };
}
