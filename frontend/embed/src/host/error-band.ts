/**
 * The error band above the iframe (`<div role="alert" class="genui-error">`) and `onError`: every failure is
 * reported to the page; the band shows the errors a developer has to see (always), and the others in debug mode.
 */
import type { FrameSettings } from "./options";

export const ERROR_BAND_STYLE =
  "box-sizing:border-box;margin:0 0 8px;padding:8px 12px;border:1px solid #fca5a5;border-radius:6px;" +
  "background:#fef2f2;color:#991b1b;font:13px/1.4 system-ui,-apple-system,sans-serif;white-space:pre-wrap;max-width:100%";

export interface ErrorBandOptions {
  /** Style the band with inline styles (else the page, or the custom element's shadow root, styles it). */
  inlineStyles: boolean;
  settings: FrameSettings;
  /** The frame is gone: nothing is reported any more. */
  isDestroyed(): boolean;
  /** Tells the page (`onError`). */
  notify(message: string): void;
}

export interface ErrorBand {
  readonly element: HTMLDivElement;
  /** Reports an error to the page; `always` shows it in the band even without debug mode. */
  report(message: string, always: boolean): void;
  clear(): void;
  /** Shows or hides the band for the current error and debug mode. */
  render(): void;
}

export function createErrorBand(opts: ErrorBandOptions): ErrorBand {
  const band = document.createElement("div");
  band.setAttribute("role", "alert");
  band.className = "genui-error";
  if (opts.inlineStyles) band.style.cssText = ERROR_BAND_STYLE;
  band.hidden = true;

  let bandMessage: string | undefined;
  let bandAlways = false;

  function renderBand(): void {
    const show = bandMessage !== undefined && (bandAlways || opts.settings.debug);
    band.textContent = show ? (bandMessage ?? "") : "";
    band.hidden = !show;
  }

  return {
    element: band,
    report(message, always) {
      if (opts.isDestroyed()) return;
      bandMessage = message;
      bandAlways = always;
      renderBand();
      opts.notify(message);
    },
    clear() {
      bandMessage = undefined;
      bandAlways = false;
      renderBand();
    },
    render: renderBand,
  };
}
