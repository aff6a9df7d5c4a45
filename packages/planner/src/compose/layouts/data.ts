import { capitalize } from "../../text";
import { button, card, grid, type Row, row, stat, table, textInput, type UiNode } from "../../ui";
import { type Item } from "../../understand/items";
import { addDays, type Ctx, peopleFor, shortDate, TODAY } from "../context";
import { chart, type ChartKind, dataTable, header, itemList, money, nameOf } from "../sections";
import { cellText, count, type Layout, own, ownItems, ownThings } from "./helpers";

/**
 * The data group: a table, bar, line, area and pie charts, a leaderboard and a plain list. (The dashboard, made of
 * parts, is composed in `./index.ts`.)
 */

function chartLayout(ctx: Ctx, kind: ChartKind): UiNode[] {
  const c = chart(ctx, kind, { title: ctx.title });
  const values = ctx.e.values;
  const summary =
    values.length >= 2
      ? (() => {
          const total = values.reduce((s, v) => s + v.value, 0);
          const top = [...values].sort((a, b) => b.value - a.value)[0]!;
          return [
            grid(
              [
                stat(total, {
                  name: "total",
                  label: "Total",
                  ...(values[0]!.unit === "%" ? { format: "percent" as const } : {}),
                }),
                stat(top.value, {
                  name: "highest",
                  label: `Highest: ${top.label}`,
                  ...(top.unit === "%" ? { format: "percent" as const } : {}),
                }),
                stat(values.length, { name: "categories", label: "Categories" }),
              ],
              { columns: 3, gap: 12 },
            ),
          ];
        })()
      : [];
  return [...header(ctx.title), card(ctx.title, { name: "chart_card" }, [c]), ...summary];
}

