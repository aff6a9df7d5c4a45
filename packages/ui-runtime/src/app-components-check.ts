import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import {
  APP_COMPONENT_LIMITS,
  appComponentSchema,
  clashesWithBuiltIn,
  ROLES,
  unfilledRequired,
  type AppComponent,
  type AppComponentChecker,
  type FallbackType,
} from "./app-components";
import { withThousands } from "./numbers";

/**
 * The JSON Schema side of developer components (Node only: `@genui/ui-runtime/node`): checking a declaration before
 * it is stored, and checking a screen's props against the declarations. Schemas are compiled by Ajv (draft 2020-12)
 * with what could make a check slow or reach outside refused: regular expressions (`pattern`, `patternProperties`,
 * `format: "regex"`), references other than to the schema's own `#/…`, and nesting deeper than 8.
 */

export type FieldErrorMap = Record<string, string[]>;

const REFUSED_KEYWORDS: Record<string, string> = {
  pattern: "pattern is not supported in component props (use enum, format, minLength or maxLength).",
  patternProperties: "patternProperties is not supported in component props (name the properties).",
  $dynamicRef: "$dynamicRef is not supported in component props.",
  $recursiveRef: "$recursiveRef is not supported in component props.",
};

/**
 * Keys UI code reads off every component's props (`custom("X", {name, onPress, …})` lifts them out of the props), so
 * a prop of one of these names would never reach the developer's component.
 */
const RESERVED_PROPS = new Map<string, string>([
  ["name", "the component's name in action events"],
  ["package", "where a component comes from"],
  ["value", "a built-in component's value"],
  ["style", "style overrides"],
  ["animation", "the entrance animation"],
  ["children", "a container's children"],
  ["onPress", "an action"],
  ["onChangeText", "an action"],
  ["onLongPress", "an action"],
]);

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, loadSchema: undefined });
  addFormats(ajv);
  return ajv;
}

/** What about the schema itself is refused before Ajv sees it (walks every nested schema). */
function schemaRefusals(schema: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number, at: string) => {
    if (out.length >= 5) return;
    if (depth > APP_COMPONENT_LIMITS.schemaDepth * 2) {
      out.push(`The props schema is nested deeper than ${APP_COMPONENT_LIMITS.schemaDepth} levels.`);
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, depth + 1, `${at}/${i}`));
    if (!v || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (REFUSED_KEYWORDS[k] && at.split("/").slice(-1)[0] !== "properties") out.push(`${at || "/"}: ${REFUSED_KEYWORDS[k]}`);
      if (k === "$ref" && (typeof x !== "string" || !x.startsWith("#")))
        out.push(`${at || "/"}: only references inside the schema ("#/$defs/…") are supported.`);
      if (k === "format" && x === "regex") out.push(`${at || "/"}: format "regex" is not supported.`);
      walk(x, depth + 1, `${at}/${k}`);
    }
  };
  walk(schema, 0, "");
  return out;
}

const ajvMessage = (e: ErrorObject): string => {
  const where = e.instancePath ? `${e.instancePath.slice(1).replace(/\//g, ".")}: ` : "";
  if (e.keyword === "additionalProperties")
    return `${where}"${(e.params as { additionalProperty: string }).additionalProperty}" is not a declared prop`;
  if (e.keyword === "required") return `${where}"${(e.params as { missingProperty: string }).missingProperty}" is required`;
  return `${where}${e.message ?? "is not valid"}`;
};

/** Compiles a props schema already checked by `checkAppComponent`. */
function compile(ajv: Ajv2020, schema: Record<string, unknown>): ValidateFunction {
  const { $schema: _s, $id: _i, ...rest } = schema;
  void _s;
  void _i;
  return ajv.compile(rest);
}

/**
 * A declaration from untrusted input: the component, or field errors (`{ name: […], props: […] }`, each field's
 * messages). `existing`: the app's other component names (a rename onto one of them clashes).
 */
