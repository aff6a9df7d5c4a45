import { dslName } from "@genui/ui-runtime";
import { makeCtx, type Ctx } from "./compose/context";
import { partSection, uploadField } from "./compose/layouts";
import { cell, field, nameOf } from "./compose/sections";
import { allNodes, readUiCode, type CodeNode, type CodeScreen } from "./read-code";
import { capitalize, escapeRegExp, titleCase } from "./text";
import { printProgram, UiNode, type Json, type ScreenSettings } from "./ui";
import { fieldKey, readEntities } from "./understand/entities";
import { uploadPiece } from "./understand/items";
import { detectFamily } from "./understand/family";
import { button, row, text, textInput } from "./ui";

/**
 * Edits to the last screen: a follow-up ("add a phone field", "make it a line chart", "sort by price", "dark theme")
 * changes the previous screen's code instead of starting over. The code is read back into its tree (read-code), the
 * edit applied to the tree, and the tree printed again; anything the edit does not touch stays as it was.
 */

export interface Edited {
  code: string;
  /** What was changed, one line each. */
  notes: string[];
}

/** Does the request read as a change to the screen on show (rather than a new request)? */
export function looksLikeEdit(request: string): boolean {
  const t = request.trim().toLowerCase();
  if (t.length > 200) return false;
  if (
    /^(?:please\s+|can you\s+|could you\s+|now\s+|also\s+|and\s+|ok,?\s+|then\s+)*(?:add|remove|delete|drop|hide|get rid of|take out|change|turn|switch|convert|sort|order|filter|rename|retitle|call it|title it|use|put|move|replace|swap|set|insert|append|include|shorten|increase|decrease|reduce|limit|only|show only|keep only|make (?:it|this|the|them|that|everything|all|a (?:line|bar|pie|area|donut|doughnut) ?(?:chart|graph)?\b))/.test(
      t,
    )
  )
    return true;
  if (/^(?:in |with |use )?(?:dark|light|night)(?: mode| theme)?\.?$/.test(t)) return true;
  if (
    /^(?:also\s+)?(?:ask|asks) (?:for|about)\b|^(?:only|just) keep\b|^keep (?:only|just)\b|^show (?:the|it|them|these)\b.*\b(?:columns?|side by side|grid)\b/.test(
      t,
    )
  )
    return true;
  if (/^(?:a\s+)?(?:line|bar|pie|area|donut|doughnut|column)(?: chart| graph)?(?:,)?\s*(?:please|instead|now)?\.?!?$/.test(t))
    return true;
  if (/^(?:two|three|four|one|single|2|3|4)[ -]columns?(?: layout)?\.?$/.test(t)) return true;
  if (/\binstead\b|\bas a (?:line|bar|pie|area|donut) (?:chart|graph)\b/.test(t)) return true;
  return false;
}

// Tree ------------------------------------------------------------------------------------------------------------------

interface Node {
  type: string;
  name?: string;
  value?: Json;
  props: Record<string, Json>;
  children: Node[];
  actions: Record<string, Json>;
}

const generated = (c: CodeNode) => new RegExp(`^${c.component}_\\d+$`).test(c.name);

function fromCode(c: CodeNode): Node {
  const actions: Record<string, Json> = {};
  for (const k of ["onPress", "onChangeText", "onLongPress"] as const) if (c[k] !== undefined) actions[k] = c[k]!;
  return {
    type: c.component,
    ...(generated(c) ? {} : { name: c.name }),
    ...(c.value !== undefined ? { value: c.value } : {}),
    props: { ...c.props },
    children: c.content.map(fromCode),
    actions,
  };
}

function toUi(n: Node): UiNode {
  const props: Record<string, Json | undefined> = { ...(n.name ? { name: n.name } : {}), ...n.props, ...n.actions };
  return new UiNode(
    dslName(n.type),
    n.value,
    Object.keys(props).length ? props : undefined,
    n.children.length ? n.children.map(toUi) : undefined,
  );
}

function fromUi(u: UiNode): Node {
  const props: Record<string, Json> = {};
  const actions: Record<string, Json> = {};
  let name: string | undefined;
  for (const [k, v] of Object.entries(u.props ?? {})) {
    if (v === undefined) continue;
    if (k === "name" && typeof v === "string") name = v;
    else if (k === "onPress" || k === "onChangeText" || k === "onLongPress") actions[k] = v;
    else props[k] = v;
  }
  return {
    type: u.type === "switch_" ? "switch" : u.type,
    ...(name ? { name } : {}),
    ...(u.value !== undefined ? { value: u.value } : {}),
    props,
    children: (u.children ?? []).map(fromUi),
    actions,
  };
}

function walk(ns: Node[], f: (n: Node, parent: Node[], i: number) => void): void {
  for (let i = 0; i < ns.length; i++) {
    const n = ns[i]!;
    f(n, ns, i);
    walk(n.children, f);
  }
}
const every = (roots: Node[]): Node[] => {
  const out: Node[] = [];
  walk(roots, (n) => out.push(n));
  return out;
};
/** Removes the nodes `drop` picks, wherever they are; returns how many. */
function removeWhere(roots: Node[], drop: (n: Node) => boolean): number {
  let removed = 0;
  const prune = (ns: Node[]) => {
    for (let i = ns.length - 1; i >= 0; i--) {
      if (drop(ns[i]!)) {
        ns.splice(i, 1);
        removed++;
      } else prune(ns[i]!.children);
    }
  };
  prune(roots);
  // Cards left empty by a removal go too.
  const empty = (ns: Node[]) => {
    for (let i = ns.length - 1; i >= 0; i--) {
      empty(ns[i]!.children);
      if (["card", "grid", "row", "column"].includes(ns[i]!.type) && !ns[i]!.children.length && removed) ns.splice(i, 1);
    }
  };
  empty(roots);
  return removed;
}

