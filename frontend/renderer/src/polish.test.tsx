import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentNode } from "@genui/ui-runtime";
import { formatCompact, formatExact, inferChartUnit, parseChartNumber } from "./chart-format";
import { renderMarkdown } from "./markdown";
import { PLACEHOLDER_DISTINCTION, RENDERER_CSS, THEMES, type ThemeName } from "./styles";
import { contrast, renderNodes, stubResizeObserver } from "./test-helpers";
import { listMarkers } from "./util";

beforeAll(stubResizeObserver);

const rev = [
  { month: "Jan", revenue: 1_820_000 },
  { month: "Feb", revenue: 1_610_000 },
];

describe("chart numbers", () => {
  test("when axis labels are formatted, then large values are compact and carry the chart's unit", () => {
    const usd = { kind: "currency", currency: "USD" } as const;
    expect([0, 60_000, 1_200_000, 1_820_000, 2_500_000_000, -45_000].map((v) => formatCompact(v, usd))).toEqual([
      "$0",
      "$60K",
      "$1.2M",
      "$1.82M",
      "$2.5B",
      "-$45K",
    ]);
    expect([0, 950, 60_000, 1_200_000, 0.25].map((v) => formatCompact(v, { kind: "number" }))).toEqual([
      "0",
      "950",
      "60K",
      "1.2M",
      "0.25",
    ]);
    expect([0, 45, 12.5, 100].map((v) => formatCompact(v, { kind: "percent" }))).toEqual(["0%", "45%", "12.5%", "100%"]);
    expect(formatCompact(1_200_000, { kind: "currency", currency: "EUR" })).toBe("€1.2M");
  });

  test("when tooltips and summaries show a value, then it is exact in the chart's unit", () => {
    expect(formatExact(1_820_000, { kind: "currency", currency: "USD" })).toBe("$1,820,000");
    expect(formatExact(45, { kind: "percent" })).toBe("45%");
    expect(formatExact(1_204, { kind: "number" })).toBe("1,204");
  });

  test("when a chart's unit is read, then a format prop, written values, series keys and the title decide in that order", () => {
    const unit = (series: { key: string; values: unknown[] }[], title?: string, extra: object = {}) =>
      inferChartUnit({ title, series, ...extra });
    expect(unit([{ key: "revenue", values: [1, 2] }])).toEqual({ kind: "currency", currency: "USD" });
    expect(unit([{ key: "monthly_spend", values: [1] }])).toEqual({ kind: "currency", currency: "USD" });
    expect(unit([{ key: "occupancy", values: [61, 64] }])).toEqual({ kind: "percent" });
    // A "share" beyond 100 is not a percentage.
    expect(unit([{ key: "share", values: [61, 640] }])).toEqual({ kind: "number" });
    expect(unit([{ key: "downloads", values: [982_000] }])).toEqual({ kind: "number" });
    expect(unit([{ key: "value", values: ["$1,200", "$900"] }])).toEqual({ kind: "currency", currency: "USD" });
    expect(unit([{ key: "value", values: ["45%", "12.5%"] }])).toEqual({ kind: "percent" });
    expect(unit([{ key: "value", values: [1] }], "Revenue by month")).toEqual({ kind: "currency", currency: "USD" });
    expect(unit([{ key: "value", values: [1] }], "Sales (EUR)")).toEqual({ kind: "currency", currency: "EUR" });
    expect(unit([{ key: "value", values: [1] }], "Share of visits (%)")).toEqual({ kind: "percent" });
    // Money and a count on one axis: no single unit, unless the title writes one.
    expect(
      unit(
        [
          { key: "revenue", values: [1] },
          { key: "orders", values: [1] },
        ],
        "Revenue and orders",
      ),
    ).toEqual({
      kind: "number",
    });
    expect(unit([{ key: "revenue", values: [1] }], undefined, { format: "number" })).toEqual({ kind: "number" });
    expect(unit([{ key: "total", values: [1] }], undefined, { format: "currency", currency: "gbp" })).toEqual({
      kind: "currency",
      currency: "GBP",
    });
    expect(unit([{ key: "revenue", values: [1] }], undefined, { currency: "JPY" })).toEqual({
      kind: "currency",
      currency: "JPY",
    });
  });

  test("when a value is written as text, then it is read as a number", () => {
    expect(["1200", "$1,200.50", "-€3.5", "45%", "n/a", 7, Number.NaN].map((v) => parseChartNumber(v)?.value)).toEqual([
      1200,
      1200.5,
      -3.5,
      45,
      undefined,
      7,
      undefined,
    ]);
  });

  test("when a chart's values are money, then its summary says them exactly in that currency", async () => {
    renderNodes([{ name: "rev", component: "lineChart", value: rev, props: { x: "month", y: "revenue" } }]);
    const chart = await screen.findByRole("img", { name: /Line chart/ }, { timeout: 10_000 });
    expect(chart.getAttribute("aria-label")).toBe("Line chart of revenue by month. Jan: $1,820,000; Feb: $1,610,000.");
  });
});

