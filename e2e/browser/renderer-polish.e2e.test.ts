import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import type { Screen } from "@genui/ui-runtime";
import type { Frame, Locator, Page } from "playwright-core";
import { eventually } from "../support/eventually";
import { browserSuite, shoot, signUpInPage, type Theme } from "../support/pages";

// How the renderer lays out what generated screens often hold — a chart of large values, wide tables, a form field
// with a placeholder, images from elsewhere — measured in Chromium in the two places it draws: the static iframe page
// (what the embed shows, framed by a page of another origin: "localhost" vs the API's "127.0.0.1") and the SPA's chat
// (a screen in a message frame).

/** Where a screen's outside images point; any request there is recorded and refused. */
const OUTSIDE = "https://images.example";
const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

const orders = [
  { order: "#10231", customer: "Alexandra Montgomery", product: "Noise-cancelling headphones", total: 1249.5, status: "Shipped" },
  { order: "#10232", customer: "Bo Chen", product: "USB-C charging cable (2 m)", total: 19.99, status: "Processing" },
  { order: "#10233", customer: "Carmen Delgado-Ruiz", product: "Mechanical keyboard", total: 189, status: "Delivered" },
  { order: "#10234", customer: "Dmitri Volkov", product: "27-inch monitor", total: 429, status: "Returned" },
];
const columns = ["order", "customer", "product", { key: "total", label: "Total", format: "currency" as const }, "status"];
const drawn = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 160 90"><rect width="160" height="90" fill="#dbeafe"/><circle cx="120" cy="30" r="14" fill="#f59e0b"/></svg>',
)}`;

const SCREEN: Screen = {
  name: "Store report",
  screen: {
    v1: [
      { name: "title", component: "heading", value: "Store report", props: { level: 1 } },
      {
        name: "revenue_card",
        component: "card",
        value: "Revenue by month",
        content: [
          {
            name: "revenue_chart",
            component: "barChart",
            value: [
              { month: "Jan", revenue: 1_820_000 },
              { month: "Feb", revenue: 1_610_000 },
              { month: "Mar", revenue: 1_740_000 },
              { month: "Apr", revenue: 1_690_000 },
              { month: "May", revenue: 1_950_000 },
            ],
            props: { x: "month", y: "revenue", title: "Revenue by month", height: 220 },
          },
        ],
      },
      {
        name: "orders_card",
        component: "card",
        value: "Recent orders",
        content: [{ name: "orders", component: "table", value: orders, props: { columns } }],
      },
      {
        name: "side_by_side",
        component: "row",
        props: { wrap: true, align: "start" },
        content: [
          { name: "returns", component: "table", value: orders, props: { columns, caption: "Returns desk" } },
          { name: "open_orders", component: "stat", value: 12, props: { label: "Open orders" } },
        ],
      },
      { name: "email", component: "textInput", props: { label: "Email", placeholder: "you@example.com" } },
      {
        name: "beach",
        component: "image",
        value: `${OUTSIDE}/beach.jpg`,
        props: { alt: "A beach at sunset", width: 320, height: 180 },
      },
      { name: "plain_http", component: "image", value: "http://images.example/shop.png", props: { alt: "The shop front" } },
      { name: "missing", component: "image", value: "/no-such-image.png", props: { alt: "A missing picture", height: 120 } },
      { name: "drawn", component: "image", value: drawn, props: { alt: "A drawn sun", width: 160, height: 90 } },
    ],
  },
};

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface Layout {
  viewport: number;
  pageScrollWidth: number;
  chartTitles: string[];
  axis?: { canvas: Box; axisLine: Box; labels: (Box & { text: string })[] };
  tables: { name: string; wrap: Box; parent: Box; root: Box; scrolls: boolean; lastHeader: Box; lastHeaderAtEnd: Box }[];
  field: { value: string; placeholder: string; background: string };
  images: { alt: string; tag: string; box: Box; loaded: boolean | null; text: string }[];
}

/** Everything measured in the document that draws the screen (serialised into the page: no outside references). */
function measure(): Layout {
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  };
  const canvas = document.querySelector('[data-gu-name="revenue_chart"] .gu-chart-canvas');
  const axisLine = canvas?.querySelector(".recharts-yAxis .recharts-cartesian-axis-line");
  const labels = [...(canvas?.querySelectorAll(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value") ?? [])];
  const tables = [...document.querySelectorAll<HTMLElement>(".gu-table-wrap")].map((wrap) => {
    const headers = wrap.querySelectorAll("th");
    const last = headers[headers.length - 1]!;
    const lastHeader = box(last);
    const before = wrap.scrollLeft;
    wrap.scrollLeft = wrap.scrollWidth;
    const lastHeaderAtEnd = box(last);
    wrap.scrollLeft = before;
    return {
      name: wrap.getAttribute("data-gu-name") ?? "",
      wrap: box(wrap),
      parent: box(wrap.parentElement!),
      root: box(wrap.closest(".gu-root")!),
      scrolls: wrap.scrollWidth > wrap.clientWidth,
      lastHeader,
      lastHeaderAtEnd,
    };
  });
  const input = document.querySelector<HTMLInputElement>('input[name="email"]')!;
  return {
    viewport: document.documentElement.clientWidth,
    pageScrollWidth: document.documentElement.scrollWidth,
    chartTitles: [...document.querySelectorAll(".gu-chart-title")].map((t) => t.textContent ?? ""),
    axis:
      canvas && axisLine
        ? { canvas: box(canvas), axisLine: box(axisLine), labels: labels.map((l) => ({ ...box(l), text: l.textContent ?? "" })) }
        : undefined,
    tables,
    field: {
      value: getComputedStyle(input).color,
      placeholder: getComputedStyle(input, "::placeholder").color,
      background: getComputedStyle(input).backgroundColor,
    },
    images: ["A beach at sunset", "The shop front", "A missing picture", "A drawn sun"].map((alt) => {
      const el = document.querySelector(`[role="img"][aria-label="${alt}"], img[alt="${alt}"]`)!;
      return {
        alt,
        tag: el.tagName,
        box: box(el),
        loaded: el instanceof HTMLImageElement ? el.complete && el.naturalWidth > 0 : null,
        text: el.textContent ?? "",
      };
    }),
  };
}

const settled = (l: Layout): boolean =>
  !!l.axis &&
  l.axis.labels.length >= 3 &&
  l.axis.labels.every((t) => t.right <= l.axis!.axisLine.left + 0.5) &&
  l.images.every((i) => i.tag !== "IMG" || i.loaded === true);

const rgb = (c: string): [number, number, number] => {
  const [r = 0, g = 0, b = 0] = (c.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
};
const luminance = (c: string): number => {
  const [r, g, b] = rgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The checks every size and theme must pass, in one place (their failures name the size and the theme). */
function expectPolished(l: Layout, where: string, width: number): void {
  // The y-axis: compact money labels, none clipped at the left or running into the plot or into each other, and the
  // axis only as wide as its longest label needs.
  const axis = l.axis!;
  const texts = axis.labels.map((t) => t.text);
  expect({ where, texts: texts.filter((t) => !/^\$\d+(?:\.\d+)?[KMB]?$/.test(t)) }).toEqual({ where, texts: [] });
  expect({ where, texts, millions: texts.some((t) => t.endsWith("M")) }).toEqual({ where, texts, millions: true });
  const widest = Math.max(...axis.labels.map((t) => t.right - t.left));
  expect(axis.labels.filter((t) => t.left < axis.canvas.left - 0.5 || t.right > axis.axisLine.left + 0.5)).toEqual([]);
  expect(axis.axisLine.left - axis.canvas.left).toBeGreaterThanOrEqual(widest);
  expect(axis.axisLine.left - axis.canvas.left).toBeLessThanOrEqual(widest + 24);
  const byTop = [...axis.labels].sort((a, b) => a.top - b.top);
  expect(byTop.slice(1).filter((t, i) => t.top < byTop[i]!.bottom - 0.5)).toEqual([]);

  // The chart's title is its card's: shown once, by the card.
  expect(l.chartTitles).toEqual([]);

  // Tables: inside the screen and their container, never wider than the page; on a phone they scroll in their own
  // box, and scrolling it to the end brings the last column fully into view.
  expect(l.pageScrollWidth).toBeLessThanOrEqual(l.viewport);
  for (const t of l.tables) {
    const at = `${where} ${t.name}`;
    expect({
      at,
      left: t.wrap.left >= t.root.left - 0.5,
      right: t.wrap.right <= Math.min(t.root.right, l.viewport) + 0.5,
    }).toEqual({
      at,
      left: true,
      right: true,
    });
    expect({ at, inParent: t.wrap.right <= t.parent.right + 0.5 }).toEqual({ at, inParent: true });
    if (width < 480) expect({ at, scrolls: t.scrolls }).toEqual({ at, scrolls: true });
    expect({ at, lastVisible: t.lastHeaderAtEnd.right <= t.wrap.right + 1 && t.lastHeaderAtEnd.left >= t.wrap.left - 1 }).toEqual(
      { at, lastVisible: true },
    );
  }

  // The placeholder reads as a hint: readable on the field, yet clearly unlike a typed value.
  expect(contrast(l.field.placeholder, l.field.background)).toBeGreaterThanOrEqual(4.5);
  expect(contrast(l.field.placeholder, l.field.value)).toBeGreaterThanOrEqual(3);

  // Images: outside addresses and one that failed to load are drawn stand-ins with their alt text, at the image's
  // size; the data: image is a loaded image. No broken-image boxes.
  const [beach, http, missing, sun] = l.images as [Layout["images"][number], ...Layout["images"]];
  expect([beach.tag, http!.tag, missing!.tag, sun!.tag]).toEqual(["DIV", "DIV", "DIV", "IMG"]);
  expect([beach.text, http!.text, missing!.text]).toEqual(["A beach at sunset", "The shop front", "A missing picture"]);
  expect([Math.round(beach.box.right - beach.box.left), Math.round(beach.box.bottom - beach.box.top)]).toEqual([320, 180]);
  expect(Math.round(missing!.box.bottom - missing!.box.top)).toBe(120);
  expect(sun!.loaded).toBe(true);
}

const hostPage = (frameUrl: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title></head>
<body style="margin:0">
<iframe id="f" title="Generated UI" sandbox="allow-scripts" src="${frameUrl}" style="display:block;width:100%;height:50px;border:0"></iframe>
<script>
  window.ready = false;
  const f = document.getElementById("f");
  window.addEventListener("message", (e) => {
    if (e.source !== f.contentWindow || !e.data) return;
    if (e.data.type === "READY") window.ready = true;
    if (e.data.type === "RESIZE_LISTENER") f.style.height = e.data.height + "px";
  });
  window.send = (m) => f.contentWindow.postMessage(Object.assign({ source: "genui" }, m), "*");
</script></body></html>`;