const INPUTS = new Set(["textInput", "textArea", "select", "checkbox", "switch", "slider", "date", "fileInput"]);
const CHARTS = new Set(["barChart", "lineChart", "areaChart", "pieChart"]);
const label = (n: Node): string =>
  String(
    typeof n.props.label === "string"
      ? n.props.label
      : typeof n.value === "string"
        ? n.value
        : typeof n.props.title === "string"
          ? n.props.title
          : "",
  );
const matches = (n: Node, words: string): boolean => {
  const l = label(n).toLowerCase();
  const w = words.toLowerCase().trim();
  return !!l && !!w && (l === w || l.includes(w) || (w.length > 3 && w.includes(l)));
};

/** Words for kinds of components a user names. */
const KIND: [RegExp, (n: Node) => boolean][] = [
  [/^(?:the )?(?:data )?table|grid of data|spreadsheet$/, (n) => n.type === "table"],
  [/^(?:the )?(?:\w+ )?(?:chart|graph|plot)s?$/, (n) => CHARTS.has(n.type)],
  [/^(?:the )?(?:images?|photos?|pictures?|banner|cover)$/, (n) => n.type === "image"],
  [
    /^(?:the )?(?:stats?|kpis?|key figures|figures|numbers|metrics)$/,
    (n) => n.type === "stat" || (n.type === "grid" && n.children.every((c) => c.type === "stat")),
  ],
  [/^(?:the )?(?:faqs?|questions|accordion)$/, (n) => n.type === "accordion"],
  [/^(?:the )?(?:search(?: box| bar| field)?)$/, (n) => n.type === "textInput" && n.props.type === "search"],
  [/^(?:the )?(?:team|people|staff)(?: section)?$/, (n) => n.type === "grid" && n.name === "team"],
  [/^(?:the )?(?:nav(?:igation)?(?: bar)?|menu bar|header links)$/, (n) => n.name === "nav"],
  [
    /^(?:the )?(?:contact(?: form| section)?|form)$/,
    (n) => (n.type === "card" && n.children.some((c) => INPUTS.has(c.type))) || n.name === "contact",
  ],
  [/^(?:the )?(?:list|bullets)$/, (n) => n.type === "list"],
  [/^(?:the )?(?:progress(?: bar)?)$/, (n) => n.type === "progress"],
  [/^(?:the )?(?:tabs)$/, (n) => n.type === "tabs"],
  [/^(?:the )?(?:alert|notice|banner message)$/, (n) => n.type === "alert"],
];

// Edits ----------------------------------------------------------------------------------------------------------------

type Edit = (s: EditState, m: RegExpExecArray) => string | undefined;
interface EditState {
  roots: Node[];
  settings: Record<string, Json>;
  name: string;
  ctx: Ctx;
  request: string;
  /** The clause as the user wrote it (its case kept). */
  original: string;
}

/** The user's own casing of a phrase found lower-cased ("book dentist" → "Book dentist" as written). */
function originalCase(original: string, lower: string): string {
  const i = original.toLowerCase().indexOf(lower.toLowerCase());
  return i >= 0 ? original.slice(i, i + lower.length) : lower;
}

/** Puts an input after the screen's last input (before its submit button), or after the heading. */
function insertField(s: EditState, f: Node): void {
  const inputs = every(s.roots).filter((n) => INPUTS.has(n.type));
  const last = inputs[inputs.length - 1];
  let placed = false;
  if (last)
    walk(s.roots, (n) => {
      if (placed) return;
      const idx = n.children.indexOf(last);
      if (idx >= 0) {
        n.children.splice(idx + 1, 0, f);
        placed = true;
      }
    });
  if (!placed) {
    const idx = last ? s.roots.indexOf(last) : s.roots.findIndex((r) => r.type !== "heading" && r.type !== "text") - 1;
    s.roots.splice(Math.max(0, idx + 1), 0, f);
  }
}

/** The input already asking for what `word` asks for ("Phone number" for "telephone", "Email" for "e-mail"), if any. */
function existingField(s: EditState, word: string): Node | undefined {
  const key = fieldKey(word);
  if (!key) return undefined;
  return every(s.roots).find(
    (n) =>
      INPUTS.has(n.type) &&
      ((!!label(n) && fieldKey(label(n)) === key) || (!!n.name && fieldKey(n.name.replace(/_/g, " ")) === key)),
  );
}

/** The note for a field asked for that the screen has already: nothing is added. */
const alreadyThere = (n: Node) =>
  `There is already ${/^[aeiou]/i.test(label(n)) ? "an" : "a"} "${label(n)}" field, so nothing was added and the screen is as it was.`;

/** Words for a button that sends a form, and for one that leaves or clears it. */
const SUBMIT_BUTTON =
  /^(?:submit|send|apply|save(?!\s+(?:as\s+)?(?:a\s+)?(?:draft|for later))|book|register|sign ?up|join|continue|next|confirm|done|finish|request|order|pay|donate|subscribe|rsvp|enquire|reserve|check ?out|get started|create|update|post|go)\b/i;
const CANCEL_BUTTON = /^(?:cancel|back|go back|reset|clear|discard|close|start over|previous|skip)\b/i;

