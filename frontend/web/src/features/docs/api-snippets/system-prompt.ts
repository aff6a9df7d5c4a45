/** The sample of the docs' "Using System Prompt" section. */
import { API_PATHS } from "../api-paths";
import { MODEL, apiBase, type Snippets } from "../snippets";
import { curlPost, jsProgram, pyProgram } from "./programs";

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
      `${base}${API_PATHS.chatCompletions}`,
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
