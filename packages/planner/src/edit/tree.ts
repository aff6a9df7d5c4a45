import { dslName } from "@genui/ui-runtime";
import { type CodeNode } from "../read-code";
import { type Json, UiNode } from "../ui";

/**
 * The screen's tree as the edits see it: read from the previous screen's code, printed back through UI nodes; walking
 * it, finding what the user names in it, removing from it.
 */

// Tree ------------------------------------------------------------------------------------------------------------------

export interface Node {
  /** A catalogue type, or the name of one of the app's own components (`app`). */
  type: string;
  /** One of the app's own components (printed `custom("<type>", {…})`). */
  app?: true;
  name?: string;
  value?: Json;
  props: Record<string, Json>;
  children: Node[];
  actions: Record<string, Json>;
}

const generated = (c: CodeNode) => new RegExp(`^${c.component}_\\d+$`).test(c.name);

export function fromCode(c: CodeNode): Node {
  const actions: Record<string, Json> = {};
  for (const k of ["onPress", "onChangeText", "onLongPress"] as const) if (c[k] !== undefined) actions[k] = c[k]!;
  return {
    type: c.component,
    ...(c.package === "app" ? { app: true as const } : {}),
    ...(generated(c) ? {} : { name: c.name }),
    ...(c.value !== undefined ? { value: c.value } : {}),
    props: { ...c.props },
    children: c.content.map(fromCode),
    actions,
  };
}

export function toUi(n: Node): UiNode {
  const props: Record<string, Json | undefined> = { ...(n.name ? { name: n.name } : {}), ...n.props, ...n.actions };
  if (n.app) return new UiNode("custom", n.type, props, undefined);
  return new UiNode(
    dslName(n.type),
    n.value,
    Object.keys(props).length ? props : undefined,
    n.children.length ? n.children.map(toUi) : undefined,
  );
}

export function fromUi(u: UiNode): Node {
  const props: Record<string, Json> = {};
  const actions: Record<string, Json> = {};
  let name: string | undefined;
  for (const [k, v] of Object.entries(u.props ?? {})) {
    if (v === undefined) continue;
    if (k === "name" && typeof v === "string") name = v;
    else if (k === "onPress" || k === "onChangeText" || k === "onLongPress") actions[k] = v;
    else props[k] = v;
  }
  if (u.type === "custom") return { type: String(u.value), app: true, ...(name ? { name } : {}), props, children: [], actions };
  return {
    type: u.type === "switch_" ? "switch" : u.type,
    ...(name ? { name } : {}),
    ...(u.value !== undefined ? { value: u.value } : {}),
    props,
    children: (u.children ?? []).map(fromUi),
    actions,
  };
}

export function walk(ns: Node[], f: (n: Node, parent: Node[], i: number) => void): void {
  for (let i = 0; i < ns.length; i++) {
    const n = ns[i]!;
    f(n, ns, i);
    walk(n.children, f);
  }
}
export const every = (roots: Node[]): Node[] => {
  const out: Node[] = [];
  walk(roots, (n) => out.push(n));
  return out;
};
/** Removes the nodes `drop` picks, wherever they are; returns how many. */
export function removeWhere(roots: Node[], drop: (n: Node) => boolean): number {
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

export const INPUTS = new Set(["textInput", "textArea", "select", "checkbox", "switch", "slider", "date", "fileInput"]);
export const CHARTS = new Set(["barChart", "lineChart", "areaChart", "pieChart"]);
export const label = (n: Node): string =>
  String(
    typeof n.props.label === "string"
      ? n.props.label
      : typeof n.value === "string"
        ? n.value
        : typeof n.props.title === "string"
          ? n.props.title
          : "",
  );
export const matches = (n: Node, words: string): boolean => {
  const l = label(n).toLowerCase();
  const w = words.toLowerCase().trim();
  return !!l && !!w && (l === w || l.includes(w) || (w.length > 3 && w.includes(l)));
};

/** Words for kinds of components a user names. */
export const KIND: [RegExp, (n: Node) => boolean][] = [
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