/**
 * Adds a button the user named ("add a submit button", "add a cancel button", "add a 'Save draft' button"): a form's own
 * submit takes a submit's label (never a second submit), a cancel sits beside it, and a button already there is not
 * added again.
 */
function addButton(s: EditState, written: string): string {
  const name = capitalize(written.trim());
  const buttons = every(s.roots).filter((n) => n.type === "button");
  const same = buttons.find((b) => label(b).toLowerCase() === name.toLowerCase());
  if (same)
    return `There is already ${/^[aeiou]/i.test(name) ? "an" : "a"} "${label(same)}" button, so nothing was added and the screen is as it was.`;
  const inputs = every(s.roots).filter((n) => INPUTS.has(n.type));
  // The form's own submit: a button that sends what was typed (by its label or its event), the primary one first.
  const sends = (b: Node) =>
    SUBMIT_BUTTON.test(label(b)) ||
    /submit|send|save|apply|book|register|sign|create|confirm|pay|order|subscribe|reserve|join|request/i.test(
      String(b.actions.onPress ?? b.name ?? ""),
    );
  const submit = inputs.length
    ? (buttons.find((b) => b.props.variant === "primary" && sends(b)) ?? buttons.find(sends))
    : undefined;
  if (SUBMIT_BUTTON.test(name) && submit && label(submit).toLowerCase().startsWith(`${name.toLowerCase()} `))
    return `The form's submit button already says "${label(submit)}", so nothing was added and the screen is as it was.`;
  if (SUBMIT_BUTTON.test(name) && submit) {
    const was = label(submit);
    submit.value = name;
    return `The form already has its submit button: "${was}" now says "${name}" (no second submit button).`;
  }
  const cancel = CANCEL_BUTTON.test(name);
  const made = fromUi(
    button(name, {
      name: nameOf(name),
      variant: cancel ? "ghost" : submit ? "secondary" : "primary",
      onPress: nameOf(name),
    }),
  );
  // Beside the form's submit (before it: the submit stays last), else in a row of its own after the last input.
  let placed = false;
  if (submit)
    walk(s.roots, (n) => {
      if (placed) return;
      const i = n.children.indexOf(submit);
      if (i >= 0 && n.type === "row") {
        n.children.splice(i, 0, made);
        placed = true;
      }
    });
  if (!placed) {
    const r = fromUi(row([], { justify: "end", gap: 8 }));
    r.children.push(made);
    const last = inputs[inputs.length - 1];
    if (last)
      walk(s.roots, (n) => {
        if (placed) return;
        const i = n.children.indexOf(last);
        if (i >= 0) {
          n.children.splice(i + 1, 0, r);
          placed = true;
        }
      });
    if (!placed) s.roots.push(r);
  }
  return `Added a "${name}" button.`;
}

/** The items of the screen's main collection: a table's rows, a list's entries, an accordion's sections, to-do checkboxes. */
function keepItems(s: EditState, keep: (text: string, i: number) => boolean): boolean {
  const all = every(s.roots);
  const rowText = (r: Json) =>
    r && typeof r === "object" && !Array.isArray(r) ? Object.values(r).map(String).join(" ") : String(r);
  for (const t of all.filter(
    (n) => (n.type === "table" || n.type === "list") && Array.isArray(n.value) && (n.value as Json[]).length > 1,
  )) {
    const rows = t.value as Json[];
    const kept = rows.filter((r, i) => keep(rowText(r), i));
    if (kept.length && kept.length < rows.length) {
      t.value = kept;
      return true;
    }
  }
  for (const a of all.filter((n) => n.type === "accordion" && Array.isArray(n.value))) {
    const titles = a.value as Json[];
    const idx = titles.map((t, i) => (keep(String(t), i) ? i : -1)).filter((i) => i >= 0);
    if (idx.length && idx.length < titles.length) {
      a.value = idx.map((i) => titles[i]!);
      a.children = idx.map((i) => a.children[i]!).filter(Boolean);
      return true;
    }
  }
  const boxes = all.filter((n) => n.type === "checkbox");
  if (boxes.length > 1) {
    const drop = new Set(boxes.filter((b, i) => !keep(label(b), i)));
    if (drop.size && drop.size < boxes.length) {
      removeWhere(s.roots, (n) => drop.has(n));
      return true;
    }
  }
  const cards = all.find((n) => n.type === "grid" && n.children.length > 1 && n.children.every((c) => c.type === "card"));
  if (cards) {
    const kept = cards.children.filter((c, i) => keep(label(c), i));
    if (kept.length && kept.length < cards.children.length) {
      cards.children = kept;
      return true;
    }
  }
  return false;
}

