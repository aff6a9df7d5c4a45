import { API_PATHS } from "../../api-paths";
import { PACKAGE_NAME, renderingSnippets } from "../../api-snippets";
import { apiBase } from "../../snippets";
import { Code } from "../code-tabs";
import { PropsTable } from "../props-table";
import { Callout, DocSection } from "../prose";

/** Where the A2UI catalog is served, under the API base. */
const A2UI_CATALOG_SUFFIX = "/a2ui/catalog.json";

/** A page that draws GenUI's A2UI stream with the official Lit renderer (its server forwards /a2ui with the key). */
const a2uiSnippet = (origin: string) => `import { basicCatalog } from "@a2ui/lit/v0_9";
import { MessageProcessor } from "@a2ui/web_core/v0_9";

// The basic catalog alone: GenUI draws its own components (charts, stats, tables…) with basic ones. Leave
// catalog_id out to get them as they are, and register renderings of GenUI's catalog (${apiBase(origin)}${"/a2ui/catalog.json"}).
const BASIC = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

const processor = new MessageProcessor([basicCatalog], (action) =>
  send({ messages: [{ version: "v0.9", action }], catalog_id: BASIC }), // a press: the next screen, same surface
);
processor.onSurfaceCreated((surface) => {
  const el = document.createElement("a2ui-surface");
  el.surface = surface;
  document.body.append(el);
});

// Your server's route forwards the body to ${apiBase(origin)}/a2ui with Authorization: Bearer <secret key>.
async function send(body) {
  const res = await fetch("/api/a2ui", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    buffer += r.value;
    const events = buffer.split("\\n\\n");
    buffer = events.pop();
    for (const event of events) {
      const data = event.split("\\n").find((l) => l.startsWith("data: "));
      if (data && !event.startsWith("event: error")) processor.processMessages([JSON.parse(data.slice(6))]);
    }
  }
}

send({ request: "A contact form with name, email and message", catalog_id: BASIC });`;

