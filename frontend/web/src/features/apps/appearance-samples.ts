import type { ComponentNode, Screen } from "@genui/ui-runtime";

/**
 * The screens the Appearance editor previews a theme on: a sign-up form (fields, a checkbox, primary and ghost
 * buttons), a pricing table (cards, badges, lists, a highlighted tier) and a product grid (images, prices, a progress
 * bar and an alert). Real screen JSON v1, as the API answers it (apps' unit test validates them).
 */

export type SampleId = "signup" | "pricing" | "products";

export const SAMPLE_LABELS: Record<SampleId, string> = {
  signup: "Sign-up form",
  pricing: "Pricing table",
  products: "Product grid",
};

const signup: Screen = {
  name: "sample-signup",
  screen: {
    v1: [
      {
        name: "signup",
        component: "card",
        value: "Create your account",
        props: { subtitle: "Start your 14-day trial. No card needed." },
        content: [
          {
            name: "fullName",
            component: "textInput",
            props: { label: "Full name", placeholder: "Ada Lovelace", required: true },
          },
          {
            name: "email",
            component: "textInput",
            props: { label: "Work email", type: "email", placeholder: "ada@example.com", required: true },
          },
          {
            name: "password",
            component: "textInput",
            props: { label: "Password", type: "password", placeholder: "At least 8 characters", required: true },
          },
          {
            name: "team",
            component: "select",
            value: "small",
            props: {
              label: "Team size",
              options: [
                { label: "Just me", value: "solo" },
                { label: "2 to 10 people", value: "small" },
                { label: "More than 10", value: "large" },
              ],
            },
          },
          { name: "updates", component: "checkbox", value: true, props: { label: "Send me product news (once a month)" } },
          {
            name: "actions",
            component: "row",
            props: { gap: 8, justify: "end", wrap: true },
            content: [
              { name: "signin", component: "button", value: "I have an account", props: { variant: "ghost" }, onPress: "signin" },
              { name: "create", component: "button", value: "Create account", onPress: "signup" },
            ],
          },
        ],
      },
      {
        name: "terms",
        component: "text",
        value: "By creating an account you accept the terms of service.",
        props: { size: "sm", tone: "muted", align: "center" },
      },
    ],
  },
  props: { screenProps: { maxWidth: 520 } },
};

const tier = (
  id: string,
  title: string,
  price: number,
  features: string[],
  cta: string,
  highlighted: boolean,
): ComponentNode => ({
  name: `tier-${id}`,
  component: "card",
  value: title,
  props: {
    subtitle: highlighted ? "For growing teams" : id === "starter" ? "For one person" : "For large companies",
    elevated: highlighted,
  },
  content: [
    ...(highlighted ? [{ name: `tier-${id}-badge`, component: "badge", value: "Most popular", props: { tone: "info" } }] : []),
    {
      name: `tier-${id}-price`,
      component: "stat",
      value: price,
      props: { label: "per month", format: "currency", currency: "USD" },
    },
    { name: `tier-${id}-features`, component: "list", value: features },
    {
      name: `tier-${id}-cta`,
      component: "button",
      value: cta,
      props: { variant: highlighted ? "primary" : "secondary", fullWidth: true },
      onPress: `choose-${id}`,
    },
  ],
});

const pricing: Screen = {
  name: "sample-pricing",
  screen: {
    v1: [
      { name: "pricing-title", component: "heading", value: "Plans for every team", props: { level: 2, align: "center" } },
      {
        name: "pricing-intro",
        component: "text",
        value: "Switch or cancel at any time.",
        props: { tone: "muted", align: "center" },
      },
      {
        name: "tiers",
        component: "grid",
        props: { columns: 3, gap: 16 },
        content: [
          tier("starter", "Starter", 9, ["1 project", "Community support", "1 GB storage"], "Start free", false),
          tier(
            "team",
            "Team",
            29,
            ["Unlimited projects", "Priority support", "100 GB storage", "Single sign-on"],
            "Choose Team",
            true,
          ),
          tier("enterprise", "Enterprise", 99, ["Everything in Team", "Audit logs", "Dedicated manager"], "Contact sales", false),
        ],
      },
    ],
  },
};

/** A flat illustration (an SVG data URL: the renderer never fetches images from other sites). */
const swatch = (fill: string, shape: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 160 100'><rect width='160' height='100' fill='${fill}'/>${shape}</svg>`,
  )}`;

const product = (id: string, title: string, price: number, image: string, alt: string, badge?: string): ComponentNode => ({
  name: `product-${id}`,
  component: "card",
  value: title,
  content: [
    { name: `product-${id}-image`, component: "image", value: image, props: { alt, height: 120, fit: "cover" } },
    ...(badge ? [{ name: `product-${id}-badge`, component: "badge", value: badge, props: { tone: "success" } }] : []),
    {
      name: `product-${id}-price`,
      component: "stat",
      value: price,
      props: { label: "Price", format: "currency", currency: "USD" },
    },
    { name: `product-${id}-add`, component: "button", value: "Add to cart", props: { fullWidth: true }, onPress: `add-${id}` },
  ],
});

const products: Screen = {
  name: "sample-products",
  screen: {
    v1: [
      { name: "shop-title", component: "heading", value: "New arrivals", props: { level: 2 } },
      {
        name: "shipping",
        component: "progress",
        value: 64,
        props: { label: "Free shipping: $18 to go" },
      },
      {
        name: "shop-grid",
        component: "grid",
        props: { columns: 3, gap: 16 },
        content: [
          product(
            "mug",
            "Ceramic mug",
            14,
            swatch("#fde68a", "<circle cx='80' cy='55' r='26' fill='#b45309'/>"),
            "A mustard mug",
            "New",
          ),
          product(
            "bowl",
            "Stoneware bowl",
            22,
            swatch("#bfdbfe", "<ellipse cx='80' cy='60' rx='40' ry='18' fill='#1e40af'/>"),
            "A blue bowl",
          ),
          product(
            "vase",
            "Bud vase",
            31,
            swatch("#fecdd3", "<rect x='66' y='22' width='28' height='60' rx='12' fill='#9f1239'/>"),
            "A red vase",
          ),
        ],
      },
      {
        name: "returns",
        component: "alert",
        value: "Free returns within 30 days.",
        props: { title: "Good to know", tone: "info" },
      },
    ],
  },
};

export const SAMPLE_SCREENS: Record<SampleId, Screen> = { signup, pricing, products };
