/** The sample of the docs' "Tool Calling" section. */
import { API_PATHS } from "../api-paths";
import { apiBase, type Snippets } from "../snippets";
import { THINKING_MODEL, curlPost, jsProgram, pyProgram } from "./programs";

const WEB_SEARCH_DESCRIPTION = "Search the web for current facts.";

/** The web_search tool: GenUI runs the search itself and answers with a screen. */
export function webSearchSnippets(origin: string): Snippets {
  const base = apiBase(origin);
  return {
    curl: curlPost(
      `${base}${API_PATHS.chatCompletions}`,
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
