import { useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { humanize, type JsonValue } from "@genui/ui-runtime";
import { useNodeValue, useRenderer, type NodeComponentProps } from "../context";
import { isIconName, SvgIcon } from "../icons";
import { asNumber, asText, cx, formatValue, isObject, listMarkers, num, objectsOf, str } from "../util";
import { oneOf, propsOf, TONES, withRoot } from "./shared";

// Table ---------------------------------------------------------------------------------------------------------------

interface Column {
  key: string;
  label: string;
  align?: "left" | "right" | "center";
  format?: string;
}

function columnsOf(spec: unknown, rows: Record<string, unknown>[]): Column[] {
  if (Array.isArray(spec) && spec.length > 0) {
    return spec.flatMap((c): Column[] => {
      if (typeof c === "string") return [{ key: c, label: humanize(c) }];
      if (isObject(c) && typeof c.key === "string") {
        const align = oneOf(c.align, ["left", "right", "center"] as const);
        const format = str(c.format);
        return [
          {
            key: c.key,
            label: str(c.label) ?? humanize(c.key),
            align: align ?? (format && format !== "text" && format !== "date" ? "right" : undefined),
            format,
          },
        ];
      }
      return [];
    });
  }
  const keys: string[] = [];
  for (const r of rows.slice(0, 50)) for (const k of Object.keys(r)) if (!keys.includes(k) && keys.length < 20) keys.push(k);
  return keys.map((k) => ({
    key: k,
    label: humanize(k),
    align: rows.every((r) => r[k] === undefined || typeof r[k] === "number") ? "right" : undefined,
  }));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === "";
function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(asText(a), asText(b));
}

/**
 * Whether a horizontally scrolling box has more to show before / after what is in view (a table wider than a phone):
 * the box shades that edge so it reads as scrollable.
 */
function useScrollEdges<T extends HTMLElement>(): { ref: RefObject<T | null>; start: boolean; end: boolean } {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const scrolled = Math.abs(el.scrollLeft);
      const start = scrolled > 1;
      const end = scrolled < el.scrollWidth - el.clientWidth - 1;
      setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", update);
      resized?.disconnect();
    };
  }, []);
  return { ref, ...edges };
}

