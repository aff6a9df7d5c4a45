import { cell, field, nameOf } from "../compose/sections";
import { capitalize, escapeRegExp, titleCase } from "../text";
import { type Json } from "../ui";
import { addButton, addItem, alreadyThere, type Edit, existingField, insertField, originalCase } from "./operations";
import { every, fromUi } from "./tree";

/**
 * Edits that add to what is there: a button, a board's column, a table's column, a choice, a row or an item.
 */

export const ADDITION_EDITS: [RegExp, Edit][] = [
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
];
