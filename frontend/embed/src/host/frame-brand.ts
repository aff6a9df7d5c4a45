/**
 * The brand theme sent to the iframe (BRAND): the app's theme, fetched with the page's key (appearance.ts), and the
 * page's per-embed override. The iframe merges and checks them and answers ERROR for an override it refuses. Sent
 * before the screen on every READY, and again whenever either changes.
 */
import { MESSAGE_SOURCE } from "@genui/ui-runtime/protocol";
import type { AppTheme, HostMessage } from "@genui/ui-runtime";
import { loadAppearance } from "./appearance";
import { isObject, nonEmpty } from "./values";

export interface FrameBrandOptions {
  post(message: HostMessage): void;
  /** The page's fetch (`GenUIFrameOptions.fetch`), if it gave one. */
  fetch(): typeof fetch | undefined;
  api: URL | undefined;
  /** The API key now. */
  apiKey(): string | undefined;
  isDestroyed(): boolean;
  /** The app's theme could not be loaded. */
  report(message: string): void;
  override: AppTheme | null | undefined;
}

export interface FrameBrand {
  /** READY: what the iframe should apply goes first. */
  ready(): void;
  setOverride(next: AppTheme | null | undefined): void;
  /** The key changed (or was first given): the app's theme is loaded for it. */
  keyChanged(): void;
}

const same = (a: unknown, b: unknown): boolean => {
  try {
    return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  } catch {
    return false;
  }
};

export function createFrameBrand(opts: FrameBrandOptions): FrameBrand {
  let app: unknown = null;
  let override: AppTheme | null = opts.override ?? null;
  /** Whether the iframe was ever sent a brand (then "none" must be said too). */
  let sent = false;
  /** Bumped by every key change: only the answer for the current key counts. */
  let generation = 0;

  function send(): void {
    if (app === null && override === null && !sent) return;
    sent = true;
    opts.post({ source: MESSAGE_SOURCE, type: "BRAND", theme: (app ?? null) as AppTheme | null, override });
  }

  function load(): void {
    const gen = ++generation;
    const key = opts.apiKey();
    const doFetch = opts.fetch() ?? globalThis.fetch?.bind(globalThis);
    if (!nonEmpty(key) || !opts.api || !doFetch) {
      if (app !== null) {
        app = null;
        send();
      }
      return;
    }
    void loadAppearance(doFetch, opts.api, key).then((result) => {
      if (gen !== generation || opts.isDestroyed()) return;
      if (!result.ok) return opts.report(result.message);
      // An app that never set a theme answers {}: GenUI's look, nothing to send.
      const theme = isObject(result.theme) && Object.keys(result.theme).length ? result.theme : null;
      if (same(theme, app)) return;
      app = theme;
      send();
    });
  }

  load();
  return {
    ready: send,
    setOverride(next) {
      if (same(next, override)) return;
      override = next ?? null;
      send();
    },
    keyChanged: load,
  };
}
