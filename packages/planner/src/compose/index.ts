import { FAMILIES } from "../families";
import { printProgram, type ScreenSettings, type UiNode } from "../ui";
import { readEntities, type Entities } from "../understand/entities";
import { detectFamily, type FamilyMatch } from "../understand/family";
import { makeCtx, type Ctx } from "./context";
import { LAYOUTS, partSection } from "./layouts";
import { header, itemList, details } from "./sections";
import { capitalize, joinAnd } from "../text";
import { button, card, row, text } from "../ui";

/** A composed screen: its code, family and an account of what was recognised. */
export interface Composed {
  code: string;
  family: string;
  reasoning: string[];
}

const ABOUT = new Map(FAMILIES.map((f) => [f.id, f.about]));

/** Explicit names must be unique on a screen; a repeat gets a suffix. */
export function uniqueNames(nodes: readonly UiNode[]): UiNode[] {
  const seen = new Map<string, number>();
  const walk = (ns: readonly UiNode[]): UiNode[] =>
    ns.map((n) => {
      let props = n.props;
      const name = props?.name;
      if (typeof name === "string") {
        const k = (seen.get(name) ?? 0) + 1;
        seen.set(name, k);
        if (k > 1) props = { ...props, name: `${name}_${k}` };
      }
      return Object.assign(Object.create(Object.getPrototypeOf(n) as object) as UiNode, n, {
        props,
        children: n.children ? walk(n.children) : n.children,
      });
    });
  return walk(nodes);
}

/** The screen for a request nothing specific fits: built from its own nouns and entities. */
function overview(ctx: Ctx): UiNode[] {
  const e = ctx.e;
  const facts: Record<string, string> = {};
  if (e.places.length) facts.Places = joinAnd(e.places);
  if (e.people.length) facts.People = joinAnd(e.people);
  if (e.organisations.length) facts.Organisations = joinAnd(e.organisations);
  if (e.dates.length) facts.When = joinAnd(e.dates);
  if (e.times.length) facts.Time = joinAnd(e.times);
  for (const v of e.values) facts[capitalize(v.label)] = `${v.value}${v.unit === "%" ? "%" : ""}`;
  const topics = e.lists[0] ?? e.words.slice(0, 6).map(capitalize);
  return [
    ...header(ctx.title, `About ${joinAnd(e.words.slice(0, 4))}.`),
    ...(Object.keys(facts).length ? [details(facts, "facts")] : []),
    card("Topics", { name: "topics" }, [itemList(topics.map((t) => ({ title: capitalize(t), subtitle: ctx.domainMatched ? ctx.domain.tagline : `Everything about ${t.toLowerCase()}` })), { press: "open_topic" })]),
    row([button("Tell me more", { name: "more", variant: "primary", onPress: "tell_me_more" }), button("Save", { name: "save", variant: "secondary", onPress: "save" })], { gap: 8 }),
    ...(ctx.domainMatched ? [text(ctx.domain.features[0]?.text ?? "", { tone: "muted" })] : []),
  ];
}

/** Prints a screen of `nodes` for a request. */
export function printScreen(title: string, nodes: UiNode[], e: Entities): string {
  const settings: ScreenSettings = { title, ...(e.theme ? { theme: e.theme } : {}) };
  return printProgram(title, settings, uniqueNames(nodes));
}

/** A new screen for a request: family, entities, layout, content. */
export function composeNew(request: string, hint?: FamilyMatch): Composed {
  const e = readEntities(request);
  const match = hint ?? detectFamily(e);
  let family = match.family;
  const ctx0 = makeCtx(e, match, "Overview");
  // Nothing matched: a domain's website when the request names one, else an overview of its own words.
  if (!family) family = ctx0.domainMatched ? "landing" : "";
  const ctx: Ctx = { ...ctx0, family };
  const layout = family ? LAYOUTS[family] : undefined;
  let nodes = layout ? layout(ctx) : overview(ctx);
  // Parts named besides a non-container head ("a form and a table") follow it.
  if (family && !["dashboard", "landing"].includes(family)) {
    const extra = match.parts.filter((p) => p !== family);
    nodes = [...nodes, ...extra.flatMap((p) => partSection(ctx, p))];
  }
  const recognised = [
    `The request asks for ${family ? `${ABOUT.get(family) ?? family}` : "something no family fits, so an overview built from its own words"}.\n`,
    ...(match.parts.length ? [`It also names ${joinAnd(match.parts)}, composed as sections.\n`] : []),
    ...(e.lists[0] ? [`The user listed: ${joinAnd(e.lists[0])}.\n`] : []),
    ...(e.values.length ? [`Values given: ${e.values.map((v) => `${v.label} ${v.value}${v.unit === "%" ? "%" : ""}`).join(", ")}.\n`] : []),
    ...(ctx.domainMatched ? [`Content comes from the ${ctx.domain.id} domain's data.\n`] : []),
  ];
  return { code: printScreen(ctx.title, nodes, e), family: family || "list", reasoning: recognised };
}
