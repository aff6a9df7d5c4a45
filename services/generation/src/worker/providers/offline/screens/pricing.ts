import { extractCount } from "../intents";
import { slug, titleCase } from "../text";
import { alert, badge, button, card, grid, heading, list, row, stat, switch_, table, text, type Row, type UiNode } from "../ui";
import { faq, type Built, type ScreenContext } from "./shared";

/**
 * Pricing: 2–5 tiers (3 unless the prompt says otherwise) for the kind of product the prompt names (software,
 * memberships, streaming, hosting), a yearly-billing switch, a feature comparison table and a FAQ. Each tier's
 * button reports `choose_plan` with the tier's name.
 */

interface Tier {
  name: string;
  price: number | undefined;
  tagline: string;
  features: string[];
  cta: string;
}

interface Variant {
  re: RegExp;
  unit: string;
  tiers: Tier[];
  compare: [string, ...(string | number | boolean)[]][];
  faq: [string, string][];
}

const SOFTWARE: Variant = {
  re: /./,
  unit: "per user / month",
  tiers: [
    {
      name: "Free",
      price: 0,
      tagline: "For trying things out",
      features: ["Up to 3 projects", "2 GB storage", "Community support"],
      cta: "Start free",
    },
    {
      name: "Starter",
      price: 9,
      tagline: "For individuals",
      features: ["Unlimited projects", "20 GB storage", "Email support", "Basic integrations"],
      cta: "Choose Starter",
    },
    {
      name: "Pro",
      price: 29,
      tagline: "For growing teams",
      features: ["Everything in Starter", "200 GB storage", "Advanced analytics", "Priority support", "API access"],
      cta: "Choose Pro",
    },
    {
      name: "Business",
      price: 79,
      tagline: "For organisations",
      features: ["Everything in Pro", "1 TB storage", "SSO and SCIM", "Audit log", "99.9% uptime SLA"],
      cta: "Choose Business",
    },
    {
      name: "Enterprise",
      price: undefined,
      tagline: "For large companies",
      features: [
        "Everything in Business",
        "Unlimited storage",
        "Dedicated success manager",
        "Custom contracts",
        "On-premise option",
      ],
      cta: "Contact sales",
    },
  ],
  compare: [
    ["Projects", "3", "Unlimited", "Unlimited", "Unlimited", "Unlimited"],
    ["Storage", "2 GB", "20 GB", "200 GB", "1 TB", "Unlimited"],
    ["Integrations", false, true, true, true, true],
    ["Analytics", false, false, true, true, true],
    ["API access", false, false, true, true, true],
    ["SSO / SCIM", false, false, false, true, true],
    ["Support", "Community", "Email", "Priority", "Priority", "Dedicated"],
  ],
  faq: [
    ["Can I change plans later?", "Yes. Upgrade or downgrade at any time; we prorate the difference to the day."],
    ["Is there a free trial?", "Every paid plan has a 14-day free trial. No credit card needed to start."],
    ["Do you offer discounts?", "Yearly billing saves 20%. Non-profits and schools get a further 30% off."],
    ["What payment methods do you accept?", "All major cards, PayPal, and bank transfer on yearly plans."],
  ],
};

