import { Link } from "react-router-dom";
import { API_PATHS } from "../../api-paths";
import { PACKAGE_NAME, appearanceSnippets, renderingSnippets } from "../../api-snippets";
import { apiBase } from "../../snippets";
import { Code } from "../code-tabs";
import { PropsTable } from "../props-table";
import { ComponentCatalogue } from "../component-catalogue";
import { Callout, DataTable, DocSection } from "../prose";

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
  const a = appearanceSnippets(origin);
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
      <p>
        Given <code>completionId</code> — the id of a completion your server created with <code>store: true</code> — the component
        reads that stored completion with the publishable key and draws its screen: your server hands the page an id, not the
        screen. The publishable key reads a stored completion only by its id (never the list, its messages or its changes), only
        from your app's website.
      </p>
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
        <code>prompt</code>, <code>completion-id</code> and <code>json</code> (JSON text; the <code>json</code> property also
        takes an object). Actions arrive as <code>genui-action</code> events, errors as <code>genui-error</code> events. The{" "}
        <code>stream</code> property is streaming mode (see Streaming above); the finished answer arrives as a{" "}
        <code>genui-stream-complete</code> event.
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

      <Theming origin={origin} a={a} />
      <OwnComponents a={a} />

      <h3 id="component-catalogue">Component catalogue</h3>
      <p>
        Every component a screen may use, with the UI code that makes it (the model knows them all). Signed in, your app's own
        components are listed first, as the model sees them.
      </p>
      <ComponentCatalogue />
    </DocSection>
  );
}

/** The theme tokens, as the API takes them (@genui/ui-runtime's AppTheme). */
const TOKENS: [string, string, string][] = [
  [
    "light.primary, dark.primary",
    "#rrggbb",
    "Buttons, links, focus rings, the first chart series. Dark's, left out, is light's lightened until it reads on dark.",
  ],
  ["light.accent, dark.accent", "#rrggbb", "Progress bars, the current tab, the second chart series."],
  [
    "light.background, dark.background",
    "#rrggbb",
    "The screen's background. Default: white in light; in dark, GenUI's dark slate (or your neutral scale's 900).",
  ],
  [
    "light.neutral, dark.neutral",
    "{ 50, 100, …, 900, 950 }",
    "The greys, all eleven steps: light mode draws text with 900, secondary text with 600, cards with 50 and borders with 300; dark mode draws on 900, cards on 800, text with 100.",
  ],
  ["radius", "0 to 24", "Cards' corner radius in pixels (controls use 4 px less). Default 12."],
  ["density", "compact | comfortable | spacious", "Spacing inside and between components: 0.75×, 1× (default), 1.25×."],
  [
    "fonts.body, fonts.heading, fonts.mono",
    "CSS font-family list",
    'For example "Inter", system-ui, sans-serif. Default: the visitor\'s system fonts.',
  ],
  [
    "fonts.stylesheet",
    "https:// URL",
    "A style sheet you host (or a font service's) declaring those fonts; loaded where the page's Content Security Policy allows it.",
  ],
];

type Appearance = ReturnType<typeof appearanceSnippets>;

