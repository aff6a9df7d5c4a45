/**
 * The MCP Apps test host: a page that plays an agent host (Claude, ChatGPT, VS Code, …) for the browser tests of
 * ui://genui/screen.html, built on the SDK's host side (AppBridge over PostMessageTransport). It is a test page:
 * e2e/support/mcp-host.ts serves it (dist/host/) with the built app (dist/mcp-app.html) and drives it; the product
 * never serves it.
 *
 * What it does, as a host would:
 *   - fetches the app's HTML and loads it into `<iframe sandbox="allow-scripts" srcdoc>` (an opaque origin), with the
 *     Content-Security-Policy a host gives a resource that declares no domains (no network at all: `?csp=off` leaves
 *     it out, to see in the browser's request log whatever the page would fetch);
 *   - answers ui/initialize with its capabilities and its context: theme, style variables like a real host's (one set
 *     per theme, or one set of `light-dark()` values with `?vars=light-dark`), fonts, display mode, container size;
 *   - delivers the tool input (partial, complete), the tool result or a cancellation the test gives it;
 *   - forwards the app's tools/call requests to `window.genuiHostCallTool(params)` (the test exposes it with
 *     playwright's page.exposeFunction; without it a call is answered with an isError result);
 *   - records the ui/message and ui/update-model-context requests, the links the app asks to open, its log messages
 *     and its size reports, and resizes the iframe to the reported height (inline mode).
 *
 * URL: host.html?theme=light|dark&mode=inline|fullscreen&width=<px>&vars=split|light-dark|none&csp=on|off&app=<url>
 *   (defaults: light, inline, 640, split, on, ../mcp-app.html)
 *
 * window.genuiHost (call through page.evaluate):
 *   ready: Promise<void>              the app completed the handshake (ui/notifications/initialized)
 *   sendToolInputPartial(args) / sendToolInput(args) / sendToolResult(result) / sendToolCancelled(reason)
 *   setContext(partial)               changes the host context (a theme change brings that theme's variables)
 *   context()                         the host context as the app last received it
 *   teardown()                        ui/resource-teardown (the app's answer)
 *   log                               { messages, modelContext, toolCalls, sizes, links, logs, initialized }
 */
import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
  type McpUiMessageRequest,
  type McpUiStyles,
  type McpUiToolResultNotification,
  type McpUiUpdateModelContextRequest,
} from "@modelcontextprotocol/ext-apps/app-bridge";

type Theme = "light" | "dark";
type Variables = Partial<McpUiStyles>;
type ToolCall = { name: string; arguments?: Record<string, unknown> };
type ToolResult = McpUiToolResultNotification["params"];

export interface HostLog {
  messages: McpUiMessageRequest["params"][];
  modelContext: McpUiUpdateModelContextRequest["params"][];
  toolCalls: ToolCall[];
  sizes: { width?: number; height?: number }[];
  links: string[];
  logs: unknown[];
  initialized: boolean;
}

export interface GenuiHost {
  ready: Promise<void>;
  sendToolInputPartial(args: Record<string, unknown>): Promise<void>;
  sendToolInput(args: Record<string, unknown>): Promise<void>;
  sendToolResult(result: ToolResult): Promise<void>;
  sendToolCancelled(reason?: string): Promise<void>;
  setContext(partial: McpUiHostContext): void;
  context(): McpUiHostContext;
  teardown(): Promise<unknown>;
  log: HostLog;
}

declare global {
  interface Window {
    genuiHost: GenuiHost;
    /** Exposed by the test (page.exposeFunction): answers the app's tools/call. */
    genuiHostCallTool?: (params: ToolCall) => Promise<ToolResult>;
  }
}

