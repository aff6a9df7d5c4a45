import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { plan } from ".";
import { readEntities } from "./understand/entities";
import { nodes, screenOfWith, textOf, user } from "./test-support";

/**
 * What the user wrote around and inside a list, kept on commerce screens: a bill's lines, what a checkout, receipt,
 * product or listing names, a product's own details, amounts in their currency, and plans, bundles and orders as
 * priced. (Other screens: user-lists.test.ts.)
 */

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());

const screenOf = screenOfWith(ev);

describe("what the user wrote around and inside a list", () => {
  it("when a bill's lines give quantities, rates, its number, parties and tax, then the invoice adds them up in their currency", async () => {
    const t = textOf(
      await screenOf(
        plan([
          user(
            "Rechnung / invoice RE-2025-118 from Bäckerei Lange to Café Morgenrot: 40 Brezeln à €0,80, 12 Roggenbrote à €4,20, 7% MwSt",
          ),
        ]).code,
      ),
    );
    for (const w of [
      "Invoice RE-2025-118",
      "From Bäckerei Lange to Café Morgenrot",
      '"€32"',
      '"€50.40"',
      '"€82.40"',
      "MwSt (7%)",
      '"€88.17"',
    ])
      expect(t).toContain(w);
    expect(t).not.toContain("$");
    const plumber = textOf(
      await screenOf(
        plan(
          [
            user(
              "what do I owe the plumber? he replaced the boiler valve (£145), 2 hrs labour at £60/hr, call-out fee £40. A bill from 'J. Evans Plumbing' due in 14 days",
            ),
          ],
          { today: new Date(Date.UTC(2026, 11, 1)) },
        ).code,
      ),
    );
    for (const w of ['"Boiler valve"', '"Labour (hours)"', '"£120"', '"£305"', "15 Dec 2026"]) expect(plumber).toContain(w);
    // No tax the user did not ask for.
    expect(plumber).not.toContain("Tax");
    const receipt = textOf(
      await screenOf(plan([user("receipt for a car wash: deluxe wash £15, tyre shine £3, paid contactless at 14:32")]).code),
    );
    expect(receipt).toContain('"Contactless"');
  });

  it("when a checkout, receipt, product or listing names what is bought, paid, pressed or filtered, then those are on it", async () => {
    const checkout = textOf(
      await screenOf(
        plan([user("checkout with order summary in €: 3 x Espresso Beans 14€, 1 x Grinder 89€, and a promo code field")]).code,
      ),
    );
    for (const w of ['"3 × Espresso Beans"', "€14 each · €42", '"€131"', '"Card number"', '"Promo code"'])
      expect(checkout).toContain(w);
    const tour = textOf(
      await screenOf(
        plan([
          user(
            "the customer has 3 tickets in the basket for the Edinburgh ghost tour (£18 each) — now they need to put in their details and pay",
          ),
        ]).code,
      ),
    );
    expect(tour).toContain("£54");
    const receipt = textOf(
      await screenOf(
        plan([user("show a payment receipt — tuition fee ₹45,000 paid on 12 Aug via UPI, transaction id TXN88213")]).code,
      ),
    );
    for (const w of ['"Tuition fee"', '"UPI"', '"TXN88213"', "We received ₹45,000."]) expect(receipt).toContain(w);
    const shawl = textOf(
      await screenOf(
        plan([user("product page: Kashmiri pashmina shawl, ₹6,800, colours maroon / ivory / charcoal, add to bag")]).code,
      ),
    );
    expect(shawl).toContain('"Add to bag"');
    const listings = textOf(
      await screenOf(
        plan([
          user(
            "volunteer listings near Leeds: food bank sorter, hospital radio presenter, park litter pick — let me filter by time commitment",
          ),
        ]).code,
      ),
    );
    expect(listings.toLowerCase()).toContain("time commitment");
  });

  it("when a product is named with its price, sizes, colours, stars and reviews, then the page shows those, not a catalogue item's", async () => {
    const boot = nodes(
      await screenOf(
        plan([user("Show the Trailblazer 2 hiking boot — €149, sizes 38 to 46, waterproof, 4.6 stars (212 reviews), photos")])
          .code,
      ),
    );
    const t = JSON.stringify(boot);
    for (const w of ['"Trailblazer 2 hiking boot"', '"€149"', "★ 4.6 · 212 reviews", '"Waterproof"']) expect(t).toContain(w);
    const sizes = boot.find((n) => n.props?.label === "Size")?.props?.options as { label: string }[];
    expect(sizes.map((o) => o.label)).toEqual(["38", "39", "40", "41", "42", "43", "44", "45", "46"]);
    const hoodie = nodes(await screenOf(plan([user("product page for a hoodie with sizes S, M, L, XL")]).code));
    expect(hoodie.find((n) => n.component === "card")?.value).toBe("Hoodie");
    expect((hoodie.find((n) => n.props?.label === "Size")?.props?.options as { label: string }[]).map((o) => o.label)).toEqual([
      "S",
      "M",
      "L",
      "XL",
    ]);
    // No software plan borrowed for a product of no known shop.
    expect(JSON.stringify(hoodie)).not.toContain("Plans");
    const tea = textOf(
      await screenOf(plan([user("single item page: Organic Darjeeling tea 100g, ₹499, qty selector, buy now")]).code),
    );
    expect(tea).toContain('"Buy now"');
  });

  it("when amounts are in naira, then they are read and written as naira", async () => {
    expect(readEntities("agege ₦1,500, coconut bread ₦1,800").values.map((v) => [v.value, v.unit])).toEqual([
      [1500, "₦"],
      [1800, "₦"],
    ]);
    expect(readEntities("agege ₦1,500").currency).toBe("NGN");
    const menu = textOf(
      await screenOf(
        plan([user("menu for Oven Fresh Bakery — Breads: agege ₦1,500, coconut bread ₦1,800 | Pastries: meat pie ₦700")]).code,
      ),
    );
    for (const w of ["Agege — ₦1,500", "Meat pie — ₦700", '"Pastries"']) expect(menu).toContain(w);
    const receipt = textOf(
      await screenOf(
        plan([user("receipt for driving lessons — 10-lesson block ₦120,000, paid 3 May by bank transfer, ref DS-5521")]).code,
      ),
    );
    for (const w of ['"10-lesson block"', '"₦120,000"', '"Bank transfer"', '"DS-5521"']) expect(receipt).toContain(w);
  });

  it("when plans are priced by the day, a bundle says what it includes, or an order is counted with a delivery fee, then each reads as meant", async () => {
    const daycare = textOf(
      await screenOf(
        plan([user("pricing for Happy Tails dog daycare: half day £18, full day £30, 10-day bundle £270 (includes a free bath)")])
          .code,
      ),
    );
    for (const w of ['"Half day"', '"£18"', '"10-day bundle"', '"Free bath"']) expect(daycare).toContain(w);
    expect(
      readEntities("go to step 2, then table 4")
        .items.flat()
        .every((i) => i.value === undefined),
    ).toBe(true);
    const bakery = textOf(
      await screenOf(
        plan([
          user(
            "checkout for Oven Fresh Bakery, Yaba: delivery address (Lekki, Ikeja or Yaba), phone, pay on delivery or card. order: 2 agege bread ₦1,500 each, 1 jar chin chin ₦2,800, delivery ₦2,000",
          ),
        ]).code,
      ),
    );
    for (const w of ['"2 × Agege bread"', '"Jar chin chin"', '"₦5,800"', '"₦2,000"', '"₦7,800"', '"Delivery address"'])
      expect(bakery).toContain(w);
    expect(bakery).not.toContain('"Checkout for Oven Fresh Bakery"');
  });
});
