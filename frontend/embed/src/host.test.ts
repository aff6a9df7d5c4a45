import type { Screen } from "@genui/ui-runtime";
import {
  createGenUIFrame,
  ERROR_COMPLETION_AND_INPUT,
  ERROR_COMPLETION_MISSING_API_KEY,
  ERROR_JSON_AND_CODE,
  ERROR_MISSING_API_KEY,
  type GenUIFrame,
  type GenUIFrameOptions,
} from "./host";
import { APPEARANCE_FRESH_MS, APPEARANCE_PATH, clearAppearanceCache } from "./host/appearance";

const API = "https://api.genui.test";
const SCREEN: Screen = { name: "Hello", screen: { v1: [{ name: "title", component: "text", value: "Hi" }] } };
const OTHER: Screen = { name: "Other", screen: { v1: [] } };

type FakeResponse = { ok: boolean; status: number; text: () => Promise<string>; headers?: Headers };
const respond = (status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse => ({
  ok: status >= 200 && status < 300,
  status,
  text: async () => (typeof body === "string" ? body : JSON.stringify(body)),
  headers: new Headers(headers),
});
/** What GET /apps/api/v1/appearance answers for an app with this theme. */
const appearanceOf = (theme: unknown) => ({ object: "genui.appearance", version: 3, theme, components: [] });
const VIOLET = { light: { primary: "#6d28d9" }, radius: 4 };

let frames: GenUIFrame[] = [];

function setup(
  opts: Partial<GenUIFrameOptions> = {},
  answer: (url: string, init: RequestInit) => FakeResponse | Promise<FakeResponse> = () => respond(200, appearanceOf({})),
) {
  const container = document.createElement("div");
  document.body.append(container);
  const onAction = jest.fn();
  const onError = jest.fn();
  // The retrieve endpoint (the test's own fetch when it gives one) and the appearance endpoint (an app without a theme
  // unless the test says otherwise), apart: the frame asks the latter as soon as it has a key.
  const fetch =
    (opts.fetch as unknown as jest.Mock | undefined) ??
    jest.fn(async (_url: string, _init: RequestInit) => respond(200, { json: SCREEN }));
  const appearance = jest.fn(async (url: string, init: RequestInit) => answer(url, init));
  const routed = (url: string, init: RequestInit) => (url.endsWith(APPEARANCE_PATH) ? appearance(url, init) : fetch(url, init));
  const frame = createGenUIFrame(container, {
    apiBase: API,
    onAction,
    onError,
    ...opts,
    fetch: routed as unknown as typeof globalThis.fetch,
  });
  frames.push(frame);
  const win = frame.iframe.contentWindow!;
  const posted = jest.spyOn(win, "postMessage").mockImplementation(() => undefined);
  const band = () => container.querySelector<HTMLElement>('[role="alert"].genui-error')!;
  return { container, frame, iframe: frame.iframe, win, posted, onAction, onError, fetch, appearance, band };
}

const fromFrame = (win: Window | null, data: unknown, origin = "null") =>
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: win }));
const ready = (win: Window) => fromFrame(win, { source: "genui", type: "READY" });
const renders = (posted: jest.SpyInstance) => posted.mock.calls.filter(([m]) => (m as { type: string }).type === "RENDER");
const types = (posted: jest.SpyInstance) => posted.mock.calls.map(([m]) => (m as { type: string }).type);

