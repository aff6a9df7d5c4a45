/**
 * The fragments of the docs' "Rendering" section: they run inside a framework or a page (not executed against the
 * API), built from the same origin as the programs.
 */
import { API_PATHS } from "../api-paths";
import { MODEL, PUBLISHABLE_KEY_PLACEHOLDER, apiBase } from "../snippets";

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

/** The React component: its package, a screen from an answer's json, a screen from stored code. */
function componentSnippets(host: string): Pick<RenderingSnippets, "install" | "react" | "reactCode"> {
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
  };
}

/** Next.js: the client component, the route that keeps the key on the server, and a page with a conversation. */
function nextSnippets(host: string, base: string): Pick<RenderingSnippets, "nextComponent" | "nextRoute" | "nextPage"> {
  return {
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
  };
}

/** A screen's actions (the component's listener), and the loader's custom element for pages without React. */
function pageSnippets(host: string, base: string): Pick<RenderingSnippets, "actions" | "loader"> {
  return {
    actions: `<GenUI
  apiBase="${host}"
  json={screen}
  onActionListener={(event) => {
    // event: { type: "onPress" | "onChangeText" | "onLongPress", component: { name, value } }
    void send(JSON.stringify(event)); // the next user message of the same conversation
  }}
/>`,
    loader: `<script src="${base}${API_PATHS.embedLoader}"></script>

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
  };
}

/** Streaming: a route passing the official client's stream on, the component drawing it, and the loader reading SSE. */
function streamingSnippets(host: string, base: string): Pick<RenderingSnippets, "streamRoute" | "streamReact" | "streamFetch"> {
  return {
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
    streamFetch: `<script src="${base}${API_PATHS.embedLoader}"></script>

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

export function renderingSnippets(origin: string): RenderingSnippets {
  const host = origin.replace(/\/+$/, "");
  const base = apiBase(origin);
  return {
    ...componentSnippets(host),
    ...nextSnippets(host, base),
    ...pageSnippets(host, base),
    ...streamingSnippets(host, base),
  };
}
