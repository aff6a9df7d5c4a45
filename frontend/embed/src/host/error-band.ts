/**
 * The error band above the iframe (`<div role="alert" class="genui-error">`) and `onError`: every failure is
 * reported to the page; the band shows the errors a developer has to see (always), and the others in debug mode.
 */
import type { FrameSettings } from "./options";

const ERROR_BAND_STYLE =
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

export class ErrorBand {
  readonly element: HTMLDivElement;
  private message: string | undefined;
  private always = false;

  constructor(private readonly opts: ErrorBandOptions) {
    const band = document.createElement("div");
    band.setAttribute("role", "alert");
    band.className = "genui-error";
    if (opts.inlineStyles) band.style.cssText = ERROR_BAND_STYLE;
    band.hidden = true;
    this.element = band;
  }

  /** Reports an error to the page; `always` shows it in the band even without debug mode. */
  report(message: string, always: boolean): void {
    if (this.opts.isDestroyed()) return;
    this.message = message;
    this.always = always;
    this.render();
    this.opts.notify(message);
  }

  clear(): void {
    this.message = undefined;
    this.always = false;
    this.render();
  }

  /** Shows or hides the band for the current error and debug mode. */
  render(): void {
    const show = this.message !== undefined && (this.always || this.opts.settings.debug);
    this.element.textContent = show ? (this.message ?? "") : "";
    this.element.hidden = !show;
  }
}
