import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentNode, Screen, Style } from "@genui/ui-runtime";
import { safeImageSrc } from "./components/media";
import { ScreenView } from "./ScreenView";
import { renderNodes, screenOf, stubResizeObserver } from "./test-helpers";

beforeAll(stubResizeObserver);

const orders: ComponentNode = {
  name: "orders",
  component: "table",
  value: [
    { id: "A-1", total: 30, status: "paid" },
    { id: "A-2", total: 12.5, status: "open" },
    { id: "A-3", total: 99, status: "refunded" },
  ],
  props: { columns: ["id", { key: "total", label: "Total", format: "currency" }, "status"] },
};
const firstColumn = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("cell")[0]?.textContent);

describe("table", () => {
  test("when a header is clicked, then rows sort ascending, then descending, with aria-sort", () => {
    renderNodes([orders]);
    const header = () => screen.getByRole("columnheader", { name: /Total/ });
    expect(header().getAttribute("aria-sort")).toBeNull();

    fireEvent.click(within(header()).getByRole("button"));
    expect(header().getAttribute("aria-sort")).toBe("ascending");
    expect(firstColumn()).toEqual(["A-2", "A-1", "A-3"]);

    fireEvent.click(within(header()).getByRole("button"));
    expect(header().getAttribute("aria-sort")).toBe("descending");
    expect(firstColumn()).toEqual(["A-3", "A-1", "A-2"]);

    fireEvent.click(within(screen.getByRole("columnheader", { name: /Status/ })).getByRole("button"));
    expect(header().getAttribute("aria-sort")).toBeNull();
    expect(firstColumn()).toEqual(["A-2", "A-1", "A-3"]); // open, paid, refunded
  });
});

