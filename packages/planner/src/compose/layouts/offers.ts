import { localPrice, type Plan, PLAN_WORDS, type PlanKind, planKindFor, plansOf } from "../../content/plans";
import { capitalize } from "../../text";
import {
  badge,
  button,
  card,
  grid,
  heading,
  keyValue,
  list,
  type Row,
  table,
  text,
  textArea,
  textInput,
  type UiNode,
} from "../../ui";
import { type Ctx } from "../context";
import { type Item } from "../../understand/items";
import { header, money, nameOf, roleComponent } from "../sections";
import { count, items, type Layout, own, ownThings } from "./helpers";

/**
 * The commerce group's offers to choose between: options compared side by side, and pricing plans.
 */

/** What a spec is by its unit ("22 kg" is a weight). */
const SPEC_NAMES: Record<string, string> = {
  kg: "Weight",
  g: "Weight",
  lb: "Weight",
  km: "Range",
  mi: "Range",
  gb: "Storage",
  tb: "Storage",
  mah: "Battery",
  w: "Power",
  kw: "Power",
  cm: "Size",
  mm: "Size",
  in: "Size",
  h: "Hours",
  hrs: "Hours",
  mpx: "Camera",
  mp: "Camera",
};

/**
 * A pricing plan as the app's own pricing tier, when it has one: its name, price (as the built-in card shows it, with
 * the period split off), features, the button's label and whether it is the one to pick.
 */
function tier(
  ctx: Ctx,
  plan: { name: string; title: string; price: string; features: string[]; highlighted: boolean },
  choose: { event: string; value: string },
): UiNode | undefined {
  const [amount, ...per] = plan.price.split("/");
  return roleComponent(
    ctx,
    "pricing-tier",
    {
      title: plan.title,
      // "Free" is a price of nothing; "Contact us" has none a number could say.
      price: /^free$/i.test(amount!.trim()) ? money(0, ctx.currency) : amount!,
      period: per.length ? per.join("/") : undefined,
      features: plan.features,
      action: `Choose ${plan.title}`,
      highlighted: plan.highlighted,
    },
    { name: plan.name, onPress: choose },
  );
}

