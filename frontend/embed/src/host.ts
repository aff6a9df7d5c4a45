/**
 * The framework-agnostic host controller: it puts the sandboxed GenUI iframe into a host page's container, speaks
 * the postMessage protocol of `@genui/ui-runtime` (READY, RENDER, THEME, BRAND, RESIZE_LISTENER, ACTION_LISTENER,
 * ERROR), fetches screens for `code` / `prompt` and, with a key, the app's brand theme from the API. In streaming mode it sends the iframe the code prefixes
 * (EVALUATE), which the iframe evaluates in its own sandbox worker and draws. Both the React component (GenUI.tsx)
 * and the custom element (loader.ts) are thin wrappers around it.
 *
 * Nothing here throws into the host page: every failure becomes `onError(message)` and, for the errors a developer
 * has to see, an error band (`<div role="alert" class="genui-error">`) above the iframe.
 *
 * The parts live in host/: the iframe and its endpoints (frame-element), its size (frame-size), the error band
 * (error-band), the postMessage protocol (frame-channel), the screen and theme sent to the iframe (frame-screen), the
 * brand theme (frame-brand, the app's from appearance), the input and what it starts (inputs: retrieve, stream-feed
 * with the iframe's evaluator, frame-evaluator) and the callbacks into the page (page-events); frame-parts wires them
 * together. This file mounts them and answers the page.
 */
import { createFrameParts } from "./host/frame-parts";
import type { FrameSettings, GenUIFrame, GenUIFrameOptions, GenUIFrameSettings } from "./host/options";
import { messageOf } from "./host/values";

export type { ActionEvent, AppTheme, Screen } from "@genui/ui-runtime";
export {
  DEFAULT_API_BASE,
  type GenUIFrame,
  type GenUIFrameOptions,
  type GenUIFrameSettings,
  type GenUIInput,
  type GenUITheme,
} from "./host/options";
export { DEFAULT_HEIGHT, DEFAULT_WIDTH } from "./host/frame-size";
export { RETRIEVE_DEBOUNCE_MS, RETRIEVE_PATH, STORED_COMPLETION_PATH, retrieveErrorMessage } from "./host/retrieve";
export {
  ERROR_COMPLETION_AND_INPUT,
  ERROR_COMPLETION_MISSING_API_KEY,
  ERROR_JSON_AND_CODE,
  ERROR_MISSING_API_KEY,
} from "./host/inputs";

export function createGenUIFrame(container: HTMLElement, opts: GenUIFrameOptions): GenUIFrame {
  const settings: FrameSettings = { apiKey: opts.apiKey, width: opts.width, height: opts.height, debug: !!opts.debug };
  let destroyed = false;
  const isDestroyed = () => destroyed;

  const parts = createFrameParts(opts, settings, isDestroyed);
  const { iframe, size, band, channel, evaluator, screen, brand, retriever, feed, inputs, setupError } = parts;

  /** A call from the page: ignored once destroyed; what throws is reported, never thrown back. */
  const guarded =
    <A>(call: (arg: A) => void) =>
    (arg: A): void => {
      if (destroyed) return;
      try {
        call(arg);
      } catch (e) {
        band.report(`GenUI: ${messageOf(e)}`, false);
      }
    };

  channel.listen();
  size.apply();
  container.appendChild(band.element);
  container.appendChild(iframe);
  if (setupError) band.report(setupError, true);

  return {
    iframe,
    update: guarded((next) => inputs.update(next)),
    stream: guarded((source) => inputs.stream(source)),
    setTheme(next) {
      if (!destroyed) screen.setTheme(next);
    },
    setBrand: guarded((next: Parameters<GenUIFrame["setBrand"]>[0]) => brand.setOverride(next)),
    configure: guarded((next: GenUIFrameSettings) => {
      const keyChanged = (next.apiKey ?? undefined) !== (settings.apiKey ?? undefined);
      settings.apiKey = next.apiKey;
      settings.width = next.width;
      settings.height = next.height;
      settings.debug = !!next.debug;
      size.apply();
      band.render();
      if (keyChanged) {
        brand.keyChanged();
        inputs.keyChanged();
      }
    }),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      retriever.supersede();
      feed.stop();
      evaluator.close();
      channel.close();
      band.element.remove();
      iframe.remove();
    },
  };
}
