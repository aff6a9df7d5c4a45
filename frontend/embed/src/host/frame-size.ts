/** The iframe's size: the configured width and height, or (height "auto") the height the iframe page reports. */
import type { FrameSettings } from "./options";

export const DEFAULT_WIDTH = "640px";
export const DEFAULT_HEIGHT = "auto";

const MAX_HEIGHT_PX = 100_000;

/** A width or height as CSS (a number means pixels), or `fallback`. */
export const cssSize = (v: string | number | undefined, fallback: string): string =>
  typeof v === "number" && Number.isFinite(v) ? `${v}px` : typeof v === "string" && v.trim() !== "" ? v.trim() : fallback;

export interface FrameSize {
  /** Applies the settings' width and height. */
  apply(): void;
  /** RESIZE_LISTENER: the iframe page's content height (an auto-height iframe follows it). */
  resized(height: unknown): void;
}

export function createFrameSize(iframe: HTMLIFrameElement, settings: FrameSettings): FrameSize {
  /** The last RESIZE_LISTENER height. */
  let lastHeight: number | undefined;
  return {
    apply() {
      iframe.style.width = cssSize(settings.width, DEFAULT_WIDTH);
      const height = cssSize(settings.height, DEFAULT_HEIGHT);
      if (height !== "auto") iframe.style.height = height;
      else if (lastHeight !== undefined) iframe.style.height = `${lastHeight}px`;
      // Until the first RESIZE_LISTENER an auto-height iframe keeps the browser's default height (150px): a
      // zero-height lazy iframe could be treated as hidden or never intersect the viewport.
      else iframe.style.removeProperty("height");
    },
    resized(height) {
      const h = Number(height);
      if (!Number.isFinite(h) || h < 0) return;
      lastHeight = Math.min(Math.ceil(h), MAX_HEIGHT_PX);
      if (cssSize(settings.height, DEFAULT_HEIGHT) === "auto") iframe.style.height = `${lastHeight}px`;
    },
  };
}