// A host's style variables (MCP Apps' standard names), one set per theme: warm neutrals, a dark-on-light call to
// action, its own font and radii. Distinct from the renderer's defaults, so a test sees which one a screen uses.
const FONT = '"Host Sans", ui-sans-serif, system-ui, sans-serif';
const SHARED: Variables = {
  "--font-sans": FONT,
  "--font-mono": '"Host Mono", ui-monospace, monospace',
  "--font-weight-normal": "400",
  "--font-weight-medium": "500",
  "--font-weight-semibold": "600",
  "--font-weight-bold": "700",
  "--font-text-sm-size": "14px",
  "--font-text-md-size": "15px",
  "--font-text-md-line-height": "1.55",
  "--border-radius-sm": "6px",
  "--border-radius-md": "10px",
  "--border-radius-lg": "16px",
  "--border-radius-full": "9999px",
  "--border-width-regular": "1px",
  "--shadow-md": "0 2px 8px rgba(0, 0, 0, 0.12)",
};
export const HOST_VARIABLES: Record<Theme, Variables> = {
  light: {
    ...SHARED,
    "--color-background-primary": "#fffdf7",
    "--color-background-secondary": "#f4f1e8",
    "--color-background-tertiary": "#e9e5d8",
    "--color-background-inverse": "#262522",
    "--color-background-info": "#e2edfb",
    "--color-background-danger": "#fbe6e2",
    "--color-background-success": "#e3f2e6",
    "--color-background-warning": "#fbf0d2",
    "--color-text-primary": "#262522",
    "--color-text-secondary": "#57554f",
    "--color-text-tertiary": "#6b6861",
    "--color-text-inverse": "#fffdf7",
    "--color-text-info": "#1b4a86",
    "--color-text-danger": "#9c2a1c",
    "--color-text-success": "#1f6532",
    "--color-text-warning": "#734a00",
    "--color-border-primary": "#a9a598",
    "--color-border-secondary": "#d8d3c4",
    "--color-ring-primary": "#2f6fcf",
  },
  dark: {
    ...SHARED,
    "--color-background-primary": "#2b2a27",
    "--color-background-secondary": "#1f1e1c",
    "--color-background-tertiary": "#3a3935",
    "--color-background-inverse": "#f2efe6",
    "--color-background-info": "#1d3557",
    "--color-background-danger": "#5c1f17",
    "--color-background-success": "#1d4028",
    "--color-background-warning": "#4f3a0c",
    "--color-text-primary": "#f2efe6",
    "--color-text-secondary": "#c9c5b8",
    "--color-text-tertiary": "#a9a598",
    "--color-text-inverse": "#262522",
    "--color-text-info": "#b9d3f5",
    "--color-text-danger": "#f6c1b8",
    "--color-text-success": "#b7e2c1",
    "--color-text-warning": "#f2d68f",
    "--color-border-primary": "#6f6c63",
    "--color-border-secondary": "#45433e",
    "--color-ring-primary": "#8db7f0",
  },
};

/** One set for both themes, as hosts that write `light-dark(<light>, <dark>)` send it. */
function lightDarkVariables(): Variables {
  const out: Variables = {};
  for (const [k, light] of Object.entries(HOST_VARIABLES.light) as [keyof McpUiStyles, string][]) {
    const dark = HOST_VARIABLES.dark[k];
    out[k] = dark && dark !== light && light.startsWith("#") ? `light-dark(${light}, ${dark})` : light;
  }
  return out;
}

// The host's fonts: a local face under the host's own name (no download, as the resource may fetch nothing).
const FONT_CSS = '@font-face { font-family: "Host Sans"; src: local("DejaVu Sans"), local("Liberation Sans"), local("Arial"); }';

/** The policy a host gives a resource that declares no domains: inline code and styles, data: images, no network. */
const CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; media-src data: blob:; font-src data:; connect-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'";

const params = new URL(window.location.href).searchParams;
const theme: Theme = params.get("theme") === "dark" ? "dark" : "light";
const mode = params.get("mode") === "fullscreen" ? "fullscreen" : "inline";
const width = Number(params.get("width")) || 640;
const varsMode = params.get("vars") ?? "split";
const csp = params.get("csp") !== "off";
const appUrl = params.get("app") ?? "../mcp-app.html";

const variablesFor = (t: Theme): Variables | undefined =>
  varsMode === "none" ? undefined : varsMode === "light-dark" ? lightDarkVariables() : HOST_VARIABLES[t];

/** The host page itself wears its theme, as the conversation around the app would. */
function paintHost(t: Theme) {
  const root = document.documentElement;
  root.style.colorScheme = t;
  root.dataset.mode = mode;
  for (const [k, v] of Object.entries(HOST_VARIABLES[t])) if (v) root.style.setProperty(k, v);
}

