import type { Screen } from "@genui/ui-runtime";
import { ACTION_EVENT, ERROR_EVENT, defineGenUIScreen, mount, type GenUIScreenElement } from "./loader";
import { ERROR_JSON_AND_CODE, type GenUIFrame } from "./host";
import { clearAppearanceCache } from "./host/appearance";

const SCREEN: Screen = { name: "Hello", screen: { v1: [{ name: "title", component: "text", value: "Hi" }] } };

const create = (attrs: Record<string, string> = {}): GenUIScreenElement => {
  const el = document.createElement("genui-screen");
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  return el;
};
/**
 * jsdom gives no browsing context (contentWindow stays null) to an iframe inside a shadow root, unlike browsers: lend
 * it the window of a helper iframe in the light DOM so that messages can come "from" it and be posted to it.
 */
function iframeOf(el: GenUIScreenElement): HTMLIFrameElement {
  const iframe = el.shadowRoot!.querySelector("iframe")!;
  if (!iframe.contentWindow) {
    const helper = document.createElement("iframe");
    document.body.append(helper);
    const win = helper.contentWindow!;
    Object.defineProperty(iframe, "contentWindow", { configurable: true, get: () => win });
  }
  return iframe;
}
const fromFrame = (iframe: HTMLIFrameElement, data: unknown) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin: "null", source: iframe.contentWindow }));

afterEach(() => {
  clearAppearanceCache();
  document.body.innerHTML = "";
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("<genui-screen>", () => {
  test("when the module is loaded, then genui-screen is defined, and defining it again is harmless", () => {
    expect(customElements.get("genui-screen")).toBeDefined();
    expect(() => defineGenUIScreen()).not.toThrow();
  });

  test("when connected, then it creates the sandboxed iframe in its shadow root with the attributes' settings", () => {
    const el = create({ "api-base": "https://api.genui.test", width: "320px", height: "200px", theme: "dark" });
    const iframe = iframeOf(el);
    expect(iframe.getAttribute("sandbox")).toBe("allow-scripts");
    expect(new URL(iframe.src).origin).toBe("https://api.genui.test");
    expect(new URL(iframe.src).searchParams.get("theme")).toBe("dark");
    expect(iframe.style.width).toBe("320px");
    expect(iframe.style.height).toBe("200px");
    expect(el.shadowRoot!.querySelector("style")!.textContent).toContain(".genui-error");
    expect(el.frame).toBeDefined();
  });

  test("when attributes change, then the iframe follows them", () => {
    const el = create();
    const iframe = iframeOf(el);
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(iframe, { source: "genui", type: "READY" });
    el.setAttribute("width", "500px");
    expect(iframe.style.width).toBe("500px");
    el.setAttribute("json", JSON.stringify(SCREEN));
    expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "RENDER", json: SCREEN }, "*");
    el.setAttribute("theme", "light");
    expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "THEME", theme: "light" }, "*");
    el.setAttribute("api-base", "https://other.genui.test");
    expect(el.shadowRoot!.querySelectorAll("iframe")).toHaveLength(1);
    expect(new URL(iframeOf(el).src).origin).toBe("https://other.genui.test");
  });

  test("when the json property is set, then the screen is rendered", () => {
    const el = create();
    const iframe = iframeOf(el);
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    el.json = SCREEN;
    fromFrame(iframe, { source: "genui", type: "READY" });
    expect(posted).toHaveBeenCalledWith({ source: "genui", type: "RENDER", json: SCREEN }, "*");
    expect(el.json).toBe(SCREEN);
  });

  test("when the iframe reports an action, then a bubbling, composed genui-action carries the parsed event", () => {
    const el = create({ json: JSON.stringify(SCREEN) });
    const heard = jest.fn();
    document.addEventListener(ACTION_EVENT, heard);
    const event = { type: "onPress", component: { name: "submit", value: null } };
    fromFrame(iframeOf(el), { source: "genui", type: "ACTION_LISTENER", action: JSON.stringify(event) });
    document.removeEventListener(ACTION_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
    const e = heard.mock.calls[0]![0] as CustomEvent;
    expect(e.detail).toEqual(event);
    expect(e.bubbles).toBe(true);
    expect(e.composed).toBe(true);
    expect(e.target).toBe(el);
  });

  test("when json and code are both set, then genui-error is dispatched and the band in the shadow root shows it", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const heard = jest.fn();
    document.addEventListener(ERROR_EVENT, heard);
    const el = create({ "api-key": "k", code: "x", json: JSON.stringify(SCREEN) });
    document.removeEventListener(ERROR_EVENT, heard);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ message: ERROR_JSON_AND_CODE });
    const band = el.shadowRoot!.querySelector<HTMLElement>('[role="alert"]')!;
    expect(band.hidden).toBe(false);
    expect(band.textContent).toBe(ERROR_JSON_AND_CODE);
    expect(band.getAttribute("style")).toBeNull();
  });

  test("when code changes, then one debounced retrieve is made with the api-key", async () => {
    jest.useFakeTimers();
    const fetch = jest.fn(async (_url: string) => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify({ json: SCREEN }),
    }));
    const saved = globalThis.fetch;
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    try {
      const el = create({ "api-key": "gk_pub_page-key-9", "api-base": "https://api.genui.test", code: "a" });
      el.setAttribute("code", "ab");
      el.setAttribute("prompt", "");
      await jest.advanceTimersByTimeAsync(1000);
      // Besides the app's theme (asked once with the key: see the brand tests).
      expect(fetch.mock.calls.filter(([url]) => url.endsWith("/retrieve/"))).toHaveLength(1);
      expect(fetch).toHaveBeenCalledWith(
        "https://api.genui.test/apps/api/v1/retrieve/",
        expect.objectContaining({
          headers: expect.objectContaining({ Authorization: "Bearer gk_pub_page-key-9" }),
          body: '{"code":"ab"}',
        }),
      );
    } finally {
      globalThis.fetch = saved;
    }
  });

  test("when removed from the page, then the iframe is destroyed", () => {
    const el = create();
    el.remove();
    expect(el.shadowRoot!.querySelector("iframe")).toBeNull();
    expect(el.frame).toBeUndefined();
  });
});

