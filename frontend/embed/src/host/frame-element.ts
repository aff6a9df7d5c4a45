/**
 * The iframe itself: where it points (the API and the content origin, checked once) and its sandbox. The iframe is
 * sandboxed with allow-scripts only (no allow-same-origin): its page runs in an opaque origin.
 */
import { iframeUrl } from "@genui/ui-runtime/protocol";
import type { GenUITheme } from "./options";
import { messageOf } from "./values";

export interface FrameEndpoints {
  /** The API (retrieve endpoint); undefined when `apiBase` is not an http(s) URL. */
  api?: URL;
  /** Where the iframe page comes from: `contentBase`, else the API. */
  content?: URL;
  /** Why the frame cannot work as configured (shown always, on every input). */
  setupError?: string;
}

export function resolveEndpoints(apiBase: string, contentBase: string | undefined): FrameEndpoints {
  let api: URL | undefined;
  let setupError: string | undefined;
  try {
    api = new URL(apiBase, location.href);
    if (api.protocol !== "https:" && api.protocol !== "http:") throw new Error(`unsupported protocol ${api.protocol}`);
  } catch (e) {
    api = undefined;
    setupError = `GenUI: apiBase "${apiBase}" is not a valid http(s) URL (${messageOf(e)}).`;
  }

  let content: URL | undefined = api;
  if (api && contentBase) {
    try {
      content = new URL(contentBase, location.href);
      if (content.protocol !== "https:" && content.protocol !== "http:")
        throw new Error(`unsupported protocol ${content.protocol}`);
    } catch (e) {
      content = undefined;
      setupError = `GenUI: contentBase "${contentBase}" is not a valid http(s) URL (${messageOf(e)}).`;
    }
  }
  return { api, content, setupError };
}

/** The sandboxed iframe, loading the iframe page of `content` (with the theme it starts in) when there is one. */
export function createFrameElement(content: URL | undefined, urlTheme: GenUITheme | undefined): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.setAttribute("referrerpolicy", "no-referrer");
  iframe.setAttribute("title", "Generated UI");
  iframe.setAttribute("loading", "lazy");
  iframe.style.border = "0";
  iframe.style.display = "block";
  iframe.style.maxWidth = "100%";
  if (content) iframe.src = iframeUrl(content.href, location.origin, urlTheme);
  return iframe;
}
