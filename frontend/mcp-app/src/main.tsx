import "./zod-config";
import { App } from "@modelcontextprotocol/ext-apps";
import { injectStyles } from "@genui/react-renderer";
import { createRoot } from "react-dom/client";
import { applyHostContext } from "./host-theme";
import { ScreenApp } from "./screen-app";
import { AppView } from "./view";
import "./styles.css";

// The MCP Apps resource ui://genui/screen.html: the view of show_ui's results in an agent host (SEP-1865). It speaks
// JSON-RPC with the host over postMessage through the SDK's App (screen-app.ts has the flow) and draws with the
// renderer (view.tsx). The page is one file with no network: the host serves it with an empty CSP.
const alone = window.parent === window;
const app = new App(
  { name: "GenUI", version: "0.1.0" },
  { availableDisplayModes: ["inline", "fullscreen"] },
  { autoResize: true },
);
const controller = new ScreenApp(app, alone);
injectStyles(document);
applyHostContext(undefined);
createRoot(document.getElementById("root")!).render(<AppView controller={controller} />);

if (!alone) {
  // The sandbox opens no windows: links (a screen's `navigate`, a link in its text) are the host's to open.
  const openLink = (url: string) => {
    if (/^https?:\/\//i.test(url)) void app.openLink({ url }).catch(() => undefined);
  };
  window.open = (url?: string | URL) => {
    if (url !== undefined) openLink(String(url));
    return null;
  };
  document.addEventListener("click", (e) => {
    const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[href]") : null;
    if (!a || a.getAttribute("href")?.startsWith("#")) return;
    e.preventDefault();
    openLink(a.href);
  });
  app.connect().then(
    () => controller.context(),
    (err: unknown) => console.error("GenUI: the host did not complete the MCP Apps handshake", err),
  );
}
