import { render } from "@testing-library/react";
import type { ComponentNode, Screen } from "@genui/ui-runtime";
import { ScreenView, type ScreenViewProps } from "./ScreenView";

/** A screen of these components. */
export const screenOf = (v1: ComponentNode[], name = "test"): Screen => ({ name, screen: { v1 } });

/** Renders nodes in a ScreenView; `onAction` is a jest mock. */
export function renderNodes(v1: ComponentNode[], props: Partial<ScreenViewProps> = {}) {
  const onAction = jest.fn();
  const utils = render(<ScreenView screen={screenOf(v1)} onAction={onAction} {...props} />);
  return { ...utils, onAction };
}

/** recharts watches its container's size; jsdom has no ResizeObserver. */
export function stubResizeObserver(): void {
  if (typeof globalThis.ResizeObserver !== "undefined") return;
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