const VARIANTS: Variant[] = [
  {
    re: /\b(gym|fitness|yoga|pilates|studio|club|membership|coworking|climbing|crossfit)\b/,
    unit: "per month",
    tiers: [
      {
        name: "Off-peak",
        price: 19,
        tagline: "Weekdays 10:00–16:00",
        features: ["Gym floor access", "Locker rooms", "1 intro session"],
        cta: "Join Off-peak",
      },
      {
        name: "Standard",
        price: 39,
        tagline: "Any time, one club",
        features: ["24/7 access", "All group classes", "Fitness app"],
        cta: "Join Standard",
      },
      {
        name: "Premium",
        price: 59,
        tagline: "Every club, every perk",
        features: ["All clubs nationwide", "Sauna and pool", "2 guest passes a month", "Monthly PT check-in"],
        cta: "Join Premium",
      },
      {
        name: "Family",
        price: 99,
        tagline: "Up to 4 people",
        features: ["Premium for 4", "Kids' swim lessons", "Free towel service"],
        cta: "Join Family",
      },
      {
        name: "Corporate",
        price: undefined,
        tagline: "For teams of 10+",
        features: ["Tailored pricing", "Onsite classes", "Wellbeing reports"],
        cta: "Contact sales",
      },
    ],
    compare: [
      ["Access hours", "10:00–16:00", "24/7", "24/7", "24/7", "24/7"],
      ["Group classes", false, true, true, true, true],
      ["Sauna and pool", false, false, true, true, true],
      ["Guest passes", 0, 0, 2, 4, "Custom"],
      ["Personal training", "Intro only", false, "Monthly", "Monthly", "Custom"],
    ],
    faq: [
      ["Is there a joining fee?", "No joining fee when you sign up online."],
      ["Can I freeze my membership?", "Yes, for up to 3 months a year at no cost."],
      ["How do I cancel?", "Cancel any time in the app with 30 days' notice."],
    ],
  },
  {
    re: /\b(stream\w*|video|movies|tv|music|podcasts?|audiobooks?|subscription box)\b/,
    unit: "per month",
    tiers: [
      {
        name: "Basic",
        price: 6.99,
        tagline: "With ads",
        features: ["HD on 1 screen", "Full catalogue", "Cancel any time"],
        cta: "Choose Basic",
      },
      {
        name: "Standard",
        price: 13.99,
        tagline: "No ads",
        features: ["Full HD on 2 screens", "Downloads on 2 devices", "No ads"],
        cta: "Choose Standard",
      },
      {
        name: "Premium",
        price: 19.99,
        tagline: "The best experience",
        features: ["4K HDR on 4 screens", "Spatial audio", "Downloads on 6 devices"],
        cta: "Choose Premium",
      },
      {
        name: "Family",
        price: 24.99,
        tagline: "Up to 6 profiles",
        features: ["Premium for everyone", "Kids profiles", "Parental controls"],
        cta: "Choose Family",
      },
      {
        name: "Student",
        price: 4.99,
        tagline: "With a valid student ID",
        features: ["Standard features", "Verified yearly"],
        cta: "Choose Student",
      },
    ],
    compare: [
      ["Ads", true, false, false, false, false],
      ["Quality", "HD", "Full HD", "4K HDR", "4K HDR", "Full HD"],
      ["Screens at once", 1, 2, 4, 6, 1],
      ["Downloads", false, true, true, true, true],
    ],
    faq: [
      ["Can I switch plans?", "Yes, changes apply from your next billing date."],
      ["Is there a free trial?", "New members get 7 days free on Standard."],
      ["Which devices are supported?", "Phones, tablets, smart TVs, consoles and browsers."],
    ],
  },
  {
    re: /\b(hosting|cloud|server|servers|vps|database|storage|cdn|domains?)\b/,
    unit: "per month",
    tiers: [
      {
        name: "Hobby",
        price: 5,
        tagline: "Side projects",
        features: ["1 vCPU · 1 GB RAM", "25 GB SSD", "1 TB transfer"],
        cta: "Deploy Hobby",
      },
      {
        name: "Pro",
        price: 24,
        tagline: "Production apps",
        features: ["2 vCPU · 4 GB RAM", "80 GB SSD", "Daily backups", "Autoscaling"],
        cta: "Deploy Pro",
      },
      {
        name: "Scale",
        price: 96,
        tagline: "High traffic",
        features: ["8 vCPU · 16 GB RAM", "320 GB SSD", "Private networking", "Priority support"],
        cta: "Deploy Scale",
      },
      {
        name: "Dedicated",
        price: 349,
        tagline: "Isolated hardware",
        features: ["32 vCPU · 128 GB RAM", "2 TB NVMe", "99.99% SLA"],
        cta: "Deploy Dedicated",
      },
      {
        name: "Enterprise",
        price: undefined,
        tagline: "Custom infrastructure",
        features: ["Multi-region", "Compliance packs", "Named engineer"],
        cta: "Contact sales",
      },
    ],
    compare: [
      ["vCPU", 1, 2, 8, 32, "Custom"],
      ["Memory", "1 GB", "4 GB", "16 GB", "128 GB", "Custom"],
      ["Backups", false, "Daily", "Hourly", "Hourly", "Custom"],
      ["SLA", "—", "99.9%", "99.95%", "99.99%", "Custom"],
    ],
    faq: [
      ["Am I billed by the hour?", "Yes, up to the monthly cap shown. Stop a server and billing stops."],
      ["Can I scale up later?", "Resize in one click; your data stays put."],
      ["Where are your data centres?", "Frankfurt, London, New York, San Francisco, Singapore and Bangalore."],
    ],
  },
];

const CURRENCIES: [RegExp, string, number][] = [
  [/€|\b(eur|euros?)\b/i, "EUR", 1],
  [/£|\b(gbp|pounds?|sterling)\b/i, "GBP", 1],
  [/₹|\b(inr|rupees?)\b/i, "INR", 80],
  [/¥|\b(jpy|yen)\b/i, "JPY", 150],
];

/** Which tiers to show for a count: the ones in the middle of the ladder first. */
function pickTiers(n: number): number[] {
  const orders: Record<number, number[]> = { 2: [1, 2], 3: [1, 2, 3], 4: [0, 1, 2, 4], 5: [0, 1, 2, 3, 4] };
  return orders[n] ?? orders[3]!;
}

