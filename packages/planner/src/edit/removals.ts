import { type Json } from "../ui";
import { type Edit, keepItems } from "./operations";
import { every, INPUTS, KIND, matches, type Node, removeWhere } from "./tree";

/**
 * Edits that take away: keeping only the named items, removing something, fewer items, filtering a table's rows.
 */

export const REMOVAL_EDITS: [RegExp, Edit][] = [
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
];