let context: McpUiHostContext = {
  theme,
  styles: { variables: variablesFor(theme) as McpUiStyles | undefined, css: { fonts: FONT_CSS } },
  displayMode: mode,
  availableDisplayModes: ["inline", "fullscreen"],
  containerDimensions: mode === "fullscreen" ? { width, height: window.innerHeight } : { width, maxHeight: 6000 },
  locale: "en-GB",
  timeZone: "Europe/London",
  platform: "web",
  userAgent: "genui-test-host/1.0",
  deviceCapabilities: { touch: false, hover: true },
  toolInfo: {
    id: 1,
    tool: {
      name: "show_ui",
      inputSchema: { type: "object", properties: { request: { type: "string" } }, required: ["request"] },
    },
  },
};
paintHost(theme);

const log: HostLog = { messages: [], modelContext: [], toolCalls: [], sizes: [], links: [], logs: [], initialized: false };

const holder = document.getElementById("app")!;
holder.style.maxWidth = mode === "fullscreen" ? "" : `${width}px`;
const iframe = document.createElement("iframe");
iframe.title = "GenUI screen";
iframe.setAttribute("sandbox", "allow-scripts");
holder.appendChild(iframe);

const bridge = new AppBridge(
  null,
  { name: "genui-test-host", version: "1.0.0" },
  {
    openLinks: {},
    serverTools: {},
    logging: {},
    updateModelContext: { text: {} },
    message: { text: {} },
  },
  { hostContext: context },
);

let initialized!: () => void;
const ready = new Promise<void>((r) => (initialized = r));
bridge.oninitialized = () => {
  log.initialized = true;
  initialized();
};
bridge.oncalltool = async (call) => {
  log.toolCalls.push({ name: call.name, arguments: call.arguments });
  if (typeof window.genuiHostCallTool !== "function")
    return { isError: true, content: [{ type: "text", text: "This host forwards no tool calls." }] };
  return await window.genuiHostCallTool({ name: call.name, arguments: call.arguments });
};
bridge.onmessage = async (message) => {
  log.messages.push(message);
  return {};
};
bridge.onupdatemodelcontext = async (update) => {
  log.modelContext.push(update);
  return {};
};
bridge.onopenlink = async ({ url }) => {
  log.links.push(url);
  return {};
};
bridge.onloggingmessage = (m) => void log.logs.push(m);
bridge.onsizechange = ({ width: w, height: h }) => {
  log.sizes.push({ width: w, height: h });
  if (mode === "inline" && typeof h === "number") iframe.style.height = `${h}px`;
};
bridge.onrequestdisplaymode = async ({ mode: asked }) => ({ mode: asked === "fullscreen" ? "fullscreen" : "inline" });

window.genuiHost = {
  ready,
  sendToolInputPartial: (args) => bridge.sendToolInputPartial({ arguments: args }),
  sendToolInput: (args) => bridge.sendToolInput({ arguments: args }),
  sendToolResult: (result) => bridge.sendToolResult(result),
  sendToolCancelled: (reason) => bridge.sendToolCancelled(reason === undefined ? {} : { reason }),
  setContext(partial) {
    const next: McpUiHostContext = { ...context, ...partial };
    if (partial.theme && partial.theme !== context.theme && !partial.styles && varsMode === "split")
      next.styles = { ...context.styles, variables: variablesFor(partial.theme) as McpUiStyles | undefined };
    if (partial.theme) paintHost(partial.theme);
    context = next;
    bridge.setHostContext(next);
  },
  context: () => context,
  teardown: () => bridge.teardownResource({}),
  log,
};

/** The app's HTML with the host's policy in front of everything else it has. */
const withPolicy = (html: string) =>
  csp ? html.replace(/<head([^>]*)>/i, `<head$1><meta http-equiv="Content-Security-Policy" content="${CSP}">`) : html;

// The bridge listens before the app's document exists, so the app's first message (ui/initialize) is not missed.
await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
const res = await fetch(appUrl);
if (!res.ok) throw new Error(`the app's HTML (${appUrl}) answered ${res.status}`);
iframe.srcdoc = withPolicy(await res.text());
