import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { Screen } from "@genui/ui-runtime";
import { plan, type Turn } from ".";
import { assistant, nodes, screenOfWith, textOf, user } from "./test-support";

/**
 * Screens about the subject the user named ([C2]): a known dish's own recipe, a recipe card for an unknown one, an
 * order's own status, weekly figures by week, pictures drawn here, dates relative to today, and a site's navigation
 * leading to the page it names.
 */

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());

const screenOf = screenOfWith(ev);
const screenFor = (turns: Turn[], today?: Date): Promise<Screen> => screenOf(plan(turns, today ? { today } : {}).code);

describe("recipes", () => {
  it("when a known dish is asked for, then its own ingredients and method, and none of another dish's", async () => {
    const t = textOf(await screenFor([user("a recipe for chocolate chip cookies")]));
    for (const w of ["Chocolate chips", "Unsalted butter", "Bake for 10–12 minutes"]) expect(t).toContain(w);
    for (const w of ["Spaghetti", "tomatoes", "Chickpea", "basil"]) expect(t).not.toContain(w);
  });

  it("when the dish is not known, then a recipe card about it in the user's words to fill in, with no borrowed ingredients", async () => {
    const s = await screenFor([user("a recipe for beef wellington")]);
    const t = textOf(s);
    expect(t).toMatch(/beef wellington/i);
    expect(
      nodes(s)
        .filter((n) => n.component === "textArea")
        .map((n) => n.props?.label),
    ).toEqual(["Ingredients, one per line", "Steps, one per line"]);
    for (const w of ["Spaghetti", "Chickpea", "chicken"]) expect(t).not.toContain(w);
  });
});

describe("an order's status", () => {
  const today = new Date(Date.UTC(2027, 2, 10));

  it("when an order's number and stage are named, then that number, that stage dated from today, and nothing after today done", async () => {
    const s = await screenFor([user("an order status page for order #4821 shipped yesterday")], today);
    const t = textOf(s);
    expect(t).toContain("Order #4821 · shipped 9 Mar 2027");
    expect(t).not.toMatch(/GX-|Monthly recurring revenue|Churn/);
    const stages = nodes(s).find((n) => n.name === "stages")!.value as { title: string; subtitle: string }[];
    expect(stages.map((x) => x.subtitle)).toEqual(["7 Mar 2027", "8 Mar 2027", "9 Mar 2027", "Next", "Expected by 12 Mar 2027"]);
  });

  it("when 'track my order' is asked, then a delivery's tracking, not a habit tracker", async () => {
    const t = textOf(await screenFor([user("track my order")], today));
    expect(t).toContain("Out for delivery");
    expect(t).not.toMatch(/glasses of water|Day streak/);
  });
});

describe("dates, weeks and pictures", () => {
  it("when a dashboard says 'Updated', then it is today, not a fixed day", async () => {
    const t = textOf(await screenFor([user("a sales dashboard")], new Date(Date.UTC(2027, 0, 5))));
    expect(t).toContain("Updated 5 Jan 2027");
  });

  it("when weekly figures are asked for, then the chart's categories are the last eight weeks by their Mondays", async () => {
    const s = await screenFor([user("a dashboard for my bakery's weekly sales with a chart")], new Date(Date.UTC(2026, 10, 28)));
    const chart = nodes(s).find((n) => /Chart$/.test(n.component))!;
    const rows = chart.value as Record<string, string | number>[];
    expect(rows.map((r) => r[chart.props!.x as string])).toEqual([
      "5 Oct",
      "12 Oct",
      "19 Oct",
      "26 Oct",
      "2 Nov",
      "9 Nov",
      "16 Nov",
      "23 Nov",
    ]);
    expect(s.screen.v1[0]!.value).toBe("Bakery's weekly sales");
  });

  it("when a screen has pictures, then each is drawn here (a data: URL), none from another site", async () => {
    for (const request of ["a recipe for banana bread", "a photo gallery of my trip to Lisbon", "team directory with 4 people"]) {
      const images = nodes(await screenFor([user(request)])).filter((n) => n.component === "image");
      for (const img of images) expect(String(img.value)).toMatch(/^data:image\/svg\+xml,/);
    }
  });
});

describe("a site's navigation", () => {
  const site = "A pets care ecommerce website";
  const press = (name: string, value: string) => JSON.stringify({ type: "onPress", component: { name, value } });

  it("when a page of the site's navigation is pressed, then that page, titled as the site's; Home is the site's first page", async () => {
    const first = plan([user(site)]);
    const go = (name: string, value: string) => plan([user(site), assistant(first.code), user(press(name, value))]);
    expect(go("nav_home", "Home").code).toBe(first.code);
    expect(go("nav_contact", "Contact").code).toMatch(/^screen\("Contact · Pawsome Pets"/);
    expect(go("nav_contact", "Contact").code).toContain("textArea(");
    expect(go("nav_faq", "FAQ").code).toMatch(/^screen\("FAQ · Pawsome Pets"/);
    expect(go("nav_about", "About").code).toMatch(/^screen\("About · Pawsome Pets"/);
  });
});