describe("chart titles", () => {
  const chart = (title: string): ComponentNode => ({
    name: `c-${title}`,
    component: "barChart",
    value: rev,
    props: { x: "month", y: "revenue", title },
  });
  const shownTitles = (c: HTMLElement) => [...c.querySelectorAll(".gu-chart-title")].map((t) => t.textContent);

  test("when a chart's card, tab or the heading right before it already says its title, then the chart does not repeat it", async () => {
    const { container } = renderNodes([
      { name: "card", component: "card", value: "Revenue by month", content: [chart("Revenue by month")] },
      { name: "card2", component: "card", value: "Revenue by month (USD)", content: [chart("revenue by month")] },
      { name: "h", component: "heading", value: "Monthly revenue" },
      chart("Monthly revenue"),
      { name: "tabs", component: "tabs", value: ["Trend"], content: [chart("Trend")] },
    ]);
    await screen.findAllByRole("img", { name: /Bar chart/ }, { timeout: 10_000 });
    expect(await screen.findAllByRole("img", { name: /Bar chart/ })).toHaveLength(4);
    expect(shownTitles(container)).toEqual([]);
    // The summary still starts with the title.
    expect(screen.getAllByRole("img", { name: /^Revenue by month\. Bar chart/i })).toHaveLength(2);
    // Each card heading shows once.
    expect(screen.getAllByText("Revenue by month")).toHaveLength(1);
  });

  test("when nothing above says a chart's title (or says something else), then the chart shows it", async () => {
    const { container } = renderNodes([
      { name: "card", component: "card", value: "Overview", content: [chart("Revenue by month")] },
      { name: "h", component: "heading", value: "Revenue" },
      { name: "t", component: "text", value: "Between" },
      chart("Revenue"),
      { name: "h2", component: "heading", value: "Salesforce pipeline" },
      chart("Sales"),
      { name: "both", component: "card", value: "Sales and visitors", content: [chart("Sales "), chart("Visitors")] },
    ]);
    await screen.findAllByRole("img", { name: /Bar chart/ }, { timeout: 10_000 });
    expect(shownTitles(container)).toEqual(["Revenue by month", "Revenue", "Sales", "Sales ", "Visitors"]);
  });
});