/** Records (and refuses) every request to the outside image host made by the page or any of its frames. */
async function watchOutside(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.context().route(/images\.example/, (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  return requests;
}

/** Scrolls the host page so the element in its frame is at the top of the viewport. */
async function scrollToTop(page: Page, el: Locator): Promise<void> {
  const top = await el.evaluate((e) => e.getBoundingClientRect().top);
  const frameTop = await page.locator("#f").evaluate((f) => f.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y), frameTop + top - 8);
}

async function settledLayout(frame: Frame): Promise<Layout> {
  return eventually(
    async () => {
      // Lazy images load once near the viewport: a layout still moving (a chart drawn late) can push one away again,
      // so each unloaded one is brought into view before the next measure.
      await frame.evaluate(() => {
        for (const img of Array.from(document.images))
          if (!img.complete || img.naturalWidth === 0) img.scrollIntoView({ block: "center" });
      });
      return frame.evaluate(measure);
    },
    settled,
    60_000,
  );
}

describe("the renderer's layout in Chromium", () => {
  beforeAll(() => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/index.html")))
      throw new Error("frontend/iframe is not built: run `npm run build:web`");
  });
  const suite = browserSuite();
  let host: http.Server;
  let hostUrl = "";
  beforeAll(async () => {
    host = http.createServer((req, res) => {
      const frameUrl = `${suite.url("/apps/api/v1/iframe/static/")}${req.url?.slice(1) ?? ""}`;
      res.writeHead(200, { "content-type": "text/html" }).end(hostPage(frameUrl));
    });
    await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    host?.closeAllConnections();
    await new Promise((r) => host?.close(r));
  });

  it.each(["light", "dark"] as Theme[])(
    "when the iframe page draws a chart of millions, wide tables, a field and outside images in the %s theme, then axis labels fit, tables scroll in their box, the placeholder is muted and nothing is fetched from outside",
    async (theme) => {
      for (const [width, height] of SIZES) {
        const { page, errors } = await suite.openPage({ width, height });
        const outside = await watchOutside(page);
        // The host page frames the iframe page with the query it is given (its own origin, the theme).
        await page.goto(`${hostUrl}/?origin=${encodeURIComponent(hostUrl)}&theme=${theme}`);
        await page.waitForFunction(() => (globalThis as unknown as { ready: boolean }).ready);
        await page.evaluate(
          (json) => (globalThis as unknown as { send: (m: unknown) => void }).send({ type: "RENDER", json: JSON.parse(json) }),
          JSON.stringify(SCREEN),
        );
        const frame = (await (await page.locator("#f").elementHandle())!.contentFrame())!;
        const inFrame = page.frameLocator("#f");
        // Images load lazily: bring the last one near the viewport so every image has had its chance to load.
        await inFrame.locator('[data-gu-name="drawn"]').scrollIntoViewIfNeeded();
        const layout = await settledLayout(frame);
        expectPolished(layout, `iframe ${theme} ${width}`, width);
        expect(outside).toEqual([]);

        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(page, `renderer-polish-iframe-chart-${theme}-${width}`, { fullPage: false });
        await scrollToTop(page, inFrame.locator('[data-gu-name="orders_card"]'));
        await shoot(page, `renderer-polish-iframe-table-${theme}-${width}`, { fullPage: false });
        await scrollToTop(page, inFrame.locator('[data-gu-name="email"]'));
        await shoot(page, `renderer-polish-iframe-media-${theme}-${width}`, { fullPage: false });
        expect(errors).toEqual([]);
        await page.close();
      }
    },
    120_000,
  );

  it.each(["light", "dark"] as Theme[])(
    "when the SPA's chat shows the same screen in the %s theme, then it lays out the same inside the message frame",
    async (theme) => {
      const { page, errors } = await suite.openPage({ theme, width: SIZES[0][0], height: SIZES[0][1] });
      const outside = await watchOutside(page);
      await signUpInPage(page, suite.url());
      // A conversation kept from before (what a reload restores): one question, one answered screen.
      await page.evaluate((json) => {
        localStorage.setItem(
          "genui-chat:v1:default",
          JSON.stringify([
            { id: "q1", role: "user", content: "Show my store report" },
            { id: "a1", role: "assistant", type: "genui", code: "", json: JSON.parse(json) },
          ]),
        );
      }, JSON.stringify(SCREEN));
      await page.goto(suite.url("/chat"));
      await page.getByRole("heading", { name: "Store report" }).waitFor();
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.locator('[data-gu-name="drawn"]').scrollIntoViewIfNeeded();
        const layout = await eventually(
          () => page.evaluate(measure),
          (l) => settled(l) && l.tables.every((t) => t.wrap.right <= l.viewport),
          20_000,
        );
        expectPolished(layout, `chat ${theme} ${width}`, width);
        // The message frame clips what overflows it: every table stays inside the screen drawn in it.
        const frame = await page
          .getByTestId("assistant-message")
          .locator(".gu-root")
          .evaluate((el) => {
            const r = el.parentElement!.getBoundingClientRect();
            return { left: r.left, right: r.right };
          });
        expect(layout.tables.filter((t) => t.wrap.left < frame.left || t.wrap.right > frame.right)).toEqual([]);
        await page.locator('[data-gu-name="revenue_card"]').evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shoot(page, `renderer-polish-chat-chart-${theme}-${width}`, { fullPage: false });
        await page.locator('[data-gu-name="orders_card"]').evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shoot(page, `renderer-polish-chat-table-${theme}-${width}`, { fullPage: false });
      }
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    },
    120_000,
  );
});