export const OFFER_LAYOUTS: Record<string, Layout> = {
  comparison: (ctx) => {
    // The things compared are the list with prices when there is one ("PureGym £22, The Gym £25"); another list is
    // what they are compared on ("— opening hours, pool, classes").
    const lists = ctx.e.items.filter((l) => l.length >= 2);
    const priced = lists.find((l) => l.filter((i) => i.value !== undefined).length >= 2);
    // Without prices, things with names ("the Kindle Paperwhite or the Kobo Clara") are compared on the plain words.
    const ASKING =
      /^(?:should (?:i|we) (?:get|buy|choose|pick|go (?:for|with))|which is better|compare|choose between)\s+(?:the\s+)?/i;
    const bare = (i: Item) => (i.label || i.text).replace(ASKING, "").replace(/^the\s+/i, "");
    const named = lists.find(
      (l) =>
        l.every((i) => /^\p{Lu}|\d/u.test(bare(i))) && lists.some((o) => o !== l && o.every((i) => !/^\p{Lu}/u.test(i.text))),
    );
    const things = priced ?? named ?? [...lists].sort((a, b) => b.length - a.length)[0];
    // A comparison of plans the user fills in: a card per plan with its name and price (as written, when written) and a
    // field for each thing such plans are compared on (data, minutes … for phone plans; else what each includes).
    const fillIn = (names: (string | undefined)[], prices: (number | undefined)[], kind?: PlanKind): UiNode[] => [
      ...header(
        ctx.title,
        `Fill in the ${names.length} plans you are comparing: ${kind ? `price, ${kind.features.slice(0, 3).join(", ").toLowerCase()} and more` : "name, price and what each includes"}.`,
      ),
      grid(
        names.map((named, i) =>
          card(named ?? `Plan ${i + 1}`, { name: `plan_${i + 1}` }, [
            ...(named ? [] : [textInput({ name: `plan_${i + 1}_name`, label: "Plan name", placeholder: `Plan ${i + 1}` })]),
            textInput({
              name: `plan_${i + 1}_price`,
              label: "Price per month",
              placeholder: `e.g. ${money(25, ctx.currency)}`,
              ...(prices[i] !== undefined ? { value: money(prices[i]!, ctx.currency) } : {}),
            }),
            ...(kind
              ? kind.features.map((f) =>
                  textInput({ name: `plan_${i + 1}_${nameOf(f)}`, label: f, placeholder: `e.g. ${kind.plans[0]!.values[f]!}` }),
                )
              : [
                  textArea({
                    name: `plan_${i + 1}_includes`,
                    label: "What it includes",
                    rows: 3,
                    placeholder: "Allowances, extras, limits",
                  }),
                  textInput({ name: `plan_${i + 1}_contract`, label: "Contract length", placeholder: "e.g. 12 months" }),
                ]),
            button(named ? `Choose ${named}` : `Choose plan ${i + 1}`, {
              name: `choose_plan_${i + 1}`,
              variant: "secondary",
              fullWidth: true,
              onPress: { event: "choose_plan", value: named ?? `Plan ${i + 1}` },
            }),
          ]),
        ),
        { columns: Math.min(4, names.length), gap: 16, name: "plans" },
      ),
    ];
    if (!things) {
      // Plans of a kind the user named but did not list ("three phone plans"): typical plans of that kind, compared on
      // what such plans differ in (data, minutes, texts …), cheapest first — one card each, so a phone shows them
      // stacked instead of a table too wide for it.
      const kind = planKindFor(ctx.e.text);
      const priceOf = (p: Plan) =>
        p.price === undefined
          ? "Contact us"
          : p.price === 0
            ? /^free\b/i.test(p.name)
              ? `${money(0, ctx.currency)}/month`
              : "Free"
            : `${money(localPrice(p.price, ctx.currency), ctx.currency)}/${p.per ? `${p.per}/` : ""}month`;
      if (kind) {
        const shown = plansOf(kind, count(ctx, 3, kind.plans.length));
        return [
          ...header(ctx.title, `${shown.length} typical ${kind.noun[1]}, cheapest first, side by side.`),
          grid(
            shown.map((p, i) =>
              card(p.name, { name: `plan_${nameOf(p.name)}`, elevated: i === 1 }, [
                heading(priceOf(p), { level: 3 }),
                keyValue(Object.fromEntries(kind.features.map((f) => [f, p.values[f]!])), {
                  name: `plan_${nameOf(p.name)}_details`,
                }),
                button(`Choose ${p.name}`, {
                  name: `choose_${nameOf(p.name)}`,
                  variant: i === 1 ? "primary" : "secondary",
                  fullWidth: true,
                  onPress: { event: "choose_plan", value: p.name },
                }),
              ]),
            ),
            { columns: Math.min(4, shown.length), gap: 16, name: "plans" },
          ),
          text("Typical prices per month; a provider's own offer may differ.", { name: "price_note", tone: "muted", size: "sm" }),
        ];
      }
      // Plans of a kind the planner knows nothing of ("three insurance plans"): a comparison the user fills in.
      if (PLAN_WORDS.test(ctx.e.text))
        return fillIn(
          Array.from({ length: count(ctx, 3, 4) }, () => undefined),
          [],
        );
    }
    const options = things ? things.map((i) => capitalize(bare(i))) : items(ctx, 3).map((i) => i.name);
    const asked = lists.find((l) => l !== things)?.map((i) => capitalize(i.text || i.label));
    // The price row as the user named it ("price in euros").
    const priceRow = asked?.find((a) => /^(?:price|cost)\b/i.test(a)) ?? "Price";
    // Specs written for each thing ("Volt X (range 80 km, 22 kg, €2,199)") are rows of their own, as written.
    const specs = things?.every((t) => t.options.length >= 2 && t.options.length === things[0]!.options.length)
      ? things[0]!.options.map((_, j) => {
          const cells = things.map((t) => t.options[j]!);
          const label = /^([a-z][a-z ]*?)\s+[$€£₹₦\d]/i.exec(cells[0]!)?.[1];
          const unit = /\d\s?([a-z]+)$/i.exec(cells[0]!)?.[1]?.toLowerCase();
          const feature = label ?? (/^[$€£₹₦]/.test(cells[0]!) ? "Price" : unit ? (SPEC_NAMES[unit] ?? unit) : `Spec ${j + 1}`);
          return { feature: capitalize(feature), cells: cells.map((c) => (label ? c.slice(label.length).trim() : c)) };
        })
      : [];
    // Plans of a known kind from providers the user named, with nothing else said of them ("phone plans from Vodafone,
    // EE and Three"): what such plans differ in, for the user to fill in — never another kind's features, nor made-up
    // facts about a real provider.
    const namedKind = things && !asked && !specs.length ? planKindFor(ctx.e.text) : undefined;
    if (things && namedKind)
      return fillIn(
        things.map((t) => capitalize(bare(t).replace(/^.*\bfrom\s+/i, ""))),
        things.map((t) => (/^[$€£₹₦¥]$/.test(t.unit ?? "") ? t.value : undefined)),
        namedKind,
      );
    const specRows: Row[] = specs.map((sp) => ({
      feature: sp.feature,
      ...Object.fromEntries(options.map((o, oi) => [nameOf(o), sp.cells[oi] ?? "—"])),
    }));
    const features = [
      ...(specs.some((sp) => sp.feature === "Price") ? [] : [priceRow]),
      "Rating",
      ...(asked?.filter((a) => a !== priceRow) ?? (specs.length ? [] : ctx.domain.features.slice(0, 4).map((f) => f.title))),
    ];
    const rows: Row[] = features.map((f, fi) => ({
      feature: f,
      ...Object.fromEntries(
        options.map((o, oi) => [
          nameOf(o),
          f === priceRow
            ? things?.[oi]?.value === undefined && /^free\b/i.test(o)
              ? "Free"
              : money(
                  things?.[oi]?.value ??
                    ((ctx.domainMatched && ctx.domain.items[oi % ctx.domain.items.length]!.price) || 99 + oi * 20),
                  ctx.currency,
                )
            : f === "Rating"
              ? `${(4 + ((oi * 3 + fi) % 10) / 10).toFixed(1)} ★`
              : (oi + fi) % 3 === 0
                ? "—"
                : "✓",
        ]),
      ),
    }));
    // A question ("should I get …?") is not a heading: the things compared are.
    const title = /^(?:should|which|what|help)\b/i.test(ctx.title) ? options.join(" vs ") : ctx.title;
    return [
      ...header(title, `${options.join(" vs ")}, side by side.`),
      table([...specRows, ...rows], {
        name: "comparison",
        columns: [{ key: "feature", label: "Feature" }, ...options.map((o) => ({ key: nameOf(o), label: o }))],
      }),
      grid(
        options.map((o, i) =>
          button(`Choose ${o}`, {
            name: `choose_${i + 1}`,
            variant: i === 0 ? "primary" : "secondary",
            // Choosing one of several plans leads to confirming it.
            onPress: { event: PLAN_WORDS.test(ctx.e.text) ? "choose_plan" : "choose", value: o },
          }),
        ),
        { columns: Math.min(4, options.length), gap: 8 },
      ),
    ];
  },
  pricing: (ctx) => {
    const things = ownThings(ctx).filter((t) => t.name.split(" ").length <= 4);
    const named =
      things.length >= 2
        ? things.map((t) => t.name)
        : own(ctx)
            .filter((p) => !/^[$€£₹₦¥]?\d/.test(p) && p.split(" ").length <= 3)
            .map(capitalize);
    // Plans of a kind the user named but did not list ("pricing for phone plans"): typical plans of that kind.
    const kind = named.length < 2 ? planKindFor(ctx.e.text) : undefined;
    if (kind) {
      const shown = plansOf(kind, count(ctx, 3, kind.plans.length));
      const popular = Math.min(1, shown.length - 1);
      return [
        ...header(ctx.title, `Typical ${kind.noun[1]}, cheapest first. Prices per month.`),
        grid(
          shown.map((p, i) => {
            const price =
              p.price === undefined
                ? "Contact us"
                : p.price === 0
                  ? /^free\b/i.test(p.name)
                    ? `${money(0, ctx.currency)}/mo`
                    : "Free"
                  : `${money(localPrice(p.price, ctx.currency), ctx.currency)}/${p.per ? `${p.per}/` : ""}mo`;
            const features = kind.features.map((f) => `${f}: ${p.values[f]!}`);
            const choose = { event: "choose_plan", value: p.name };
            return (
              tier(ctx, { name: `plan_${nameOf(p.name)}`, title: p.name, price, features, highlighted: i === popular }, choose) ??
              card(p.name, { name: `plan_${nameOf(p.name)}`, elevated: i === popular }, [
                heading(price, { level: 2 }),
                ...(i === popular ? [badge("Most popular", { tone: "info" })] : []),
                list(
                  features.map((title) => ({ title, icon: "check" as const })),
                  { name: `plan_${nameOf(p.name)}_features` },
                ),
                button(`Choose ${p.name}`, {
                  name: `choose_${nameOf(p.name)}`,
                  variant: i === popular ? "primary" : "secondary",
                  fullWidth: true,
                  onPress: choose,
                }),
              ])
            );
          }),
          { columns: Math.min(4, shown.length), gap: 16, name: "plans" },
        ),
      ];
    }
    const n = named.length >= 2 ? named.length : count(ctx, 3, 6);
    const names = named.length >= 2 ? named : ["Starter", "Pro", "Business", "Enterprise", "Team", "Plus"].slice(0, n);
    // A price written inside a plan's parentheses ("Team ($12/user, unlimited projects)") is its price; the rest its features.
    const priceIn = (opts: string[]) => opts.map((o) => /^[$€£₹₦¥]\s?(\d[\d,.]*)|^(\d[\d,.]*)\s?[$€£₹₦¥]/.exec(o)).find(Boolean);
    const prices = names.map((_, i) => {
      const t = things[i];
      const inside = t ? priceIn(t.options) : undefined;
      // A plan the user priced as "contact us" has no price on the card.
      if (t && t.price === undefined && !inside && t.options.some((o) => /contact|quote|custom/i.test(o))) return undefined;
      // A plan called "Free" costs nothing unless the user priced it.
      if (t?.price === undefined && !inside && /^free\b/i.test(names[i]!)) return 0;
      return (
        t?.price ??
        (inside
          ? Number((inside[1] ?? inside[2])!.replace(/,/g, ""))
          : ctx.e.amounts.length >= n
            ? ctx.e.amounts[i]
            : [0, 19, 49, 99, 199, 399][i]! * (ctx.currency === "INR" ? 80 : 1))
      );
    });
    const per = /\/\s?(user|seat|month|mo|year|night|session|hour)\b/i.exec(ctx.e.text)?.[1];
    const domainFeatures = [...ctx.domain.features.map((f) => f.title), ...ctx.domain.services.map((s) => s.name)];
    const featuresOf = (i: number) => {
      const mine = (things[i]?.options ?? []).filter((o) => !priceIn([o]) && !/^contact us$/i.test(o)).map(capitalize);
      return mine.length ? mine : domainFeatures.slice(0, 2 + i);
    };
    return [
      ...header(ctx.title, "Simple plans. Cancel any time."),
      grid(
        names.map((p, i) => {
          const price =
            prices[i] === undefined
              ? "Contact us"
              : prices[i]
                ? `${money(prices[i]!, ctx.currency)}${things.length ? (per && things[i]?.options.some((o) => o.includes(per)) ? `/${per}` : "") : "/mo"}`
                : "Free";
          const choose = { event: "choose_plan", value: p };
          return (
            tier(ctx, { name: `plan_${i + 1}`, title: p, price, features: featuresOf(i), highlighted: i === 1 }, choose) ??
            card(p, { name: `plan_${i + 1}`, elevated: i === 1 }, [
              heading(price, { level: 2 }),
              ...(i === 1 ? [badge("Most popular", { tone: "info" })] : []),
              list(
                featuresOf(i).map((f) => ({ title: f, icon: "check" as const })),
                { name: `plan_${i + 1}_features` },
              ),
              button(`Choose ${p}`, {
                name: `choose_${i + 1}`,
                variant: i === 1 ? "primary" : "secondary",
                fullWidth: true,
                onPress: choose,
              }),
            ])
          );
        }),
        { columns: Math.min(4, names.length), gap: 16, name: "plans" },
      ),
    ];
  },
};
