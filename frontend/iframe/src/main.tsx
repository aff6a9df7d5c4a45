import { ScreenView, combineBrand, injectStyles } from "@genui/react-renderer";
import type { AppTheme, Screen } from "@genui/ui-runtime";
import { createRoot } from "react-dom/client";
import { startFrame, type Frame } from "./frame";
import { StreamSandbox } from "./stream-sandbox";

// The static iframe page: draws the screens its host sends, and in streaming mode evaluates the code prefixes its host
// sends in its own sandbox worker and draws them (frame.ts is the protocol side, stream-sandbox.ts the evaluation).
// The host's BRAND (the app's theme and the page's override) is checked here before it is applied; the developer's own
// components are drawn by their built-in fallback (the developer's React components are not in this page).
const root = document.getElementById("root")!;
const params = new URL(window.location.href).searchParams;
type Theme = "light" | "dark" | "auto";
let theme: Theme = (["light", "dark", "auto"] as const).find((t) => t === params.get("theme")) ?? "auto";
let current: Screen | null = null;
let brand: AppTheme | null = null;
injectStyles(document);
const view = createRoot(root);
const sandbox = new StreamSandbox();

const draw = () =>
  view.render(
    <ScreenView
      screen={current}
      theme={theme}
      brand={brand}
      onAction={(e) => frame?.action(e as { type: string; component: { name: string; value?: unknown } })}
    />,
  );

const frame: Frame | undefined = startFrame(
  window,
  {
    render: (screen) => {
      current = screen;
      draw();
    },
    theme: (t) => {
      theme = t;
      draw();
    },
    brand: (appTheme, override) => {
      const checked = combineBrand(appTheme, override);
      brand = checked.theme;
      draw();
      return checked.errors;
    },
    evaluate: (stream, code) => sandbox.evaluate(stream, code),
    endStream: (stream) => sandbox.end(stream),
  },
  root,
);
if (frame) draw();
