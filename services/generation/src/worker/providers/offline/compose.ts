import type { ChatTurn } from "../provider";
import { answerAction } from "./actions";
import { readConversation } from "./conversation";
import { detectIntent, type Intent } from "./intents";
import { buildAstrology } from "./screens/astrology";
import { buildChart, buildDashboard } from "./screens/charts";
import { buildList, buildTable } from "./screens/data-views";
import { buildForm } from "./screens/forms";
import { buildGeneric, buildWelcome } from "./screens/generic";
import { buildPricing } from "./screens/pricing";
import { buildProfile } from "./screens/profile";
import { buildPythonTutorial } from "./screens/python-tutorial";
import { screenContext, type Built, type ScreenContext } from "./screens/shared";
import { buildPetShop, buildShop } from "./screens/shop";
import { buildTodo } from "./screens/todo";
import { buildWeather } from "./screens/weather";
import { buildWomensHealth } from "./screens/womens-health";
import { clip } from "./text";
import { componentsUsed, printProgram, UiNode, type Json } from "./ui";

/**
 * The pure part of the offline generator: a conversation in, UI code out. The last user turn is either a prompt
 * (its intent picks a screen builder) or an action sent back from an earlier screen (answered from that screen's
 * code); the result is printed as UI code with a short, honest account of what was composed.
 */

/** A composed answer: the UI code, the intent it answered, and reasoning lines describing it. */
export interface ComposedScreen {
  code: string;
  /** What was recognised: an intent ("weather", "pet_shop"…) or, for actions, "action:<kind>". */
  intent: string;
  /** One line per step, each ending in a line break. */
  reasoning: string[];
}

const BUILDERS: Record<Intent, (ctx: ScreenContext) => Built> = {
  womens_health: buildWomensHealth,
  python_tutorial: buildPythonTutorial,
  pet_shop: buildPetShop,
  astrology: buildAstrology,
  weather: (ctx) => buildWeather(ctx),
  todo: buildTodo,
  pricing: buildPricing,
  dashboard: buildDashboard,
  profile: buildProfile,
  form: buildForm,
  chart: buildChart,
  table: buildTable,
  list: buildList,
  shop: buildShop,
  landing: buildGeneric,
  generic: buildGeneric,
  welcome: () => buildWelcome(),
};

const DESCRIBE: Record<Intent, string> = {
  womens_health: "a women's health care website",
  python_tutorial: "a Python tutorial website",
  pet_shop: "a pet care e-commerce website",
  astrology: "an astrology website",
  weather: "a weather screen",
  todo: "a to-do list",
  pricing: "a pricing page",
  dashboard: "a dashboard",
  profile: "a profile",
  form: "a form",
  chart: "a chart",
  table: "a table",
  list: "a list",
  shop: "an online store",
  landing: "a website",
  generic: "a screen that no specific template fits, so a titled overview built from its words",
  welcome: "nothing yet (the message is empty), so a welcome screen with suggestions",
};

/** Explicit names must be unique on a screen; a repeat gets a suffix rather than a silently generated name. */
function uniqueNames(nodes: readonly UiNode[]): UiNode[] {
  const seen = new Map<string, number>();
  const walk = (ns: readonly UiNode[]): UiNode[] =>
    ns.map((n) => {
      let props = n.props;
      const name = props?.name;
      if (typeof name === "string") {
        const count = seen.get(name) ?? 0;
        seen.set(name, count + 1);
        if (count > 0) props = { ...props, name: `${name.slice(0, 58)}_${count + 1}` };
      }
      return new UiNode(n.type, n.value, props, n.children ? walk(n.children) : undefined);
    });
  return walk(nodes);
}

function eventsOf(nodes: readonly UiNode[]): string[] {
  const out = new Set<string>();
  const walk = (ns: readonly UiNode[]) => {
    for (const n of ns) {
      for (const k of ["onPress", "onChangeText", "onLongPress"]) {
        const a = n.props?.[k] as Json | undefined;
        const ev =
          typeof a === "string"
            ? a
            : a && typeof a === "object" && !Array.isArray(a) && typeof a.event === "string"
              ? a.event
              : undefined;
        if (ev) out.add(ev);
      }
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return [...out];
}

function print(b: Built): string {
  const name = clip(b.name, 200);
  return printProgram(
    name,
    { ...b.settings, title: b.settings.title ? clip(b.settings.title, 200) : undefined },
    uniqueNames(b.nodes),
  );
}

function describe(b: Built): string[] {
  const used = [...componentsUsed(b.nodes).entries()].sort((x, y) => y[1] - x[1]);
  const events = eventsOf(b.nodes);
  return [
    `Composing ${b.summary}.\n`,
    `Sections: ${b.sections.join("; ")}.\n`,
    `Components: ${used.map(([t, c]) => (c > 1 ? `${t} ×${c}` : t)).join(", ")}.\n`,
    ...(events.length ? [`Actions it reports: ${events.slice(0, 10).join(", ")}${events.length > 10 ? ", …" : ""}.\n`] : []),
  ];
}

/** The screen a prompt asks for, before printing (its intent and the composed tree). */
export function buildForPrompt(prompt: string): { intent: Intent; matched: string[]; built: Built } {
  const match = detectIntent(prompt);
  const ctx = screenContext(prompt);
  try {
    return { intent: match.intent, matched: match.matched, built: BUILDERS[match.intent](ctx) };
  } catch {
    // A builder should never fail; if one does, the user still gets a screen about what they asked.
    return { intent: match.intent, matched: match.matched, built: buildGeneric(ctx) };
  }
}

function composePrompt(prompt: string, lead: string[] = []): ComposedScreen {
  const { intent, matched, built } = buildForPrompt(prompt);
  const match = { intent, matched };
  const quoted = prompt.trim() ? `“${clip(prompt, 100)}”` : "an empty message";
  const why = match.matched.length ? ` (matched ${match.matched.map((m) => `“${m}”`).join(", ")})` : "";
  return {
    code: print(built),
    intent: match.intent,
    reasoning: [...lead, `The request ${quoted} asks for ${DESCRIBE[match.intent]}${why}.\n`, ...describe(built)],
  };
}

/** Composes the answer to a conversation: the screen as UI code, its intent and the reasoning behind it. */
export function composeScreen(messages: readonly ChatTurn[]): ComposedScreen {
  const conv = readConversation(messages);
  if (conv.action) {
    let outcome: ReturnType<typeof answerAction>;
    try {
      outcome = answerAction(conv, conv.action);
    } catch {
      // An action that cannot be answered is read as a plain request rather than failing.
      outcome = undefined;
    }
    if (outcome?.kind === "prompt") return composePrompt(outcome.prompt, [`${outcome.note}\n`]);
    if (outcome?.kind === "screen")
      return { code: print(outcome.built), intent: outcome.intent, reasoning: [`${outcome.note}\n`, ...describe(outcome.built)] };
    if (outcome?.kind === "code")
      return {
        code: outcome.code,
        intent: outcome.intent,
        reasoning: [
          `${outcome.note}\n`,
          "It has no screen of its own, so the previous screen comes back with a notice of what was pressed.\n",
        ],
      };
  }
  return composePrompt(conv.request);
}