export const DATA_LAYOUTS: Record<string, Layout> = {
  table: (ctx) => {
    // Columns named before the records ("laptops with model and price: ThinkPad X1 1899, …"): a row per record.
    const recs = ownItems(ctx);
    if (ctx.e.heads.length && recs.length >= 2) {
      const cellsOf = (r: Item): (string | number)[] => [
        r.label,
        ...(r.detail ? [capitalize(r.detail)] : r.options.map(capitalize)),
        ...(r.value !== undefined ? [r.unit && /^[$€£₹₦¥]$/.test(r.unit) ? money(r.value, ctx.currency) : r.value] : []),
      ];
      const width = Math.max(...recs.map((r) => cellsOf(r).length));
      const cols = [...(width > ctx.e.heads.length ? ["Name"] : []), ...ctx.e.heads.map(capitalize)];
      const rows: Row[] = recs.map((r) => Object.fromEntries(cols.map((c, k) => [nameOf(c), cellsOf(r)[k] ?? ""])));
      return [
        ...header(ctx.title),
        table(rows, { name: "records", columns: cols.map((c) => ({ key: nameOf(c), label: c })), sortable: true }),
      ];
    }
    // Records the user wrote ("#101 Alice paid, #102 Bob pending", "Dr. Ito (cardiology), Dr. Mensah (pediatrics)"):
    // they are the rows.
    // "Dune by Frank Herbert, Emma by Jane Austen": works and who made them are rows of two columns.
    const byWho = ownItems(ctx).map((i) => /^(\S.*?)\s+by\s+(\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*)*)$/u.exec(i.text));
    if (byWho.length >= 2 && byWho.every(Boolean) && !/\bcolumns?\b/i.test(ctx.e.text)) {
      const maker = /\b(?:songs?|albums?|tracks?|paintings?|artworks?|records?)\b/i.test(ctx.e.text)
        ? "Artist"
        : /\b(?:films?|movies?)\b/i.test(ctx.e.text)
          ? "Director"
          : /\b(?:books?|novels?|papers?|articles?|poems?|reads?|reading)\b/i.test(ctx.e.text)
            ? "Author"
            : "By";
      return [
        ...header(ctx.title),
        table(
          byWho.map((m) => ({ title: m![1]!, by: m![2]! })),
          {
            name: "records",
            columns: [
              { key: "title", label: "Title" },
              { key: "by", label: maker },
            ],
            sortable: true,
          },
        ),
      ];
    }
    // Things with a value each ("netflix 15.49, spotify 10.99, …") are rows of a name and that value, with any columns
    // the user adds ("– with renewal dates").
    const valuedRecs = recs.filter((i) => i.value !== undefined && /\p{L}/u.test(i.label));
    if (valuedRecs.length >= 2 && valuedRecs.length === recs.length && !/\bcolumns?\b/i.test(ctx.e.text)) {
      const unit = valuedRecs[0]!.unit;
      const money_ =
        (unit && /^[$€£₹₦¥]$/.test(unit)) ||
        /\b(?:costs?|price|subscriptions?|bills?|fees?|spend|budget|expenses?)\b/i.test(ctx.e.text);
      const valueCol =
        unit === "%"
          ? "Share"
          : money_
            ? "Cost"
            : unit
              ? capitalize(unit)
              : ctx.e.measure
                ? capitalize(ctx.e.measure.of)
                : "Value";
      const more = ctx.e.items
        .filter((l) => l !== recs)
        .flat()
        .map((i) => i.label || i.text)
        .filter((l) => l.split(/\s+/).length <= 3 && !/\b(?:chart|graph|table|button|list|page|form)\b/i.test(l))
        .map((l) => capitalize(l.replace(/(?<=[a-z]{3})s$/, "")));
      const rows: Row[] = valuedRecs.map((r, i) => ({
        name: capitalize(r.label),
        value: money_ ? money(r.value!, ctx.currency) : r.value!,
        ...Object.fromEntries(
          more.map((c) => [nameOf(c), /\bdates?\b/i.test(c) ? shortDate(addDays(TODAY, 5 + i * 9)) : cellText(ctx, c, i)]),
        ),
      }));
      return [
        ...header(ctx.title),
        table(rows, {
          name: "records",
          columns: [
            { key: "name", label: "Name" },
            { key: "value", label: valueCol, align: "right" as const },
            ...more.map((c) => ({ key: nameOf(c), label: c })),
          ],
          sortable: true,
        }),
      ];
    }
    const records = ownItems(ctx).filter((i) => i.detail || /^#?\w*\d+\s+\S+|^(?:Dr|Mr|Mrs|Ms)\.?\s+[A-Z]/.test(i.text));
    if (records.length >= 2 && records.length === ownItems(ctx).length && !/\bcolumns?\b/i.test(ctx.e.text)) {
      const rows: Row[] = records.map((r) => {
        const code = /^(#?\w*\d[\w-]*)\s+/.exec(r.label)?.[1];
        const rest = code ? r.label.slice(code.length).trim() : r.label;
        const name = /^((?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)*)/u.exec(rest)?.[1] ?? rest;
        const status = rest.slice(name.length).trim();
        return {
          ...(code ? { id: code } : {}),
          name,
          ...(status || r.detail ? { details: capitalize(status || r.detail!) } : {}),
          ...(r.value !== undefined ? { value: r.value } : {}),
        };
      });
      const keys = Object.keys(rows[0]!);
      return [
        ...header(ctx.title),
        table(rows, {
          name: "records",
          columns: keys.map((k) => ({ key: k, label: k === "id" ? "#" : capitalize(k) })),
          sortable: true,
        }),
      ];
    }
    const optioned = ctx.e.items.flat().find((i) => i.options.length >= 2 && /\b(?:table|columns?|list)\b/i.test(i.label));
    const cols = optioned ? optioned.options.map(capitalize) : own(ctx).length >= 2 ? own(ctx) : defaultColumns(ctx);
    return [
      ...header(ctx.title),
      row(
        [
          textInput({ name: "search", label: "Search", type: "search", placeholder: `Search ${ctx.title.toLowerCase()}` }),
          button("Export CSV", { name: "export", variant: "secondary", onPress: "export_csv" }),
        ],
        { gap: 12, align: "end", wrap: true },
      ),
      dataTable(ctx, cols, count(ctx, 8, 50), { name: "records" }),
    ];
  },
  "bar-chart": (ctx) => chartLayout(ctx, "bar"),
  "line-chart": (ctx) => chartLayout(ctx, "line"),
  "area-chart": (ctx) => chartLayout(ctx, "area"),
  "pie-chart": (ctx) => chartLayout(ctx, "pie"),
  leaderboard: (ctx) => {
    // The user's own standings ("Mendes 24, Okoro 21 …"), best first; else plausible players.
    const own = ownThings(ctx).filter((t) => t.price !== undefined);
    const players = own.length >= 2 ? [...own].sort((a, b) => b.price! - a.price!) : undefined;
    const rows: Row[] = players
      ? players.map((p, i) => ({ rank: i + 1, player: p.name, score: p.price!, played: 0 }))
      : peopleFor(ctx, count(ctx, 10, 50)).map((p, i) => ({
          rank: i + 1,
          player: p,
          score: 9800 - i * 412 - ctx.rng.int(0, 120),
          played: 40 - i,
        }));
    const unit = ownItems(ctx).find((i) => i.value !== undefined)?.unit;
    const money_ = unit && /^[$€£₹₦¥]$/.test(unit);
    return [
      ...header(ctx.title, players ? `Ranked by ${money_ ? "amount" : "score"}, highest first.` : "Updated after every match."),
      grid(
        rows
          .slice(0, 3)
          .map((r, i) =>
            card(`${["🥇", "🥈", "🥉"][i]} ${r.player}`, { name: `podium_${i + 1}` }, [
              money_
                ? stat(Number(r.score), { label: "Raised", format: "currency", currency: ctx.currency })
                : stat(Number(r.score), { label: "Points" }),
            ]),
          ),
        { columns: Math.min(3, rows.length), gap: 12 },
      ),
      table(money_ ? rows.map((r) => ({ ...r, score: money(Number(r.score), ctx.currency) })) : rows, {
        name: "standings",
        columns: [
          { key: "rank", label: "Rank" },
          { key: "player", label: players ? "Name" : "Player" },
          { key: "score", label: money_ ? "Raised" : "Score", ...(money_ ? {} : { format: "number" }), align: "right" },
          ...(players ? [] : [{ key: "played", label: "Played", align: "right" as const }]),
        ],
        sortable: true,
      }),
    ];
  },
  list: (ctx) => {
    const entries = own(ctx).length ? own(ctx).map(capitalize) : ctx.domain.items.slice(0, count(ctx, 8)).map((i) => i.name);
    return [
      ...header(ctx.title, `${entries.length} ${entries.length === 1 ? "entry" : "entries"}`),
      itemList(entries, { ordered: /\b(?:top|ranked|rank|best)\b/.test(ctx.e.norm) }),
    ];
  },
};

function defaultColumns(ctx: Ctx): string[] {
  const s = (ctx.e.subject ?? ctx.e.norm).toLowerCase();
  if (/employee|staff|team/.test(s)) return ["Name", "Role", "Department", "Start date", "Salary"];
  if (/order|sale|transaction|payment/.test(s)) return ["Order", "Customer", "Date", "Total", "Status"];
  if (/student|class|grade/.test(s)) return ["Name", "Class", "Grade", "Attendance"];
  if (/product|inventory|stock/.test(s)) return ["Product", "Category", "Price", "Stock"];
  if (/user|customer|member|client/.test(s)) return ["Name", "Email", "Joined", "Status"];
  return ["Name", "Category", "Date", "Amount", "Status"];
}
