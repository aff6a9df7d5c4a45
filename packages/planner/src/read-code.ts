import { catalogueEntry, COMPONENT_TYPES, dslName } from "@genui/ui-runtime";
import type { Json } from "./ui";

/**
 * Reads UI code from the conversation (the screens answered earlier) without running it: a tolerant parser of the
 * DSL's literal subset — component calls, strings, numbers, arrays, objects, `const` bindings — that builds the same
 * tree and assigns the same names the sandbox would (explicit names kept, the rest `type_N` in order). Statements it
 * cannot read (loops, arrow functions) are skipped. Answers to actions use it to find what was pressed, the form's
 * fields, a product's price or the tasks of a list.
 */

export interface CodeNode {
  /** Catalogue type ("switch", not "switch_"), or the name of one of the app's own components (`package` "app"). */
  component: string;
  /** "app": one of the app's own components, written `custom("ProductCard", {…})`. */
  package?: "app";
  /** The name the sandbox gives it. */
  name: string;
  value?: Json;
  props: Record<string, Json>;
  content: CodeNode[];
  onPress?: Json;
  onChangeText?: Json;
  onLongPress?: Json;
  parent?: CodeNode;
}

/** A screen as read from its code. */
export interface CodeScreen {
  name?: string;
  /** Screen props and hooks as written in `screen(...)`. */
  settings: Record<string, Json>;
  roots: CodeNode[];
}

interface Tok {
  t: "str" | "num" | "id" | "p";
  v: string;
  line: number;
}

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let line = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\n") {
      line++;
      i++;
    } else if (/\s/.test(c)) i++;
    else if (c === "/" && src[i + 1] === "/") {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end < 0 ? src.length : end + 2;
      for (let j = i; j < stop; j++) if (src[j] === "\n") line++;
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      let s = "";
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\" && j + 1 < src.length) {
          const e = src[j + 1]!;
          const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", 0: "\0" };
          if (e === "u") {
            const braced = src[j + 2] === "{";
            const hex = braced ? src.slice(j + 3, src.indexOf("}", j + 3)) : src.slice(j + 2, j + 6);
            s += String.fromCodePoint(parseInt(hex, 16) || 0xfffd);
            j += braced ? hex.length + 4 : 6;
          } else if (e === "x") {
            s += String.fromCharCode(parseInt(src.slice(j + 2, j + 4), 16) || 0xfffd);
            j += 4;
          } else if (e === "\n") j += 2;
          else {
            s += simple[e] ?? e;
            j += 2;
          }
        } else {
          if (src[j] === "\n") line++;
          s += src[j];
          j++;
        }
      }
      out.push({ t: "str", v: s, line });
      i = j + 1;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^(?:0[xX][0-9a-fA-F]+|(?:\d[\d_]*)?\.?\d*(?:[eE][+-]?\d+)?)/.exec(src.slice(i));
      const v = m?.[0] || c;
      out.push({ t: "num", v, line });
      i += v.length;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i))!;
      out.push({ t: "id", v: m[0], line });
      i += m[0].length;
    } else {
      const three = src.slice(i, i + 3);
      const two = src.slice(i, i + 2);
      const v =
        three === "..." || three === "===" || three === "!==" ? three : ["=>", "==", "&&", "||", "??"].includes(two) ? two : c;
      out.push({ t: "p", v, line });
      i += v.length;
    }
  }
  return out;
}

/** A component created while reading (before names are assigned). */
class Made {
  used = false;
  constructor(readonly node: CodeNode) {}
}
type Val = Json | undefined | Made | Val[] | { [k: string]: Val };

const FN_TO_TYPE = new Map(COMPONENT_TYPES.map((t) => [dslName(t), t]));
const LIFTED = ["name", "onPress", "onChangeText", "onLongPress", "value"] as const;

class ParseError extends Error {}

/** An app component's name as the sandbox's `custom` takes it ("Unknown" when it is not one). */
const customName = (v: Val): string => (typeof v === "string" && /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(v) ? v : "Unknown");

const isPlain = (v: Val): v is { [k: string]: Val } =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Made);

/** Drops what a screen cannot hold (components inside data, undefined) so the result is plain JSON. */
function toJson(v: Val): Json | undefined {
  if (v === undefined || v instanceof Made) return undefined;
  if (Array.isArray(v)) return v.map(toJson).filter((x): x is Json => x !== undefined);
  if (isPlain(v)) {
    const o: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) {
      const j = toJson(x);
      if (j !== undefined) o[k] = j;
    }
    return o;
  }
  return v;
}

class Reader {
  private pos = 0;
  readonly made: Made[] = [];
  readonly vars = new Map<string, Val>();
  screen: { name?: string; settings: Record<string, Json>; children: Made[] } | undefined;

