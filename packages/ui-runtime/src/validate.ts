import type { z } from "zod";
import { APP_PACKAGE, fallbackNode, type AppComponentChecker } from "./app-components";
import { catalogueEntry, type CatalogueEntry } from "./catalogue";
import {
  actionSchema,
  animationSchema,
  hookSchema,
  NAME_PATTERN,
  screenPropsSchema,
  screenSchema,
  STYLE_KEYS,
  type ComponentNode,
  type JsonValue,
  type Screen,
} from "./schema";

/** One problem, readable by a model: where (a path like `screen.v1[2].props.level`) and what was expected. */
export interface Issue {
  path: string;
  message: string;
}

const pathOf = (parts: PropertyKey[]): string =>
  parts.reduce<string>((s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), "");

const describe = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 37)}...` : s;
};

function zodIssues(err: z.ZodError, base: PropertyKey[] = []): Issue[] {
  return err.issues.map((i) => ({ path: pathOf([...base, ...i.path]), message: i.message }));
}

/** Largest screen JSON text a host takes from the sandbox (characters). */
export const MAX_SCREEN_JSON_LENGTH = 1_000_000;
/**
 * Deepest nesting of objects and arrays in a screen. Components nest at most 32 deep (repair drops deeper children),
 * which is about 70 levels of JSON with their props; deeper input is refused before anything recursive touches it.
 */
export const MAX_SCREEN_DEPTH = 128;

/**
 * Why screen JSON text is refused before parsing (undefined when it is within bounds): too long, or nested deeper
 * than `maxDepth` (counted in one pass over the text, brackets in strings ignored — no recursion).
 */
export function screenJsonProblem(
  text: string,
  { maxLength = MAX_SCREEN_JSON_LENGTH, maxDepth = MAX_SCREEN_DEPTH }: { maxLength?: number; maxDepth?: number } = {},
): string | undefined {
  if (text.length > maxLength) return `the screen's JSON is longer than ${maxLength} characters`;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return `the screen is nested deeper than ${maxDepth} levels`;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/**
 * Whether a value nests objects and arrays deeper than `max` (iterative: safe on any depth; a cycle counts as too
 * deep). The walk stops after `budget` values, so shared sub-objects cannot make it blow up either.
 */
function nestedDeeperThan(value: unknown, max: number, budget = 2_000_000): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    if (--budget < 0) return true;
    const [v, d] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (d + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, d + 1]);
  }
  return false;
}

/**
 * Strict validation: the structure (schema) and every component against the catalogue (known type, its props and
 * their types, value kind, children only where allowed). Answers every issue, each with its path.
 */
export interface ScreenCheckOptions {
  /**
   * The app's own components (`package: "app"`): with it, such a node must be declared and its props must be the
   * declared ones; without it, they pass unchecked (the renderer draws their fallback or a notice).
   */
  components?: AppComponentChecker;
}

export function validateScreen(
  input: unknown,
  opts: ScreenCheckOptions = {},
): { ok: true; screen: Screen } | { ok: false; issues: Issue[] } {
  if (nestedDeeperThan(input, MAX_SCREEN_DEPTH))
    return { ok: false, issues: [{ path: "", message: `nested deeper than ${MAX_SCREEN_DEPTH} levels` }] };
  const parsed = screenSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error) };
  const issues: Issue[] = [];
  const names = new Set<string>();
  const walk = (nodes: ComponentNode[], base: PropertyKey[], seen = names) =>
    nodes.forEach((n, i) => {
      const at = [...base, i];
      if (seen.has(n.name)) issues.push({ path: pathOf([...at, "name"]), message: `duplicate name "${n.name}"` });
      seen.add(n.name);
      if (n.fallback) {
        if (!catalogueEntry(n.fallback.component) || (n.fallback.package ?? "genui") !== "genui")
          issues.push({ path: pathOf([...at, "fallback", "component"]), message: "a fallback is one of GenUI's components" });
        else walk([n.fallback], [...at, "fallback"], new Set());
      }
      const checker = opts.components;
      if (n.package === APP_PACKAGE && checker) {
        if (!checker.fallbackOf(n.component)) {
          issues.push({
            path: pathOf([...at, "component"]),
            message: `unknown component "${n.component}" (not one of the app's)`,
          });
        } else {
          const { style, ...props } = n.props ?? {};
          void style;
          for (const p of checker.propsProblems(n.component, props))
            issues.push({ path: pathOf([...at, "props", ...p.path.split("/").filter(Boolean)]), message: p.message });
        }
        if (n.content?.length) issues.push({ path: pathOf([...at, "content"]), message: `${n.component} takes no children` });
        return;
      }
      const e = catalogueEntry(n.component);
      if (!e && (n.package ?? "genui") === "genui") {
        issues.push({ path: pathOf([...at, "component"]), message: `unknown component "${n.component}"` });
      } else if (e) {
        const { style, ...props } = n.props ?? {};
        void style;
        const r = e.props.strict().safeParse(props);
        if (!r.success) issues.push(...zodIssues(r.error, [...at, "props"]));
        const v = valueProblem(e, n.value);
        if (v) issues.push({ path: pathOf([...at, "value"]), message: v });
        if (n.content?.length && !e.container)
          issues.push({ path: pathOf([...at, "content"]), message: `${e.type} takes no children` });
      }
      if (n.content) walk(n.content, [...at, "content"]);
    });
  walk(parsed.data.screen.v1, ["screen", "v1"]);
  return issues.length ? { ok: false, issues } : { ok: true, screen: parsed.data };
}