export function checkAppComponent(
  input: unknown,
  existing: readonly string[] = [],
): { ok: true; component: AppComponent } | { ok: false; errors: FieldErrorMap } {
  const errors: FieldErrorMap = {};
  const add = (field: string, message: string) => {
    const list = (errors[field || "non_field_errors"] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  let bytes: number;
  try {
    bytes = Buffer.byteLength(JSON.stringify(input) ?? "", "utf8");
  } catch {
    add("non_field_errors", "The declaration is not JSON.");
    return { ok: false, errors };
  }
  if (bytes > APP_COMPONENT_LIMITS.declarationBytes) {
    add(
      "non_field_errors",
      `The declaration is ${withThousands(bytes)} bytes; at most ${withThousands(APP_COMPONENT_LIMITS.declarationBytes)}.`,
    );
    return { ok: false, errors };
  }
  const parsed = appComponentSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys")
        for (const k of (issue as { keys: string[] }).keys)
          add([...issue.path.map(String), k].join("."), "Not a field of a component declaration.");
      else add(issue.path.map(String).join("."), issue.message);
    }
    return { ok: false, errors };
  }
  const c = parsed.data;
  if (clashesWithBuiltIn(c.name)) add("name", `"${c.name}" is the name of a GenUI component; choose another (e.g. My${c.name}).`);
  if (existing.some((n) => n.toLowerCase() === c.name.toLowerCase() && n !== c.name))
    add(
      "name",
      `"${c.name}" differs only in letter case from your component "${existing.find((n) => n.toLowerCase() === c.name.toLowerCase())}".`,
    );
  const schema = c.props;
  if (schema.type !== "object") add("props", 'The props schema must have "type": "object".');
  if (
    schema.properties !== undefined &&
    (typeof schema.properties !== "object" || Array.isArray(schema.properties) || schema.properties === null)
  )
    add("props", '"properties" must be an object of prop name → schema.');
  if (schema.properties && typeof schema.properties === "object" && !Array.isArray(schema.properties))
    for (const prop of Object.keys(schema.properties))
      if (RESERVED_PROPS.has(prop))
        add(
          "props",
          `"${prop}" is a word of UI code itself (${RESERVED_PROPS.get(prop)}), so it never reaches your component: name the prop otherwise.`,
        );
  for (const r of schemaRefusals(schema)) add("props", r);
  if (errors.props) return { ok: false, errors };
  const ajv = newAjv();
  const metaOk = ajv.validateSchema({ ...schema, $schema: undefined });
  if (!metaOk) {
    // The meta-schema's first complaint is the telling one (the rest are its alternatives failing in turn).
    for (const e of (ajv.errors ?? []).slice(0, 1))
      add("props", `Not a valid JSON Schema: ${e.instancePath || "/"} ${e.message ?? ""}`.trim());
    return { ok: false, errors };
  }
  let validate: ValidateFunction;
  try {
    validate = compile(ajv, schema);
  } catch (err) {
    add("props", `Not a valid JSON Schema: ${(err as Error).message}`);
    return { ok: false, errors };
  }
  if (!validate(c.example))
    for (const e of (validate.errors ?? []).slice(0, 5))
      add("example", `The props schema refuses the example: ${ajvMessage(e)}.`);
  if (c.role) {
    const fields = Object.keys(ROLES[c.role.name].fields);
    const declared = (schema.properties ?? {}) as Record<string, unknown>;
    for (const [field, prop] of Object.entries(c.role.props ?? {})) {
      if (!fields.includes(field)) add(`role.props.${field}`, `Not a field of the ${c.role.name} role (${fields.join(", ")}).`);
      else if (!Object.prototype.hasOwnProperty.call(declared, prop))
        add(`role.props.${field}`, `"${prop}" is not one of the component's props.`);
    }
    const missing = unfilledRequired(c);
    if (missing.length)
      add(
        "role",
        `The ${c.role.name} role cannot fill the required prop${missing.length > 1 ? "s" : ""} ${missing.map((m) => `"${m}"`).join(", ")}: ` +
          "map a role field to it in role.props, or make it optional.",
      );
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, component: c };
}

/**
 * The checker screens are validated and repaired with (`validateScreen` / `repairScreen` options): declarations
 * compiled once. Declarations that no longer compile (stored before a rule changed) are left out: their nodes
 * repair to a card.
 */
export function createAppComponentChecker(components: readonly AppComponent[]): AppComponentChecker & { names: string[] } {
  const ajv = newAjv();
  const byName = new Map<string, { fallback: FallbackType; validate: ValidateFunction; declared: Set<string> }>();
  for (const c of components) {
    try {
      const properties = (c.props as { properties?: Record<string, unknown> }).properties ?? {};
      byName.set(c.name, {
        fallback: c.fallback,
        validate: compile(ajv, c.props as Record<string, unknown>),
        declared: new Set(Object.keys(properties)),
      });
    } catch {
      // Left out (see above).
    }
  }
  return {
    names: [...byName.keys()],
    fallbackOf: (name) => byName.get(name)?.fallback,
    propsProblems(name, props) {
      const entry = byName.get(name);
      if (!entry) return [{ path: "", message: `unknown component "${name}"` }];
      // Only declared props, whatever the schema says of additional ones.
      const undeclared = Object.keys(props)
        .filter((k) => k !== "style" && !entry.declared.has(k))
        .map((k) => ({ path: `/${k}`, message: `"${k}" is not a declared prop` }));
      const { style: _style, ...checked } = props;
      void _style;
      if (entry.validate(checked)) return undeclared;
      return [
        ...undeclared,
        ...(entry.validate.errors ?? []).slice(0, 10).map((e) => ({
          path:
            e.keyword === "additionalProperties"
              ? `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`
              : e.instancePath,
          message: ajvMessage(e),
        })),
      ].filter((p, i, all) => all.findIndex((q) => q.message === p.message) === i);
    },
  };
}