/** The pricing page. */
export function buildPricing(ctx: ScreenContext): Built {
  const v = VARIANTS.find((x) => x.re.test(ctx.text)) ?? SOFTWARE;
  const n = Math.max(2, Math.min(5, extractCount(ctx.prompt, /tiers?|plans?|options?|levels?|packages?|columns?|cards?/) ?? 3));
  const idx = pickTiers(n);
  const tiers = idx.map((i) => v.tiers[i]!);
  const [, currency, factor] = CURRENCIES.find(([re]) => re.test(ctx.prompt)) ?? [/x/, "USD", 1];
  const price = (p: number) => (factor === 1 ? p : Math.max(0, Math.round((p * factor) / 10) * 10 - (p ? 1 : 0)));
  const featured = Math.min(tiers.length - 1, Math.floor(tiers.length / 2));
  const topic =
    /\b(?:for|of)\s+(?:a|an|the|my|our)?\s*([\p{L}][\p{L}\p{N}' -]{2,40}?)(?=[,.!?]|\s+(?:with|that|and|including)\b|$)/iu.exec(
      ctx.prompt,
    )?.[1];
  const title =
    topic && !/^(pricing|plans?|tiers?|\d)/i.test(topic) ? `${titleCase(topic)} pricing` : "Simple, transparent pricing";
  const cards: UiNode[] = tiers.map((t, i) =>
    card(
      t.name,
      [
        ...(i === featured ? [badge("Most popular", { tone: "info", name: `popular_${slug(t.name)}` })] : []),
        t.price === undefined
          ? heading("Custom", { level: 2, name: `price_${slug(t.name)}` })
          : stat(price(t.price), {
              name: `price_${slug(t.name)}`,
              label: t.price === 0 ? "forever" : v.unit,
              format: "currency",
              currency,
            }),
        list(
          t.features.map((x) => ({ title: x, icon: "check" as const })),
          { name: `features_${slug(t.name)}` },
        ),
        button(t.cta, {
          name: `choose_${slug(t.name)}`,
          variant: i === featured ? "primary" : "secondary",
          fullWidth: true,
          onPress: t.price === undefined ? { event: "contact_sales", value: t.name } : { event: "choose_plan", value: t.name },
        }),
      ],
      { name: `tier_${slug(t.name)}`, subtitle: t.tagline, elevated: i === featured },
    ),
  );
  const compareRows: Row[] = v.compare.map(([feature, ...cells]) => {
    const r: Row = { feature };
    idx.forEach((ti, j) => {
      const c = cells[ti];
      r[tiers[j]!.name] = c === true ? "✓" : c === false ? "—" : (c ?? "—");
    });
    return r;
  });
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 1100, padding: 24, gap: 20 },
    nodes: [
      heading(title, { level: 1, align: "center", name: "title" }),
      text("Start free, upgrade when you grow. Every paid plan includes a 14-day trial.", {
        align: "center",
        tone: "muted",
        name: "subtitle",
      }),
      row([switch_(false, { name: "billing_yearly", label: "Bill yearly — save 20%" })], { justify: "center", name: "billing" }),
      grid(cards, { columns: tiers.length, gap: 16, name: "tiers" }),
      alert("Not happy in the first 30 days? We'll refund you in full, no questions asked.", {
        name: "guarantee",
        title: "30-day money-back guarantee",
        tone: "success",
      }),
      heading("Compare plans", { level: 2, name: "compare_title" }),
      table(compareRows, {
        name: "compare_table",
        columns: [
          { key: "feature", label: "Feature" },
          ...tiers.map((t) => ({ key: t.name, label: t.name, align: "center" as const })),
        ],
        sortable: false,
      }),
      heading("Frequently asked questions", { level: 2, name: "faq_title" }),
      faq(v.faq),
      card(
        "Need something bigger?",
        [
          text("Volume pricing, invoicing and security reviews for teams of 50 or more."),
          button("Talk to sales", {
            name: "talk_to_sales",
            variant: "secondary",
            onPress: { event: "contact_sales", value: "Enterprise" },
          }),
        ],
        { name: "sales_card" },
      ),
    ],
    sections: [
      "headline",
      "yearly billing switch",
      `${tiers.length} pricing tiers (${tiers.map((t) => t.name).join(", ")})`,
      "money-back guarantee",
      "comparison table",
      "FAQ",
      "sales contact",
    ],
    summary: `${tiers.length} pricing tiers in ${currency} with “${tiers[featured]!.name}” highlighted`,
  };
}

/** A tier by name from any variant (for the answer to `choose_plan`). */
export function findTier(name: string): { tier: Tier; unit: string } | undefined {
  for (const v of [SOFTWARE, ...VARIANTS]) {
    const tier = v.tiers.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (tier) return { tier, unit: v.unit };
  }
  return undefined;
}