describe("list markers", () => {
  test("when list items carry their own bullets or numbers, then each item shows one marker", () => {
    renderNodes([
      { name: "bullets", component: "list", value: ["• Milk", "- Eggs", "* Bread"] },
      { name: "numbers", component: "list", value: ["1. Mix", "2. Bake", "3) Serve"], props: { ordered: true } },
      { name: "typed", component: "list", value: ["3. Rest", "4. Slice"] },
    ]);
    const [bullets, numbers, typed] = screen.getAllByRole("list") as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(bullets)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Milk", "Eggs", "Bread"]);
    expect(bullets.tagName).toBe("UL");
    expect(
      within(numbers)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Mix", "Bake", "Serve"]);
    expect(numbers.tagName).toBe("OL");
    // Numbered in the text only: an ordered list from that number.
    expect(typed.tagName).toBe("OL");
    expect(typed.getAttribute("start")).toBe("3");
    expect(
      within(typed)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Rest", "Slice"]);
  });

  test("when list items have icons or marker glyphs of their own, then the list draws no bullet beside them", () => {
    renderNodes([
      {
        name: "icons",
        component: "list",
        value: [
          { title: "Fast", icon: "check" },
          { title: "Free", icon: "star" },
        ],
      },
      { name: "glyphs", component: "list", value: ["✓ Free delivery", "✓ Easy returns"] },
      { name: "mixed", component: "list", value: [{ title: "With icon", icon: "check" }, "Plain"] },
      { name: "steps", component: "list", value: [{ title: "One", icon: "check" }], props: { ordered: true } },
    ]);
    const [icons, glyphs, mixed, steps] = screen.getAllByRole("list") as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(icons.className).toContain("gu-list-plain");
    expect(glyphs.className).toContain("gu-list-plain");
    expect(glyphs.textContent).toBe("✓ Free delivery✓ Easy returns");
    expect(mixed.className).not.toContain("gu-list-plain");
    expect(
      within(mixed)
        .getAllByRole("listitem")
        .map((li) => li.className),
    ).toEqual(["gu-list-own", ""]);
    // An ordered list keeps its numbers next to icons.
    expect(steps.className).not.toContain("gu-list-plain");
    expect(RENDERER_CSS).toMatch(/\.gu-list-plain\{list-style:none;/);
    expect(RENDERER_CSS).toContain(".gu-list>li.gu-list-own{list-style:none;}");
  });

  test("when markdown list items repeat the list's marker, then it is dropped; • lines are a list", () => {
    const { container } = render(<div>{renderMarkdown("- • Milk\n- • Eggs\n\n• Tea\n• Coffee\n\n- 1. Mix\n- 2. Bake")}</div>);
    const lists = [...container.querySelectorAll("ul, ol")];
    expect(lists.map((l) => l.tagName)).toEqual(["UL", "UL", "OL"]);
    expect(lists.map((l) => [...l.querySelectorAll("li")].map((li) => li.textContent))).toEqual([
      ["Milk", "Eggs"],
      ["Tea", "Coffee"],
      ["Mix", "Bake"],
    ]);
  });

  test("when items are checked for markers, then only leading markers followed by a space count", () => {
    expect(listMarkers(["-5 degrees", "2024 was good", "3.5 stars", "*bold*"]).items).toEqual([
      "-5 degrees",
      "2024 was good",
      "3.5 stars",
      "*bold*",
    ]);
    expect(listMarkers(["1. One", "Two"])).toEqual({ items: ["1. One", "Two"], ordered: false, ownMarkers: false });
  });
});

describe("wide tables", () => {
  test("when a table is wider than its box, then the box scrolls and shades the edge with more to see", () => {
    renderNodes([{ name: "t", component: "table", value: [{ a: 1, b: 2, c: 3, d: 4, e: 5 }], props: { caption: "Wide" } }]);
    const box = screen.getByRole("region", { name: "Wide" });
    expect(box.className).toBe("gu-table-wrap");
    // jsdom has no layout: give the box the sizes a phone would.
    let left = 0;
    Object.defineProperties(box, {
      scrollWidth: { configurable: true, get: () => 500 },
      clientWidth: { configurable: true, get: () => 300 },
      scrollLeft: { configurable: true, get: () => left },
    });
    const edges = () => [box.hasAttribute("data-more-start"), box.hasAttribute("data-more-end")];
    act(() => void fireEvent.scroll(box));
    expect(edges()).toEqual([false, true]);
    left = 100;
    act(() => void fireEvent.scroll(box));
    expect(edges()).toEqual([true, true]);
    left = 200;
    act(() => void fireEvent.scroll(box));
    expect(edges()).toEqual([true, false]);
    expect(RENDERER_CSS).toMatch(/\.gu-table-wrap\{overflow-x:auto;max-width:100%;min-width:0;/);
  });
});

describe("placeholders", () => {
  test.each(["light", "dark"] as ThemeName[])(
    "when the %s theme is checked, then placeholder text is readable (4.5:1 on the field) and clearly unlike a typed value",
    (theme) => {
      const t = THEMES[theme];
      expect(contrast(t.placeholder!, t.bg!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.placeholder!, t.fg!)).toBeGreaterThanOrEqual(PLACEHOLDER_DISTINCTION);
      // The old placeholder colour (muted) was too close to the value's in the light theme.
      expect(t.placeholder).not.toBe(t.muted);
    },
  );

  test("when the style sheet is read, then placeholders use the placeholder colour, upright, not the value's", () => {
    expect(RENDERER_CSS).toContain(
      ".gu-input::placeholder,.gu-textarea::placeholder{color:var(--gu-placeholder);opacity:1;font-style:normal;}",
    );
  });

  test("when a select or date has no value yet, then it is marked empty (shown in the placeholder colour)", () => {
    renderNodes([
      { name: "size", component: "select", props: { label: "Size", options: ["S", "M"], placeholder: "Pick a size" } },
      { name: "chosen", component: "select", value: "M", props: { label: "Chosen", options: ["S", "M"] } },
      { name: "day", component: "date", props: { label: "Day" } },
      { name: "set", component: "date", value: "2026-01-02", props: { label: "Set" } },
    ]);
    expect(screen.getByRole("combobox", { name: "Size" }).className).toContain("gu-empty");
    expect(screen.getByRole("combobox", { name: "Chosen" }).className).not.toContain("gu-empty");
    expect(screen.getByLabelText("Day").className).toContain("gu-empty");
    expect(screen.getByLabelText("Set").className).not.toContain("gu-empty");
  });
});
