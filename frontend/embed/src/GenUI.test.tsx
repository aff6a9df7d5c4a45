import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Screen } from "@genui/ui-runtime";
import { GenUI, type AppComponentRenderProps } from "./index";
import { ERROR_JSON_AND_CODE } from "./host";
import { clearAppearanceCache } from "./host/appearance";

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
  clearAppearanceCache();
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
    const fetch = jest.fn(async (_url: string) => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify({ json: SCREEN }),
    }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const { rerender } = render(<GenUI apiKey="gk_pub_page-key-1" apiBase="https://api.genui.test" prompt="A" />);
    rerender(<GenUI apiKey="gk_pub_page-key-1" apiBase="https://api.genui.test" prompt="A login form" />);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    // Besides the app's theme (asked once with the key).
    expect(fetch.mock.calls.filter(([url]) => url.endsWith("/retrieve/"))).toHaveLength(1);
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

describe("GenUI with the developer's components and a brand theme", () => {
  const VIOLET = { light: { primary: "#6d28d9" }, radius: 4 };
  const PRODUCT: Screen = {
    name: "Shop",
    screen: {
      v1: [
        { name: "title", component: "heading", value: "Our mugs" },
        {
          name: "mug",
          component: "ProductCard",
          package: "app",
          props: { title: "Ceramic mug", price: 14 },
          onPress: "buy",
          fallback: { name: "mug_fallback", component: "card", value: "Ceramic mug" },
        },
      ],
    },
  };
  function ProductCard({ title, price, genui }: AppComponentRenderProps<{ title: string; price: number }>) {
    return (
      <article aria-label={title}>
        <p>${price}</p>
        <button type="button" onClick={() => genui.action("onPress", title)}>
          Add to cart
        </button>
      </article>
    );
  }
  const root = (container: HTMLElement) => container.querySelector<HTMLElement>(".gu-root")!;

  test("when json comes with components, then the screen is drawn in the page by the developer's component, and its press reaches onActionListener", async () => {
    const onAction = jest.fn();
    const { container } = render(<GenUI json={PRODUCT} components={{ ProductCard }} onActionListener={onAction} theme="light" />);
    const card = await screen.findByRole("article", { name: "Ceramic mug" }, { timeout: 10_000 });
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("heading", { name: "Our mugs" })).toBeTruthy();
    expect(root(container).parentElement!.style.width).toBe("640px");
    fireEvent.click(within(card).getByRole("button", { name: "Add to cart" }));
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "mug", value: "Ceramic mug" } });
  });

  test("when components come with a prompt, then the screen is drawn in the iframe (app nodes show their fallback there)", () => {
    const { container } = render(<GenUI apiKey="gk_pub_x" prompt="A shop" components={{ ProductCard }} />);
    expect(container.querySelector("iframe")).not.toBeNull();
    expect(container.querySelector(".gu-root")).toBeNull();
  });

  test("when a brand override is given in the page, then the screen's root carries its variables", async () => {
    const { container } = render(<GenUI json={PRODUCT} components={{ ProductCard }} brand={VIOLET} theme="light" />);
    await screen.findByRole("article", {}, { timeout: 10_000 });
    expect(root(container).style.getPropertyValue("--gu-primary")).toBe("#6d28d9");
    expect(root(container).style.getPropertyValue("--gu-radius")).toBe("4px");
  });

  test("when the brand override fails contrast, then it is not applied and onError gets its field messages", async () => {
    const onError = jest.fn();
    const { container } = render(
      <GenUI json={PRODUCT} components={{ ProductCard }} brand={{ light: { primary: "#fef08a" } }} onError={onError} debug />,
    );
    await screen.findByRole("article", {}, { timeout: 10_000 });
    expect(root(container).style.getPropertyValue("--gu-primary")).toBe("");
    expect(onError).toHaveBeenCalledWith(
      expect.stringMatching(/^GenUI: the brand theme was not applied\.\nbrand\.light\.primary: .*WCAG AA/),
    );
    expect(screen.getByRole("alert").textContent).toMatch(/brand\.light\.primary/);
  });

  test("when the page has a key, then the app's theme is fetched and applied in the page, with the override over it", async () => {
    const fetch = jest.fn(async (_url: string, _init: RequestInit) => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify({ object: "genui.appearance", version: 1, theme: VIOLET, components: [] }),
    }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const { container } = render(
      <GenUI
        apiKey="gk_pub_in-page"
        apiBase="https://api.genui.test"
        json={PRODUCT}
        components={{ ProductCard }}
        brand={{ radius: 16 }}
        theme="light"
      />,
    );
    await waitFor(() => expect(root(container).style.getPropertyValue("--gu-primary")).toBe("#6d28d9"), { timeout: 10_000 });
    expect(root(container).style.getPropertyValue("--gu-radius")).toBe("16px");
    expect(fetch).toHaveBeenCalledWith(
      "https://api.genui.test/apps/api/v1/appearance",
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: "Bearer gk_pub_in-page" }) }),
    );
  });

  test("when a brand is given with the iframe, then BRAND carries it to the iframe before the screen", () => {
    const { container } = render(<GenUI json={SCREEN} brand={VIOLET} />);
    const iframe = iframeOf(container);
    const posted = jest.spyOn(iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    fromFrame(iframe, { source: "genui", type: "READY" });
    expect(posted.mock.calls.map(([m]) => m)).toEqual([
      { source: "genui", type: "BRAND", theme: null, override: VIOLET },
      { source: "genui", type: "RENDER", json: SCREEN },
    ]);
  });
});
