import { A2uiLitElement, basicCatalog } from "@a2ui/lit/v0_9";
import {
  Catalog,
  MessageProcessor,
  type ComponentApi,
  type SurfaceModel,
  type WebComponentImplementation,
} from "@a2ui/web_core/v0_9";
import { css, html, nothing, svg, type TemplateResult } from "lit";

/**
 * The A2UI test host: GenUI's A2UI stream (POST /a2ui, which the test's server forwards to the published API with the
 * app's key) rendered by the official Lit renderer (@a2ui/lit v0_9). The catalog is GenUI's, fetched from its id's
 * address (/a2ui/catalog.json, forwarded likewise): the basic catalog's components are the renderer's own, GenUI's
 * own components (stat, table, charts…) are registered here with simple Lit renderings built on the catalog's
 * schemas (Catalog.fromSchema). A press sends the renderer's action message back and the answer updates the surface.
 *
 * What happened is kept on `window.a2uiHost` for the test: the messages received, the actions sent, errors.
 */

type Props = Record<string, unknown>;
interface HostState {
  messages: unknown[];
  actions: unknown[];
  errors: string[];
  streams: number;
  busy: boolean;
}
const state: HostState = { messages: [], actions: [], errors: [], streams: 0, busy: false };
(window as unknown as { a2uiHost: HostState }).a2uiHost = state;
const status = document.getElementById("status")!;

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");
const humanize = (k: string) => {
  const w = k
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
};
const fmt = (v: unknown, format?: unknown, currency?: unknown) => {
  if (typeof v !== "number") return str(v);
  if (format === "currency")
    return new Intl.NumberFormat("en-US", { style: "currency", currency: str(currency) || "USD" }).format(v);
  if (format === "percent") return `${v}%`;
  return new Intl.NumberFormat("en-US").format(v);
};
const TONES: Record<string, string> = {
  info: "#2563eb",
  success: "#15803d",
  warning: "#b45309",
  danger: "#b91c1c",
  neutral: "#57534e",
};

