import { type Ctx } from "../compose/context";
import { partSection, uploadField } from "../compose/layouts";
import { field, nameOf } from "../compose/sections";
import { capitalize } from "../text";
import { button, row, text, textInput } from "../ui";
import { readEntities } from "../understand/entities";
import { detectFamily } from "../understand/family";
import { uploadPiece } from "../understand/items";
import { alreadyThere, type Edit, existingField, insertField, originalCase } from "./operations";
import { every, fromUi, INPUTS, label, walk } from "./tree";

/**
 * Edits that add a section: a search box, a footer, or a section the catalogue composes (a chart, a table, a FAQ, a
 * file to upload, a field …).
 */

export const SECTION_EDITS: [RegExp, Edit][] = [
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
