import {
  API_KEY_PLACEHOLDER,
  MODEL,
  PUBLISHABLE_KEY_PLACEHOLDER,
  apiBase,
  chatSnippets,
  type SnippetSet,
  type Snippets,
} from "./snippets";

/*
 * The documentation's samples. Every program that calls the API is listed by `runnableSnippets`, which
 * e2e/snippets.int.test.ts executes against a running platform (curl through bash, Python in the project's venv with
 * the official `openai` package, Node with the official `openai` package). Fragments that only run inside a
 * framework (React, Next.js, HTML) are plain strings beside them, built from the same origin.
 */

export const THINKING_MODEL = "genui-pluto-0.1-thinking";

export type RunnableLanguage = "bash" | "python" | "javascript";

export interface RunnableSnippet {
  /** `<group>.<language>`, e.g. `stream.python`. */
  id: string;
  language: RunnableLanguage;
  code: string;
}

/** A Python program on the official client: its imports, the client, then `body`. */
const pyProgram = (base: string, body: string, imports = "import json\nfrom openai import OpenAI") => `${imports}

client = OpenAI(base_url="${base}", api_key="${API_KEY_PLACEHOLDER}")

${body}`;

/** A Node program on the official client: the import, the client, then `body`. */
const jsProgram = (base: string, body: string) => `import OpenAI from "openai";

const client = new OpenAI({ baseURL: "${base}", apiKey: "${API_KEY_PLACEHOLDER}" });

${body}`;

/** A curl call that posts `json` with the key (`-N` when the answer streams). */
const curlPost = (url: string, json: string, { stream = false } = {}) => `curl ${stream ? "-N " : ""}${url} \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\
  -d '${json}'`;

/** Streaming: each chunk carries the next piece of the answer's JSON text; the pieces add up to the whole answer. */
export function streamSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: curlPost(
      `${base}/chat/completions`,
      `{
    "model": "${MODEL}",
    "stream": true,
    "messages": [{ "role": "user", "content": "A weather card for Paris" }]
  }`,
      { stream: true },
    ),
    python: pyProgram(
      base,
      `stream = client.chat.completions.create(
    model="${MODEL}",
    messages=[{"role": "user", "content": "A weather card for Paris"}],
    stream=True,
)

# Each chunk carries the next piece of one JSON text: {"code": "...", "json": {...}}.
# The code grows as the model writes it (a streaming <GenUI> renders it as it comes);
# the validated screen closes the text.
content = ""
updates = 0
for chunk in stream:
    if chunk.choices and chunk.choices[0].delta.content:
        content += chunk.choices[0].delta.content
        updates += 1

screen = json.loads(content)
print(f"{updates} updates; final screen: {screen['json']['name']}")`,
    ),
    javascript: jsProgram(
      base,
      `const stream = await client.chat.completions.create({
  model: "${MODEL}",
  messages: [{ role: "user", content: "A weather card for Paris" }],
  stream: true,
});

// Each chunk carries the next piece of one JSON text: {"code": "...", "json": {...}}.
// The code grows as the model writes it (a streaming <GenUI> renders it as it comes);
// the validated screen closes the text.
let content = "";
let updates = 0;
for await (const chunk of stream) {
  const piece = chunk.choices[0]?.delta?.content;
  if (piece) {
    content += piece;
    updates += 1;
  }
}
const screen = JSON.parse(content);
console.log(updates, "updates; final screen:", screen.json.name);`,
    ),
  };
}

/** A conversation: the history keeps each answer's code (never its json) as the assistant's content. */
export function conversationSnippets(origin: string): SnippetSet {
  const base = apiBase(origin);
  return {
    python: pyProgram(
      base,
      `history = [{"role": "user", "content": "A to-do list with three tasks"}]
first = client.chat.completions.create(model="${MODEL}", messages=history)
answer = json.loads(first.choices[0].message.content)
# Store both: render answer["json"] now, keep answer["code"] for the history.
history.append({"role": "assistant", "content": answer["code"]})

history.append({"role": "user", "content": "Add a task: renew the passport"})
second = client.chat.completions.create(model="${MODEL}", messages=history)
updated = json.loads(second.choices[0].message.content)
history.append({"role": "assistant", "content": updated["code"]})

print(answer["json"]["name"], "->", updated["json"]["name"])
print(len(history), "messages: each answer kept as its code")`,
    ),
    javascript: jsProgram(
      base,
      `const history = [{ role: "user", content: "A to-do list with three tasks" }];
const first = await client.chat.completions.create({
  model: "${MODEL}",
  messages: history,
});
const answer = JSON.parse(first.choices[0].message.content);
// Store both: render answer.json now, keep answer.code for the history.
history.push({ role: "assistant", content: answer.code });

history.push({ role: "user", content: "Add a task: renew the passport" });
const second = await client.chat.completions.create({
  model: "${MODEL}",
  messages: history,
});
const updated = JSON.parse(second.choices[0].message.content);
history.push({ role: "assistant", content: updated.code });

console.log(answer.json.name, "->", updated.json.name);
console.log(history.length, "messages: each answer kept as its code");`,
    ),
  };
}