/** How each of GenUI's own components is drawn (props are the renderer's resolved props). */
const RENDER: Record<string, (p: Props, el: A2uiLitElement) => TemplateResult | typeof nothing> = {
  Grid: (p, el) =>
    html`<div class="grid" style="grid-template-columns: repeat(${Math.min(Number(p.columns ?? 2), 4)}, minmax(0, 1fr))">
      ${(Array.isArray(p.children) ? p.children : []).map((c) => html`<div>${(el as unknown as { renderNode(c: unknown): unknown }).renderNode(c)}</div>`)}
    </div>`,
  Accordion: (p, el) =>
    html`${(Array.isArray(p.sections) ? (p.sections as { title: string; child: string }[]) : []).map(
      (s, i) =>
        html`<details ?open=${i === 0}>
          <summary>${str(s.title)}</summary>
          ${(el as unknown as { renderNode(c: unknown): unknown }).renderNode(s.child)}
        </details>`,
    )}`,
  Spacer: (p) => html`<div style="height:${Number(p.size ?? 16)}px"></div>`,
  Markdown: (p) => html`<div class="md">${str(p.text)}</div>`,
  Badge: (p) => html`<span class="badge" style="--tone:${TONES[str(p.tone)] ?? TONES.neutral}">${str(p.text)}</span>`,
  Code: (p) => html`<pre class="code"><code>${str(p.code)}</code></pre>`,
  FileInput: (p) =>
    html`<label class="field"
      >${str(p.label)}<input type="file" ?multiple=${p.multiple === true} accept=${str(p.accept)}
    /></label>`,
  Stat: (p) => {
    const delta = typeof p.delta === "number" ? p.delta : undefined;
    return html`<div class="stat">
      <div class="muted">${str(p.label)}</div>
      <div class="figure">${fmt(p.value, p.format, p.currency)}</div>
      ${delta === undefined ? nothing : html`<div class=${delta >= 0 ? "up" : "down"}>${delta >= 0 ? "▲" : "▼"} ${Math.abs(delta)}%</div>`}
    </div>`;
  },
  KeyValue: (p) => {
    const pairs = Array.isArray(p.entries)
      ? (p.entries as { key: string; value: unknown }[]).map((e) => [e.key, e.value] as const)
      : Object.entries((p.entries as Props) ?? {});
    return html`<dl class="kv">
      ${pairs.map(
        ([k, v]) =>
          html`<dt>${k}</dt>
            <dd>${str(v)}</dd>`,
      )}
    </dl>`;
  },
  Progress: (p) => {
    const max = Number(p.max ?? 100) || 100;
    const pct = Math.max(0, Math.min(100, (Number(p.value ?? 0) / max) * 100));
    return html`<div>
      ${p.label ? html`<div class="muted">${str(p.label)}</div>` : nothing}
      <div class="bar" role="progressbar" aria-valuenow=${Number(p.value ?? 0)} aria-valuemax=${max}>
        <span style="width:${pct}%"></span>
      </div>
    </div>`;
  },
  Alert: (p) =>
    html`<div class="alert" role="alert" style="--tone:${TONES[str(p.tone)] ?? TONES.info}">
      ${p.title ? html`<strong>${str(p.title)}</strong>` : nothing}
      <div>${str(p.text)}</div>
    </div>`,
  Skeleton: (p) => html`${Array.from({ length: Number(p.lines ?? 3) }, () => html`<div class="skeleton"></div>`)}`,
  Table: (p) => {
    const rows = Array.isArray(p.rows) ? (p.rows as Props[]) : [];
    const cols = (Array.isArray(p.columns) ? p.columns : rows[0] ? Object.keys(rows[0]) : []).map((c) =>
      typeof c === "object" && c ? (c as { key: string; label?: string; format?: string; align?: string }) : { key: String(c) },
    );
    return html`<table>
      ${
        p.caption
          ? html`<caption>
              ${str(p.caption)}
            </caption>`
          : nothing
      }
      <thead>
        <tr>
          ${cols.map((c) => html`<th style="text-align:${c.align ?? "left"}">${c.label ?? humanize(c.key)}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (r) =>
            html`<tr>
              ${cols.map((c) => html`<td style="text-align:${c.align ?? "left"}">${fmt(r[c.key], c.format)}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>`;
  },
  BarChart: (p) => chart(p, "bar"),
  LineChart: (p) => chart(p, "line"),
  AreaChart: (p) => chart(p, "line"),
  PieChart: (p) => {
    const data = Array.isArray(p.data) ? (p.data as { label: string; value: number }[]) : [];
    const total = data.reduce((n, d) => n + d.value, 0) || 1;
    let at = 0;
    return html`<figure>
      ${p.title ? html`<figcaption>${str(p.title)}</figcaption>` : nothing}
      <svg viewBox="-1 -1 2 2" width="160" height="160" role="img" aria-label=${str(p.title) || "Pie chart"}>
        ${data.map((d, i) => {
          const a0 = (at / total) * 2 * Math.PI;
          at += d.value;
          const a1 = (at / total) * 2 * Math.PI;
          const large = a1 - a0 > Math.PI ? 1 : 0;
          return svg`<path d="M0 0 L${Math.cos(a0)} ${Math.sin(a0)} A1 1 0 ${large} 1 ${Math.cos(a1)} ${Math.sin(a1)} Z" fill=${PALETTE[i % PALETTE.length]} />`;
        })}
      </svg>
    </figure>`;
  },
};
const PALETTE = ["#6366f1", "#f59e0b", "#10b981", "#ef4444", "#0ea5e9", "#a855f7"];

function chart(p: Props, kind: "bar" | "line"): TemplateResult {
  const rows = Array.isArray(p.data) ? (p.data as Props[]) : [];
  const ys = Array.isArray(p.y) ? (p.y as string[]) : [str(p.y)];
  const max = Math.max(1, ...rows.flatMap((r) => ys.map((y) => Number(r[y]) || 0)));
  const w = 480;
  const h = Number(p.height ?? 200);
  const step = w / Math.max(1, rows.length);
  return html`<figure>
    ${p.title ? html`<figcaption>${str(p.title)}</figcaption>` : nothing}
    <svg
      viewBox="0 0 ${w} ${h + 20}"
      width=${w}
      height=${h + 20}
      style="max-width:100%"
      role="img"
      aria-label=${str(p.title) || "Chart"}
    >
      ${ys.map((y, k) =>
        kind === "bar"
          ? rows.map((r, i) => {
              const bh = ((Number(r[y]) || 0) / max) * h;
              const bw = step / (ys.length + 1);
              return svg`<rect x=${i * step + k * bw + bw / 2} y=${h - bh} width=${bw} height=${bh} fill=${PALETTE[k % PALETTE.length]} />`;
            })
          : svg`<polyline fill="none" stroke=${PALETTE[k % PALETTE.length]} stroke-width="2" points=${rows
              .map((r, i) => `${i * step + step / 2},${h - ((Number(r[y]) || 0) / max) * h}`)
              .join(" ")} />`,
      )}
      ${rows.map((r, i) => svg`<text x=${i * step + step / 2} y=${h + 14} font-size="11" text-anchor="middle" fill="#57534e">${str(r[str(p.x)])}</text>`)}
    </svg>
  </figure>`;
}

const STYLES = css`
  :host {
    display: block;
    font: inherit;
    color: inherit;
  }
  .grid {
    display: grid;
    gap: 16px;
  }
  .muted {
    color: #6b6a65;
    font-size: 13px;
  }
  .stat {
    border: 1px solid #e4e2dc;
    border-radius: 10px;
    padding: 12px;
  }
  .figure {
    font-size: 22px;
    font-weight: 600;
  }
  .up {
    color: #15803d;
    font-size: 13px;
  }
  .down {
    color: #b91c1c;
    font-size: 13px;
  }
  .kv {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 6px 16px;
    margin: 0;
  }
  .kv dt {
    color: #6b6a65;
  }
  .kv dd {
    margin: 0;
  }
  .bar {
    height: 8px;
    background: #eceae4;
    border-radius: 4px;
    overflow: hidden;
  }
  .bar span {
    display: block;
    height: 100%;
    background: #6366f1;
  }
  .alert {
    border-left: 4px solid var(--tone);
    background: #f8f8f6;
    padding: 10px 12px;
    border-radius: 6px;
  }
  .badge {
    display: inline-block;
    border: 1px solid var(--tone);
    color: var(--tone);
    border-radius: 999px;
    padding: 1px 8px;
    font-size: 12px;
  }
  .code {
    background: #f3f2ee;
    padding: 10px;
    border-radius: 6px;
    overflow: auto;
  }
  .md {
    white-space: pre-wrap;
  }
  .skeleton {
    height: 12px;
    margin: 6px 0;
    background: #eceae4;
    border-radius: 4px;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 14px;
  }
  th,
  td {
    border-bottom: 1px solid #eceae4;
    padding: 6px 8px;
  }
  th {
    color: #6b6a65;
    font-weight: 600;
  }
  figure {
    margin: 0;
  }
  figcaption {
    font-weight: 600;
    margin-bottom: 6px;
  }
  .field {
    display: grid;
    gap: 4px;
  }
`;

/** A Lit element for one of GenUI's own components, its api (name and props schema) from the catalog. */
function ownComponent(api: ComponentApi): WebComponentImplementation {
  const tagName = `genui-${api.name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}`;
  const draw = RENDER[api.name];
  if (!customElements.get(tagName)) {
    class Own extends A2uiLitElement<ComponentApi> {
      static override styles = STYLES;
      protected override readonly api = api;
      override render() {
        const props = this.controller.props as Props | undefined;
        if (!props || !draw) return nothing;
        return draw(props, this);
      }
    }
    customElements.define(tagName, Own);
  }
  return { ...api, tagName };
}

const processor = await (async () => {
  const res = await fetch("./a2ui/catalog.json");
  const schema = (await res.json()) as Record<string, unknown>;
  const fromSchema = Catalog.fromSchema(schema);
  const components: WebComponentImplementation[] = [];
  for (const [name, api] of fromSchema.components) {
    const basic = basicCatalog.components.get(name);
    components.push(basic ?? ownComponent(api));
  }
  const genui = new Catalog(fromSchema.id, components, [...basicCatalog.functions.values()]);
  return new MessageProcessor<WebComponentImplementation>([genui, basicCatalog], (action) => {
    state.actions.push(action);
    void send({ messages: [{ version: "v0.9", action }] });
  });
})();

processor.onSurfaceCreated((surface: SurfaceModel<WebComponentImplementation>) => {
  const el = document.createElement("a2ui-surface") as HTMLElement & { surface?: unknown };
  el.surface = surface;
  el.dataset.surfaceId = surface.id;
  document.getElementById("surfaces")!.append(el);
});

/** One request to the A2UI endpoint: its server-sent events fed to the renderer as they arrive. */
async function send(body: unknown): Promise<void> {
  state.busy = true;
  status.textContent = "Generating…";
  try {
    const res = await fetch("./a2ui", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok || !res.body) throw new Error(`the endpoint answered ${res.status}: ${await res.text()}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split("\n");
        const data = lines
          .filter((l) => l.startsWith("data:"))
          .map((l) => l.slice(5).trimStart())
          .join("\n");
        if (!data) continue;
        if (lines.some((l) => l === "event: error")) {
          state.errors.push(data);
          continue;
        }
        const message = JSON.parse(data) as never;
        state.messages.push(message);
        processor.processMessages([message]);
      }
    }
    state.streams++;
    status.textContent = "Ready";
  } catch (err) {
    state.errors.push(String(err));
    status.textContent = `Error: ${String(err)}`;
  } finally {
    state.busy = false;
  }
}

const request = new URLSearchParams(location.search).get("request");
if (request) void send({ request });
else status.textContent = "Ready";