function valueProblem(e: CatalogueEntry, v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  switch (e.value) {
    case "none":
      return `${e.type} takes no value`;
    case "text":
      return typeof v === "string" ? undefined : `expected text, got ${describe(v)}`;
    case "number":
      return typeof v === "number" && Number.isFinite(v) ? undefined : `expected a number, got ${describe(v)}`;
    case "boolean":
      return typeof v === "boolean" ? undefined : `expected true or false, got ${describe(v)}`;
    case "rows":
      return Array.isArray(v) && v.every((r) => r && typeof r === "object" && !Array.isArray(r))
        ? undefined
        : `expected a list of row objects, got ${describe(v)}`;
    case "items":
    case "labels":
      return Array.isArray(v) ? undefined : `expected a list, got ${describe(v)}`;
    case "object":
      return v && typeof v === "object" ? undefined : `expected an object or a list of { key, value }, got ${describe(v)}`;
  }
}

/** Obvious coercions only: numeric text to numbers, "true"/"false" to booleans, numbers to text. */
function coerce(v: unknown, want: "number" | "boolean" | "text"): unknown {
  if (want === "number" && typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  if (want === "boolean" && (v === "true" || v === "false")) return v === "true";
  if (want === "text" && typeof v === "number" && Number.isFinite(v)) return String(v);
  return v;
}

const isJson = (v: unknown): v is JsonValue => JSON.stringify(v) !== undefined;

/**
 * Safe repair: what a renderer can use, and what was changed. Unknown keys and props are dropped, obvious types are
 * coerced, bad or duplicate names are regenerated, invalid actions and styles are dropped, children of components
 * that take none are dropped. Unknown component types are kept (the renderer shows a notice) and reported.
 */
export function repairScreen(
  input: unknown,
  opts: ScreenCheckOptions = {},
): { screen: Screen; repairs: string[]; issues: Issue[] } {
  const repairs: string[] = [];
  const issues: Issue[] = [];
  const note = (path: PropertyKey[], what: string) => repairs.push(`${pathOf(path)}: ${what}`);
  // Nothing below recurses into input deeper than this (props values are checked by JSON.stringify and zod).
  const tooDeep = nestedDeeperThan(input, MAX_SCREEN_DEPTH);
  const obj = input && typeof input === "object" && !Array.isArray(input) && !tooDeep ? (input as Record<string, unknown>) : {};
  if (tooDeep) note([], `nested deeper than ${MAX_SCREEN_DEPTH} levels; replaced by an empty screen`);
  else if (obj !== input) note([], "not an object; replaced by an empty screen");
  const names = new Set<string>();
  const counters = new Map<string, number>();
  const uniqueName = (type: string): string => {
    let n: string;
    do {
      const c = (counters.get(type) ?? 0) + 1;
      counters.set(type, c);
      n = `${/^[A-Za-z_]/.test(type) ? type.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 50) : "c"}_${c}`;
    } while (names.has(n));
    return n;
  };

  const fixNode = (raw: unknown, at: PropertyKey[], depth: number): ComponentNode | undefined => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
      note(at, "not a component; dropped");
      return undefined;
    }
    const r = raw as Record<string, unknown>;
    const type = typeof r.component === "string" && r.component ? r.component : undefined;
    if (!type) {
      note(at, "no component type; dropped");
      return undefined;
    }
    const e = catalogueEntry(type);
    if (!e && (typeof r.package !== "string" || r.package === "genui"))
      issues.push({ path: pathOf([...at, "component"]), message: `unknown component "${type}"` });
    let name = typeof r.name === "string" && NAME_PATTERN.test(r.name) && !names.has(r.name) ? r.name : undefined;
    if (!name) {
      name = uniqueName(type);
      if (r.name !== undefined) note([...at, "name"], `invalid or duplicate name; renamed "${name}"`);
    }
    names.add(name);
    const node: ComponentNode = { name, component: type };
    for (const k of Object.keys(r))
      if (
        ![
          "name",
          "component",
          "package",
          "value",
          "props",
          "content",
          "animation",
          "onPress",
          "onChangeText",
          "onLongPress",
          "fallback",
        ].includes(k)
      )
        note([...at, k], "unknown key dropped");
    if (typeof r.package === "string" && r.package) node.package = r.package;
    if (r.value !== undefined && isJson(r.value)) {
      let v: unknown = r.value;
      if (e && (e.value === "number" || e.value === "boolean" || e.value === "text")) {
        const c = coerce(v, e.value);
        if (c !== v) note([...at, "value"], `coerced ${describe(v)} to ${describe(c)}`);
        v = c;
      }
      if (e && valueProblem(e, v)) note([...at, "value"], `${valueProblem(e, v)}; dropped`);
      else node.value = v as JsonValue;
    }
    if (r.props && typeof r.props === "object" && !Array.isArray(r.props)) {
      const props: Record<string, JsonValue> = {};
      const shape = e?.props.shape as Record<string, z.ZodType> | undefined;
      for (const [k, v] of Object.entries(r.props as Record<string, unknown>)) {
        if (k === "style") {
          const style = fixStyle(v, [...at, "props", "style"], note);
          if (style) props.style = style;
          continue;
        }
        if (!e) {
          if (isJson(v)) props[k] = v;
          continue;
        }
        const schema = shape?.[k];
        if (!schema) {
          note([...at, "props", k], `${type} has no prop "${k}"; dropped`);
          continue;
        }
        let value: unknown = v;
        if (!schema.safeParse(value).success) {
          for (const want of ["number", "boolean", "text"] as const) {
            const c = coerce(v, want);
            if (c !== v && schema.safeParse(c).success) {
              value = c;
              note([...at, "props", k], `coerced ${describe(v)} to ${describe(c)}`);
              break;
            }
          }
        }
        if (schema.safeParse(value).success && isJson(value)) props[k] = value;
        else note([...at, "props", k], `invalid ${describe(v)}; dropped`);
      }
      if (Object.keys(props).length) node.props = props as ComponentNode["props"];
    }
    if (r.animation !== undefined) {
      const a = animationSchema.safeParse(r.animation);
      if (a.success) node.animation = a.data;
      else note([...at, "animation"], "invalid animation; dropped");
    }
    for (const k of ["onPress", "onChangeText", "onLongPress"] as const)
      if (r[k] !== undefined) {
        const a = actionSchema.safeParse(r[k]);
        if (a.success) node[k] = a.data;
        else note([...at, k], "invalid action; dropped");
      }
    if (Array.isArray(r.content) && r.content.length) {
      if (e && !e.container) note([...at, "content"], `${type} takes no children; dropped`);
      else if (depth >= 32) note([...at, "content"], "nested deeper than 32; dropped");
      else {
        const kids = r.content
          .slice(0, 500)
          .map((c, i) => fixNode(c, [...at, "content", i], depth + 1))
          .filter((c): c is ComponentNode => !!c);
        if (kids.length) node.content = kids;
      }
    }
    if (r.fallback !== undefined && !(node.package === APP_PACKAGE && opts.components)) {
      const fb = fixNode(r.fallback, [...at, "fallback"], depth + 1);
      if (fb && catalogueEntry(fb.component) && (fb.package ?? "genui") === "genui") node.fallback = fb;
      else note([...at, "fallback"], "a fallback is one of GenUI's components; dropped");
    }
    return node.package === APP_PACKAGE && opts.components ? appNode(node, at, opts.components) : node;
  };

  /**
   * A developer component checked against the app's declarations: kept with its fallback attached when its props are
   * the declared ones; otherwise replaced by its declared fallback (a card when the app declares no such component).
   */
  const appNode = (node: ComponentNode, at: PropertyKey[], checker: AppComponentChecker): ComponentNode => {
    const fb = checker.fallbackOf(node.component);
    const { style, ...props } = node.props ?? {};
    const stand = (type: Parameters<typeof fallbackNode>[0], keep: Record<string, JsonValue>): ComponentNode => ({
      ...fallbackNode(type, { ...node, props: keep }),
      name: node.name,
      ...(node.animation ? { animation: node.animation } : {}),
    });
    if (!fb) {
      note([...at, "component"], `the app has no component "${node.component}"; shown as a card`);
      return stand("card", props);
    }
    if (node.content) note([...at, "content"], `${node.component} takes no children; dropped`);
    const problems = checker.propsProblems(node.component, props);
    if (problems.length) {
      const bad = new Set(problems.map((p) => p.path.split("/").filter(Boolean)[0]).filter(Boolean));
      note(
        [...at, "props"],
        `${problems
          .map((p) => p.message)
          .slice(0, 3)
          .join("; ")}; shown as its fallback (${fb})`,
      );
      return stand(fb, Object.fromEntries(Object.entries(props).filter(([k]) => !bad.has(k))) as Record<string, JsonValue>);
    }
    const kept: ComponentNode = { ...node, props: { ...props, ...(style ? { style } : {}) } as ComponentNode["props"] };
    delete kept.content;
    if (!Object.keys(kept.props ?? {}).length) delete kept.props;
    kept.fallback = fallbackNode(fb, kept);
    return kept;
  };

  const v1raw = (obj.screen as { v1?: unknown } | undefined)?.v1 ?? (Array.isArray(obj.screen) ? obj.screen : undefined);
  if (Array.isArray(obj.screen)) note(["screen"], "a list; moved to screen.v1");
  const v1 = Array.isArray(v1raw)
    ? v1raw
        .slice(0, 1000)
        .map((c, i) => fixNode(c, ["screen", "v1", i], 0))
        .filter((c): c is ComponentNode => !!c)
    : [];
  const screen: Screen = {
    name: typeof obj.name === "string" && obj.name ? obj.name.slice(0, 200) : "Screen",
    screen: { v1 },
  };
  const props = obj.props as { screenProps?: unknown; style?: unknown } | undefined;
  if (props && typeof props === "object") {
    const sp = screenPropsSchema.safeParse(props.screenProps ?? {});
    const style = fixStyle(props.style, ["props", "style"], note);
    if (!sp.success) note(["props", "screenProps"], "invalid screen props; dropped");
    if ((sp.success && Object.keys(sp.data).length) || style)
      screen.props = {
        ...(sp.success && Object.keys(sp.data).length ? { screenProps: sp.data } : {}),
        ...(style ? { style } : {}),
      };
  }
  for (const h of ["onStart", "onResume", "onPause", "onEnd"] as const)
    if (obj[h] !== undefined) {
      const r = hookSchema.safeParse(obj[h]);
      if (r.success) screen[h] = r.data;
      else note([h], "invalid hook; dropped");
    }
  // Repair produces a valid structure by construction; what it keeps but cannot vouch for is reported here.
  return { screen, repairs, issues };
}

function fixStyle(
  v: unknown,
  at: PropertyKey[],
  note: (path: PropertyKey[], what: string) => void,
): Record<string, string | number> | undefined {
  if (v === undefined) return undefined;
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    note(at, "style is not an object; dropped");
    return undefined;
  }
  const out: Record<string, string | number> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (!(STYLE_KEYS as readonly string[]).includes(k)) note([...at, k], "unsupported style; dropped");
    else if (
      (typeof x === "string" && x.length <= 200 && !/url\s*\(|expression\s*\(|javascript:/i.test(x)) ||
      (typeof x === "number" && Number.isFinite(x))
    )
      out[k] = x;
    else note([...at, k], "invalid style value; dropped");
  }
  return Object.keys(out).length ? out : undefined;
}
