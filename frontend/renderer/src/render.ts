import { createElement } from "react";
import { createRoot } from "react-dom/client";
import type { Screen } from "@genui/ui-runtime";
import { ScreenView, type ScreenViewProps } from "./ScreenView";
import { injectStyles } from "./styles";

export type RenderScreenOptions = Omit<ScreenViewProps, "screen">;

export interface RenderedScreen {
  /** Shows another screen (or a new version of this one; an invalid one keeps the last good screen on display). */
  update(screen: Screen | null | undefined): void;
  /** Changes the options (theme, brand, components, onAction, …); the screen stays. */
  setOptions(opts: RenderScreenOptions): void;
  unmount(): void;
}

/** Renders a screen into `container` (for pages without React of their own, e.g. the sandboxed iframe). */
export function renderScreen(
  container: HTMLElement,
  screen: Screen | null | undefined,
  opts: RenderScreenOptions = {},
): RenderedScreen {
  injectStyles(container.ownerDocument);
  const root = createRoot(container);
  let current = screen;
  let options = opts;
  let mounted = true;
  const draw = () => root.render(createElement(ScreenView, { ...options, screen: current }));
  draw();
  return {
    update(next) {
      current = next;
      if (mounted) draw();
    },
    setOptions(next) {
      options = next;
      if (mounted) draw();
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
    },
  };
}
