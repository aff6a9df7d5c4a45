/**
 * The postMessage protocol with the iframe (`@genui/ui-runtime`'s): what the host posts (RENDER, THEME, EVALUATE,
 * END_STREAM) and what it accepts from the iframe (READY, EVALUATED, RESIZE_LISTENER, ACTION_LISTENER, ERROR).
 */
import { isFrameMessage, parseAction } from "@genui/ui-runtime/protocol";
import type { ActionEvent, FrameMessage, HostMessage } from "@genui/ui-runtime";
import { messageOf } from "./values";

export type EvaluatedMessage = Extract<FrameMessage, { type: "EVALUATED" }>;

/** What the host does with each message of the iframe. */
export interface FrameMessageHandlers {
  /** READY: the iframe page listens (again, if it reloaded): everything it should show goes (again). */
  ready(): void;
  evaluated(data: EvaluatedMessage): void;
  resized(height: unknown): void;
  action(action: ActionEvent): void;
  error(message: string): void;
}

export interface FrameChannelOptions {
  iframe: HTMLIFrameElement;
  /** The iframe page's origin (accepted besides the sandbox's opaque "null"). */
  content: URL | undefined;
  isDestroyed(): boolean;
  /** A message could not be posted. */
  unreachable(message: string): void;
  handlers: FrameMessageHandlers;
}

export interface FrameChannel {
  /** Posts to the iframe once it is READY (before that, READY sends what is due). */
  post(message: HostMessage): void;
  listen(): void;
  close(): void;
}

export function createFrameChannel({
  iframe,
  content,
  isDestroyed,
  unreachable,
  handlers: on,
}: FrameChannelOptions): FrameChannel {
  let ready = false;

  /**
   * Posts to the iframe with targetOrigin "*": the iframe is sandboxed without allow-same-origin, so its origin is
   * opaque and no concrete targetOrigin could ever match it. This does not widen who receives the message: it goes
   * only to this iframe's own window, and the iframe page itself checks that messages come from its parent with the
   * origin given in its `?origin=` parameter. The messages carry only the screen and theme the host gives us.
   */
  function post(message: HostMessage): void {
    if (isDestroyed() || !ready) return;
    try {
      iframe.contentWindow?.postMessage(message, "*");
    } catch (e) {
      unreachable(`GenUI: could not reach the iframe (${messageOf(e)}).`);
    }
  }

  function onFrameMessage(data: FrameMessage): void {
    switch (data.type) {
      case "READY":
        ready = true;
        on.ready();
        return;
      case "EVALUATED":
        on.evaluated(data);
        return;
      case "RESIZE_LISTENER":
        on.resized(data.height);
        return;
      case "ACTION_LISTENER": {
        const action = typeof data.action === "string" ? parseAction(data.action) : undefined;
        if (action) on.action(action);
        return;
      }
      case "ERROR":
        on.error(typeof data.message === "string" && data.message ? data.message : "GenUI: the screen could not be drawn.");
        return;
    }
  }

  const onMessage = (event: MessageEvent): void => {
    if (isDestroyed()) return;
    try {
      // Only this iframe's window may talk to us. The iframe is sandboxed without allow-same-origin, so its messages
      // arrive with the opaque origin "null" — which any other sandboxed frame or data: URL can claim too. "null" is
      // therefore accepted only together with the source check: `event.source` is the sending window itself and
      // cannot be forged, so it pins the message to our iframe. The iframe's own origin (the API's, or contentBase)
      // is accepted as well (same source check) in case the iframe page is ever served without its sandbox.
      if (!event.source || event.source !== iframe.contentWindow) return;
      if (event.origin !== "null" && (!content || event.origin !== content.origin)) return;
      if (!isFrameMessage(event.data)) return;
      onFrameMessage(event.data);
    } catch (e) {
      console.error("GenUI: could not handle a message from the iframe", e);
    }
  };

  return {
    post,
    listen: () => window.addEventListener("message", onMessage),
    close: () => window.removeEventListener("message", onMessage),
  };
}