afterEach(() => {
  clearAppearanceCache();
  frames.forEach((f) => f.destroy());
  frames = [];
  document.body.innerHTML = "";
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("createGenUIFrame", () => {
  test("when the frame is created, then it is a sandboxed, lazy, no-referrer iframe on the API's iframe page", () => {
    const { iframe, container } = setup({ theme: "dark" });
    expect(container.contains(iframe)).toBe(true);
    expect(iframe.getAttribute("sandbox")).toBe("allow-scripts");
    expect(iframe.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(iframe.getAttribute("title")).toBe("Generated UI");
    expect(iframe.getAttribute("loading")).toBe("lazy");
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe(`${API}/apps/api/v1/iframe/static/`);
    expect(src.searchParams.get("origin")).toBe(location.origin);
    expect(src.searchParams.get("theme")).toBe("dark");
    expect(iframe.style.width).toBe("640px");
  });

  test("when json is given before READY, then RENDER is queued and sent after READY with targetOrigin *", () => {
    const { frame, win, posted } = setup();
    frame.update({ json: SCREEN });
    expect(posted).not.toHaveBeenCalled();
    ready(win);
    expect(posted).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith({ source: "genui", type: "RENDER", json: SCREEN }, "*");
  });

  test("when json changes after READY, then only the latest screen is sent, and unchanged json is not re-sent", () => {
    const { frame, win, posted } = setup();
    frame.update({ json: SCREEN });
    frame.update({ json: JSON.stringify(OTHER) });
    ready(win);
    expect(renders(posted)).toEqual([[{ source: "genui", type: "RENDER", json: OTHER }, "*"]]);
    frame.update({ json: JSON.stringify(OTHER) });
    expect(renders(posted)).toHaveLength(1);
    frame.update({ json: { ...SCREEN } });
    expect(renders(posted)).toHaveLength(2);
  });

  test("when the iframe sends READY again (reloaded), then the current screen is sent again", () => {
    const { frame, win, posted } = setup();
    frame.update({ json: SCREEN });
    ready(win);
    ready(win);
    expect(renders(posted)).toHaveLength(2);
  });

  test("when a message comes from another window or another origin, then it is ignored", () => {
    const { frame, win, posted, onAction } = setup();
    frame.update({ json: SCREEN });
    fromFrame(window, { source: "genui", type: "READY" });
    fromFrame(null, { source: "genui", type: "READY" });
    fromFrame(win, { source: "genui", type: "READY" }, "https://evil.test");
    fromFrame(win, { type: "READY" });
    fromFrame(win, "READY");
    const action = JSON.stringify({ type: "onPress", component: { name: "ok", value: null } });
    fromFrame(window, { source: "genui", type: "ACTION_LISTENER", action });
    expect(posted).not.toHaveBeenCalled();
    expect(onAction).not.toHaveBeenCalled();
    fromFrame(win, { source: "genui", type: "READY" }, API);
    expect(posted).toHaveBeenCalledTimes(1);
  });

  test("when RESIZE_LISTENER arrives and height is auto, then the iframe takes that height", () => {
    const { win, iframe } = setup();
    fromFrame(win, { source: "genui", type: "RESIZE_LISTENER", height: 321.4, width: 600 });
    expect(iframe.style.height).toBe("322px");
    fromFrame(win, { source: "genui", type: "RESIZE_LISTENER", height: "x", width: 600 });
    fromFrame(win, { source: "genui", type: "RESIZE_LISTENER", height: -5, width: 600 });
    expect(iframe.style.height).toBe("322px");
    fromFrame(window, { source: "genui", type: "RESIZE_LISTENER", height: 999, width: 600 });
    expect(iframe.style.height).toBe("322px");
  });

  test("when height is fixed, then RESIZE_LISTENER does not change it, and switching to auto applies the last height", () => {
    const { frame, win, iframe } = setup({ height: "400px", width: 300 });
    expect(iframe.style.width).toBe("300px");
    fromFrame(win, { source: "genui", type: "RESIZE_LISTENER", height: 120, width: 300 });
    expect(iframe.style.height).toBe("400px");
    frame.configure({ height: "auto" });
    expect(iframe.style.height).toBe("120px");
    expect(iframe.style.width).toBe("640px");
  });

  test("when ACTION_LISTENER arrives, then onAction receives the parsed event, and malformed ones are ignored", () => {
    const { win, onAction } = setup();
    const event = { type: "onPress", component: { name: "submit", value: { email: "a@b.c" } } };
    fromFrame(win, { source: "genui", type: "ACTION_LISTENER", action: JSON.stringify(event) });
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenCalledWith(event);
    fromFrame(win, { source: "genui", type: "ACTION_LISTENER", action: "{not json" });
    fromFrame(win, { source: "genui", type: "ACTION_LISTENER", action: JSON.stringify({ type: "onPress" }) });
    fromFrame(win, { source: "genui", type: "ACTION_LISTENER", action: JSON.stringify({ component: { name: "x" } }) });
    fromFrame(win, { source: "genui", type: "ACTION_LISTENER", action: event });
    fromFrame(win, { source: "genui", type: "ACTION_LISTENER" });
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  test("when the action listener throws, then the error stays out of the host page", () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { win } = setup({
      onAction: () => {
        throw new Error("host bug");
      },
    });
    const action = JSON.stringify({ type: "onPress", component: { name: "ok", value: null } });
    expect(() => fromFrame(win, { source: "genui", type: "ACTION_LISTENER", action })).not.toThrow();
    expect(errors).toHaveBeenCalled();
  });

  test("when code and prompt change within a second, then exactly one debounced retrieve is made with the Bearer key and only non-empty fields", async () => {
    jest.useFakeTimers();
    const { frame, win, posted, fetch } = setup({ apiKey: "gk_pub_page-key-123" });
    frame.update({ code: "scr", prompt: "" });
    await jest.advanceTimersByTimeAsync(500);
    frame.update({ code: "screen(", prompt: "   " });
    await jest.advanceTimersByTimeAsync(999);
    expect(fetch).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/apps/api/v1/retrieve/`);
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer gk_pub_page-key-123");
    expect(JSON.parse(init.body as string)).toEqual({ code: "screen(" });
    ready(win);
    expect(renders(posted)).toEqual([[{ source: "genui", type: "RENDER", json: SCREEN }, "*"]]);
    await jest.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("when only a prompt is given, then the body carries only the prompt", async () => {
    jest.useFakeTimers();
    const { frame, fetch } = setup({ apiKey: "k" });
    frame.update({ prompt: "A login form", code: "" });
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toEqual({ prompt: "A login form" });
  });

  test("when a newer retrieve answers first, then the stale answer is aborted and ignored", async () => {
    jest.useFakeTimers();
    let resolveFirst: (r: FakeResponse) => void = () => undefined;
    const signals: AbortSignal[] = [];
    const fetch = jest.fn((_url: string, init: RequestInit) => {
      signals.push(init.signal!);
      if (signals.length === 1) return new Promise<FakeResponse>((r) => (resolveFirst = r));
      return Promise.resolve(respond(200, { json: OTHER }));
    });
    const { frame, win, posted } = setup({ apiKey: "k", fetch: fetch as unknown as typeof globalThis.fetch });
    ready(win);
    frame.update({ prompt: "first" });
    await jest.advanceTimersByTimeAsync(1000);
    frame.update({ prompt: "second" });
    expect(signals[0]!.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    resolveFirst(respond(200, { json: SCREEN }));
    await jest.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(renders(posted)).toEqual([[{ source: "genui", type: "RENDER", json: OTHER }, "*"]]);
  });

  test.each([
    [{ error: "Invalid API key" }, "Invalid API key"],
    [{ detail: "Quota exceeded" }, "Quota exceeded"],
    [{ error: { message: "The code does not parse" } }, "The code does not parse"],
  ])("when the retrieve fails with %j in debug mode, then the band shows it", async (body, message) => {
    jest.useFakeTimers();
    const fetch = jest.fn(async () => respond(400, body));
    const { frame, band, onError, posted, win } = setup({
      apiKey: "k",
      debug: true,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    ready(win);
    frame.update({ code: "x" });
    await jest.advanceTimersByTimeAsync(1000);
    expect(band().hidden).toBe(false);
    expect(band().textContent).toBe(message);
    expect(onError).toHaveBeenCalledWith(message);
    expect(renders(posted)).toHaveLength(0);
  });

  test("when the retrieve fails without debug, then no band is shown but onError still hears it", async () => {
    jest.useFakeTimers();
    const fetch = jest.fn(async () => respond(401, { error: "Invalid API key" }));
    const { frame, band, onError } = setup({ apiKey: "k", fetch: fetch as unknown as typeof globalThis.fetch });
    frame.update({ code: "x" });
    await jest.advanceTimersByTimeAsync(1000);
    expect(band().hidden).toBe(true);
    expect(band().textContent).toBe("");
    expect(onError).toHaveBeenCalledWith("Invalid API key");
    frame.configure({ apiKey: "k", debug: true });
    expect(band().hidden).toBe(false);
    expect(band().textContent).toBe("Invalid API key");
  });

  test("when the network fails in debug mode, then the band shows the network error's message", async () => {
    jest.useFakeTimers();
    const fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { frame, band } = setup({ apiKey: "k", debug: true, fetch: fetch as unknown as typeof globalThis.fetch });
    frame.update({ prompt: "x" });
    await jest.advanceTimersByTimeAsync(1000);
    expect(band().textContent).toContain("Failed to fetch");
  });

  test("when json and code are both given, then an error is shown even without debug and nothing is rendered", () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { frame, win, posted, band, onError, fetch } = setup({ apiKey: "k" });
    ready(win);
    frame.update({ json: SCREEN, code: "x" });
    expect(band().hidden).toBe(false);
    expect(band().textContent).toBe(ERROR_JSON_AND_CODE);
    expect(errors).toHaveBeenCalledWith(ERROR_JSON_AND_CODE);
    expect(onError).toHaveBeenCalledWith(ERROR_JSON_AND_CODE);
    expect(posted).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    frame.update({ json: SCREEN });
    expect(band().hidden).toBe(true);
    expect(renders(posted)).toHaveLength(1);
  });

  const COMPLETION = `chatcmpl-${"0f8fad5bd9cb469fa16570867728950e"}`;
  /** A stored completion as GET /chat/completions/{id} answers it: the answer's content is `{"code","json"}` text. */
  const stored = (json: unknown) => ({
    id: COMPLETION,
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify({ code: 'text("Hi")', json }) } }],
    metadata: null,
  });

  test("when a completionId is given, then its stored completion is read at once with the key and its screen drawn", async () => {
    jest.useFakeTimers();
    const fetch = jest.fn(async () => respond(200, stored(SCREEN)));
    const { frame, win, posted } = setup({ apiKey: "gk_pub_page-key-123", fetch: fetch as unknown as typeof globalThis.fetch });
    ready(win);
    frame.update({ completionId: COMPLETION });
    await jest.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${API}/apps/api/v1/chat/completions/${COMPLETION}`);
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("omit");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer gk_pub_page-key-123");
    expect(renders(posted)).toEqual([[{ source: "genui", type: "RENDER", json: SCREEN }, "*"]]);
    // The same id again is no new read; another id is.
    frame.update({ completionId: COMPLETION });
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test.each([
    [
      404,
      { error: { message: "No chat completion found with id 'x'.", code: "not_found" } },
      "No chat completion found with id 'x'.",
    ],
    [
      200,
      { id: "x", choices: [{ message: { content: "not json" } }] },
      `GenUI: the stored completion ${COMPLETION} carries no screen json.`,
    ],
  ])("when the stored completion answers %d %j, then the band says why and nothing is drawn", async (status, body, message) => {
    jest.useFakeTimers();
    const fetch = jest.fn(async () => respond(status, body));
    const { frame, win, posted, band, onError } = setup({
      apiKey: "k",
      debug: true,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    ready(win);
    frame.update({ completionId: COMPLETION });
    await jest.advanceTimersByTimeAsync(0);
    expect(band().textContent).toBe(message);
    expect(onError).toHaveBeenCalledWith(message);
    expect(renders(posted)).toHaveLength(0);
  });

  test("when a completionId comes with other input, without a key, or malformed, then it is refused and nothing is read", async () => {
    jest.useFakeTimers();
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { frame, band, fetch } = setup();
    frame.update({ completionId: COMPLETION, prompt: "A form" });
    await jest.advanceTimersByTimeAsync(2000);
    expect(band().textContent).toBe(ERROR_COMPLETION_AND_INPUT);
    frame.update({ completionId: COMPLETION });
    expect(band().textContent).toBe(ERROR_COMPLETION_MISSING_API_KEY);
    expect(fetch).not.toHaveBeenCalled();
    // Given a key, the pending id is read.
    frame.configure({ apiKey: "k" });
    await jest.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    frame.update({ completionId: "chatcmpl-nope" });
    expect(band().textContent).toContain('completionId "chatcmpl-nope" is not a completion id');
    expect(errors).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("when code is given without an apiKey, then an error is shown and nothing is fetched", async () => {
    jest.useFakeTimers();
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { frame, band, fetch } = setup();
    frame.update({ code: "x" });
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetch).not.toHaveBeenCalled();
    expect(band().textContent).toBe(ERROR_MISSING_API_KEY);
    expect(errors).toHaveBeenCalledWith(ERROR_MISSING_API_KEY);
    frame.configure({ apiKey: "now" });
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(band().hidden).toBe(true);
  });

  test("when the iframe reports ERROR in debug mode, then the band shows it", () => {
    const { win, band, onError } = setup({ debug: true });
    fromFrame(win, { source: "genui", type: "ERROR", message: "Unknown component foo" });
    expect(band().textContent).toBe("Unknown component foo");
    expect(onError).toHaveBeenCalledWith("Unknown component foo");
  });

  test("when json is not valid JSON text, then it is reported and nothing is rendered", () => {
    const { frame, win, posted, band } = setup({ debug: true });
    ready(win);
    frame.update({ json: "{oops" });
    expect(band().textContent).toMatch(/not valid JSON/);
    expect(posted).not.toHaveBeenCalled();
  });

  test("when the theme changes after READY, then THEME is posted and later RENDERs carry it", () => {
    const { frame, win, posted } = setup();
    ready(win);
    frame.setTheme("dark");
    expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "THEME", theme: "dark" }, "*");
    frame.update({ json: SCREEN });
    expect(posted).toHaveBeenLastCalledWith({ source: "genui", type: "RENDER", json: SCREEN, theme: "dark" }, "*");
  });

  test("when apiBase is not a URL, then the error is shown instead of throwing", () => {
    const container = document.createElement("div");
    let frame: GenUIFrame | undefined;
    expect(() => (frame = createGenUIFrame(container, { apiBase: "javascript:alert(1)" }))).not.toThrow();
    frames.push(frame!);
    expect(frame!.iframe.getAttribute("src")).toBeNull();
    expect(container.querySelector(".genui-error")!.textContent).toMatch(/apiBase/);
  });

  test("when destroyed, then the iframe and band are removed, messages are ignored and pending retrieves are dropped", async () => {
    jest.useFakeTimers();
    const { frame, container, win, fetch, onAction } = setup({ apiKey: "k" });
    frame.update({ code: "x" });
    frame.destroy();
    frame.destroy();
    expect(container.children).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetch).not.toHaveBeenCalled();
    fromFrame(win, {
      source: "genui",
      type: "ACTION_LISTENER",
      action: JSON.stringify({ type: "onPress", component: { name: "a" } }),
    });
    expect(onAction).not.toHaveBeenCalled();
    expect(() => frame.update({ json: SCREEN })).not.toThrow();
  });
});

/** Lets the promises already settled run their callbacks (the appearance request's answer). */
const settle = () => new Promise<void>((r) => setTimeout(r, 0));
const brands = (posted: jest.SpyInstance) =>
  posted.mock.calls.filter(([m]) => (m as { type: string }).type === "BRAND").map(([m]) => m);

describe("createGenUIFrame: the brand theme", () => {
  test("when the frame has a key, then the app's theme is fetched with it and sent as BRAND before the screen on READY", async () => {
    const { frame, win, posted, appearance } = setup({ apiKey: "gk_pub_brand-1" }, () => respond(200, appearanceOf(VIOLET)));
    frame.update({ json: SCREEN });
    await settle();
    expect(appearance).toHaveBeenCalledTimes(1);
    const [url, init] = appearance.mock.calls[0]!;
    expect(url).toBe(`${API}${APPEARANCE_PATH}`);
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("omit");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer gk_pub_brand-1");
    ready(win);
    expect(types(posted)).toEqual(["BRAND", "RENDER"]);
    expect(posted.mock.calls[0]![0]).toEqual({ source: "genui", type: "BRAND", theme: VIOLET, override: null });
  });

  test("when the theme arrives after READY, then BRAND is sent then, and the iframe redraws the screen with it", async () => {
    const { frame, win, posted } = setup({ apiKey: "gk_pub_brand-2" }, () => respond(200, appearanceOf(VIOLET)));
    ready(win);
    frame.update({ json: SCREEN });
    expect(types(posted)).toEqual(["RENDER"]);
    await settle();
    expect(types(posted)).toEqual(["RENDER", "BRAND"]);
  });

  test("when the app has no theme and the page no override, then no BRAND is sent", async () => {
    const { frame, win, posted, appearance } = setup({ apiKey: "gk_pub_plain" });
    frame.update({ json: SCREEN });
    await settle();
    ready(win);
    expect(appearance).toHaveBeenCalledTimes(1);
    expect(types(posted)).toEqual(["RENDER"]);
  });

  test("when several frames of a page share a key and API, then the theme is fetched once, then again with its ETag after a minute", async () => {
    jest.useFakeTimers({ doNotFake: ["setTimeout"] });
    const etagged = jest.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>)["If-None-Match"] === '"v3"'
        ? respond(304, "")
        : respond(200, appearanceOf(VIOLET), { etag: '"v3"' }),
    );
    const make = () => setup({ apiKey: "gk_pub_shared" }, etagged);
    const a = make();
    const b = make();
    await settle();
    expect(etagged).toHaveBeenCalledTimes(1);
    jest.setSystemTime(Date.now() + APPEARANCE_FRESH_MS + 1);
    const c = make();
    await settle();
    expect(etagged).toHaveBeenCalledTimes(2);
    expect((etagged.mock.calls[1]![1].headers as Record<string, string>)["If-None-Match"]).toBe('"v3"');
    // 304: the theme known stays.
    for (const f of [a, b, c]) {
      ready(f.win);
      expect(brands(f.posted)).toEqual([{ source: "genui", type: "BRAND", theme: VIOLET, override: null }]);
    }
  });

  test("when a page gives a brand override (no key), then BRAND carries it; setBrand replaces it and an equal one is not re-sent", () => {
    const override = { light: { primary: "#15803d" }, radius: 16 };
    const { frame, win, posted, appearance } = setup({ brand: override });
    frame.update({ json: SCREEN });
    ready(win);
    expect(appearance).not.toHaveBeenCalled();
    expect(posted.mock.calls.map(([m]) => m)).toEqual([
      { source: "genui", type: "BRAND", theme: null, override },
      { source: "genui", type: "RENDER", json: SCREEN },
    ]);
    frame.setBrand({ ...override });
    expect(brands(posted)).toHaveLength(1);
    frame.setBrand({ density: "compact" });
    frame.setBrand(undefined);
    expect(brands(posted).slice(1)).toEqual([
      { source: "genui", type: "BRAND", theme: null, override: { density: "compact" } },
      { source: "genui", type: "BRAND", theme: null, override: null },
    ]);
  });

  test("when the iframe refuses the brand, then onError gets its field messages", () => {
    const { win, onError, band } = setup({ brand: { light: { primary: "#fef08a" } }, debug: true });
    const message = "GenUI: the brand theme was not applied.\nbrand.light.primary: In light mode, … has a contrast of 1.2:1";
    fromFrame(win, { source: "genui", type: "ERROR", message, errors: { "brand.light.primary": ["…"] } });
    expect(onError).toHaveBeenCalledWith(message);
    expect(band().textContent).toBe(message);
  });

  test("when the key changes, then the theme is fetched for the new key and sent", async () => {
    const themes: Record<string, unknown> = { "Bearer gk_pub_one": VIOLET, "Bearer gk_pub_two": { radius: 16 } };
    const { frame, win, posted, appearance } = setup({ apiKey: "gk_pub_one" }, (_url, init) =>
      respond(200, appearanceOf(themes[(init.headers as Record<string, string>).Authorization!])),
    );
    ready(win);
    await settle();
    frame.configure({ apiKey: "gk_pub_two" });
    await settle();
    expect(appearance).toHaveBeenCalledTimes(2);
    expect(brands(posted).map((m) => (m as { theme: unknown }).theme)).toEqual([VIOLET, { radius: 16 }]);
  });

  test("when the theme cannot be loaded, then onError says so and the screen is still drawn, in GenUI's look", async () => {
    const { frame, win, posted, onError, appearance } = setup({ apiKey: "gk_pub_down" }, () =>
      respond(503, { error: { message: "The app's settings cannot be read right now." } }),
    );
    frame.update({ json: SCREEN });
    ready(win);
    await settle();
    expect(onError).toHaveBeenCalledWith(
      "GenUI: the app's theme could not be loaded (The app's settings cannot be read right now.); the screen keeps GenUI's look.",
    );
    expect(types(posted)).toEqual(["RENDER"]);
    // A failure is not kept: the next frame asks again.
    setup({ apiKey: "gk_pub_down" });
    expect(appearance).toHaveBeenCalledTimes(1);
  });

  test("when the API has no appearance route (404), then the screen is drawn without a theme and nothing is reported", async () => {
    const { frame, win, posted, onError } = setup({ apiKey: "gk_pub_old" }, () => respond(404, { error: "Not found" }));
    frame.update({ json: SCREEN });
    await settle();
    ready(win);
    expect(onError).not.toHaveBeenCalled();
    expect(types(posted)).toEqual(["RENDER"]);
  });
});
