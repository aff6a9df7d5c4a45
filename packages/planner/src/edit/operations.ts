import { type Ctx } from "../compose/context";
import { nameOf } from "../compose/sections";
import { capitalize } from "../text";
import { button, type Json, row } from "../ui";
import { fieldKey } from "../understand/entities";
import { every, fromUi, INPUTS, label, type Node, removeWhere, walk } from "./tree";

/**
 * What the edits share: the state an edit works on, and putting in a field or a button, keeping only some of the
 * screen's main collection or adding to it.
 */

// Edits ----------------------------------------------------------------------------------------------------------------

export type Edit = (s: EditState, m: RegExpExecArray) => string | undefined;
export interface EditState {
  roots: Node[];
  settings: Record<string, Json>;
  name: string;
  ctx: Ctx;
  request: string;
  /** The clause as the user wrote it (its case kept). */
  original: string;
}

/** The user's own casing of a phrase found lower-cased ("book dentist" → "Book dentist" as written). */
export function originalCase(original: string, lower: string): string {
  const i = original.toLowerCase().indexOf(lower.toLowerCase());
  return i >= 0 ? original.slice(i, i + lower.length) : lower;
}

/** Puts an input after the screen's last input (before its submit button), or after the heading. */
export function insertField(s: EditState, f: Node): void {
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
export function existingField(s: EditState, word: string): Node | undefined {
  const key = fieldKey(word);
  if (!key) return undefined;
  return every(s.roots).find(
    (n) =>
      INPUTS.has(n.type) &&
      ((!!label(n) && fieldKey(label(n)) === key) || (!!n.name && fieldKey(n.name.replace(/_/g, " ")) === key)),
  );
}

/** The note for a field asked for that the screen has already: nothing is added. */
export const alreadyThere = (n: Node) =>
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
export function addButton(s: EditState, written: string): string {
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
export function keepItems(s: EditState, keep: (text: string, i: number) => boolean): boolean {
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
export function addItem(s: EditState, what: string, value?: number): string | undefined {
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
