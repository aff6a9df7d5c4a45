/** What the documentation's programs share: the thinking model's name and the frame of a program on each client. */
import { API_KEY_PLACEHOLDER } from "../snippets";

export const THINKING_MODEL = "genui-pluto-0.1-thinking";

/** A Python program on the official client: its imports, the client, then `body`. */
export const pyProgram = (base: string, body: string, imports = "import json\nfrom openai import OpenAI") => `${imports}

client = OpenAI(base_url="${base}", api_key="${API_KEY_PLACEHOLDER}")

${body}`;

/** A Node program on the official client: the import, the client, then `body`. */
export const jsProgram = (base: string, body: string) => `import OpenAI from "openai";

const client = new OpenAI({ baseURL: "${base}", apiKey: "${API_KEY_PLACEHOLDER}" });

${body}`;

/** A curl call that posts `json` with the key (`-N` when the answer streams). */
export const curlPost = (url: string, json: string, { stream = false } = {}) => `curl ${stream ? "-N " : ""}${url} \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\
  -d '${json}'`;
