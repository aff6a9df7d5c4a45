/** The samples of the docs' "Api Calling" section: streaming, conversations, reasoning, retrieve, models, errors. */
import { API_PATHS } from "../api-paths";
import { API_KEY_PLACEHOLDER, MODEL, apiBase, type SnippetSet, type Snippets } from "../snippets";
import { THINKING_MODEL, curlPost, jsProgram, pyProgram } from "./programs";

/** Streaming: each chunk carries the next piece of the answer's JSON text; the pieces add up to the whole answer. */
export function streamSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: curlPost(
      `${base}${API_PATHS.chatCompletions}`,
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
      `${base}${API_PATHS.chatCompletions}`,
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
    curl: curlPost(`${base}${API_PATHS.retrieve}`, `{ "code": "${RETRIEVE_CODE.replace(/"/g, '\\"')}" }`),
    python: `import json
import urllib.request

# UI code, e.g. kept from an earlier answer
code = '${RETRIEVE_CODE}'

request = urllib.request.Request(
    "${base}${API_PATHS.retrieve}",
    data=json.dumps({"code": code}).encode(),
    headers={"Authorization": "Bearer ${API_KEY_PLACEHOLDER}", "Content-Type": "application/json"},
)
with urllib.request.urlopen(request) as response:
    screen = json.load(response)  # {"json": ..., "code": ...}

print(screen["json"]["name"])`,
    javascript: `// On your server (Node 18+), with the secret key. In web pages use the component instead.
// UI code, e.g. kept from an earlier answer
const code = '${RETRIEVE_CODE}';

const response = await fetch("${base}${API_PATHS.retrieve}", {
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
    curl: `curl ${base}${API_PATHS.models} \\
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
