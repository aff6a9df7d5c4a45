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

export interface FrameScreen {
  show(next: Screen): void;
  /** No screen is on display any more (an input that cannot be drawn). */
  forget(): void;
  setTheme(next: GenUITheme | undefined): void;
  /** READY: the current screen goes (with the theme), or the theme alone when it changed since the iframe loaded. */
  ready(): void;
}

export function createFrameScreen({ post, drawnByFrame, clearError, urlTheme }: FrameScreenOptions): FrameScreen {
  /** The screen on display (or to display once READY); re-sent on every READY, e.g. after the iframe reloads. */
  let screen: Screen | undefined;
  let theme = urlTheme;

  /** Sends the current screen; before READY this does nothing and READY sends it. */
  function sendScreen(): void {
    if (!screen) return;
    post(
      theme
        ? { source: MESSAGE_SOURCE, type: "RENDER", json: screen, theme }
        : { source: MESSAGE_SOURCE, type: "RENDER", json: screen },
    );
  }

  return {
    show(next) {
      screen = next;
      clearError();
      if (!drawnByFrame(next)) sendScreen();
    },
    forget() {
      screen = undefined;
    },
    setTheme(next) {
      if (next === theme) return;
      theme = next;
      if (next) post({ source: MESSAGE_SOURCE, type: "THEME", theme: next });
    },
    ready() {
      if (screen) sendScreen();
      else if (theme && theme !== urlTheme) post({ source: MESSAGE_SOURCE, type: "THEME", theme });
    },
  };
}