/** Reasoning of the thinking model, streamed as `delta.reasoning_content` before the screen. */
export function thinkingSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: curlPost(
      `${base}/chat/completions`,
      `{
    "model": "${THINKING_MODEL}",
    "stream": true,
    "extra_body": { "include_thoughts": true },
    "messages": [{ "role": "user", "content": "A sales dashboard for a coffee shop" }]
  }`,
      { stream: true },
    ),
    python: pyProgram(
      base,
      `stream = client.chat.completions.create(
    model="${THINKING_MODEL}",
    messages=[{"role": "user", "content": "A sales dashboard for a coffee shop"}],
    stream=True,
    # The Python client merges extra_body into the request body,
    # and GenUI reads an "extra_body" field of the body: hence the nesting.
    extra_body={"extra_body": {"include_thoughts": True}},
)

reasoning = ""
content = ""
for chunk in stream:
    if not chunk.choices:
        continue
    delta = chunk.choices[0].delta
    reasoning += getattr(delta, "reasoning_content", None) or ""
    content += delta.content or ""

screen = json.loads(content)
print("Reasoning:", reasoning.strip().splitlines()[0])
print("Screen:", screen["json"]["name"])`,
    ),
    javascript: jsProgram(
      base,
      `const stream = await client.chat.completions.create({
  model: "${THINKING_MODEL}",
  messages: [{ role: "user", content: "A sales dashboard for a coffee shop" }],
  stream: true,
  extra_body: { include_thoughts: true },
});

let reasoning = "";
let content = "";
for await (const chunk of stream) {
  const delta = chunk.choices[0]?.delta;
  if (delta?.reasoning_content) reasoning += delta.reasoning_content;
  if (delta?.content) content += delta.content;
}
const screen = JSON.parse(content);
console.log("Reasoning:", reasoning.trim().split("\\n")[0]);
console.log("Screen:", screen.json.name);`,
    ),
  };
}

const RETRIEVE_CODE = `screen("Welcome")\\nheading("Hello from code")`;

/** Retrieve: UI code evaluated without a model (free), or a prompt (optionally changing code). */
export function retrieveSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: curlPost(`${base}/retrieve/`, `{ "code": "${RETRIEVE_CODE.replace(/"/g, '\\"')}" }`),
    python: `import json
import urllib.request

# UI code, e.g. kept from an earlier answer
code = '${RETRIEVE_CODE}'

request = urllib.request.Request(
    "${base}/retrieve/",
    data=json.dumps({"code": code}).encode(),
    headers={"Authorization": "Bearer ${API_KEY_PLACEHOLDER}", "Content-Type": "application/json"},
)
with urllib.request.urlopen(request) as response:
    screen = json.load(response)  # {"json": ..., "code": ...}

print(screen["json"]["name"])`,
    javascript: `// On your server (Node 18+), with the secret key. In web pages use the component instead.
// UI code, e.g. kept from an earlier answer
const code = '${RETRIEVE_CODE}';

const response = await fetch("${base}/retrieve/", {
  method: "POST",
  headers: { Authorization: "Bearer ${API_KEY_PLACEHOLDER}", "Content-Type": "application/json" },
  body: JSON.stringify({ code }),
});
const body = await response.json();
if (!response.ok) throw new Error(body.error.message);

console.log(body.json.name); // body: { json, code }`,
  };
}

/** OpenAI's models endpoints. */
export function modelsSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: `curl ${base}/models \\
  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`,
    python: pyProgram(
      base,
      `for model in client.models.list():
    print(model.id)`,
      "from openai import OpenAI",
    ),
    javascript: jsProgram(base, `for await (const model of client.models.list()) console.log(model.id);`),
  };
}

