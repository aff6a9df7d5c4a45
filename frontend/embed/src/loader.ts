/**
 * The framework-agnostic loader (no React): the `<genui-screen>` custom element and `mount(el, opts)`, both on top of
 * host.ts. Built into a standalone script; importing it registers the element (once).
 *
 *   <genui-screen api-key="gk_pub_…" prompt="A login form" debug></genui-screen>
 *   <genui-screen json='{"name":"Hello","screen":{"v1":[…]}}'></genui-screen>
 *   <genui-screen api-key="gk_pub_…" completion-id="chatcmpl-…"></genui-screen>
 *   el.addEventListener("genui-action", (e) => console.log(e.detail)); // { type, component: { name, value } }
 *
 * Attributes: api-key (the app's publishable key: accepted only from the app's own origin), api-base (default https://genui.dev),
 * content-base (the iframe page's origin when the platform keeps it apart from the API), width, height, theme, debug (present and not "false"),
 * code, prompt, json (JSON text), completion-id (a stored completion of the app: its screen, read with api-key; alone,
 * not with json, code or prompt), brand (JSON text: a per-embed override of the app's brand theme). The `json` and
 * `brand` properties take an object or JSON text; the last write of the property or the attribute wins. Events
 * (bubbling, composed): `genui-action` (detail: the action) and `genui-error` (detail: `{ message }`).
 *
 * The brand theme: with api-key the app's theme is fetched (`GET /apps/api/v1/appearance`) and the iframe applies it,
 * with `brand` merged over it. The iframe checks both (WCAG AA contrast): a `brand` that fails is not applied and
 * `genui-error` carries its field messages. The developer's own components show their built-in fallback here.
 *
 * Streaming mode: set the `stream` property to a streamed completion (the openai client's stream, a fetch `Response`
 * with the SSE body, or the content text so far) and the element draws the screen as it grows, then the final json;
 * `genui-stream-complete` (detail: `{ code, repaired_code?, json }`) fires at the end. See `GenUIStream`.
 */
import type { AppTheme } from "@genui/ui-runtime";
import {
  DEFAULT_API_BASE,
  createGenUIFrame,
  type ActionEvent,
  type GenUIFrame,
  type GenUIFrameOptions,
  type GenUIFrameSettings,
  type GenUIInput,
  type GenUITheme,
  type Screen,
} from "./host";
import type { GenUIStream, GenUIStreamAnswer } from "./stream";

export const ELEMENT_NAME = "genui-screen";
export const ACTION_EVENT = "genui-action";
export const ERROR_EVENT = "genui-error";
export const STREAM_COMPLETE_EVENT = "genui-stream-complete";

export const OBSERVED_ATTRIBUTES = [
  "api-key",
  "api-base",
  "content-base",
  "width",
  "height",
  "theme",
  "debug",
  "code",
  "prompt",
  "json",
  "completion-id",
  "brand",
] as const;

/** The error band's styles, scoped to the element's shadow root. */
const STYLE =
  ":host{display:block;max-width:100%}:host([hidden]){display:none}" +
  ".genui-error{box-sizing:border-box;margin:0 0 8px;padding:8px 12px;border:1px solid #fca5a5;border-radius:6px;" +
  "background:#fef2f2;color:#991b1b;font:13px/1.4 system-ui,-apple-system,sans-serif;white-space:pre-wrap}" +
  ".genui-error[hidden]{display:none}";

export type MountOptions = Omit<GenUIFrameOptions, "apiBase"> & GenUIInput & { apiBase?: string; stream?: GenUIStream };

/**
 * Puts a GenUI iframe into `el` and draws `json` (or retrieves `code` / `prompt`, or reads `completionId`'s screen, or
 * draws `stream` as it grows); returns its controller.
 */
export function mount(el: HTMLElement, opts: MountOptions): GenUIFrame {
  const { json, code, prompt, completionId, apiBase, stream, ...rest } = opts;
  const frame = createGenUIFrame(el, { ...rest, apiBase: apiBase || DEFAULT_API_BASE });
  if (stream !== undefined) frame.stream(stream);
  else frame.update({ json, code, prompt, completionId });
  return frame;
}

/** The `<genui-screen>` element's own API (besides HTMLElement's). */
export interface GenUIScreenElement extends HTMLElement {
  json: Screen | string | undefined;
  /** A per-embed override of the app's brand theme (an AppTheme, or its JSON text). */
  brand: AppTheme | string | undefined;
  /** Streaming mode: a streamed completion drawn as it grows (see `GenUIStream`); while set, json/code/prompt wait. */
  stream: GenUIStream | undefined;
  /** The controller of the current iframe while the element is connected. */
  readonly frame: GenUIFrame | undefined;
}

export interface GenUIActionEvent extends CustomEvent<ActionEvent> {
  readonly type: typeof ACTION_EVENT;
}

export interface GenUIStreamCompleteEvent extends CustomEvent<GenUIStreamAnswer> {
  readonly type: typeof STREAM_COMPLETE_EVENT;
}

export interface GenUIErrorEvent extends CustomEvent<{ message: string }> {
  readonly type: typeof ERROR_EVENT;
}

declare global {
  interface HTMLElementTagNameMap {
    "genui-screen": GenUIScreenElement;
  }
  interface HTMLElementEventMap {
    "genui-action": GenUIActionEvent;
    "genui-error": GenUIErrorEvent;
    "genui-stream-complete": GenUIStreamCompleteEvent;
  }
}

const asTheme = (v: string | null): GenUITheme | undefined => (v === "light" || v === "dark" || v === "auto" ? v : undefined);
const asFlag = (v: string | null): boolean => v !== null && v.trim().toLowerCase() !== "false";
const asText = (v: string | null): string | undefined => (v === null ? undefined : v);

