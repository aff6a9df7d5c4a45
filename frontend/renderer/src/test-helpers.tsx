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

/** WCAG 2 relative luminance of a #rrggbb colour. */
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