/** Errors arrive in OpenAI's shape; the official clients raise them as typed exceptions. */
export function errorSnippets(origin: string): SnippetSet {
  const base = apiBase(origin);
  return {
    python: pyProgram(
      base,
      `try:
    client.chat.completions.create(
        model="genui-pluto-9",  # no such model
        messages=[{"role": "user", "content": "A signup form"}],
    )
except openai.APIStatusError as error:
    # The body is {"error": {"message", "type", "param", "code"}}
    print(error.status_code, error.code)  # 404 model_not_found
    print(error.message)`,
      "import openai\nfrom openai import OpenAI",
    ),
    javascript: jsProgram(
      base,
      `try {
  await client.chat.completions.create({
    model: "genui-pluto-9", // no such model
    messages: [{ role: "user", content: "A signup form" }],
  });
} catch (error) {
  if (!(error instanceof OpenAI.APIError)) throw error;
  // The body is { error: { message, type, param, code } }
  console.log(error.status, error.code); // 404 model_not_found
  console.log(error.message);
}`,
    ),
  };
}

/** A system message steering the style of the screens. */
export function systemPromptSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  const [s1, s2] = [
    "You design screens for PawCare, a veterinary clinic app. ",
    "Friendly, plain wording; one primary action per screen; prices in INR.",
  ];
  const system = s1 + s2;
  return {
    curl: curlPost(
      `${base}/chat/completions`,
      `{
    "model": "${MODEL}",
    "messages": [
      { "role": "system", "content": "${system}" },
      { "role": "user", "content": "A form to book a check-up for my dog" }
    ]
  }`,
    ),
    python: pyProgram(
      base,
      `system = (
    "${s1}"
    "${s2}"
)

completion = client.chat.completions.create(
    model="${MODEL}",
    messages=[
        {"role": "system", "content": system},
        {"role": "user", "content": "A form to book a check-up for my dog"},
    ],
)

screen = json.loads(completion.choices[0].message.content)
print(screen["json"]["name"])`,
    ),
    javascript: jsProgram(
      base,
      `const system =
  "${s1}" +
  "${s2}";

const completion = await client.chat.completions.create({
  model: "${MODEL}",
  messages: [
    { role: "system", content: system },
    { role: "user", content: "A form to book a check-up for my dog" },
  ],
});

const { json } = JSON.parse(completion.choices[0].message.content);
console.log(json.name);`,
    ),
  };
}

const WEB_SEARCH_DESCRIPTION = "Search the web for current facts.";

/** The web_search tool: GenUI runs the search itself and answers with a screen. */
export function webSearchSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: curlPost(
      `${base}/chat/completions`,
      `{
    "model": "${THINKING_MODEL}",
    "messages": [{ "role": "user", "content": "A card with the top technology news of this week" }],
    "tools": [{
      "type": "function",
      "function": {
        "name": "web_search",
        "description": "${WEB_SEARCH_DESCRIPTION}",
        "parameters": {
          "type": "object",
          "properties": { "query": { "type": "string" } },
          "required": ["query"]
        }
      }
    }]
  }`,
    ),
    python: pyProgram(
      base,
      `web_search = {
    "type": "function",
    "function": {
        "name": "web_search",
        "description": "${WEB_SEARCH_DESCRIPTION}",
        "parameters": {
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": ["query"],
        },
    },
}

completion = client.chat.completions.create(
    model="${THINKING_MODEL}",
    messages=[{"role": "user", "content": "A card with the top technology news of this week"}],
    tools=[web_search],  # GenUI runs the search: the answer is still a screen
)

screen = json.loads(completion.choices[0].message.content)
print(screen["json"]["name"])`,
    ),
    javascript: jsProgram(
      base,
      `const webSearch = {
  type: "function",
  function: {
    name: "web_search",
    description: "${WEB_SEARCH_DESCRIPTION}",
    parameters: {
      type: "object",
      properties: { query: { type: "string" } },
      required: ["query"],
    },
  },
};

const completion = await client.chat.completions.create({
  model: "${THINKING_MODEL}",
  messages: [{ role: "user", content: "A card with the top technology news of this week" }],
  tools: [webSearch], // GenUI runs the search: the answer is still a screen
});

const { json } = JSON.parse(completion.choices[0].message.content);
console.log(json.name);`,
    ),
  };
}

/** GenUI as the `show_ui` tool of another agent: a worked example with a simulated tool call and user action. */
export function agentSnippets(origin: string): SnippetSet {
  const base = apiBase(origin);
  return {
    python: `import json
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
print(len(ui_history), "messages in the UI history")`,
    javascript: `import OpenAI from "openai";

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
console.log(uiHistory.length, "messages in the UI history");`,
  };
}

/** The groups of programs that call the API, by name (the docs' tabs and the test's list come from here). */
export function apiSnippetGroups(origin: string): Record<string, SnippetSet> {
  return {
    chat: chatSnippets(origin),
    stream: streamSnippets(origin),
    conversation: conversationSnippets(origin),
    thinking: thinkingSnippets(origin),
    retrieve: retrieveSnippets(origin),
    models: modelsSnippets(origin),
    errors: errorSnippets(origin),
    systemPrompt: systemPromptSnippets(origin),
    webSearch: webSearchSnippets(origin),
    agent: agentSnippets(origin),
  };
}