/** A brand override from the attribute or the property: the theme, or why it is not one. */
function brandOf(v: AppTheme | string | undefined): { brand?: AppTheme; error?: string } {
  if (v === undefined || v === "") return {};
  if (typeof v !== "string") return { brand: v };
  try {
    const parsed: unknown = JSON.parse(v);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? { brand: parsed as AppTheme }
      : { error: "GenUI: brand is not a theme object." };
  } catch (e) {
    return { error: `GenUI: brand is not valid JSON (${e instanceof Error ? e.message : String(e)}).` };
  }
}

/** Registers `<genui-screen>` (or `name`) unless a browser-less environment or an earlier registration. */
export function defineGenUIScreen(name: string = ELEMENT_NAME): void {
  if (typeof window === "undefined" || typeof customElements === "undefined" || customElements.get(name)) return;

  class GenUIScreen extends HTMLElement implements GenUIScreenElement {
    static readonly observedAttributes: readonly string[] = OBSERVED_ATTRIBUTES;
    #frame: GenUIFrame | undefined;
    #json: Screen | string | undefined;
    #brand: AppTheme | string | undefined;
    #stream: GenUIStream | undefined;
    readonly #container: HTMLDivElement;

    constructor() {
      super();
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      style.textContent = STYLE;
      this.#container = document.createElement("div");
      this.#container.setAttribute("part", "container");
      root.append(style, this.#container);
    }

    get json(): Screen | string | undefined {
      return this.#json;
    }

    set json(value: Screen | string | undefined | null) {
      this.#json = value ?? undefined;
      this.#sync();
    }

    get brand(): AppTheme | string | undefined {
      return this.#brand;
    }

    set brand(value: AppTheme | string | undefined | null) {
      this.#brand = value ?? undefined;
      this.#applyBrand();
    }

    get stream(): GenUIStream | undefined {
      return this.#stream;
    }

    set stream(value: GenUIStream | undefined | null) {
      this.#stream = value ?? undefined;
      this.#sync();
    }

    get frame(): GenUIFrame | undefined {
      return this.#frame;
    }

    connectedCallback(): void {
      // A `json` set on the element before this script upgraded it is an own property shadowing the accessor.
      if (Object.prototype.hasOwnProperty.call(this, "json")) {
        const value = (this as { json?: Screen | string }).json;
        delete (this as { json?: unknown }).json;
        this.#json = value ?? undefined;
      }
      if (Object.prototype.hasOwnProperty.call(this, "brand")) {
        const value = (this as { brand?: AppTheme | string }).brand;
        delete (this as { brand?: unknown }).brand;
        this.#brand = value ?? undefined;
      }
      if (Object.prototype.hasOwnProperty.call(this, "stream")) {
        const value = (this as { stream?: GenUIStream }).stream;
        delete (this as { stream?: unknown }).stream;
        this.#stream = value ?? undefined;
      }
      this.#create();
    }

    disconnectedCallback(): void {
      this.#frame?.destroy();
      this.#frame = undefined;
    }

    attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
      if (oldValue === value) return;
      if (name === "json") this.#json = asText(value);
      if (name === "brand") this.#brand = asText(value);
      if (!this.#frame) return;
      if (name === "api-base" || name === "content-base") {
        this.#frame.destroy();
        this.#frame = undefined;
        this.#create();
      } else if (name === "theme") this.#frame.setTheme(asTheme(value));
      else if (name === "brand") this.#applyBrand();
      else this.#sync();
    }

    #settings(): GenUIFrameSettings {
      return {
        apiKey: asText(this.getAttribute("api-key")),
        width: asText(this.getAttribute("width")),
        height: asText(this.getAttribute("height")),
        debug: asFlag(this.getAttribute("debug")),
      };
    }

    #create(): void {
      if (this.#frame || !this.isConnected) return;
      const contentBase = this.getAttribute("content-base");
      this.#frame = createGenUIFrame(this.#container, {
        ...this.#settings(),
        apiBase: this.getAttribute("api-base") || DEFAULT_API_BASE,
        ...(contentBase ? { contentBase } : {}),
        theme: asTheme(this.getAttribute("theme")),
        inlineStyles: false,
        onAction: (detail) => this.dispatchEvent(new CustomEvent(ACTION_EVENT, { detail, bubbles: true, composed: true })),
        onError: (message) =>
          this.dispatchEvent(new CustomEvent(ERROR_EVENT, { detail: { message }, bubbles: true, composed: true })),
        onStreamComplete: (detail) =>
          this.dispatchEvent(new CustomEvent(STREAM_COMPLETE_EVENT, { detail, bubbles: true, composed: true })),
      });
      this.#applyBrand();
      this.#sync();
    }

    /** The brand override to the frame (which checks it); text that is not a theme is reported and not applied. */
    #applyBrand(): void {
      if (!this.#frame) return;
      const { brand, error } = brandOf(this.#brand);
      if (error) {
        console.error(error);
        this.dispatchEvent(new CustomEvent(ERROR_EVENT, { detail: { message: error }, bubbles: true, composed: true }));
      }
      this.#frame.setBrand(brand);
    }

    #sync(): void {
      if (!this.#frame) return;
      this.#frame.configure(this.#settings());
      if (this.#stream !== undefined) return this.#frame.stream(this.#stream);
      this.#frame.update({
        json: this.#json,
        code: asText(this.getAttribute("code")),
        prompt: asText(this.getAttribute("prompt")),
        completionId: asText(this.getAttribute("completion-id")),
      });
    }
  }

  customElements.define(name, GenUIScreen);
}

defineGenUIScreen();