  constructor(private readonly toks: Tok[]) {}

  private peek(o = 0): Tok | undefined {
    return this.toks[this.pos + o];
  }
  private take(): Tok {
    const t = this.toks[this.pos++];
    if (!t) throw new ParseError("end of code");
    return t;
  }
  private expect(v: string): void {
    const t = this.take();
    if (t.t !== "p" || t.v !== v) throw new ParseError(`expected ${v}`);
  }
  private isP(v: string, o = 0): boolean {
    const t = this.peek(o);
    return !!t && t.t === "p" && t.v === v;
  }

  readAll(): void {
    while (this.pos < this.toks.length) {
      if (this.isP(";")) {
        this.pos++;
        continue;
      }
      const start = this.pos;
      const madeBefore = this.made.length;
      const screenBefore = this.screen;
      try {
        this.statement();
      } catch {
        // Unreadable statement: forget what it made and skip to its end.
        this.made.length = madeBefore;
        this.screen = screenBefore;
        this.pos = start;
        this.skipStatement();
      }
    }
  }

  private skipStatement(): void {
    const line = this.peek()?.line ?? 0;
    let depth = 0;
    this.pos++;
    while (this.pos < this.toks.length) {
      const t = this.peek()!;
      if (t.t === "p" && "([{".includes(t.v)) depth++;
      else if (t.t === "p" && ")]}".includes(t.v)) depth = Math.max(0, depth - 1);
      else if (depth === 0 && ((t.t === "p" && t.v === ";") || t.line > line)) return;
      this.pos++;
    }
  }

  private statement(): void {
    const t = this.peek()!;
    if (t.t === "id" && (t.v === "const" || t.v === "let" || t.v === "var")) {
      this.pos++;
      for (;;) {
        const id = this.take();
        if (id.t !== "id") throw new ParseError("binding");
        this.expect("=");
        this.vars.set(id.v, this.expr());
        if (!this.isP(",")) break;
        this.pos++;
      }
      return;
    }
    this.expr();
    const next = this.peek();
    if (next && !(next.t === "p" && next.v === ";") && next.line === this.toks[this.pos - 1]!.line)
      throw new ParseError("more on the line");
  }

  private expr(): Val {
    const t = this.take();
    if (t.t === "str") return t.v;
    if (t.t === "num") return Number(t.v.replace(/_/g, ""));
    if (t.t === "p" && t.v === "-" && this.peek()?.t === "num") return -Number(this.take().v.replace(/_/g, ""));
    if (t.t === "p" && t.v === "[") return this.array();
    if (t.t === "p" && t.v === "{") return this.object();
    if (t.t === "id") {
      if (t.v === "true") return true;
      if (t.v === "false") return false;
      if (t.v === "null") return null;
      if (t.v === "undefined") return undefined;
      if (this.isP("(")) {
        this.pos++;
        const args: Val[] = [];
        while (!this.isP(")")) {
          args.push(this.expr());
          if (this.isP(",")) this.pos++;
          else if (!this.isP(")")) throw new ParseError("argument list");
        }
        this.pos++;
        return this.call(t.v, args);
      }
      if (this.isP(".") || this.isP("=>")) throw new ParseError("expression");
      if (this.vars.has(t.v)) return this.vars.get(t.v);
      throw new ParseError(`unknown ${t.v}`);
    }
    throw new ParseError(`unexpected ${t.v}`);
  }

  private array(): Val[] {
    const out: Val[] = [];
    while (!this.isP("]")) {
      if (this.isP(",")) {
        this.pos++;
        continue;
      }
      if (this.isP("...")) throw new ParseError("spread");
      out.push(this.expr());
      if (this.isP(",")) this.pos++;
      else if (!this.isP("]")) throw new ParseError("array");
    }
    this.pos++;
    return out;
  }

  private object(): { [k: string]: Val } {
    const out: { [k: string]: Val } = {};
    while (!this.isP("}")) {
      const k = this.take();
      if (k.t === "p") throw new ParseError("object key");
      if (this.isP(":")) {
        this.pos++;
        out[k.v] = this.expr();
      } else if (k.t === "id" && this.vars.has(k.v)) out[k.v] = this.vars.get(k.v);
      else throw new ParseError("object entry");
      if (this.isP(",")) this.pos++;
      else if (!this.isP("}")) throw new ParseError("object");
    }
    this.pos++;
    return out;
  }