function Theming({ origin, a }: { origin: string; a: Appearance }) {
  return (
    <>
      <h3 id="theming">Theming</h3>
      <p>
        Each app has a <strong>brand theme</strong>: design tokens for light and dark that every renderer applies — the iframe,{" "}
        <code>&lt;GenUI&gt;</code>, <code>&lt;genui-screen&gt;</code>, <code>@genui/react-renderer</code>, the MCP Apps resource
        and A2UI surfaces — so a screen looks like the product it sits in. Set it on the <Link to="/dashboard">dashboard</Link>{" "}
        (open an app's row, <strong>Appearance</strong>, <strong>Edit appearance</strong>: a live preview of sample screens in
        light and dark follows your edits) or through the signed-in API. Tokens you leave out keep GenUI's defaults.
      </p>
      <DataTable label="Theme tokens">
        <caption>Theme tokens</caption>
        <thead>
          <tr>
            <th scope="col">Token</th>
            <th scope="col">Value</th>
            <th scope="col">What it sets</th>
          </tr>
        </thead>
        <tbody>
          {TOKENS.map(([token, value, what]) => (
            <tr key={token}>
              <th scope="row">
                {token.split(", ").map((t, i) => (
                  <span key={t}>
                    {i > 0 && <br />}
                    <code>{t}</code>
                  </span>
                ))}
              </th>
              <td>
                <code>{value}</code>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p>
        The signed-in API is the one the dashboard calls: it takes your session (a cookie) and the CSRF token as the{" "}
        <code>X-CSRFToken</code> header. With curl, sign in once into a cookie jar:
      </p>
      <Code code={a.signIn} language="bash" label="Sign in with curl" />
      <p>
        Then send the whole theme with <code>PUT /apps/api/v1/appearance/{"{app_id}"}/theme/</code>. Each change of the theme or
        of a component raises the app's appearance <code>version</code>; send the <code>version</code> you read (
        <code>GET /apps/api/v1/appearance/{"{app_id}"}/</code>) and a change made elsewhere meanwhile is refused with 409 instead
        of being overwritten.
      </p>
      <Code code={a.theme} language="bash" label="Set an app's theme" />
      <Callout label="Contrast">
        <p>
          Every text the screens draw on its background — text, secondary text, placeholders, links and buttons, text on buttons,
          badges and alerts — must reach WCAG AA (4.5:1) in both modes, with your tokens and the ones derived from them. A theme
          that does not is <strong>refused</strong>, field by field (400), and nothing is stored: it is never applied
          half-readable. The dashboard shows the same problems as you type.
        </p>
      </Callout>
      <Code code={a.themeRefused} language="json" label="A refused theme: the field errors" />
      <p>
        Renderers read the theme with the app's key: <code>GET {apiBase(origin)}/appearance</code> answers{" "}
        <code>{'{ object: "genui.appearance", version, theme, components }'}</code> (the secret key from servers, the publishable
        key from your app's own pages; <code>ETag</code> and <code>If-None-Match</code> answer 304 when nothing changed).
      </p>
      <Code code={a.read} language="bash" label="Read the theme with the app's key" />
      <p>
        With your app's publishable key (<code>apiKey</code>, <code>api-key</code>), <code>&lt;GenUI&gt;</code> and the loader's{" "}
        <code>&lt;genui-screen&gt;</code> read the app's theme themselves and draw every screen in it. A page that needs other
        colours than the rest of your product — a campaign, a partner's site — lays tokens over it with the <code>brand</code>{" "}
        prop (on <code>&lt;genui-screen&gt;</code>, the <code>brand</code> property, or attribute as JSON text); without a key,{" "}
        <code>brand</code> is the whole theme. The light or dark choice stays with <code>theme</code>. An override is checked like
        a stored theme: one that would be unreadable is not applied, and <code>onError</code> (<code>genui-error</code>) receives
        its field messages.
      </p>
      <Code code={a.override} language="tsx" label="A per-embed theme override" />
      <Code code={a.loaderOverride} language="html" label="The same override with the loader" />
    </>
  );
}

function OwnComponents({ a }: { a: Appearance }) {
  return (
    <>
      <h3 id="your-own-components">Your own components</h3>
      <p>
        Declare your app's own components — a product card, a pricing tier, a hero — and the model uses them where they fit better
        than GenUI's. A declaration has a <code>name</code> (a React-style name that is not one of GenUI's), a{" "}
        <code>description</code> the model reads (what it shows, when to use it), its <code>props</code> as a JSON Schema of type{" "}
        <code>object</code>, an <code>example</code> of them, the built-in <code>fallback</code> drawn where your code is not (
        <code>card</code>, <code>stat</code>, <code>keyValue</code>, <code>list</code>, <code>text</code>, <code>markdown</code>,{" "}
        <code>heading</code>, <code>button</code>, <code>alert</code> or <code>badge</code>) and, optionally, a <code>role</code>.
        Up to 24 per app, 16 KB each. Declare them on the dashboard (Appearance, Components: each with a preview of its fallback)
        or with{" "}
        <code>
          PUT /apps/api/v1/appearance/{"{app_id}"}/components/{"{name}"}/
        </code>{" "}
        (signed in as above; <code>DELETE</code> removes one):
      </p>
      <Code code={a.component} language="bash" label="Declare a component" />
      <p>
        A name that clashes with GenUI's, a schema that is not a valid JSON Schema, an example the schema refuses or a declaration
        over 16 KB is refused with field errors (<code>name</code>, <code>props</code>, <code>example</code>, …), and nothing is
        stored.
      </p>
      <h4>In screens</h4>
      <p>
        A model's prompt lists your components with their description, props and example (the built-in offline generator uses them
        by role, below); in UI code it writes <code>custom(name, props)</code>, with <code>name</code> and actions such as{" "}
        <code>onPress</code> among the props. App components take no children.
      </p>
      <Code code={a.customCode} language="javascript" label="A developer component in UI code" />
      <p>
        In the screen JSON that makes a node with <code>{'"package": "app"'}</code>. Validation accepts only the props you
        declared; a node that breaks your schema is repaired to its fallback, and every valid node carries its built-in{" "}
        <code>fallback</code> for hosts that do not have your code:
      </p>
      <Code code={a.customJson} language="json" label="A developer component in screen JSON" />
      <p>
        With a <code>role</code> (<code>product-card</code>, <code>pricing-tier</code> or <code>hero</code>), the built-in
        generator also uses the component wherever it composes that role, filling your props from its fields — the prop of the
        same name or a usual synonym (<code>title</code>, <code>name</code>, <code>price</code>, <code>amount</code>…), or the one{" "}
        <code>role.props</code> maps a field to (<code>{'{ "price": "amount" }'}</code>).
      </p>
      <h4>Drawing them with your React code</h4>
      <p>
        <code>&lt;GenUI json&gt;</code> with a <code>components</code> prop draws the screen in your page — <code>json</code>{" "}
        needs no sandbox, so no iframe — and each app node with your component of that name. It receives its declared props and{" "}
        <code>genui</code>: the node's <code>name</code>, the screen's <code>theme</code> and <code>action()</code>, which runs
        the node's action (its <code>onPress</code> by default) like a built-in button, so your <code>onActionListener</code>{" "}
        hears it. A component that throws shows its fallback instead.
      </p>
      <Code code={a.react} language="tsx" label="Your components in <GenUI json>" />
      <p>
        <code>@genui/react-renderer</code>'s <code>ScreenView</code> takes the same <code>components</code>, and the theme as{" "}
        <code>brand</code>:
      </p>
      <Code code={a.screenView} language="tsx" label="Your components in ScreenView" />
      <p>
        Everywhere your React code is not — the iframe (<code>code</code> and <code>prompt</code>), the{" "}
        <code>&lt;genui-screen&gt;</code> web component, agent hosts through MCP and A2UI renderers — the node's fallback is
        drawn, in the app's theme. Deleting a component leaves the screens already made showing their fallbacks.
      </p>
    </>
  );
}