describe("mount", () => {
  let frame: GenUIFrame | undefined;
  afterEach(() => frame?.destroy());

  test("when mounted with json, then the element gets the iframe and RENDER follows READY", () => {
    const el = document.createElement("div");
    document.body.append(el);
    const onAction = jest.fn();
    frame = mount(el, { json: SCREEN, onAction });
    expect(el.querySelector("iframe")).toBe(frame.iframe);
    expect(frame.iframe.src.startsWith("https://genui.dev/")).toBe(true);
    const posted = jest.spyOn(frame.iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(frame.iframe, { source: "genui", type: "READY" });
    expect(posted).toHaveBeenCalledWith({ source: "genui", type: "RENDER", json: SCREEN }, "*");
  });
});

describe("<genui-screen> brand", () => {
  const VIOLET = { light: { primary: "#6d28d9" }, radius: 4 };
  const messages = (posted: jest.SpyInstance) => posted.mock.calls.map(([m]) => m as { type: string });

  test("when the brand attribute holds a theme, then BRAND carries it before the screen, and a new one is sent when it changes", () => {
    const el = create({ brand: JSON.stringify(VIOLET), json: JSON.stringify(SCREEN) });
    const iframe = iframeOf(el);
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(iframe, { source: "genui", type: "READY" });
    expect(messages(posted)).toEqual([
      { source: "genui", type: "BRAND", theme: null, override: VIOLET },
      { source: "genui", type: "RENDER", json: SCREEN },
    ]);
    el.setAttribute("brand", JSON.stringify({ radius: 16 }));
    expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "BRAND", theme: null, override: { radius: 16 } }, "*");
    el.brand = { density: "compact" };
    expect(posted).toHaveBeenLastCalledWith(
      { source: "genui", type: "BRAND", theme: null, override: { density: "compact" } },
      "*",
    );
    el.removeAttribute("brand");
    expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "BRAND", theme: null, override: null }, "*");
  });

  test("when brand is not valid JSON, then genui-error says so and no override is applied", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const heard = jest.fn();
    document.addEventListener(ERROR_EVENT, heard);
    const el = create({ brand: "{violet", json: JSON.stringify(SCREEN) });
    document.removeEventListener(ERROR_EVENT, heard);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail.message).toMatch(/^GenUI: brand is not valid JSON/);
    const iframe = iframeOf(el);
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(iframe, { source: "genui", type: "READY" });
    expect(messages(posted).map((m) => m.type)).toEqual(["RENDER"]);
  });

  test("when the iframe refuses the brand, then genui-error carries its field messages", () => {
    const el = create({ brand: JSON.stringify({ light: { primary: "#fef08a" } }) });
    const heard = jest.fn();
    el.addEventListener(ERROR_EVENT, heard);
    const message = "GenUI: the brand theme was not applied.\nbrand.light.primary: too light";
    fromFrame(iframeOf(el), { source: "genui", type: "ERROR", message, errors: { "brand.light.primary": ["too light"] } });
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ message });
  });

  test("when it has an api-key, then the app's theme is fetched with it and sent to the iframe", async () => {
    const saved = globalThis.fetch;
    const fetch = jest.fn(async (_url: string, _init: RequestInit) => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify({ object: "genui.appearance", version: 2, theme: VIOLET, components: [] }),
    }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    try {
      const el = create({ "api-key": "gk_pub_loader-brand", "api-base": "https://api.genui.test", brand: '{"radius":16}' });
      const iframe = iframeOf(el);
      const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
      fromFrame(iframe, { source: "genui", type: "READY" });
      await new Promise<void>((r) => setTimeout(r, 0));
      expect(fetch).toHaveBeenCalledWith(
        "https://api.genui.test/apps/api/v1/appearance",
        expect.objectContaining({ headers: expect.objectContaining({ Authorization: "Bearer gk_pub_loader-brand" }) }),
      );
      expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "BRAND", theme: VIOLET, override: { radius: 16 } }, "*");
    } finally {
      globalThis.fetch = saved;
    }
  });
});