export function Table({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const rows = useMemo(() => objectsOf(value), [value]);
  const columns = useMemo(() => columnsOf(p.columns, rows), [p.columns, rows]);
  const sortable = p.sortable !== false;
  const [sort, setSort] = useState<{ key: string; dir: "asc" | "desc" } | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const out = rows.map((r, i) => ({ r, i }));
    out.sort((x, y) => {
      const a = x.r[sort.key];
      const b = y.r[sort.key];
      // Empty cells stay last in both directions; ties keep their order.
      if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? x.i - y.i : isEmpty(a) ? 1 : -1;
      const c = compare(a, b);
      return (sort.dir === "asc" ? c : -c) || x.i - y.i;
    });
    return out.map((o) => o.r);
  }, [rows, sort]);
  const caption = str(p.caption);
  const more = useScrollEdges<HTMLDivElement>();
  const toggle = (key: string) =>
    setSort((s) => (s?.key === key && s.dir === "asc" ? { key, dir: "desc" } : { key, dir: "asc" }));

  return (
    <div
      {...withRoot(root, "gu-table-wrap")}
      ref={more.ref}
      role="region"
      aria-label={caption ?? "Table"}
      tabIndex={0}
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
    >
      <table className="gu-table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => {
              const dir = sort?.key === c.key ? sort.dir : undefined;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.align && `gu-align-${c.align}`}
                  aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
                >
                  {sortable ? (
                    <button type="button" className="gu-sort" onClick={() => toggle(c.key)}>
                      {c.label}
                      <SvgIcon
                        name={dir === "asc" ? "arrow-up" : dir === "desc" ? "arrow-down" : "sort"}
                        size={14}
                        className="gu-sort-icon"
                      />
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={Math.max(1, columns.length)}>No rows</td>
            </tr>
          ) : (
            sorted.map((r, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key} className={c.align && `gu-align-${c.align}`}>
                    {formatValue(r[c.key], c.format)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

// List ----------------------------------------------------------------------------------------------------------------

export function List({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const { fire } = useRenderer();
  const items: JsonValue[] = Array.isArray(value) ? value : [];
  const pressable = node.onPress !== undefined;
  const titles = items.map((item) => (isObject(item) ? asText(item.title ?? item.label ?? "") : asText(item)));
  // Markers typed into the items' text are left to the list (no "• • Milk" or "1. 1. Mix").
  const marks = listMarkers(titles);
  const ordered = p.ordered === true || marks.ordered;
  const start = ordered && !pressable && marks.start !== undefined && marks.start !== 1 ? marks.start : undefined;
  const first = marks.start ?? 1;
  const icons = items.map((item) => (isObject(item) && isIconName(item.icon) ? item.icon : undefined));
  // An icon or a glyph of the item's own is its marker: no bullet beside it (an ordered list keeps its numbers).
  const own = (i: number) => !ordered && (icons[i] !== undefined || marks.ownMarkers);
  const plain = pressable || (items.length > 0 && items.every((_, i) => own(i)));
  const L = ordered ? "ol" : "ul";
  return (
    <L {...withRoot(root, cx("gu-list", plain && "gu-list-plain", p.dividers === true && "gu-dividers"))} start={start}>
      {items.map((item, i) => {
        const title = marks.items[i] ?? "";
        const subtitle = isObject(item) ? str(item.subtitle) : undefined;
        const icon = icons[i];
        const body = (
          <>
            {icon && <SvgIcon name={icon} size={18} />}
            <span>
              <span className="gu-list-title">{title}</span>
              {subtitle && <span className="gu-list-subtitle">{subtitle}</span>}
            </span>
          </>
        );
        return (
          <li key={i} className={own(i) && !plain ? "gu-list-own" : undefined}>
            {pressable ? (
              <button
                type="button"
                className="gu-list-button"
                onClick={() => fire(node, "onPress", { report: true, value: item })}
              >
                {ordered && <span aria-hidden="true">{first + i}.</span>}
                {body}
              </button>
            ) : icon || subtitle ? (
              <span className="gu-list-item">{body}</span>
            ) : (
              title
            )}
          </li>
        );
      })}
    </L>
  );
}

// Stat, key / value, progress -------------------------------------------------------------------------------------------

export function Stat({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const format = oneOf(p.format, ["number", "currency", "percent"] as const) ?? "number";
  const delta = num(p.delta);
  const label = str(p.label) ?? "";
  return (
    <div {...withRoot(root, "gu-stat")}>
      <span className="gu-stat-label">{label}</span>
      <span className="gu-stat-value">{formatValue(value, format, str(p.currency))}</span>
      {delta !== undefined && (
        <span className={cx("gu-stat-delta", delta > 0 ? "gu-fg-success" : delta < 0 ? "gu-fg-danger" : "gu-fg-neutral")}>
          <span aria-hidden="true">{delta > 0 ? "▲ " : delta < 0 ? "▼ " : ""}</span>
          <span className="gu-sr-only">{delta > 0 ? "up " : delta < 0 ? "down " : "unchanged "}</span>
          {formatValue(Math.abs(delta), "percent")}
        </span>
      )}
    </div>
  );
}

export function KeyValue({ node, root }: NodeComponentProps) {
  const [value] = useNodeValue(node);
  const pairs: [string, unknown][] = Array.isArray(value)
    ? value.flatMap((e): [string, unknown][] =>
        isObject(e) && (e.key !== undefined || e.label !== undefined) ? [[asText(e.key ?? e.label), e.value]] : [],
      )
    : isObject(value)
      ? Object.entries(value)
      : [];
  return (
    <dl {...withRoot(root, "gu-kv")}>
      {pairs.map(([k, v], i) => [<dt key={`k${i}`}>{k}</dt>, <dd key={`v${i}`}>{asText(v)}</dd>])}
    </dl>
  );
}

export function Progress({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const max = Math.max(Number.EPSILON, asNumber(p.max, 100));
  const now = Math.max(0, Math.min(max, asNumber(value, 0)));
  const pct = Math.round((now / max) * 100);
  const label = str(p.label);
  const labelId = useId();
  const tone = oneOf(p.tone, TONES);
  return (
    <div {...withRoot(root, cx("gu-progress", tone && `gu-progress-${tone}`))}>
      <div className="gu-progress-head">
        <span id={labelId}>{label}</span>
        <span aria-hidden="true">{pct}%</span>
      </div>
      <div
        className="gu-progress-track"
        role="progressbar"
        aria-valuenow={now}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuetext={`${pct}%`}
        aria-labelledby={label ? labelId : undefined}
        aria-label={label ? undefined : "Progress"}
      >
        <div className="gu-progress-bar" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
