import { extractCount, extractListedItems } from "../intents";
import { capitalize, clip, normalize, plural, slug, titleCase } from "../text";
import {
  badge,
  button,
  card,
  grid,
  heading,
  list,
  row,
  select,
  stat,
  table,
  text,
  textInput,
  type Column,
  type ListItem,
  type Row,
  type UiNode,
} from "../ui";
import { customDataset, findDataset, type Dataset } from "./datasets";
import { titleFromPrompt, type Built, type ScreenContext } from "./shared";

/**
 * Tables and lists of records: the kind of record comes from the prompt ("table of employees", "list of books"),
 * falling back to the noun it names and the columns it lists; rows are plausible and seeded.
 */

const NOUN_STOP = /^(all|the|my|our|some|data|information|info|details|records|items|entries|things|stuff|a|an)$/;

/** "table of vehicles with columns make, model" → "vehicles". */
function recordNoun(text: string): string | undefined {
  const m =
    /\b(?:table|list|spreadsheet|grid|directory|tracker|database|overview|catalog|ranking|roster)s?\s+(?:of|for|with|showing|listing|containing)\s+(?:(?:all|the|my|our|some|top|best|\d+|ten|five)\s+)*([a-z][a-z]+(?:\s[a-z]+)?)/.exec(
      text,
    ) ?? /\b([a-z][a-z]+)\s+(?:table|list|directory|tracker|database|roster)\b/.exec(text);
  const noun = m?.[1]?.replace(/\s+(with|and|by|in|for|that|including|from|on|to)$/, "");
  if (!noun || NOUN_STOP.test(noun) || noun.split(" ").some((w) => NOUN_STOP.test(w))) return undefined;
  return noun;
}

/** Columns the prompt names ("with columns name, age and city"). */
function listedColumns(prompt: string): string[] {
  return extractListedItems(prompt, /\b(?:columns?|fields?|headers?)\s*(?::|for|of|like|such as|named)?\s+/i).slice(0, 8);
}

function datasetFor(ctx: ScreenContext): Dataset {
  const cols = listedColumns(ctx.prompt);
  const known = findDataset(ctx.text);
  if (known && !cols.length) return known;
  const noun = recordNoun(ctx.text) ?? known?.plural ?? "records";
  return customDataset(noun, cols.length ? cols : undefined);
}

const keyOf = (c: Column): string => (typeof c === "string" ? c : c.key);
const labelOfColumn = (c: Column): string => (typeof c === "string" ? capitalize(c) : (c.label ?? capitalize(c.key)));

function figure(d: Dataset, rows: Row[]): UiNode | undefined {
  if (!d.figure) return undefined;
  const values = rows.map((r) => r[d.figure!.key]).filter((v): v is number => typeof v === "number");
  if (!values.length) return undefined;
  const sum = values.reduce((a, b) => a + b, 0);
  const v = d.figure.average ? sum / values.length : sum;
  return stat(Math.round(v * 100) / 100, { name: "figure", label: d.figure.label, format: d.figure.format });
}

