import { ScreenView, injectStyles } from "@genui/react-renderer";
import type { Screen } from "@genui/ui-runtime";
import { createRoot } from "react-dom/client";
import { startFrame, type Frame } from "./frame";

// The static iframe page: draws the screens its host sends (frame.ts is the protocol side).
const root = document.getElementById("root")!;
const params = new URL(window.location.href).searchParams;
type Theme = "light" | "dark" | "auto";
let theme: Theme = (["light", "dark", "auto"] as const).find((t) => t === params.get("theme")) ?? "auto";
let current: Screen | null = null;
injectStyles(document);
const view = createRoot(root);

const draw = () =>
  view.render(
    <ScreenView
      screen={current}
      theme={theme}
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
  },
  root,
);
if (frame) draw();