const LANGUAGE_OF: Record<keyof Snippets, RunnableLanguage> = { curl: "bash", python: "python", javascript: "javascript" };

/** Every program shown on the landing page and in the docs that calls the API (executed by the snippets test). */
export function runnableSnippets(origin: string): RunnableSnippet[] {
  return Object.entries(apiSnippetGroups(origin)).flatMap(([group, set]) =>
    (Object.keys(LANGUAGE_OF) as (keyof Snippets)[]).flatMap((lang) => {
      const code = set[lang];
      return code === undefined ? [] : [{ id: `${group}.${lang}`, language: LANGUAGE_OF[lang], code }];
    }),
  );
}

/* ---- Fragments that run inside a framework or a page (not executed against the API). ---- */

export const PACKAGE_NAME = "@genui/react";

export interface RenderingSnippets {
  install: string;
  react: string;
  reactCode: string;
  nextComponent: string;
  nextRoute: string;
  nextPage: string;
  actions: string;
  loader: string;
  streamRoute: string;
  streamReact: string;
  streamFetch: string;
}

export function renderingSnippets(origin: string): RenderingSnippets {
  const host = origin.replace(/\/+$/, "");
  const base = apiBase(origin);
  return {
    install: `npm install ${PACKAGE_NAME}`,
    react: `import { GenUI, type Screen } from "${PACKAGE_NAME}";

// \`screen\` is the json of an answer: JSON.parse(message.content).json
export function Answer({ screen }: { screen: Screen }) {
  return <GenUI apiBase="${host}" json={screen} width="100%" />;
}`,
    reactCode: `import { GenUI } from "${PACKAGE_NAME}";

// Code (or a prompt) is turned into a screen by the retrieve endpoint: this needs your app's
// publishable key (gk_pub_…), which works only on pages of your app's website. Never the secret key.
export function StoredScreen({ code }: { code: string }) {
  return <GenUI apiBase="${host}" apiKey="${PUBLISHABLE_KEY_PLACEHOLDER}" code={code} debug />;
}`,
    nextComponent: `// components/genui-screen.tsx
"use client";

import dynamic from "next/dynamic";
import type { ActionEvent, Screen } from "${PACKAGE_NAME}";

// The screen lives in an iframe in the browser: skip server rendering for it.
const GenUI = dynamic(() => import("${PACKAGE_NAME}").then((m) => m.GenUI), { ssr: false });

type Props = { json: Screen; onAction?: (event: ActionEvent) => void };

export function GenUIScreen({ json, onAction }: Props) {
  return (
    <GenUI apiBase="${host}" json={json} width="100%" onActionListener={onAction} />
  );
}`,
    nextRoute: `// app/api/genui/route.ts: the key stays on the server
import OpenAI from "openai";

const genui = new OpenAI({
  baseURL: "${base}",
  apiKey: process.env.GENUI_API_KEY,
});

export async function POST(request: Request) {
  const { messages } = await request.json(); // the conversation: assistant turns carry code
  const completion = await genui.chat.completions.create({
    model: "${MODEL}",
    messages,
  });
  // The content is the JSON text of { code, json }.
  return new Response(completion.choices[0].message.content, {
    headers: { "Content-Type": "application/json" },
  });
}`,
    nextPage: `// app/page.tsx
"use client";

import { useState } from "react";
import type { ActionEvent, Screen } from "${PACKAGE_NAME}";
import { GenUIScreen } from "../components/genui-screen";

type Turn = { role: "user" | "assistant"; content: string };

export default function Page() {
  const [history, setHistory] = useState<Turn[]>([]);
  const [screen, setScreen] = useState<Screen | null>(null);

  async function send(content: string) {
    const messages: Turn[] = [...history, { role: "user", content }];
    const response = await fetch("/api/genui", {
      method: "POST",
      body: JSON.stringify({ messages }),
    });
    const { code, json } = await response.json();
    // The history keeps the screen's code, never its json.
    setHistory([...messages, { role: "assistant", content: code }]);
    setScreen(json);
  }

  // An action on the screen goes back to the model as a user message.
  const onAction = (event: ActionEvent) => void send(JSON.stringify(event));

  return (
    <main>
      <button onClick={() => void send("A form to book a table: name, date, guests")}>
        Book a table
      </button>
      {screen && <GenUIScreen json={screen} onAction={onAction} />}
    </main>
  );
}`,
    actions: `<GenUI
  apiBase="${host}"
  json={screen}
  onActionListener={(event) => {
    // event: { type: "onPress" | "onChangeText" | "onLongPress", component: { name, value } }
    void send(JSON.stringify(event)); // the next user message of the same conversation
  }}
/>`,
    loader: `<script src="${base}/embed/genui-loader.js"></script>

<genui-screen id="screen" api-base="${host}" width="100%"></genui-screen>

<script>
  const el = document.getElementById("screen");
  // The json of an answer your server fetched (an object or JSON text).
  el.json = {
    name: "Hello",
    screen: { v1: [{ name: "title", component: "heading", value: "Hello from GenUI" }] },
  };
  // event.detail: { type, component: { name, value } }
  el.addEventListener("genui-action", (event) => console.log(event.detail));
  el.addEventListener("genui-error", (event) => console.error(event.detail.message));
</script>`,
    streamRoute: `// app/api/genui/route.ts: the official client streams; the browser gets its chunks
import OpenAI from "openai";

const genui = new OpenAI({
  baseURL: "${base}",
  apiKey: process.env.GENUI_API_KEY,
});

export async function POST(request: Request) {
  const { messages } = await request.json();
  const stream = await genui.chat.completions.create({
    model: "${MODEL}",
    messages,
    stream: true,
  });
  // One JSON chunk per line; Stream.fromReadableStream reads it back in the browser.
  return new Response(stream.toReadableStream());
}`,
    streamReact: `// app/page.tsx
"use client";

import { useState } from "react";
import { Stream } from "openai/streaming";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { GenUI, type GenUIStream } from "${PACKAGE_NAME}";

export default function Page() {
  const [stream, setStream] = useState<GenUIStream>();
  const [code, setCode] = useState<string>();

  async function send(content: string) {
    const response = await fetch("/api/genui", {
      method: "POST",
      body: JSON.stringify({ messages: [{ role: "user", content }] }),
    });
    const controller = new AbortController();
    setStream(Stream.fromReadableStream<ChatCompletionChunk>(response.body!, controller));
  }

  return (
    <main>
      <button onClick={() => void send("What's the weather in Paris this week?")}>Weather</button>
      {/* Draws the screen as the code streams, then the answer's validated json. */}
      <GenUI
        apiBase="${host}"
        stream={stream}
        width="100%"
        debug
        onStreamComplete={(answer) => setCode(answer.repaired_code ?? answer.code)}
      />
      {code && <p data-testid="kept">History keeps {code.length} characters of code.</p>}
    </main>
  );
}`,
    streamFetch: `<script src="${base}/embed/genui-loader.js"></script>

<genui-screen id="screen" api-base="${host}" width="100%" debug></genui-screen>

<script>
  const el = document.getElementById("screen");
  el.addEventListener("genui-stream-complete", (event) => console.log("done:", event.detail.json.name));
  el.addEventListener("genui-error", (event) => console.error(event.detail.message));

  // Your server passes the API's event stream through (it keeps the key). Plain fetch, plain SSE:
  // (el.stream = response also works: the element reads the events itself.)
  async function show(prompt) {
    const response = await fetch("/api/genui-stream", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: prompt }] }),
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let content = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const events = buffer.split("\\n\\n");
      buffer = events.pop();
      for (const event of events) {
        const data = event.replace(/^data: /, "");
        if (!data.startsWith("{")) continue; // comments and [DONE]
        content += JSON.parse(data).choices[0]?.delta?.content ?? "";
        el.stream = content; // the text so far: the element draws the screen it describes
      }
    }
  }
  show("What's the weather in Paris this week?");
</script>`,
  };
}

/** What an answer's message content holds, pretty-printed (the API sends it as one JSON string). */
export const ANSWER_SHAPE = `{
  "code": "screen(\\"Sign up\\")\\nheading(\\"Create your account\\")\\ntextInput(\\"\\", {name: \\"email\\", label: \\"Email\\"})\\nbutton(\\"Sign up\\", {name: \\"submit\\", onPress: \\"submit\\"})",
  "json": {
    "name": "Sign up",
    "screen": {
      "v1": [
        { "name": "heading_1", "component": "heading", "value": "Create your account" },
        { "name": "email", "component": "textInput", "value": "", "props": { "label": "Email" } },
        { "name": "submit", "component": "button", "value": "Sign up", "onPress": "submit" }
      ]
    }
  }
}`;

export const ERROR_SHAPE = `{
  "error": {
    "message": "The model 'genui-pluto-9' does not exist.",
    "type": "invalid_request_error",
    "param": "model",
    "code": "model_not_found"
  }
}`;