/** A table screen: figures, search and filter, and the sortable table. */
export function buildTable(ctx: ScreenContext): Built {
  const d = datasetFor(ctx);
  const rng = ctx.rng("table");
  const n = Math.max(
    3,
    Math.min(20, extractCount(ctx.prompt, /rows|entries|records|items|lines|people|(?!columns\b|fields\b)[a-z]+s/) ?? 8),
  );
  const rows = d.rows(rng, n);
  const filterValues = d.filter ? [...new Set(rows.map((r) => String(r[d.filter!])))].sort() : [];
  const title = d.key === "custom" ? titleCase(d.title) : d.title;
  const stats: UiNode[] = [stat(rows.length, { name: "count", label: `${capitalize(d.plural)} shown` })];
  const fig = figure(d, rows);
  if (fig) stats.push(fig);
  if (d.filter)
    stats.push(
      stat(filterValues.length, { name: "groups", label: `${labelOfColumn(d.columns.find((c) => keyOf(c) === d.filter)!)}s` }),
    );
  const singular = slug(d.singular, 24);
  const controls: UiNode[] = [
    textInput({ name: `search_${slug(d.plural, 24)}`, label: "Search", type: "search", placeholder: `Search ${d.plural}…` }),
  ];
  if (d.filter)
    controls.push(
      select("all", {
        name: `filter_${slug(d.filter, 24)}`,
        label: labelOfColumn(d.columns.find((c) => keyOf(c) === d.filter)!),
        options: [{ label: "All", value: "all" }, ...filterValues.map((v) => ({ label: v, value: v }))],
      }),
    );
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 1100, padding: 24, gap: 16 },
    nodes: [
      row(
        [
          heading(title, { level: 1, name: "title" }),
          row(
            [
              button(`Add ${d.singular}`, {
                name: `add_${singular}`,
                variant: "primary",
                icon: "plus",
                onPress: `add_${singular}`,
              }),
              button("Export CSV", { name: "export_csv", variant: "secondary", onPress: "export_csv" }),
            ],
            { gap: 8 },
          ),
        ],
        { justify: "between", align: "center", wrap: true, name: "header" },
      ),
      text(`${plural(rows.length, d.singular, d.plural)}. Click a column header to sort.`, { tone: "muted", name: "subtitle" }),
      grid(stats, { columns: stats.length, name: "summary" }),
      row(controls, { gap: 12, wrap: true, align: "end", name: "controls" }),
      table(rows, {
        name: `${slug(d.plural, 30)}_table`,
        columns: d.columns,
        sortable: true,
        caption: `${title} (${rows.length})`,
      }),
      row(
        [
          text(`Showing 1–${rows.length} of ${rows.length}`, { size: "sm", tone: "muted" }),
          badge("Up to date", { tone: "success", name: "sync_badge" }),
        ],
        { justify: "between", align: "center", name: "footer" },
      ),
    ],
    sections: ["header with add and export", "summary figures", "search and filter", `table of ${rows.length} ${d.plural}`],
    summary: `a sortable table of ${rows.length} ${d.plural} with columns ${d.columns.map(labelOfColumn).join(", ")}`,
  };
}

/** A list screen: the items the prompt lists, or records of the kind it names. */
export function buildList(ctx: ScreenContext): Built {
  const listed = extractListedItems(ctx.prompt);
  const rng = ctx.rng("list");
  let d: Dataset | undefined;
  let items: ListItem[];
  let title: string;
  if (listed.length >= 2) {
    items = listed.slice(0, 30).map((s) => clip(capitalize(s), 80));
    title = titleFromPrompt(ctx.prompt.split(/[:\n]|\b(?:with|including|containing)\b/i)[0] ?? ctx.prompt, 50);
  } else {
    const known = findDataset(ctx.text);
    const noun = recordNoun(ctx.text);
    d = known ?? customDataset(noun ?? (normalize(titleFromPrompt(ctx.prompt, 30)).split(" ").pop() || "items"));
    const n = Math.max(3, Math.min(15, extractCount(ctx.prompt, /[a-z]+s?/) ?? 8));
    const rows = d.rows(rng, n);
    items = rows.map(d.item);
    title = /\btop\b/.test(ctx.text) ? `Top ${items.length} ${d.plural}` : d.key === "groceries" ? "Shopping list" : `${d.title}`;
  }
  const noun = d?.singular ?? "item";
  const name = `${slug(title, 30)}_list`;
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 720, padding: 24, gap: 16 },
    nodes: [
      heading(title, { level: 1, name: "title" }),
      text(`${plural(items.length, noun, d?.plural ?? "items")}. Tap one for details.`, { tone: "muted", name: "subtitle" }),
      row(
        [
          textInput({ name: "search_list", label: "Search", type: "search", placeholder: "Filter the list…" }),
          select("default", {
            name: "sort_by",
            label: "Sort by",
            options: [
              { label: "Default order", value: "default" },
              { label: "A–Z", value: "az" },
              { label: "Z–A", value: "za" },
            ],
          }),
        ],
        { gap: 12, wrap: true, align: "end", name: "controls" },
      ),
      card(
        title,
        [list(items, { name, dividers: true, ordered: /\b(top|ranking|ranked|steps?)\b/.test(ctx.text), onPress: "open_item" })],
        {
          name: "list_card",
          subtitle: `${items.length} in total`,
        },
      ),
      row(
        [
          button(`Add ${noun}`, { name: `add_${slug(noun, 24)}`, icon: "plus", onPress: `add_${slug(noun, 24)}` }),
          badge(plural(items.length, noun, d?.plural ?? "items"), { tone: "info", name: "count_badge" }),
        ],
        { gap: 8, align: "center", name: "actions" },
      ),
    ],
    sections: ["title", "search and sort", `list of ${items.length} ${d?.plural ?? "items"}`, "add button"],
    summary:
      listed.length >= 2 ? `a list of the ${items.length} items given` : `a list of ${items.length} ${d?.plural ?? "items"}`,
  };
}
