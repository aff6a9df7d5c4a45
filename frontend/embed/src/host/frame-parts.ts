/**
 * One frame's parts, wired together: the iframe and its size, the error band, the postMessage channel and what
 * each message of the iframe drives, the screen on display, the retriever, the stream feed and the input.
 */
import { ErrorBand } from "./error-band";
import { FrameChannel } from "./frame-channel";
import { createFrameElement, resolveEndpoints } from "./frame-element";
import { FrameEvaluator } from "./frame-evaluator";
import { FrameScreen } from "./frame-screen";
import { FrameSize } from "./frame-size";
import { FrameInputs } from "./inputs";
import type { FrameSettings, GenUIFrameOptions } from "./options";
import { notifyAction, notifyError, notifyStreamComplete } from "./page-events";
import { Retriever } from "./retrieve";
import { StreamFeed } from "./stream-feed";

export interface FrameParts {
  iframe: HTMLIFrameElement;
  size: FrameSize;
  band: ErrorBand;
  channel: FrameChannel;
  evaluator: FrameEvaluator;
  screen: FrameScreen;
  retriever: Retriever;
  feed: StreamFeed;
  inputs: FrameInputs;
  /** Why the frame cannot work as configured (apiBase / contentBase). */
  setupError: string | undefined;
}

export function createFrameParts(opts: GenUIFrameOptions, settings: FrameSettings, isDestroyed: () => boolean): FrameParts {
  const { api, content, setupError } = resolveEndpoints(opts.apiBase, opts.contentBase);
  const iframe = createFrameElement(content, opts.theme);
  const size = new FrameSize(iframe, settings);
  const inlineStyles = opts.inlineStyles !== false;
  const band = new ErrorBand({ inlineStyles, settings, isDestroyed, notify: (message) => notifyError(opts, message) });
  const channel = new FrameChannel({
    iframe,
    content,
    isDestroyed,
    unreachable: (message) => band.report(message, false),
    handlers: {
      ready: () => {
        screen.ready();
        evaluator.resend();
      },
      evaluated: (data) => evaluator.evaluated(data),
      resized: (height) => size.resized(height),
      action: (action) => notifyAction(opts, action),
      error: (message) => band.report(message, false),
    },
  });
  const post = channel.post.bind(channel);
  const evaluator = new FrameEvaluator(post);
  const screen = new FrameScreen({
    post,
    drawnByFrame: (s) => evaluator.drew(s),
    clearError: () => band.clear(),
    urlTheme: opts.theme,
  });
  const retriever = new Retriever({
    fetch: () => opts.fetch,
    api,
    setupError,
    apiKey: () => settings.apiKey,
    isDestroyed,
    answered: (result) => (result.ok ? screen.show(result.screen) : band.report(result.message, false)),
  });
  const feed = new StreamFeed({
    show: (s) => screen.show(s),
    report: (message) => band.report(message, false),
    complete: (answer) => notifyStreamComplete(opts, answer),
    evaluator: () => opts.streamEvaluator ?? evaluator,
  });
  const inputs = new FrameInputs({ settings, setupError, retriever, feed, screen, band });
  return { iframe, size, band, channel, evaluator, screen, retriever, feed, inputs, setupError };
}
