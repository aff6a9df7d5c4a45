/** The sample of the docs' "Using In Agents" section. */
import { API_KEY_PLACEHOLDER, MODEL, apiBase, type SnippetSet } from "../snippets";

/** The Python version: the tool, GenUI's side of the conversation, the agent's hooks, and stand-ins to run it. */
const agentPython = (base: string) => `import json
from openai import OpenAI

genui = OpenAI(base_url="${base}", api_key="${API_KEY_PLACEHOLDER}")

# 1. The tool you offer your agent's model (OpenAI function-calling format).
SHOW_UI_TOOL = {
    "type": "function",
    "function": {
        "name": "show_ui",
        "description": "Show the user an interactive screen: a form, table, chart or dashboard.",
        "parameters": {
            "type": "object",
            "properties": {
                "request": {"type": "string", "description": "What to show, with its data."},
            },
            "required": ["request"],
        },
    },
}

# 2. GenUI's side of one conversation: the requests and each screen's code (never its json).
ui_history = []


def show_ui(request):
    ui_history.append({"role": "user", "content": request})
    completion = genui.chat.completions.create(model="${MODEL}", messages=ui_history)
    screen = json.loads(completion.choices[0].message.content)
    ui_history.append({"role": "assistant", "content": screen["code"]})
    send_to_frontend(screen["json"])  # rendered there with <GenUI json={...} />
    return screen


# 3. Your agent loop calls this when its model calls show_ui.
def on_tool_call(call):
    screen = show_ui(json.loads(call["function"]["arguments"])["request"])
    # Tell the model briefly what the user sees: the screen's JSON would only cost tokens.
    summary = json.dumps({"shown": screen["json"]["name"]})
    return {"role": "tool", "tool_call_id": call["id"], "content": summary}


# 4. The user acted on the screen (onActionListener -> your backend): a user message to GenUI.
def on_action(action):
    show_ui(json.dumps(action))


# --- Stand-ins for this demo: your UI channel, a tool call of your agent's model, a click. ---
screens = []


def send_to_frontend(screen_json):
    screens.append(screen_json)
    print("render:", screen_json["name"])


def buttons(nodes):
    for node in nodes:
        if node.get("component") == "button":
            yield node
        yield from buttons(node.get("content") or [])


arguments = json.dumps({"request": "A form to book a table: name, date, guests"})
call = {"id": "call_1", "function": {"name": "show_ui", "arguments": arguments}}
print("tool result:", on_tool_call(call)["content"])

button = next(buttons(screens[-1]["screen"]["v1"]))
on_action({"type": "onPress", "component": {"name": button["name"], "value": button.get("value")}})
print(len(ui_history), "messages in the UI history")`;

/** The Node version of the same example. */
const agentJavascript = (base: string) => `import OpenAI from "openai";

const genui = new OpenAI({ baseURL: "${base}", apiKey: "${API_KEY_PLACEHOLDER}" });

// 1. The tool you offer your agent's model (OpenAI function-calling format).
export const showUiTool = {
  type: "function",
  function: {
    name: "show_ui",
    description: "Show the user an interactive screen: a form, table, chart or dashboard.",
    parameters: {
      type: "object",
      properties: {
        request: { type: "string", description: "What to show, with its data." },
      },
      required: ["request"],
    },
  },
};

// 2. GenUI's side of one conversation: the requests and each screen's code (never its json).
const uiHistory = [];

async function showUi(request) {
  uiHistory.push({ role: "user", content: request });
  const completion = await genui.chat.completions.create({
    model: "${MODEL}",
    messages: uiHistory,
  });
  const screen = JSON.parse(completion.choices[0].message.content);
  uiHistory.push({ role: "assistant", content: screen.code });
  sendToFrontend(screen.json); // rendered there with <GenUI json={...} />
  return screen;
}

// 3. Your agent loop calls this when its model calls show_ui.
async function onToolCall(call) {
  const screen = await showUi(JSON.parse(call.function.arguments).request);
  // Tell the model briefly what the user sees: the screen's JSON would only cost tokens.
  const summary = JSON.stringify({ shown: screen.json.name });
  return { role: "tool", tool_call_id: call.id, content: summary };
}

// 4. The user acted on the screen (onActionListener -> your backend): a user message to GenUI.
async function onAction(action) {
  await showUi(JSON.stringify(action));
}

// --- Stand-ins for this demo: your UI channel, a tool call of your agent's model, a click. ---
const screens = [];
function sendToFrontend(json) {
  screens.push(json);
  console.log("render:", json.name);
}
const buttons = (nodes) =>
  nodes.flatMap((node) => [
    ...(node.component === "button" ? [node] : []),
    ...buttons(node.content ?? []),
  ]);

const args = JSON.stringify({ request: "A form to book a table: name, date, guests" });
const call = { id: "call_1", function: { name: "show_ui", arguments: args } };
console.log("tool result:", (await onToolCall(call)).content);

const [button] = buttons(screens.at(-1).screen.v1);
await onAction({ type: "onPress", component: { name: button.name, value: button.value } });
console.log(uiHistory.length, "messages in the UI history");`;

/** GenUI as the `show_ui` tool of another agent: a worked example with a simulated tool call and user action. */
export function agentSnippets(origin: string): SnippetSet {
  const base = apiBase(origin);
  return { python: agentPython(base), javascript: agentJavascript(base) };
}
