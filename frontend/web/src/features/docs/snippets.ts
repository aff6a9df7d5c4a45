/**
 * The integration snippets shown on the landing page and in the docs. They are real programs: e2e tests run each
 * one (curl, Python with the official `openai` package, Node with the official `openai` package) against the running
 * platform with a real key substituted for YOUR_API_KEY, so they cannot drift from the API.
 */

import { API_PATHS, API_PREFIX } from "./api-paths";

export const API_KEY_PLACEHOLDER = "YOUR_API_KEY";
/** The key a web page carries: the app's publishable key (gk_pub_…), never the secret key. */
export const PUBLISHABLE_KEY_PLACEHOLDER = "YOUR_PUBLISHABLE_KEY";
export const MODEL = "genui-pluto-0.1";

/** The API base for a site origin, e.g. https://genui.dev → https://genui.dev/apps/api/v1 */
export const apiBase = (origin: string) => `${origin.replace(/\/+$/, "")}${API_PREFIX}`;

export interface Snippets {
  curl: string;
  python: string;
  javascript: string;
}

export function chatSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: `curl ${base}${API_PATHS.chatCompletions} \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\
  -d '{
    "model": "${MODEL}",
    "messages": [
      { "role": "user", "content": "A signup form with name, email and a submit button" }
    ]
  }'`,
    python: `import json
from openai import OpenAI

client = OpenAI(base_url="${base}", api_key="${API_KEY_PLACEHOLDER}")

completion = client.chat.completions.create(
    model="${MODEL}",
    messages=[{"role": "user", "content": "A signup form with name, email and a submit button"}],
)

screen = json.loads(completion.choices[0].message.content)
print(screen["code"])  # keep for the conversation history
print(screen["json"]["name"])  # render this with <GenUI json={...} />`,
    javascript: `import OpenAI from "openai";

const client = new OpenAI({ baseURL: "${base}", apiKey: "${API_KEY_PLACEHOLDER}" });

const completion = await client.chat.completions.create({
  model: "${MODEL}",
  messages: [{ role: "user", content: "A signup form with name, email and a submit button" }],
});

const { code, json } = JSON.parse(completion.choices[0].message.content);
console.log(code); // keep for the conversation history
console.log(json.name); // render this with <GenUI json={json} />`,
  };
}

/** A sample in some of the languages (the docs show the ones present as tabs: Curl, Python, Javascript). */
export type SnippetSet = Partial<Snippets>;

/*
 * The documentation's own programs live in ./api-snippets.ts and ./api-snippets/ (so the landing page does not download
 * them); its `runnableSnippets` lists them together with the ones above for the test that executes them.
 */
