import { matchText } from "../intents";
import type { CodeNode, CodeScreen } from "../read-code";
import { clip, hash32, Rng, rngFor, slug } from "../text";
import {
  accordion,
  button,
  divider,
  heading,
  keyValue,
  row,
  text,
  type Json,
  type ScreenSettings,
  type UiAction,
  type UiNode,
} from "../ui";

/** What a screen builder gets: the prompt as written and as matched, and seeded randomness. */
export interface ScreenContext {
  /** The request as the user wrote it. */
  prompt: string;
  /** Normalised for matching (see `matchText`). */
  text: string;
  seed: number;
  /** A random source for one part of the screen (salted, so parts vary independently and stay stable). */
  rng(salt: string): Rng;
}

/** The context for composing a screen for a prompt. */
export function screenContext(prompt: string): ScreenContext {
  return { prompt, text: matchText(prompt), seed: hash32(prompt), rng: (salt) => rngFor(prompt, salt) };
}

/** A composed screen before it is printed. */
export interface Built {
  /** The screen's name (`screen("…")`). */
  name: string;
  settings: ScreenSettings;
  nodes: UiNode[];
  /** The sections, in order, as the reasoning describes them. */
  sections: string[];
  /** One line on what was composed. */
  summary: string;
}

/** An action the user took on an earlier screen, with what the earlier code says about it. */
export interface PressedAction {
  type: "onPress" | "onChangeText" | "onLongPress";
  /** The component's name. */
  name: string;
  /** The value the host reported. */
  value: Json | undefined;
  /** The event the earlier code attached (`onPress: "open_product"` or `{event: …}`), if known. */
  event?: string;
  /** Human text for it: the value if it is text, else an item's title, else the component's label. */
  label: string;
  /** The component in the earlier code, if found. */
  node?: CodeNode;
}

/** A site screen's answer to an action on it, or nothing if it has none. */
export type ActionAnswer = (
  action: PressedAction,
  ctx: ScreenContext,
  /** What the user entered, by component name. */
  values: Record<string, Json>,
  /** The screen the action came from, as read from its code. */
  previous: CodeScreen | undefined,
) => Built | undefined;

/** https image URLs: photos by a stable seed, and initials avatars. */
export const photo = (seed: string, w = 800, h = 400): string => `https://picsum.photos/seed/${slug(seed, 48)}/${w}/${h}`;
/** An initials avatar for a name. */
export const avatar = (name: string): string =>
  `https://api.dicebear.com/9.x/initials/svg?seed=${encodeURIComponent(name)}&radius=50`;

/** A site header: brand on the left, section buttons that report `open_section` with their label. */
export function navBar(brand: string, links: string[], cta?: { label: string; action: UiAction; name: string }): UiNode {
  return row(
    [
      heading(brand, { level: 3, name: "brand" }),
      row(
        [
          ...links.map((l) => button(l, { name: `nav_${slug(l, 30)}`, variant: "ghost", size: "sm", onPress: "open_section" })),
          ...(cta ? [button(cta.label, { name: cta.name, variant: "primary", size: "sm", onPress: cta.action })] : []),
        ],
        { gap: 4, wrap: true },
      ),
    ],
    { justify: "between", align: "center", wrap: true, name: "site_header" },
  );
}

/** Frequently asked questions as an accordion (first one open). */
export function faq(items: [string, string][], name = "faq"): UiNode {
  return accordion(
    items.map(([q]) => q),
    items.map(([, a]) => text(a)),
    { name, open: [0] },
  );
}

/** A site footer: a rule, contact details and a note. */
export function footer(brand: string, details: Record<string, string>, note: string): UiNode[] {
  return [
    divider(undefined, { name: "footer_rule" }),
    keyValue(details, { name: "footer_details" }),
    text(`© 2025 ${brand}. ${note}`, { size: "sm", tone: "muted", name: "footer_note" }),
  ];
}

/** A short title from a prompt ("Create a page about sourdough baking" → "Sourdough Baking"). */
export function titleFromPrompt(prompt: string, max = 60): string {
  const cleaned = prompt
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(please\s+)?((can|could|would) you\s+)?(please\s+)?/i, "")
    .replace(
      /^(i\s+(want|need|would like)(\s+to\s+(see|have|get))?|give me|show me|make me|build me|create|make|build|generate|design|draw|show|render|write|i'd like|let's have|help me (build|make|create))\s+/i,
      "",
    )
    .replace(/^(something|anything|stuff|a page|a screen)\s+(about|on|for|with|showing)\s+/i, "")
    .replace(/^(a|an|the|some|my)\s+/i, "")
    .replace(/^(simple|nice|beautiful|modern|clean|basic|quick|small)\s+/i, "")
    .replace(/[.!?]+$/, "");
  const t = clip(cleaned, max);
  return t ? t.charAt(0).toUpperCase() + t.slice(1) : "Your screen";
}

/** The first sentence of a prompt, clipped, for summaries that echo the request. */
export const echo = (prompt: string, max = 160): string => clip(prompt.split(/(?<=[.!?])\s/)[0] ?? prompt, max);
