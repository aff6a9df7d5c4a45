import type { ActionEvent, ComponentNode, JsonValue, Screen } from "@genui/ui-runtime";
import { CONTEXT_INPUTS_KEY, CONTEXT_SCREEN_KEY, INPUT_TYPES, assignIds, initialValue, reportedValue } from "./translate";

/**
 * A2UI client `action` messages → our action events, exactly what the chat page sends as user turns: the values the
 * user typed or picked (`onChangeText`, one per input whose value differs from the screen's own), then the press
 * (`onPress` of the pressed component, with the value our renderer reports for it — a button's `onPress` value or
 * its label, a list's item).
 */

/** An A2UI v0.9 client `action` message's body (client_to_server.json). */
export interface A2uiAction {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  timestamp: string;
  context: Record<string, unknown>;
}

/** The screen id an action's context carries (the `/genui/screen` binding), if any. */
export function actionScreenId(action: A2uiAction): string | undefined {
  const v = action.context[CONTEXT_SCREEN_KEY];
  return typeof v === "string" && v ? v : undefined;
}

/** Why an action cannot be read against a screen (the message says what, for the client's developer). */
export class ActionMismatch extends Error {}

/** A press's value as our renderer reports it: the action's `value`, else the component's own value. */
function pressValue(node: ComponentNode, item: number | undefined): JsonValue | undefined {
  if (node.component === "list" && item !== undefined) return Array.isArray(node.value) ? node.value[item] : undefined;
  const a = node.onPress;
  if (a && typeof a === "object" && a.value !== undefined) return a.value;
  return node.value;
}

/**
 * The action events one A2UI action stands for on `screen` (the screen the surface showed when it was pressed):
 * changed input values from the action's context first, then the press.
 */
export function actionEvents(action: A2uiAction, screen: Screen): ActionEvent[] {
  const ids = assignIds(screen);
  const byId = new Map([...ids].map(([node, id]) => [id, node]));
  // The source is a component of ours, or one of its parts (`<id>:label`, a list's `<id>:item:<i>`).
  const source = action.sourceComponentId;
  const itemMatch = /^(.*):item:(\d+)(?::label)?$/.exec(source);
  const baseId = itemMatch ? itemMatch[1]! : source.replace(/:label$/, "");
  const pressed = byId.get(baseId);
  if (!pressed) throw new ActionMismatch(`The action's sourceComponentId '${source}' is not a component of the screen it names.`);
  const item = itemMatch ? Number(itemMatch[2]) : undefined;
  // The inputs' values: the bound `/inputs` object, or (a client that builds its own context) one key per input.
  const bound = action.context[CONTEXT_INPUTS_KEY];
  const typed =
    typeof bound === "object" && bound !== null && !Array.isArray(bound) ? (bound as Record<string, unknown>) : action.context;
  const events: ActionEvent[] = [];
  for (const node of ids.keys()) {
    if (!INPUT_TYPES.has(node.component) || !Object.hasOwn(typed, node.name)) continue;
    const value = reportedValue(node, typed[node.name]);
    if (JSON.stringify(value) === JSON.stringify(reportedValue(node, initialValue(node)))) continue;
    events.push({ type: "onChangeText", component: { name: node.name, value } });
  }
  events.push({ type: "onPress", component: { name: pressed.name, value: pressValue(pressed, item) } });
  return events;
}