describe("inputs", () => {
  test("when the user types in a textInput, then it shows the text and reports onChangeText with the typed value", () => {
    const { onAction } = renderNodes([{ name: "email", component: "textInput", props: { label: "Email" } }]);
    const input = screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a" } });
    fireEvent.change(input, { target: { value: "ab@example.com" } });
    expect(input.value).toBe("ab@example.com");
    expect(onAction.mock.calls).toEqual([
      [{ type: "onChangeText", component: { name: "email", value: "a" } }],
      [{ type: "onChangeText", component: { name: "email", value: "ab@example.com" } }],
    ]);
  });

  test("when the screen changes an input's value, then the typed value is replaced; otherwise it is kept", () => {
    const field = (value: string): Screen => screenOf([{ name: "q", component: "textInput", value, props: { label: "Query" } }]);
    const { rerender } = render(<ScreenView screen={field("one")} />);
    const input = screen.getByRole("textbox", { name: "Query" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "typed" } });
    rerender(<ScreenView screen={field("one")} />);
    expect(input.value).toBe("typed");
    rerender(<ScreenView screen={field("two")} />);
    expect(input.value).toBe("two");
  });

  test("when a checkbox, switch, select or slider changes, then onChangeText reports the new value", () => {
    const { onAction } = renderNodes([
      { name: "terms", component: "checkbox", value: false, props: { label: "Terms" } },
      { name: "notify", component: "switch", value: true, props: { label: "Notify" } },
      { name: "size", component: "select", value: "s", props: { label: "Size", options: ["s", "m"] } },
      { name: "budget", component: "slider", value: 10, props: { label: "Budget", min: 0, max: 50, step: 5 } },
    ]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Terms" }));
    fireEvent.click(screen.getByRole("switch", { name: "Notify" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Size" }), { target: { value: "m" } });
    fireEvent.change(screen.getByRole("slider", { name: "Budget" }), { target: { value: "25" } });
    expect(onAction.mock.calls.map(([e]) => [e.component.name, e.component.value])).toEqual([
      ["terms", true],
      ["notify", false],
      ["size", "m"],
      ["budget", 25],
    ]);
    expect((screen.getByRole("checkbox", { name: "Terms" }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("buttons", () => {
  afterEach(() => jest.useRealTimers());

  test("when a button is clicked, then onPress is reported with its value", () => {
    const { onAction } = renderNodes([{ name: "buy", component: "button", value: "Buy now", onPress: "buy" }]);
    const button = screen.getByRole("button", { name: "Buy now" });
    expect(button.tagName).toBe("BUTTON"); // a native button: Enter and Space press it too
    fireEvent.click(button);
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "buy", value: "Buy now" } });
  });

  test("when an action has a value, then that value is reported instead of the component's", () => {
    const { onAction } = renderNodes([
      { name: "buy", component: "button", value: "Buy", onPress: { event: "buy", value: { sku: "A-1" } } },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "buy", value: { sku: "A-1" } } });
  });

  test("when a button is held for 600 ms, then onLongPress is reported and the release is not a press", () => {
    jest.useFakeTimers();
    const { onAction } = renderNodes([
      { name: "del", component: "button", value: "Delete", onPress: "tap", onLongPress: "hold" },
    ]);
    const button = screen.getByRole("button", { name: "Delete" });

    fireEvent.pointerDown(button, { button: 0 });
    act(() => jest.advanceTimersByTime(599));
    expect(onAction).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onAction).toHaveBeenCalledWith({ type: "onLongPress", component: { name: "del", value: "Delete" } });
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onAction).toHaveBeenCalledTimes(1);

    // A short press afterwards is a press again.
    fireEvent.pointerDown(button, { button: 0 });
    act(() => jest.advanceTimersByTime(200));
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(onAction).toHaveBeenLastCalledWith({ type: "onPress", component: { name: "del", value: "Delete" } });
    act(() => jest.advanceTimersByTime(1000));
    expect(onAction).toHaveBeenCalledTimes(2);
  });

  test("when a list has onPress, then its items are buttons reporting the pressed item", () => {
    const { onAction } = renderNodes([
      { name: "steps", component: "list", value: ["Sign up", { title: "Create" }], onPress: "open" },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "steps", value: { title: "Create" } } });
  });
});

describe("actions", () => {
  test("when a set action runs, then the other component shows the new value and the host is not called", () => {
    const { onAction } = renderNodes([
      { name: "status", component: "text", value: "Idle" },
      { name: "qty", component: "textInput", value: "3", props: { label: "Quantity" } },
      { name: "go", component: "button", value: "Go", onPress: { set: { name: "status", value: "Done" } } },
      { name: "clear", component: "button", value: "Clear", onPress: { set: { name: "qty", value: "" }, event: "cleared" } },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(screen.getByText("Done")).toBeTruthy();
    expect(screen.queryByText("Idle")).toBeNull();
    expect(onAction).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect((screen.getByRole("textbox", { name: "Quantity" }) as HTMLInputElement).value).toBe("");
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "clear", value: "Clear" } });
  });

  test("when a navigate action runs, then only http(s) URLs are opened, in a new tab with noopener", () => {
    const open = jest.spyOn(window, "open").mockImplementation(() => null);
    try {
      const { onAction } = renderNodes([
        { name: "docs", component: "button", value: "Docs", onPress: { navigate: "https://genui.dev/docs" } },
        { name: "bad", component: "button", value: "Bad", onPress: { navigate: "javascript:alert(1)" } },
        { name: "ftp", component: "button", value: "Ftp", onPress: { navigate: "ftp://example.com/file" } },
      ]);
      fireEvent.click(screen.getByRole("button", { name: "Docs" }));
      fireEvent.click(screen.getByRole("button", { name: "Bad" }));
      fireEvent.click(screen.getByRole("button", { name: "Ftp" }));
      expect(open.mock.calls).toEqual([["https://genui.dev/docs", "_blank", "noopener"]]);
      expect(onAction).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }
  });
});

describe("tabs and accordion", () => {
  const tabs: ComponentNode = {
    name: "views",
    component: "tabs",
    value: ["One", "Two", "Three"],
    onChangeText: "tab",
    content: [
      { name: "p1", component: "text", value: "Panel one" },
      { name: "p2", component: "text", value: "Panel two" },
      { name: "p3", component: "text", value: "Panel three" },
    ],
  };

  test("when arrow keys are pressed on a tab, then selection and focus move (roving tabindex, wrapping, Home/End)", () => {
    const { onAction } = renderNodes([tabs]);
    const tab = (name: string) => screen.getByRole("tab", { name });
    tab("One").focus();
    fireEvent.keyDown(tab("One"), { key: "ArrowRight" });
    expect(tab("Two").getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(tab("Two"));
    expect([tab("One").tabIndex, tab("Two").tabIndex, tab("Three").tabIndex]).toEqual([-1, 0, -1]);
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel two");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(tab("Two").id);

    fireEvent.keyDown(tab("Two"), { key: "End" });
    expect(document.activeElement).toBe(tab("Three"));
    fireEvent.keyDown(tab("Three"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("One"));
    fireEvent.keyDown(tab("One"), { key: "ArrowLeft" });
    expect(tab("Three").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("Three"), { key: "Home" });
    expect(tab("One").getAttribute("aria-selected")).toBe("true");
    expect(onAction.mock.calls.map(([e]) => e.component.value)).toEqual(["Two", "Three", "One", "Three", "One"]);
  });

  test("when an accordion header is clicked, then its section opens (aria-expanded) and the other closes", () => {
    renderNodes([
      {
        name: "faq",
        component: "accordion",
        value: ["Q1", "Q2"],
        content: [
          { name: "a1", component: "text", value: "A1" },
          { name: "a2", component: "text", value: "A2" },
        ],
      },
    ]);
    const q1 = screen.getByRole("button", { name: "Q1" });
    const q2 = screen.getByRole("button", { name: "Q2" });
    fireEvent.click(q1);
    expect(q1.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "Q1" }).textContent).toBe("A1");
    fireEvent.click(q2);
    expect(q1.getAttribute("aria-expanded")).toBe("false");
    expect(q2.getAttribute("aria-expanded")).toBe("true");
  });
});

describe("resilience", () => {
  test("when a component type is unknown, then a notice is shown and the rest renders", () => {
    renderNodes([
      { name: "x", component: "hologram" },
      { name: "ok", component: "text", value: "Still here" },
    ]);
    expect(screen.getByRole("note").textContent).toContain("hologram");
    expect(screen.getByText("Still here")).toBeTruthy();
  });

  test("when a component throws while rendering, then a notice replaces it and the screen stays up", () => {
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const bomb = {
        name: "bomb",
        component: "text",
        get value(): string {
          throw new Error("boom");
        },
      } as ComponentNode;
      renderNodes([{ name: "col", component: "column", content: [bomb, { name: "ok", component: "text", value: "Survivor" }] }]);
      expect(screen.getByRole("note").textContent).toContain("bomb");
      expect(screen.getByText("Survivor")).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });

  test("when the screen becomes null or invalid, then the last good screen stays on display", () => {
    const good = screenOf([{ name: "h", component: "heading", value: "Good screen" }], "good");
    const { rerender } = render(<ScreenView screen={good} />);
    rerender(<ScreenView screen={null} />);
    expect(screen.getByRole("heading", { name: "Good screen" })).toBeTruthy();
    rerender(<ScreenView screen={{ name: "broken", screen: { v1: "nope" } } as unknown as Screen} />);
    expect(screen.getByRole("heading", { name: "Good screen" })).toBeTruthy();
    rerender(<ScreenView screen={screenOf([{ name: "h", component: "heading", value: "Next screen" }], "next")} />);
    expect(screen.getByRole("heading", { name: "Next screen" })).toBeTruthy();
  });
});

describe("lifecycle", () => {
  afterEach(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  });

  test("when a screen is shown, updated, replaced and unmounted, then onStart and onEnd are reported once each", () => {
    const onAction = jest.fn();
    const a = (text: string): Screen => ({
      ...screenOf([{ name: "t", component: "text", value: text }], "A"),
      onStart: ["loaded", { event: "started", value: 1 }],
      onEnd: "ended",
    });
    const b: Screen = { ...screenOf([], "B"), onStart: "b-start" };
    const { rerender, unmount } = render(<ScreenView screen={a("v1")} onAction={onAction} />);
    rerender(<ScreenView screen={a("v2")} onAction={onAction} />);
    rerender(<ScreenView screen={b} onAction={onAction} />);
    unmount();
    expect(onAction.mock.calls.map(([e]) => e)).toEqual([
      { type: "onStart", component: { name: "A", value: "loaded" } },
      { type: "onStart", component: { name: "A", value: 1 } },
      { type: "onEnd", component: { name: "A", value: "ended" } },
      { type: "onStart", component: { name: "B", value: "b-start" } },
    ]);
  });

  test("when a hook has a set action, then it applies to the screen", () => {
    render(
      <ScreenView
        screen={{
          ...screenOf([{ name: "greeting", component: "text", value: "…" }], "S"),
          onStart: { set: { name: "greeting", value: "Hello" } },
        }}
      />,
    );
    expect(screen.getByText("Hello")).toBeTruthy();
  });

  test("when the document is hidden and shown again, then onPause and onResume are reported", () => {
    const onAction = jest.fn();
    render(<ScreenView screen={{ ...screenOf([], "S"), onPause: "paused", onResume: "resumed" }} onAction={onAction} />);
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(onAction.mock.calls.map(([e]) => e.type)).toEqual(["onPause", "onResume"]);
  });
});

describe("charts", () => {
  test("when a screen has a chart, then the lazy chunk loads and a role=img with a data summary is shown", async () => {
    renderNodes([
      {
        name: "rev",
        component: "barChart",
        value: [
          { month: "Jan", revenue: 120, costs: 80 },
          { month: "Feb", revenue: 150, costs: 90 },
        ],
        props: { x: "month", y: ["revenue", "costs"], title: "Revenue" },
      },
    ]);
    const chart = await screen.findByRole("img", { name: /Bar chart/ }, { timeout: 10_000 });
    expect(chart.getAttribute("aria-label")).toBe(
      "Revenue. Bar chart of revenue and costs by month. Jan: revenue $120, costs $80; Feb: revenue $150, costs $90.",
    );
    expect(chart.style.height).toBe("240px");
  });

  test("when a pie chart is shown, then its label lists each slice with its share", async () => {
    renderNodes([
      {
        name: "p",
        component: "pieChart",
        value: [
          { label: "A", value: 3 },
          { label: "B", value: 1 },
        ],
      },
    ]);
    const chart = await screen.findByRole("img", { name: /Pie chart/ }, { timeout: 10_000 });
    expect(chart.getAttribute("aria-label")).toBe("Pie chart. A 3 (75%), B 1 (25%).");
  });
});

describe("theme and style", () => {
  test("when no theme prop is given, then the screen's theme applies; the prop overrides it", () => {
    const s: Screen = { ...screenOf([]), props: { screenProps: { theme: "dark" } } };
    const { container, rerender } = render(<ScreenView screen={s} />);
    const root = () => container.querySelector(".gu-root") as HTMLElement;
    expect(root().dataset.theme).toBe("dark");
    rerender(<ScreenView screen={s} theme="light" />);
    expect(root().dataset.theme).toBe("light");
    rerender(<ScreenView screen={screenOf([])} />);
    expect(root().dataset.theme).toBe("light"); // auto, and jsdom does not prefer dark
  });

  test("when a component has style and animation, then only STYLE_KEYS and safe values reach its element", () => {
    renderNodes([
      {
        name: "t",
        component: "text",
        value: "Styled",
        animation: { type: "slide-up", duration: 200 },
        // `position` is not a style key: a screen from a model may still carry it.
        props: {
          style: {
            color: "rgb(255, 0, 0)",
            padding: 8,
            position: "fixed",
            background: "url(https://evil.example/x.png)",
          } as Style,
        },
      },
    ]);
    const el = screen.getByText("Styled");
    expect(el.style.color).toBe("rgb(255, 0, 0)");
    expect(el.style.padding).toBe("8px");
    expect(el.style.position).toBe("");
    expect(el.style.background).toBe("");
    expect(el.className).toContain("gu-anim gu-anim-slide-up");
    expect(el.style.getPropertyValue("--gu-anim-duration")).toBe("200ms");
  });

  test("when several screens render, then the style sheet is injected into the head once", () => {
    render(<ScreenView screen={screenOf([])} />);
    render(<ScreenView screen={screenOf([])} />);
    expect(document.head.querySelectorAll("style#gu-renderer-styles")).toHaveLength(1);
  });
});

describe("media safety", () => {
  test("when an image has no alt, then a notice is shown instead", () => {
    const { container } = renderNodes([{ name: "b", component: "image", value: "data:image/png;base64,iVBORw0KGgo=" }]);
    expect(screen.getAllByRole("note")).toHaveLength(1);
    expect(container.querySelector("img")).toBeNull();
  });

  test("when an image's address is on another site (or not a web address), then it is never requested and a drawn placeholder with its alt text is shown at its size", () => {
    const outside = [
      "https://example.com/a.png",
      "http://example.com/b.png",
      "//example.com/c.png",
      "/\\example.com/d.png",
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "ftp://localhost/e.png",
    ];
    const { container } = renderNodes(
      outside.map((value, i) => ({ name: `i${i}`, component: "image", value, props: { alt: `Picture ${i}`, height: 120 } })),
    );
    expect(container.querySelector("img")).toBeNull();
    const shown = outside.map((_, i) => screen.getByRole("img", { name: `Picture ${i}` }));
    expect(shown.map((el) => el.tagName)).toEqual(outside.map(() => "DIV"));
    expect(shown.every((el) => el.querySelector("svg") !== null && el.textContent === el.getAttribute("aria-label"))).toBe(true);
    expect(shown.map((el) => el.style.height)).toEqual(outside.map(() => "120px"));
    expect(screen.queryAllByRole("note")).toEqual([]);
  });

  test("when an image is a data: image or on this page's own server, then it is shown as an image", () => {
    renderNodes([
      {
        name: "a",
        component: "image",
        value: "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>",
        props: { alt: "Drawn" },
      },
      { name: "b", component: "image", value: "/media/photo.png", props: { alt: "Relative", width: 200 } },
      { name: "c", component: "image", value: `${location.origin}/media/same.png`, props: { alt: "Same origin" } },
    ]);
    expect((screen.getByRole("img", { name: "Drawn" }) as HTMLImageElement).src).toMatch(/^data:image\/svg\+xml/);
    expect((screen.getByRole("img", { name: "Relative" }) as HTMLImageElement).src).toBe(`${location.origin}/media/photo.png`);
    expect((screen.getByRole("img", { name: "Same origin" }) as HTMLImageElement).tagName).toBe("IMG");
  });

  test("when an image fails to load, then the placeholder replaces it (no broken-image box)", () => {
    renderNodes([{ name: "a", component: "image", value: "/missing.png", props: { alt: "Gone", width: 300, height: 200 } }]);
    const img = screen.getByRole("img", { name: "Gone" });
    expect(img.tagName).toBe("IMG");
    fireEvent.error(img);
    const placeholder = screen.getByRole("img", { name: "Gone" });
    expect(placeholder.tagName).toBe("DIV");
    expect([placeholder.style.width, placeholder.style.height]).toEqual(["300px", "200px"]);
  });

  test("when an image address is checked, then only data: images and the page's own origin pass", () => {
    const base = "https://app.genui.dev/chat";
    expect(
      [
        "data:image/png;base64,AAAA",
        "/a.png",
        "b/c.png",
        "https://app.genui.dev/x.png",
        "https://cdn.genui.dev/x.png",
        "http://app.genui.dev/x.png",
        "//app.genui.dev.evil.com/x.png",
        "data:image/svg+xml",
        "",
      ].map((u) => safeImageSrc(u, base)),
    ).toEqual([
      "data:image/png;base64,AAAA",
      "https://app.genui.dev/a.png",
      "https://app.genui.dev/b/c.png",
      "https://app.genui.dev/x.png",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // A page of no origin (about:srcdoc, a sandbox without a URL) takes data: images only.
    expect(["/a.png", "data:image/gif;base64,R0lG"].map((u) => safeImageSrc(u, "about:srcdoc"))).toEqual([
      undefined,
      "data:image/gif;base64,R0lG",
    ]);
  });

  test("when a video is a Vimeo link or an https mp4, then it is embedded; other URLs are refused", () => {
    const { container } = renderNodes([
      { name: "v", component: "video", value: "https://vimeo.com/123456789", props: { title: "Vimeo" } },
      { name: "f", component: "video", value: "https://cdn.example.com/clip.mp4", props: { title: "Clip" } },
      { name: "x", component: "video", value: "https://example.com/page", props: { title: "X" } },
    ]);
    expect((screen.getByTitle("Vimeo") as HTMLIFrameElement).src).toBe("https://player.vimeo.com/video/123456789?dnt=1");
    const video = container.querySelector("video") as HTMLVideoElement;
    expect(video.controls).toBe(true);
    expect(video.getAttribute("aria-label")).toBe("Clip");
    expect(screen.getAllByRole("note")).toHaveLength(1);
  });

  test("when an icon has no label, then it is hidden from assistive technology", () => {
    const { container } = renderNodes([{ name: "i", component: "icon", value: "star" }]);
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });
});