  private call(fn: string, args: Val[]): Val {
    if (fn === "screen") {
      const sc: { name?: string; settings: Record<string, Json>; children: Made[] } = { settings: {}, children: [] };
      for (const a of args) {
        if (typeof a === "string") sc.name = a;
        else if (Array.isArray(a))
          for (const c of a)
            if (c instanceof Made) {
              c.used = true;
              sc.children.push(c);
            }
        if (isPlain(a)) {
          const o = toJson(a);
          if (o && typeof o === "object" && !Array.isArray(o)) Object.assign(sc.settings, o);
          if (typeof sc.settings.name === "string") sc.name = sc.settings.name;
        }
      }
      this.screen = sc;
      return undefined;
    }
    // custom("ProductCard", {…}): one of the app's own components, named as the sandbox names it (no value, no children).
    const custom = fn === "custom";
    const type = custom ? customName(args.shift()) : FN_TO_TYPE.get(fn);
    if (!type) throw new ParseError(`unknown function ${fn}`);
    const entry: { container: boolean; value: string } = custom ? { container: false, value: "none" } : catalogueEntry(type)!;
    const n: CodeNode = { component: type, name: "", props: {}, content: [], ...(custom ? { package: "app" as const } : {}) };
    let hasValue = false;
    let explicit: unknown;
    const kids: Made[] = [];
    for (const a of args) {
      if (a === undefined) continue;
      if (a instanceof Made) {
        kids.push(a);
        continue;
      }
      if (Array.isArray(a)) {
        if (a.some((x) => x instanceof Made) || (a.length === 0 && entry.container && hasValue)) {
          for (const x of a) if (x instanceof Made) kids.push(x);
          continue;
        }
        if (!hasValue) {
          n.value = toJson(a);
          hasValue = true;
        }
        continue;
      }
      if (isPlain(a)) {
        if (entry.value === "object" && !hasValue) {
          n.value = toJson(a);
          hasValue = true;
          continue;
        }
        for (const [k, x] of Object.entries(a)) {
          const j = toJson(x);
          if (j === undefined) continue;
          if ((LIFTED as readonly string[]).includes(k)) {
            if (k === "name") explicit = j;
            else if (k === "value") {
              if (!hasValue) {
                n.value = j;
                hasValue = true;
              }
            } else n[k as "onPress" | "onChangeText" | "onLongPress"] = j;
          } else n.props[k] = j;
        }
        continue;
      }
      if (!hasValue) {
        n.value = a;
        hasValue = true;
      }
    }
    for (const k of kids) {
      k.used = true;
      k.node.parent = n;
      n.content.push(k.node);
    }
    if (typeof explicit === "string") n.name = explicit;
    const made = new Made(n);
    this.made.push(made);
    return made;
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** Parses UI code into the tree the sandbox would build (best effort; never throws). */
export function readUiCode(code: string): CodeScreen {
  const reader = new Reader(tokenize(code));
  reader.readAll();
  const roots = [...(reader.screen?.children ?? []), ...reader.made.filter((m) => !m.used)].map((m) => m.node);
  // Names as the sandbox assigns them: depth first, explicit valid names kept, the rest numbered per type.
  const names = new Set<string>();
  const counters = new Map<string, number>();
  const walk = (ns: CodeNode[]) => {
    for (const n of ns) {
      let base = NAME.test(n.name) && !names.has(n.name) ? n.name : "";
      if (!base) {
        do {
          const c = (counters.get(n.component) ?? 0) + 1;
          counters.set(n.component, c);
          base = `${n.component}_${c}`;
        } while (names.has(base));
      }
      names.add(base);
      n.name = base;
      walk(n.content);
    }
  };
  walk(roots);
  return { name: reader.screen?.name, settings: reader.screen?.settings ?? {}, roots };
}

/** Every node, depth first. */
export function allNodes(screen: CodeScreen): CodeNode[] {
  const out: CodeNode[] = [];
  const walk = (ns: CodeNode[]) => {
    for (const n of ns) {
      out.push(n);
      walk(n.content);
    }
  };
  walk(screen.roots);
  return out;
}

/** The event an action names: a string action, or an object action's `event`. */
export function eventOf(action: Json | undefined): string | undefined {
  if (typeof action === "string") return action;
  if (action && typeof action === "object" && !Array.isArray(action) && typeof action.event === "string") return action.event;
  return undefined;
}

/** The text a node shows (a button's label, a heading, an input's label, a list's items are not included). */
export function labelOf(n: CodeNode): string | undefined {
  if (
    typeof n.value === "string" &&
    !["textInput", "textArea", "select", "date", "fileInput", "image", "video", "icon"].includes(n.component)
  )
    return n.value;
  if (typeof n.props.label === "string") return n.props.label;
  if (typeof n.props.title === "string") return n.props.title;
  return undefined;
}
