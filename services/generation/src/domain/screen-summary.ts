import { describeScreenActions, type ComponentNode, type Screen } from "@genui/ui-runtime";

/**
 * What an agent host's model is told about a screen it showed (the MCP tools' text content): the screen's title and
 * what the user can see and do on it, in a few plain lines — never the code. The host renders the screen itself; the
 * model needs just enough to talk about it and to know what the user's next action means.
 */

const TEXT_KEYS = ["title", "label", "text", "placeholder", "heading"] as const;
/** The catalogue's components a user types or picks in, and presses (packages/ui-runtime/src/catalogue.ts). */
const INPUTS = new Set(["textInput", "textArea", "select", "checkbox", "switch", "slider", "date", "fileInput"]);
const BUTTONS = new Set(["button"]);
const MAX_LIST = 8;
const MAX_TEXT = 80;

const clip = (s: string, n = MAX_TEXT) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function textOf(node: ComponentNode): string | undefined {
  for (const k of TEXT_KEYS) {
    const v = node.props?.[k];
    if (typeof v === "string" && v.trim()) return clip(v.trim());
  }
  if (typeof node.value === "string" && node.value.trim()) return clip(node.value.trim());
  return undefined;
}

function walk(nodes: readonly ComponentNode[] | undefined, visit: (n: ComponentNode) => void, depth = 0): void {
  if (!nodes || depth > 64) return;
  for (const n of nodes) {
    visit(n);
    walk(n.content, visit, depth + 1);
  }
}

const list = (items: string[]): string => {
  const shown = items.slice(0, MAX_LIST).map((s) => `“${s}”`);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
};

/** A few lines for the model: the screen's title, its inputs, its buttons and how many components it has. */
export function summarizeScreen(screen: Screen | undefined): string {
  if (!screen) return "The screen is empty.";
  const title = screen.props?.screenProps?.title ?? screen.name;
  const inputs: string[] = [];
  const buttons: string[] = [];
  let count = 0;
  let heading: string | undefined;
  walk(screen.screen.v1, (n) => {
    count++;
    const t = textOf(n) ?? n.name;
    if (INPUTS.has(n.component)) inputs.push(t);
    else if (BUTTONS.has(n.component) || n.onPress !== undefined) buttons.push(t);
    else if (!heading && n.component === "heading") heading = textOf(n);
  });
  const lines = [`The user now sees the screen “${clip(title, 120)}” (${count} component${count === 1 ? "" : "s"}).`];
  if (heading && heading !== title) lines.push(`It opens with “${heading}”.`);
  if (inputs.length) lines.push(`Fields: ${list(inputs)}.`);
  if (buttons.length) lines.push(`Buttons: ${list(buttons)}.`);
  lines.push("The user acts on it directly; each press comes back as the next screen.");
  return lines.join(" ");
}

/** One action on a screen, as `screen_action` receives it and the chat page sends it (SPEC's action event). */
export interface ScreenActionEvent {
  type: "onPress" | "onLongPress" | "onChangeText";
  component: { name: string; value?: unknown };
}

/** What the user did, for the host's model (the words the chat page shows): "The user: Entered “Ada” in Name. Sent message." */
export function describeActions(actions: readonly ScreenActionEvent[]): string {
  return actions.length ? `The user: ${describeScreenActions(actions)}` : "The user acted on the screen.";
}
