import { act, render } from "@testing-library/react";
import type { Screen } from "@genui/ui-runtime";
import { GenUI } from "./index";
import { ERROR_JSON_AND_CODE } from "./host";

const SCREEN: Screen = { name: "Hello", screen: { v1: [{ name: "title", component: "text", value: "Hi" }] } };

const iframeOf = (container: HTMLElement) => container.querySelector("iframe")!;
const fromFrame = (iframe: HTMLIFrameElement, data: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin: "null", source: iframe.contentWindow }));
  });

let savedFetch: typeof globalThis.fetch | undefined;
beforeEach(() => {
  savedFetch = globalThis.fetch;
});
afterEach(() => {
  globalThis.fetch = savedFetch as typeof globalThis.fetch;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("GenUI", () => {
  test("when rendered with json, then a 640px iframe on genui.dev gets RENDER after READY", () => {
    const { container } = render(<GenUI id="screen-1" json={SCREEN} />);
    const iframe = iframeOf(container);
    expect(container.querySelector("#screen-1")).not.toBeNull();
    expect(iframe.src.startsWith("https://genui.dev/apps/api/v1/iframe/static/?origin=")).toBe(true);
    expect(iframe.style.width).toBe("640px");
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(iframe, { source: "genui", type: "READY" });
    expect(posted).toHaveBeenCalledWith({ source: "genui", type: "RENDER", json: SCREEN }, "*");
  });

  test("when the iframe reports an action, then onActionListener receives the parsed event (the latest callback)", () => {
    const first = jest.fn();
    const second = jest.fn();
    const { container, rerender } = render(<GenUI json={SCREEN} onActionListener={first} />);
    rerender(<GenUI json={SCREEN} onActionListener={second} />);
    const event = { type: "onChangeText", component: { name: "email", value: "a@b.c" } };
    fromFrame(iframeOf(container), { source: "genui", type: "ACTION_LISTENER", action: JSON.stringify(event) });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(event);
  });

  test("when the content resizes and height is auto, then the iframe follows it", () => {
    const { container } = render(<GenUI json={SCREEN} width="100%" />);
    const iframe = iframeOf(container);
    expect(iframe.style.width).toBe("100%");
    fromFrame(iframe, { source: "genui", type: "RESIZE_LISTENER", height: 480, width: 600 });
    expect(iframe.style.height).toBe("480px");
  });

  test("when the prompt changes quickly, then one debounced retrieve is made with the (publishable) API key", async () => {
    jest.useFakeTimers();
    const fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ json: SCREEN }) }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const { rerender } = render(<GenUI apiKey="gk_pub_page-key-1" apiBase="https://api.genui.test" prompt="A" />);
    rerender(<GenUI apiKey="gk_pub_page-key-1" apiBase="https://api.genui.test" prompt="A login form" />);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      "https://api.genui.test/apps/api/v1/retrieve/",
      expect.objectContaining({
        headers: expect.objectContaining({ Authorization: "Bearer gk_pub_page-key-1" }),
        body: '{"prompt":"A login form"}',
      }),
    );
  });

  test("when json and code are both given, then the error band shows and console.error is called", () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { getByRole } = render(<GenUI apiKey="k" json={SCREEN} code="x" />);
    expect(getByRole("alert").textContent).toBe(ERROR_JSON_AND_CODE);
    expect(errors).toHaveBeenCalledWith(ERROR_JSON_AND_CODE);
  });

  test("when unmounted, then the iframe is gone and later messages are ignored", () => {
    const onAction = jest.fn();
    const { container, unmount } = render(<GenUI json={SCREEN} onActionListener={onAction} />);
    const iframe = iframeOf(container);
    const win = iframe.contentWindow;
    unmount();
    expect(container.querySelector("iframe")).toBeNull();
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { source: "genui", type: "ACTION_LISTENER", action: JSON.stringify({ type: "onPress", component: { name: "a" } }) },
        origin: "null",
        source: win,
      }),
    );
    expect(onAction).not.toHaveBeenCalled();
  });

  test("when apiBase changes, then a new iframe is created and keeps drawing the current json", () => {
    const { container, rerender } = render(<GenUI json={SCREEN} apiBase="https://a.genui.test" />);
    rerender(<GenUI json={SCREEN} apiBase="https://b.genui.test" />);
    const iframes = container.querySelectorAll("iframe");
    expect(iframes).toHaveLength(1);
    const iframe = iframes[0]!;
    expect(new URL(iframe.src).origin).toBe("https://b.genui.test");
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(iframe, { source: "genui", type: "READY" });
    expect(posted).toHaveBeenCalledWith({ source: "genui", type: "RENDER", json: SCREEN }, "*");
  });
});