export function Rendering({ origin }: { origin: string }) {
  const s = renderingSnippets(origin);
  return (
    <DocSection id="rendering" title="Rendering">
      <p>
        A screen is rendered by the GenUI renderer inside a sandboxed iframe: it cannot read your page, your cookies or your
        storage, and it resizes itself to its content. You embed it with the React component or, on any other page, with a custom
        element.
      </p>

      <h3>Installation</h3>
      <p>
        The React package is <code>{PACKAGE_NAME}</code>; it works with React 18 and 19.
      </p>
      <Code code={s.install} language="bash" label="Install the React package" />

      <h3>React</h3>
      <p>
        Render the <code>json</code> of an answer. No API key is needed for that: the screen is already generated, so the
        component only draws it. Set <code>apiBase</code> to the host you call the API on.
      </p>
      <Code code={s.react} language="tsx" label="React: render an answer" />
      <p>
        Given <code>code</code> (or a <code>prompt</code>) instead, the component asks the retrieve endpoint for the screen, 1
        second after the last change, and needs your app's publishable key. <code>debug</code> shows what went wrong in a red band
        above the screen.
      </p>
      <Code code={s.reactCode} language="tsx" label="React: render stored code" />
      <Callout label="Keys in the browser" tone="warning">
        <p>
          Anything shipped to a browser is visible to its visitors, API keys included. Each app therefore has two keys (dashboard,
          the app's More menu, Keys). The <strong>secret key</strong> (<code>gk_live_…</code>) is for your server: the API refuses
          it when a browser sends it. Pages use the <strong>publishable key</strong> (<code>gk_pub_…</code>): it only renders
          screens (the retrieve endpoint), only from your app's own website (the scheme, host and port of its URL), at most 30
          times a minute and within the daily spend cap you set there. Use <code>json</code> or <code>code</code>, not both.
        </p>
      </Callout>

      <h3>Next.js</h3>
      <p>
        The component runs in the browser (it uses effects and an iframe), so it belongs in a client component — a file that
        starts with <code>"use client"</code>. Importing it with <code>next/dynamic</code> and <code>ssr: false</code> skips
        server rendering for it, which has nothing to show before the browser runs.
      </p>
      <Code code={s.nextComponent} language="tsx" label="Next.js: client component" />
      <p>Call the API from a route handler, so the key stays on the server:</p>
      <Code code={s.nextRoute} language="tsx" label="Next.js: route handler" />
      <p>The page keeps the conversation, shows the latest screen and sends the user's actions back:</p>
      <Code code={s.nextPage} language="tsx" label="Next.js: page" />

      <h3>Streaming</h3>
      <p>
        With <code>stream: true</code>, each chunk's <code>delta.content</code> is a piece of the answer's JSON text{" "}
        <code>{'{"code":"…","json":…}'}</code>. Give the stream to the component's <code>stream</code> prop and it draws the
        screen as the code arrives: the code so far runs in the UI code sandbox inside the component's sandboxed iframe (a Web
        Worker of the iframe's own opaque origin, never your page's), each screen it gives is drawn, and when the answer is
        complete its <code>json</code> — the validated screen — is drawn. <code>stream</code> takes the official client's stream,
        a <code>fetch</code> <code>Response</code> with the event stream, or the content text received so far.{" "}
        <code>onStreamComplete</code> receives <code>{"{ code, repaired_code?, json }"}</code>: keep{" "}
        <code>repaired_code ?? code</code> for the conversation.
      </p>
      <p>The key stays on your server: its route streams with the official Node client and passes the chunks on.</p>
      <Code code={s.streamRoute} language="tsx" label="Streaming: route handler with the openai client" />
      <Code code={s.streamReact} language="tsx" label="Streaming: page drawing the stream" />
      <p>
        Without React or the openai package, read the event stream with <code>fetch</code> and give the element the text so far
        (or the <code>Response</code> itself). A page with a Content Security Policy needs only{" "}
        <code>{"frame-src <api origin>"}</code> (and the content origin, where the platform serves its frames from one) and{" "}
        <code>{"script-src <api origin>"}</code> for the loader: no workers or WebAssembly run in your page.
      </p>
      <Code code={s.streamFetch} language="html" label="Streaming: plain fetch and the loader" />

      <h3>Props</h3>
      <PropsTable />

      <h3>Actions</h3>
      <p>
        When the user presses a button, changes a field or long-presses an item, <code>onActionListener</code> receives{" "}
        <code>{"{ type, component: { name, value } }"}</code> — <code>type</code> is <code>onPress</code>,{" "}
        <code>onChangeText</code> or <code>onLongPress</code>, and <code>name</code> is the component's name in the screen.
        Screens may also report their lifecycle (<code>onStart</code>, <code>onResume</code>, <code>onPause</code>,{" "}
        <code>onEnd</code>) the same way. To let the model answer an action, send it as the next <strong>user message</strong> of
        the conversation, as JSON text:
      </p>
      <Code code={s.actions} language="tsx" label="Send actions back to the model" />
      <p>
        The model reads the action against the code of the previous screen: a submitted form gets a confirmation, a tab its
        content, a product its details.
      </p>

      <h3>Without React</h3>
      <p>
        On any page — plain HTML or another framework — load the loader script (6.4 KB gzipped) from{" "}
        <code>
          {apiBase(origin)}
          {API_PATHS.embedLoader}
        </code>{" "}
        and use the <code>&lt;genui-screen&gt;</code> element. Its attributes mirror the props: <code>api-key</code>,{" "}
        <code>api-base</code>, <code>width</code>, <code>height</code>, <code>theme</code>, <code>debug</code>, <code>code</code>,{" "}
        <code>prompt</code> and <code>json</code> (JSON text; the <code>json</code> property also takes an object). Actions arrive
        as <code>genui-action</code> events, errors as <code>genui-error</code> events. The <code>stream</code> property is
        streaming mode (see Streaming above); the finished answer arrives as a <code>genui-stream-complete</code> event.
      </p>
      <Code code={s.loader} language="html" label="HTML: the loader script" />

      <h3>Render with an A2UI renderer</h3>
      <p>
        The same screens come as an <a href="https://a2ui.org">A2UI</a> v0.9 surface from <code>POST {apiBase(origin)}/a2ui</code>
        : a stream of A2UI messages over GenUI's catalog (the basic catalog's components, plus GenUI's own such as charts, stats
        and tables). Any A2UI renderer draws it: the basic components need no code, GenUI's own are registered from the catalog at{" "}
        <code>
          {apiBase(origin)}
          {A2UI_CATALOG_SUFFIX}
        </code>
        ; with the basic catalog's id as <code>catalog_id</code>, they come drawn with basic components. A press sends the
        renderer's <code>action</code> back and the surface gets the next screen. As with the chat completions, your server holds
        the secret key and forwards the request:
      </p>
      <Code code={a2uiSnippet(origin)} language="javascript" label="A2UI: render with the official Lit renderer" />
    </DocSection>
  );
}
