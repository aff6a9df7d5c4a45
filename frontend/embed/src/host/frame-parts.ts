/**
 * One frame's parts, wired together: the iframe and its size, the error band, the postMessage channel and what
 * each message of the iframe drives, the screen on display, the retriever, the stream feed and the input.
 */
import { createErrorBand, type ErrorBand } from "./error-band";
import { createFrameBrand, type FrameBrand } from "./frame-brand";
import { createFrameChannel, type FrameChannel } from "./frame-channel";
import { createFrameElement, resolveEndpoints } from "./frame-element";
import { createFrameEvaluator, type FrameEvaluator } from "./frame-evaluator";
import { createFrameScreen, type FrameScreen } from "./frame-screen";
import { createFrameSize, type FrameSize } from "./frame-size";
import { createFrameInputs, type FrameInputs } from "./inputs";
import type { FrameSettings, GenUIFrameOptions } from "./options";
import { notifyAction, notifyError, notifyStreamComplete } from "./page-events";
import { createRetriever, type Retriever } from "./retrieve";
import { createStreamFeed, type StreamFeed } from "./stream-feed";

export interface FrameParts {
  iframe: HTMLIFrameElement;
  size: FrameSize;
  band: ErrorBand;
  channel: FrameChannel;
  evaluator: FrameEvaluator;
  screen: FrameScreen;
  brand: FrameBrand;
  retriever: Retriever;
  feed: StreamFeed;
  inputs: FrameInputs;
  /** Why the frame cannot work as configured (apiBase / contentBase). */
  setupError: string | undefined;
}

export function createFrameParts(opts: GenUIFrameOptions, settings: FrameSettings, isDestroyed: () => boolean): FrameParts {
  const { api, content, setupError } = resolveEndpoints(opts.apiBase, opts.contentBase);
  const iframe = createFrameElement(content, opts.theme);
  const size = createFrameSize(iframe, settings);
  const inlineStyles = opts.inlineStyles !== false;
  const band = createErrorBand({ inlineStyles, settings, isDestroyed, notify: (message) => notifyError(opts, message) });
  const channel = createFrameChannel({
    iframe,
    content,
    isDestroyed,
    unreachable: (message) => band.report(message, false),
    handlers: {
      ready: () => {
        brand.ready();
        screen.ready();
        evaluator.resend();
      },
      evaluated: (data) => evaluator.evaluated(data),
      resized: (height) => size.resized(height),
      action: (action) => notifyAction(opts, action),
      error: (message) => band.report(message, false),
    },
  });
  const { post } = channel;
  const evaluator = createFrameEvaluator(post);
  const screen = createFrameScreen({
    post,
    drawnByFrame: (s) => evaluator.drew(s),
    clearError: () => band.clear(),
    urlTheme: opts.theme,
  });
  const brand = createFrameBrand({
    post,
    fetch: () => opts.fetch,
    api,
    apiKey: () => settings.apiKey,
    isDestroyed,
    report: (message) => band.report(message, false),
    override: opts.brand,
  });
  const retriever = createRetriever({
    fetch: () => opts.fetch,
    api,
    setupError,
    apiKey: () => settings.apiKey,
    isDestroyed,
    answered: (result) => (result.ok ? screen.show(result.screen) : band.report(result.message, false)),
  });
  const feed = createStreamFeed({
    show: (s) => screen.show(s),
    report: (message) => band.report(message, false),
    complete: (answer) => notifyStreamComplete(opts, answer),
    evaluator: () => opts.streamEvaluator ?? evaluator,
    ...(opts.resumeStream ? { resume: opts.resumeStream } : {}),
  });
  const inputs = createFrameInputs({ settings, setupError, retriever, feed, screen, band });
  return { iframe, size, band, channel, evaluator, screen, brand, retriever, feed, inputs, setupError };
}
