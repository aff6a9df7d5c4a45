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

/**
 * A stream resumed after its connection dropped: the events carry ids, and `GET /chat/completions/{id}?stream=true`
 * with `starting_after` (or `Last-Event-ID`) sends the rest — here the first connection is dropped on purpose after
 * its 3rd event.
 */
export function resumeSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  const url = `${base}${API_PATHS.chatCompletions}`;
  const body = `{"model": "${MODEL}", "stream": true, "stream_options": {"resumable": true}, "messages": [{"role": "user", "content": "A weather card for Paris"}]}`;
  return {
    curl: `# Read the first event and hang up (grep stops at the first id): the answer goes on, waiting.
ID=$(curl -sN ${url} \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\
  -d '${body}' | grep -m1 -o 'chatcmpl-[0-9a-f]*')

# The rest, from the event after the 1st (any copy of the service answers it).
curl -sN "${url}/$ID?stream=true" \\
  -H "Last-Event-ID: 1" \\
  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`,
    python: `import json
import urllib.request

headers = {"Authorization": "Bearer ${API_KEY_PLACEHOLDER}", "Content-Type": "application/json"}
body = ${body.replace("true", "True").replace("true", "True")}


def events(response):
    """The (id, data) of each event of a stream."""
    event_id = None
    for raw in response:
        line = raw.decode().rstrip("\\n")
        if line.startswith("id: "):
            event_id = int(line[4:])
        elif line.startswith("data: "):
            yield event_id, line[6:]


content, completion, last = "", None, 0
request = urllib.request.Request("${url}", data=json.dumps(body).encode(), headers=headers)
with urllib.request.urlopen(request) as response:
    for last, data in events(response):
        chunk = json.loads(data)
        completion = chunk["id"]
        if chunk["choices"]:
            content += chunk["choices"][0]["delta"].get("content") or ""
        if last == 3:
            break  # the connection drops here

# Resume after the last event read: the rest of the same answer, nothing repeated.
resume = urllib.request.Request(f"${url}/{completion}?stream=true&starting_after={last}", headers=headers)
with urllib.request.urlopen(resume) as response:
    for _, data in events(response):
        if data != "[DONE]":
            chunk = json.loads(data)
            if chunk["choices"]:
                content += chunk["choices"][0]["delta"].get("content") or ""

print(f"resumed after event 3: {json.loads(content)['json']['name']}")`,
    javascript: `// On your server (Node 18+), with the secret key.
const headers = { Authorization: "Bearer ${API_KEY_PLACEHOLDER}", "Content-Type": "application/json" };

/** The events of a stream, as { id, data }. */
async function* events(response) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const bytes of response.body) {
    buffer += decoder.decode(bytes, { stream: true });
    let end;
    while ((end = buffer.indexOf("\\n\\n")) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (\\d+)$/m.exec(event)?.[1];
      const data = /^data: (.*)$/m.exec(event)?.[1];
      if (data !== undefined) yield { id: Number(id), data };
    }
  }
}

let content = "";
let completion;
let last = 0;
const first = await fetch("${url}", {
  method: "POST",
  headers,
  body: JSON.stringify(${body}),
});
for await (const { id, data } of events(first)) {
  const chunk = JSON.parse(data);
  completion = chunk.id;
  content += chunk.choices[0]?.delta?.content ?? "";
  last = id;
  if (last === 3) break; // the connection drops here
}

// Resume after the last event read: the rest of the same answer, nothing repeated.
const rest = await fetch(\`${url}/\${completion}?stream=true&starting_after=\${last}\`, { headers });
for await (const { data } of events(rest)) {
  if (data !== "[DONE]") content += JSON.parse(data).choices[0]?.delta?.content ?? "";
}
console.log("resumed after event 3:", JSON.parse(content).json.name);`,
  };
}