/** Adds an item to the screen's main collection: a table row, a list entry, a to-do checkbox, a card. */
function addItem(s: EditState, what: string, value?: number): string | undefined {
  const all = every(s.roots);
  const t = all.find((n) => n.type === "table" && Array.isArray(n.value) && (n.value as Json[]).length);
  if (t) {
    const rows = t.value as Record<string, Json>[];
    const first = rows[0]!;
    const keys = Object.keys(first);
    const textKey = keys.find((k) => typeof first[k] === "string" && !/^\d/.test(String(first[k]))) ?? keys[0]!;
    const numKey = keys.find((k) => typeof first[k] === "number" && !/rank|#/.test(k));
    // "Beloved by Toni Morrison" into a table of titles and authors: each side in its column.
    const textKeys = keys.filter((k) => typeof first[k] === "string" && !/^\d/.test(String(first[k])));
    const pair = textKeys.length >= 2 ? /^(.+?)\s+(?:by|[-–—])\s+(.+)$/.exec(what) : null;
    const row: Record<string, Json> = Object.fromEntries(
      keys.map((k) => [
        k,
        pair && k === textKeys[0]
          ? pair[1]!
          : pair && k === textKeys[1]
            ? pair[2]!
            : k === textKey
              ? what
              : k === numKey && value !== undefined
                ? value
                : typeof first[k] === "number"
                  ? /rank/.test(k)
                    ? rows.length + 1
                    : first[k]!
                  : first[k]!,
      ]),
    );
    t.value = [...rows, row];
    return `Added "${what}"${value !== undefined ? ` with ${value}` : ""}.`;
  }
  const boxes = all.filter((n) => n.type === "checkbox");
  if (boxes.length > 1) {
    const last = boxes[boxes.length - 1]!;
    walk(s.roots, (n, parent, i) => {
      if (n === last)
        parent.splice(i + 1, 0, {
          type: "checkbox",
          name: nameOf(what),
          value: false,
          props: { ...last.props, label: what },
          children: [],
          actions: {},
        });
    });
    return `Added "${what}".`;
  }
  const l = all.find((n) => n.type === "list" && Array.isArray(n.value));
  if (l) {
    const items = l.value as Json[];
    const sample = items[0];
    const entry: Json =
      sample && typeof sample === "object" && !Array.isArray(sample)
        ? { ...sample, title: what, ...(value !== undefined ? { subtitle: String(value) } : {}) }
        : value !== undefined
          ? `${what} — ${value}`
          : what;
    l.value = [...items, entry];
    return `Added "${what}".`;
  }
  const cards = all.find((n) => n.type === "grid" && n.children.length > 1 && n.children.every((c) => c.type === "card"));
  if (cards) {
    const base = cards.children[cards.children.length - 1]!;
    const copy = JSON.parse(JSON.stringify(base)) as Node;
    copy.value = what;
    copy.name = `${nameOf(what)}_card`;
    if (value !== undefined)
      walk(copy.children, (n) => {
        if (n.type === "text" && typeof n.value === "string" && /\d/.test(n.value))
          n.value = n.value.replace(/\d[\d,.]*/, String(value));
      });
    cards.children.push(copy);
    return `Added "${what}".`;
  }
  return undefined;
}

const CHART_TYPE: Record<string, string> = {
  bar: "barChart",
  column: "barChart",
  line: "lineChart",
  area: "areaChart",
  pie: "pieChart",
  donut: "pieChart",
  doughnut: "pieChart",
};

function convertChart(n: Node, to: string): void {
  if (n.type === to) return;
  const rows = Array.isArray(n.value) ? (n.value as Record<string, Json>[]) : [];
  if (to === "pieChart") {
    const x = String(n.props.x ?? "label");
    const y = Array.isArray(n.props.y) ? String(n.props.y[0]) : String(n.props.y ?? "value");
    n.value = rows.map((r) => ({ label: String(r[x] ?? ""), value: Number(r[y] ?? 0) }));
    const rest = { ...n.props };
    delete rest.x;
    delete rest.y;
    delete rest.stacked;
    n.props = rest;
  } else if (n.type === "pieChart") {
    n.value = rows.map((r) => ({ label: String(r.label ?? ""), value: Number(r.value ?? 0) }));
    const rest = { ...n.props };
    delete rest.donut;
    n.props = { ...rest, x: "label", y: "value" };
  }
  n.type = to;
}

const EDITS: [RegExp, Edit][] = [
  // Theme.
  [
    /\b(dark|night|light)(?:\s+(?:mode|theme|colou?rs?|background))?\b/,
    (s, m) => {
      const theme = m[1] === "light" ? "light" : "dark";
      if (
        !/\b(?:mode|theme|dark|light|night)\b/.test(s.request) ||
        (/\bchart\b/.test(s.request) && !/mode|theme/.test(s.request))
      )
        return undefined;
      s.settings.theme = theme;
      return `Switched to the ${theme} theme.`;
    },
  ],
  // Chart kind.
  [
    /\b(bar|column|line|area|pie|donut|doughnut)\s*(?:chart|graph)?s?\b/,
    (s, m) => {
      if (!/\b(?:make|turn|change|switch|convert|show|use|as|into|to|instead)\b/.test(s.request)) return undefined;
      const to = CHART_TYPE[m[1]!]!;
      const charts = every(s.roots).filter((n) => CHARTS.has(n.type));
      if (!charts.length) return undefined;
      for (const c of charts) {
        convertChart(c, to);
        if (/donut|doughnut/.test(m[1]!)) c.props.donut = true;
      }
      return `Changed the chart${charts.length > 1 ? "s" : ""} to a ${m[1]} chart.`;
    },
  ],
  // Sort a table (or a list) by a column.
  [
    /\b(?:sort|order)(?:ed)?\s+(?:it\s+|the\s+\w+\s+|rows\s+|them\s+)?by\s+(?:the\s+)?([\w ]+?)(?:,?\s+(asc|ascending|desc|descending|high(?:est)? to low(?:est)?|low(?:est)? to high(?:est)?|a-z|z-a|(?:biggest|smallest|newest|oldest|highest|lowest|cheapest|most expensive) first))?\s*$/,
    (s, m) => {
      const want = m[1]!.trim();
      const desc =
        /desc|high(?:est)? to|highest first|biggest|newest|z-a|most expensive/.test(m[2] ?? "") ||
        /\b(?:most|highest|largest|biggest|top)\b/.test(s.request);
      for (const t of every(s.roots).filter((n) => n.type === "table")) {
        const cols = (Array.isArray(t.props.columns) ? t.props.columns : []) as Json[];
        const col = cols
          .map((c) => (typeof c === "string" ? { key: c, label: c } : (c as { key: string; label?: string })))
          .find(
            (c) =>
              c.key.toLowerCase().includes(nameOf(want)) ||
              (c.label ?? "").toLowerCase().includes(want.toLowerCase()) ||
              want.toLowerCase().includes((c.label ?? c.key).toLowerCase()),
          );
        if (!col || !Array.isArray(t.value)) continue;
        const rows = [...(t.value as Record<string, Json>[])];
        rows.sort((a, b) => {
          const x = a[col.key],
            y = b[col.key];
          const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
          return desc ? -c : c;
        });
        t.value = rows;
        return `Sorted the table by ${col.label ?? col.key}, ${desc ? "highest" : "lowest"} first.`;
      }
      return undefined;
    },
  ],
  // Columns layout.
  [
    /\b(one|single|two|three|four|1|2|3|4)[ -]columns?\b/,
    (s, m) => {
      if (/\b(?:table|add)\b/.test(s.request) && /\bcolumn\b/.test(s.request) && !/layout|grid|side/.test(s.request))
        return undefined;
      const n = { one: 1, single: 1, two: 2, three: 3, four: 4 }[m[1]!] ?? Number(m[1]);
      const grids = every(s.roots).filter((g) => g.type === "grid");
      if (grids.length) for (const g of grids) g.props.columns = n;
      else {
        // Put the screen's sections (everything after the headings) in a grid.
        const start = s.roots.findIndex((r) => r.type !== "heading" && r.type !== "text");
        const body = s.roots.splice(Math.max(0, start));
        s.roots.push({ type: "grid", name: "layout", props: { columns: n, gap: 16 }, children: body, actions: {} });
        // Inputs of a form card go in the grid too.
      }
      for (const c of every(s.roots).filter(
        (x) => x.type === "card" && x.children.filter((k) => INPUTS.has(k.type)).length >= 2 && !grids.length,
      )) {
        const inputs = c.children.filter((k) => INPUTS.has(k.type));
        const rest = c.children.filter((k) => !INPUTS.has(k.type));
        c.children = [{ type: "grid", props: { columns: n, gap: 12 }, children: inputs, actions: {} }, ...rest];
      }
      return `Laid it out in ${n} column${n > 1 ? "s" : ""}.`;
    },
  ],
  // Rename the title.
  [
    /\b(?:rename|retitle|call|title|change the (?:title|heading|name))\b\s*(?:it|the (?:page|screen|title|heading|form|app))?\s*(?:to|as)?\s*["“']?([^"”']+?)["”']?\s*\.?$/,
    (s, m) => {
      if (/\bbutton\b|\bcolumn\b|\bfield\b/.test(s.request)) return undefined;
      const title = capitalize(m[1]!.trim());
      if (!title) return undefined;
      const h = every(s.roots).find((n) => n.type === "heading");
      if (h) h.value = title;
      else s.roots.unshift({ type: "heading", props: { level: 1 }, value: title, children: [], actions: {} });
      s.name = title;
      s.settings.title = title;
      return `Renamed it "${title}".`;
    },
  ],
  // A button's label.
  [
    /\b(?:make|change|rename|set|let)\s+(?:the\s+)?(?:(.+?)\s+)?button(?:'s label|\s+text|\s+label)?\s+(?:to\s+)?(?:say|read|to|into|as)\s+["“']?([^"”']+?)["”']?\s*\.?$/,
    (s, m) => {
      const buttons = every(s.roots).filter((n) => n.type === "button");
      const b =
        (m[1] && buttons.find((x) => matches(x, m[1]!))) ||
        buttons.find((x) => x.props.variant === "primary") ||
        buttons[buttons.length - 1];
      if (!b) return undefined;
      const was = label(b);
      b.value = capitalize(m[2]!.trim());
      return `The "${was}" button now says "${b.value}".`;
    },
  ],
  // Add a button: "add a submit button", "add a cancel button", "add a 'Save draft' button", "add a button that says Go".
  [
    /\b(?:add|include|put)\s+(?:a\s+|an\s+|the\s+|another\s+|one\s+)?(?:["“']([^"”']{1,30})["”']\s+button|([a-z][\w' ]{0,28}?)\s+button|button\s+(?:that says|saying|labell?ed|called|named|reading)\s+["“']?([^"”']{1,30}?)["”']?)(?:\s+(?:to|at|below|under|on)\b.*)?\s*\.?$/,
    (s, m) => {
      const said = m[1] ?? m[3] ?? m[2]!.replace(/^(?:new|primary|big|small|secondary)\s+/, "");
      if (!said.trim() || /^(?:new|primary|big|small|secondary)$/.test(said.trim())) return undefined;
      return addButton(s, originalCase(s.original, said.trim()));
    },
  ],
  // Add a column to a board: "add a column called Blocked", "add a 'Review' lane".
  [
    /\badd\s+(?:a\s+|an\s+)?(?:new\s+)?(?:(?:column|lane|stage|list)\s+(?:for|called|named)\s+["“']?([\w ]+?)["”']?|["“']?([\w ]+?)["”']?\s+(?:column|lane|stage))\s*\.?$/,
    (s, m) => {
      const board = every(s.roots).find((n) => n.type === "grid" && n.name === "board");
      if (!board) return undefined;
      const title = capitalize(originalCase(s.original, (m[1] ?? m[2])!.trim()));
      const n = board.children.length + 1;
      board.children.push({
        type: "card",
        name: `column_${n}`,
        value: title,
        props: { subtitle: "0 cards" },
        children: [{ type: "text", props: { tone: "muted", size: "sm" }, value: "Drop cards here", children: [], actions: {} }],
        actions: {},
      });
      board.props.columns = Math.min(4, n);
      return `Added a "${title}" column to the board.`;
    },
  ],
  // Add a column to a table.
  [
    /\badd\s+(?:a\s+|an\s+)?(?:new\s+)?(?!(?:a|an|new)\s+column\b)(?!column\b)["“']?([\w ]+?)["”']?\s+column\b|\badd\s+(?:a\s+|an\s+)?(?:new\s+)?column\s+(?:for|called|named|with)\s+(?:the\s+)?["“']?([\w ]+?)["”']?\s*$/,
    (s, m) => {
      const col = (m[1] ?? m[2])!.trim();
      const t = every(s.roots).find((n) => n.type === "table");
      if (!t || !Array.isArray(t.value)) return undefined;
      const key = nameOf(col);
      const names = (t.value as Record<string, Json>[]).map((r) => String(Object.values(r)[0] ?? ""));
      t.value = (t.value as Record<string, Json>[]).map((r, i) => ({ ...r, [key]: cell(s.ctx, col, i, names) }));
      if (Array.isArray(t.props.columns)) t.props.columns = [...t.props.columns, { key, label: titleCase(col) }];
      return `Added a "${titleCase(col)}" column.`;
    },
  ],
  // Add a choice with its options: "add a dropdown 'How did you hear about us' with Google, Friend, Other",
  // "add a language select with English, French and Arabic", "add a select for the stylist: Jamie, Alex or Sam".
  [
    /\badd\s+(?:a\s+|an\s+)?(?:(.+?)\s+)?(?:dropdown|select|drop-down|picker|choice|radio(?: buttons)?)(?:\s+(?:for|called|named)\s+(?:the\s+)?(.+?)|\s+["“']([^"”']+)["”'])?\s*(?:with|:)\s*(?:options\s+)?(.+?)\s*\.?$/,
    (s, m) => {
      const name = (m[3] ?? m[2] ?? m[1] ?? "Choice").replace(/^["“']|["”']$/g, "").trim();
      const options = m[4]!
        .split(/\s*(?:,|\bor\b|\band\b|\/)\s*/)
        .map((o) => o.trim())
        .filter(Boolean);
      if (options.length < 2) return undefined;
      const original = new RegExp(escapeRegExp(options[0]!), "i").exec(s.original)?.index;
      const cased = options.map((o) =>
        original !== undefined ? (new RegExp(`\\b${escapeRegExp(o)}\\b`, "i").exec(s.original)?.[0] ?? o) : o,
      );
      const there = existingField(s, name);
      if (there) return alreadyThere(there);
      const f = fromUi(field({ label: capitalize(name), text: name, options: cased.map(capitalize) }));
      insertField(s, f);
      return `Added a "${capitalize(name)}" choice of ${cased.join(", ")}.`;
    },
  ],
  // "add a row for Beloved by Toni Morrison", "add another entry: Kane 27": a new row or entry, said so.
  [
    /\badd\s+(?:a|an|another|one more|a new)\s+(?:row|entry|line|item|record)\s*(?:for|with|:|-|–)\s*["“']?(.+?)["”']?\s*\.?$/,
    (s, m) => {
      const written = originalCase(s.original, m[1]!.trim());
      const valued = /^(.*?\S)\s+[$€£₹₦]?(\d[\d,.]*)$/.exec(written);
      return valued ? addItem(s, capitalize(valued[1]!), Number(valued[2]!.replace(/,/g, ""))) : addItem(s, capitalize(written));
    },
  ],
  // Add an item to the list, menu, table or to-do list: "add 'book dentist' to the list", "add a calzone for 12",
  // "add Ravi with 101 points".
  [
    /\badd\s+(?:a\s+|an\s+)?["“']?([^"”']+?)["”']?(?:\s+(?:for|with|at|costing|worth)\s+[$€£₹₦]?(\d[\d,.]*)\s*(?:[a-z]+)?)?(?:\s+to\s+(?:the|my|this)\s+(?:list|menu|table|board|leaderboard|rows?|items?|tasks?))?\s*\.?$/,
    (s, m) => {
      if (
        !m[2] &&
        !/\bto\s+(?:the|my|this)\s+(?:list|menu|table|board|leaderboard|rows?|items?|tasks?)\b/.test(s.request) &&
        !/["“']/.test(s.original)
      )
        return undefined;
      const what = originalCase(s.original, m[1]!.trim());
      const value = m[2] ? Number(m[2].replace(/,/g, "")) : undefined;
      return addItem(s, capitalize(what), value);
    },
  ],
  // Keep only named items: "keep only passport, tickets and adapter", "only keep the first two questions".
  [
    /\b(?:keep\s+only|only\s+keep|keep\s+just|just\s+keep)\s+(?:the\s+)?(.+?)\s*\.?$/,
    (s, m) => {
      const first = /^first\s+(\d+|one|two|three|four|five)\b/.exec(m[1]!);
      if (first) {
        const n = Number(first[1]) || { one: 1, two: 2, three: 3, four: 4, five: 5 }[first[1]!]!;
        return keepItems(s, (_t, i) => i < n) ? `Kept the first ${n}.` : undefined;
      }
      const names = m[1]!
        .split(/\s*(?:,|\band\b|&)\s*/)
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean);
      if (!names.length) return undefined;
      return keepItems(s, (t) => names.some((n) => t.toLowerCase().includes(n))) ? `Kept only ${names.join(", ")}.` : undefined;
    },
  ],
  // Remove something.
  [
    /\b(?:remove|delete|drop|hide|get rid of|take out|without)\s+(?:the\s+|all\s+|that\s+)?(.+?)\s*\.?$/,
    (s, m) => {
      let what = m[1]!.trim().replace(/^(?:the|a|an)\s+/, "");
      // A table column.
      const colm = /^(.+?)\s+column$|^column\s+(.+)$/.exec(what);
      if (colm) {
        const col = (colm[1] ?? colm[2])!.trim().toLowerCase();
        for (const t of every(s.roots).filter((n) => n.type === "table" && Array.isArray(n.props.columns))) {
          const cols = t.props.columns as Json[];
          const keep = cols.filter(
            (c) =>
              !(typeof c === "string"
                ? c.toLowerCase() === col
                : String((c as { label?: string }).label ?? (c as { key: string }).key)
                    .toLowerCase()
                    .includes(col)),
          );
          if (keep.length < cols.length) {
            t.props.columns = keep;
            return `Removed the ${col} column.`;
          }
        }
      }
      what = what.replace(/\s+(?:field|input|box|section|button|card)$/, (x) => (/section|card/.test(x) ? "" : x));
      const kind = KIND.find(([re]) => re.test(what));
      const fieldWord = what.replace(/\s+(?:field|input|box)$/, "");
      const drop = kind
        ? kind[1]
        : (n: Node) =>
            (INPUTS.has(n.type) || n.type === "button" || n.type === "card" || n.type === "heading") && matches(n, fieldWord);
      const removed = removeWhere(s.roots, drop);
      if (removed) return `Removed ${what}.`;
      const one = what.toLowerCase();
      return keepItems(s, (t) => !t.toLowerCase().includes(one)) ? `Removed ${what}.` : undefined;
    },
  ],
  // Fewer items.
  [
    /\b(?:shorter|fewer|less|only|limit(?: it)? to|just)\s+(?:show\s+)?(\d+|one|two|three|four|five|six)?\s*(?:items|rows|entries|products|cards|results|tasks|questions|things)?\b/,
    (s, m) => {
      if (!/\b(?:shorter|fewer|less|items|rows|entries|products|cards|results|tasks|questions)\b/.test(s.request))
        return undefined;
      const n = m[1] ? Number(m[1]) || { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 }[m[1]]! : undefined;
      let changed = 0;
      for (const x of every(s.roots)) {
        if ((x.type === "table" || x.type === "list") && Array.isArray(x.value) && x.value.length > 1) {
          x.value = x.value.slice(0, n ?? Math.ceil(x.value.length / 2));
          changed++;
        }
        if (x.type === "grid" && x.children.length > 2 && x.children.every((c) => c.type === "card")) {
          x.children = x.children.slice(0, n ?? Math.ceil(x.children.length / 2));
          changed++;
        }
      }
      return changed ? `Kept ${n ?? "half of the"} items.` : undefined;
    },
  ],
  // Filter a table's rows.
  [
    /\b(?:filter(?:ed)?\s+(?:it\s+|the \w+\s+)?(?:to|by|for)|only\s+show|show\s+only|keep\s+only|only)\s+(?:the\s+)?(?:rows\s+(?:with|where)\s+)?["“']?([\w ]+?)["”']?(?:\s+(?:ones|rows|items|orders|entries))?\s*\.?$/,
    (s, m) => {
      const want = m[1]!.trim().toLowerCase();
      for (const t of every(s.roots).filter((n) => n.type === "table" && Array.isArray(n.value))) {
        const rows = t.value as Record<string, Json>[];
        const kept = rows.filter((r) => Object.values(r).some((v) => String(v).toLowerCase().includes(want)));
        if (kept.length && kept.length < rows.length) {
          t.value = kept;
          return `Kept the rows with "${want}".`;
        }
      }
      return undefined;
    },
  ],
  // Add a search box.
  [
    /\badd\s+(?:a\s+)?search(?:\s+(?:box|bar|field|input))?\b/,
    (s) => {
      const at = s.roots.findIndex((r) => r.type !== "heading" && r.type !== "text");
      s.roots.splice(
        Math.max(0, at),
        0,
        fromUi(textInput({ name: "search", label: "Search", type: "search", placeholder: "Search" })),
      );
      return "Added a search box.";
    },
  ],
  // Add a footer.
  [
    /\badd\s+(?:a\s+)?footer\b(?:\s+with\s+(.+?))?\s*\.?$/,
    (s, m) => {
      const said = m[1] ? originalCase(s.original, m[1]) : undefined;
      const links = said
        ? [...said.matchAll(/\b(?:an?\s+|the\s+)?([\w ]+?)\s+link\b/gi)].map((l) => capitalize(l[1]!.trim()))
        : [];
      const line = said
        ? said
            .replace(/\s*(?:,|\band\b)?\s*(?:an?\s+|the\s+)?[\w ]+?\s+link\b/gi, "")
            .replace(/^(?:our|my)\s+/i, "")
            .trim()
        : "";
      const shown = line
        ? /©|\(c\)/i.test(line)
          ? line
          : /@/.test(line)
            ? `Write to us: ${line.replace(/^(?:e-?mail|email address)\s+/i, "")}`
            : line
        : `© 2026 ${s.name}`;
      const buttons = (links.length ? links : ["Privacy", "Terms"]).map((l) =>
        button(l, { name: nameOf(l), variant: "ghost", size: "sm", onPress: nameOf(l) }),
      );
      s.roots.push(
        fromUi(
          row([text(shown, { size: "sm", tone: "muted" }), ...buttons], { justify: "between", align: "center", name: "footer" }),
        ),
      );
      return "Added a footer.";
    },
  ],
  // Add a section the catalogue composes (a chart, a table, a FAQ, a contact form …).
  [
    /\b(?:add|ask (?:for|about)|also ask (?:for|about)|include)\s+(?:a\s+|an\s+|some\s+|their\s+|the\s+)?(.+?)\s*\.?$/,
    (s, m) => {
      const inputsNow = every(s.roots).filter((n) => INPUTS.has(n.type));
      // A file to upload ("add a CV upload", "add an upload for the cover letter"): a file picker.
      const file = uploadPiece(originalCase(s.original, m[1]!).replace(/\s+(?:to|in|on)\s+(?:the\s+)?(?:form|it|screen)$/i, ""));
      if (file && inputsNow.length) {
        const there = existingField(s, file.label);
        if (there) return alreadyThere(there);
        const f = fromUi(uploadField(file));
        insertField(s, f);
        return `Added a "${label(f)}" file field.`;
      }
      const e = readEntities(m[1]!);
      const match = detectFamily(e);
      const part = match.ranked.find((r) => r.score >= 1 && PARTABLE.has(r.family))?.family;
      const isField =
        /\b(?:field|input|box|checkbox|dropdown|select|toggle|switch|option)\b/.test(m[1]!) ||
        /^(?:also\s+)?ask\b/.test(s.request) ||
        !part;
      const inputs = every(s.roots).filter((n) => INPUTS.has(n.type));
      if (isField && inputs.length) {
        const word = m[1]!
          .replace(/\b(?:field|input|box)\b/g, "")
          .replace(/^(?:a|an|the)\s+/, "")
          .replace(/\s+(?:to|in|on)\s+(?:the\s+)?(?:form|it|screen)$/, "")
          .trim();
        const there = existingField(s, word);
        if (there) return alreadyThere(there);
        const f = fromUi(field(word));
        // Before the submit button: into the container holding the last input.
        let placed = false;
        walk(s.roots, (n) => {
          if (placed) return;
          const idx = n.children.findIndex((c) => c === inputs[inputs.length - 1]);
          if (idx >= 0) {
            n.children.splice(idx + 1, 0, f);
            placed = true;
          }
        });
        if (!placed) {
          const idx = s.roots.indexOf(inputs[inputs.length - 1]!);
          s.roots.splice(idx + 1, 0, f);
        }
        return `Added a "${label(f)}" field.`;
      }
      if (!part) return undefined;
      const ctx = { ...s.ctx, e: { ...s.ctx.e, ...e, text: `${s.ctx.e.text} ${m[1]}` } } as Ctx;
      const nodes = partSection(ctx, part).map(fromUi);
      if (!nodes.length) return undefined;
      s.roots.push(...nodes);
      return `Added ${m[1]}.`;
    },
  ],
];

const PARTABLE = new Set([
  "table",
  "bar-chart",
  "line-chart",
  "area-chart",
  "pie-chart",
  "list",
  "faq",
  "gallery",
  "contact",
  "form",
  "pricing",
  "timeline",
  "todo",
  "calendar",
  "schedule",
  "leaderboard",
  "feed",
  "notifications",
  "places",
  "catalog",
  "directory",
  "player",
  "timer",
  "calculator",
  "comparison",
  "weather",
  "menu",
]);

/** Applies the edit a request asks for to the previous screen's code; undefined when nothing applies. */
export function editScreen(previousCode: string, request: string, basePrompt: string): Edited | undefined {
  const screen: CodeScreen = readUiCode(previousCode);
  if (!allNodes(screen).length) return undefined;
  const roots = screen.roots.map(fromCode);
  const e = readEntities(basePrompt || request);
  const ctx = makeCtx(e, detectFamily(e), screen.name ?? "Screen");
  const state: EditState = {
    roots,
    settings: { ...screen.settings },
    name: screen.name ?? "Screen",
    ctx,
    request: request.toLowerCase(),
    original: request,
  };
  const notes: string[] = [];
  // Several edits in one request ("add a phone field and make it dark") apply one after another.
  for (const clause of request.split(
    /\s*(?:[,;]\s*(?:and\s+|then\s+|also\s+)?|\band then\b|\band also\b|\band\b)(?=\s*(?:add|remove|make|change|sort|use|turn|switch|rename|put|delete|hide|set|dark|light)\b)\s*/i,
  )) {
    const c = clause
      .trim()
      .toLowerCase()
      .replace(/^(?:please|now|then|can you|could you)\s+/, "");
    if (!c) continue;
    state.request = c;
    state.original = clause.trim();
    for (const [re, edit] of EDITS) {
      const m = re.exec(c);
      if (!m) continue;
      const note = edit(state, m);
      if (note) {
        notes.push(note);
        break;
      }
    }
  }
  if (!notes.length) return undefined;
  const settings: ScreenSettings = { ...(state.settings as ScreenSettings) };
  return { code: printProgram(state.name, settings, state.roots.map(toUi)), notes };
}
