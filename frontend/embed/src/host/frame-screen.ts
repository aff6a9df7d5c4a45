/** The screen on display and the theme: what the iframe is sent to draw (RENDER, THEME), now or once it is READY. */
import { MESSAGE_SOURCE } from "@genui/ui-runtime/protocol";
import type { HostMessage, Screen } from "@genui/ui-runtime";
import type { GenUITheme } from "./options";

export interface FrameScreenOptions {
  post(message: HostMessage): void;
  /** The iframe drew this screen itself (streaming mode): it is the current screen without a RENDER. */
  drawnByFrame(screen: Screen): boolean;
  /** A screen is shown: the error it replaces goes. */
  clearError(): void;
  /** The theme the iframe page was loaded with (its URL's). */
  urlTheme: GenUITheme | undefined;
}

export class FrameScreen {
  /** The screen on display (or to display once READY); re-sent on every READY, e.g. after the iframe reloads. */
  private screen: Screen | undefined;
  private theme: GenUITheme | undefined;

  constructor(private readonly opts: FrameScreenOptions) {
    this.theme = opts.urlTheme;
  }

  show(next: Screen): void {
    this.screen = next;
    this.opts.clearError();
    if (!this.opts.drawnByFrame(next)) this.send();
  }

  /** No screen is on display any more (an input that cannot be drawn). */
  forget(): void {
    this.screen = undefined;
  }

  setTheme(next: GenUITheme | undefined): void {
    if (next === this.theme) return;
    this.theme = next;
    if (next) this.opts.post({ source: MESSAGE_SOURCE, type: "THEME", theme: next });
  }

  /** READY: the current screen goes (with the theme), or the theme alone when it changed since the iframe loaded. */
  ready(): void {
    const { theme } = this;
    if (this.screen) this.send();
    else if (theme && theme !== this.opts.urlTheme) this.opts.post({ source: MESSAGE_SOURCE, type: "THEME", theme });
  }

  /** Sends the current screen; before READY this does nothing and READY sends it. */
  private send(): void {
    const { screen, theme } = this;
    if (!screen) return;
    this.opts.post(
      theme
        ? { source: MESSAGE_SOURCE, type: "RENDER", json: screen, theme }
        : { source: MESSAGE_SOURCE, type: "RENDER", json: screen },
    );
  }
}
