import { act, fireEvent, render, screen } from "@testing-library/react";
import { APP_PACKAGE as RUNTIME_APP_PACKAGE, checkTheme, type AppTheme, type ComponentNode } from "@genui/ui-runtime";
import { APP_PACKAGE, checkBrand, combineBrand, renderScreen, type AppComponentRenderProps } from "./index";
import { ScreenView } from "./ScreenView";
import { CONTRAST_PAIRS } from "./styles";
import { contrast, renderNodes, screenOf } from "./test-helpers";

/** A violet, compact theme with square-ish corners and a serif heading font (readable in both modes). */
const VIOLET: AppTheme = {
  light: { primary: "#6d28d9", accent: "#be185d" },
  radius: 4,
  density: "compact",
  fonts: { heading: 'Georgia, "Times New Roman", serif' },
};

const rootOf = (container: HTMLElement) => container.querySelector<HTMLElement>(".gu-root")!;
const cssVar = (el: HTMLElement, name: string) => el.style.getPropertyValue(`--gu-${name}`);

const form: ComponentNode[] = [
  { name: "email", component: "textInput", props: { label: "Email" } },
  { name: "save", component: "button", value: "Save", onPress: "save" },
];

describe("brand theme", () => {
  test.each(["light", "dark"] as const)(
    "when a brand theme is given in %s mode, then its variables are on the root and every text pair still meets WCAG AA",
    (mode) => {
      const { container } = render(<ScreenView screen={screenOf(form)} theme={mode} brand={VIOLET} />);
      const root = rootOf(container);
      expect(root.getAttribute("data-theme")).toBe(mode);
      expect(cssVar(root, "radius")).toBe("4px");
      expect(cssVar(root, "radius-control")).toBe("0px");
      expect(cssVar(root, "density")).toBe("0.75");
      expect(cssVar(root, "font-heading")).toBe('Georgia, "Times New Roman", serif');
      expect(cssVar(root, "indicator")).toBe(mode === "light" ? "var(--gu-accent)" : "");
      if (mode === "light") expect(cssVar(root, "primary")).toBe("#6d28d9");
      // Dark mode derives a readable primary from light's.
      else expect(cssVar(root, "primary")).not.toBe("#6d28d9");
      const failing = CONTRAST_PAIRS.map(([fg, bg]) => {
        const ratio = contrast(cssVar(root, fg), cssVar(root, bg));
        return ratio >= 4.5 ? null : `${fg}/${bg}: ${ratio.toFixed(2)}`;
      }).filter(Boolean);
      expect(failing).toEqual([]);
    },
  );

  test("when no brand is given, then the root carries no theme variables (the style sheet's defaults apply)", () => {
    const { container } = renderNodes(form);
    const root = rootOf(container);
    expect([...Array.from(root.style)].filter((p) => p.startsWith("--gu-"))).toEqual([]);
  });

  test("when a brand sets no colours, then only its shape is inlined and the colours around the screen stay", () => {
    const { container } = render(
      <ScreenView screen={screenOf(form)} theme="light" brand={{ radius: 16, density: "spacious" }} />,
    );
    const root = rootOf(container);
    expect(cssVar(root, "radius")).toBe("16px");
    expect(cssVar(root, "density")).toBe("1.25");
    expect(cssVar(root, "primary")).toBe("");
    expect(cssVar(root, "bg")).toBe("");
  });

  test("when the brand's text would be unreadable, then it is not applied and console.error names the field", () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { container } = render(
      <ScreenView screen={screenOf(form)} theme="light" brand={{ light: { primary: "#fde047" }, radius: 2 }} />,
    );
    const root = rootOf(container);
    expect(cssVar(root, "primary")).toBe("");
    expect(cssVar(root, "radius")).toBe("");
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/brand\.light\.primary: .*contrast/));
    errors.mockRestore();
  });

  test("when a colour is not #rrggbb, then the brand is refused rather than drawn without its contrast checked", () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { container } = render(
      <ScreenView screen={screenOf(form)} brand={{ light: { primary: "yellow" } } as unknown as AppTheme} />,
    );
    expect(cssVar(rootOf(container), "primary")).toBe("");
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/brand\.light\.primary: A colour as #rrggbb/));
    errors.mockRestore();
  });

  test("when two screens use a brand with a font style sheet, then it is linked once in the head", () => {
    const brand: AppTheme = { fonts: { body: "Inter, sans-serif", stylesheet: "https://fonts.example.com/inter.css" } };
    render(
      <>
        <ScreenView screen={screenOf(form, "a")} brand={brand} />
        <ScreenView screen={screenOf(form, "b")} brand={{ ...brand }} />
      </>,
    );
    const links = document.head.querySelectorAll('link[rel="stylesheet"][data-gu-font]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe("https://fonts.example.com/inter.css");
    expect(cssVar(document.querySelector(".gu-root")!, "font")).toBe("Inter, sans-serif");
  });
});

describe("combineBrand", () => {
  test("when a page's override is readable over the app's theme, then it is merged over it", () => {
    expect(combineBrand({ light: { primary: "#6d28d9" }, radius: 4 }, { radius: 16 })).toEqual({
      theme: { light: { primary: "#6d28d9" }, radius: 16 },
    });
    expect(combineBrand(null, undefined)).toEqual({ theme: null });
    expect(combineBrand({}, null)).toEqual({ theme: null });
  });

  test("when the override fails contrast or is not a theme, then the app's theme stays and the errors name brand.*", () => {
    const app = { light: { primary: "#6d28d9" } };
    const low = combineBrand(app, { light: { primary: "#fef08a" } });
    expect(low.theme).toEqual(app);
    expect(Object.keys(low.errors ?? {})).toEqual(["brand.light.primary"]);
    const junk = combineBrand(app, { light: { primary: "red" }, shadow: 3 });
    expect(junk.theme).toEqual(app);
    expect(junk.errors).toEqual(
      expect.objectContaining({ "brand.light.primary": expect.any(Array), "brand.shadow": expect.any(Array) }),
    );
    expect(combineBrand(app, "violet").errors).toEqual({ brand: ["A theme object."] });
  });
});

describe("the developer's own components", () => {
  const card = (extra: Partial<ComponentNode> = {}): ComponentNode => ({
    name: "mug",
    component: "ProductCard",
    package: "app",
    props: { title: "Ceramic mug", price: 14, style: { margin: 4 } },
    onPress: { event: "buy", value: "sku-1" },
    fallback: {
      name: "mug_fallback",
      component: "card",
      value: "Ceramic mug",
      content: [{ name: "mug_fallback_action", component: "button", value: "Select", onPress: { event: "buy", value: "sku-1" } }],
    },
    ...extra,
  });

  function ProductCard({ title, price, genui }: AppComponentRenderProps<{ title: string; price: number }>) {
    return (
      <article aria-label={`${title} (${genui.theme})`}>
        <h3>{title}</h3>
        <p>${price}</p>
        <button type="button" onClick={() => genui.action()}>
          Add to cart
        </button>
        <button type="button" onClick={() => genui.action("onPress", 2)}>
          Add two
        </button>
      </article>
    );
  }

  test("the renderer's app package is @genui/ui-runtime's", () => {
    expect(APP_PACKAGE).toBe(RUNTIME_APP_PACKAGE);
  });

  test("when the page passes the component, then it draws the node with its props, and its action reaches onAction", () => {
    const { onAction, container } = renderNodes([card()], { components: { ProductCard }, theme: "dark" });
    expect(screen.getByRole("article", { name: "Ceramic mug (dark)" })).toBeTruthy();
    expect(screen.getByText("$14")).toBeTruthy();
    // Wrapped with the node's name and style; the style is not one of the component's props.
    const wrapper = container.querySelector<HTMLElement>('[data-gu-name="mug"]')!;
    expect(wrapper.className).toContain("gu-app");
    expect(wrapper.style.margin).toBe("4px");
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    fireEvent.click(screen.getByRole("button", { name: "Add two" }));
    // The node's action has its own value: a press reports it, as a built-in button's would.
    expect(onAction.mock.calls).toEqual([
      [{ type: "onPress", component: { name: "mug", value: "sku-1" } }],
      [{ type: "onPress", component: { name: "mug", value: "sku-1" } }],
    ]);
  });

  test("when the node's action has no value of its own, then genui.action's value is reported", () => {
    const { onAction } = renderNodes([card({ onPress: "buy" })], { components: { ProductCard } });
    fireEvent.click(screen.getByRole("button", { name: "Add two" }));
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "mug", value: 2 } });
  });

  test("when the page passes no component for it, then its fallback is drawn, and the fallback's button still acts", () => {
    const { onAction } = renderNodes([card()]);
    expect(screen.getByRole("heading", { name: "Ceramic mug" })).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Select" }));
    expect(onAction).toHaveBeenCalledWith({ type: "onPress", component: { name: "mug_fallback_action", value: "sku-1" } });
  });

  test("when the node came without a fallback, then a card made from its props is drawn", async () => {
    renderNodes([card({ fallback: undefined })], { components: {} });
    expect(await screen.findByRole("heading", { name: "Ceramic mug" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText("14")).toBeTruthy();
  });

  test("when the developer's component throws, then its fallback is shown, not a notice, and the rest still renders", () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error("bad prop");
    };
    renderNodes([card(), { name: "after", component: "text", value: "Still here" }], { components: { ProductCard: Broken } });
    expect(screen.getByRole("heading", { name: "Ceramic mug" })).toBeTruthy();
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.getByText("Still here")).toBeTruthy();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/ProductCard.*threw/), expect.any(Error));
    errors.mockRestore();
  });

  test("when the components change, then the node is drawn with the new ones", () => {
    const screenJson = screenOf([card()]);
    const { rerender } = render(<ScreenView screen={screenJson} />);
    expect(screen.queryByRole("article")).toBeNull();
    rerender(<ScreenView screen={screenJson} components={{ ProductCard }} />);
    expect(screen.getByRole("article")).toBeTruthy();
    act(() => rerender(<ScreenView screen={screenJson} components={{}} />));
    expect(screen.queryByRole("article")).toBeNull();
  });
});

describe("checkBrand and @genui/ui-runtime's checkTheme", () => {
  const neutral = Object.fromEntries(
    ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"].map((s, i) => [
      s,
      `#${(255 - i * 22).toString(16).padStart(2, "0").repeat(3)}`,
    ]),
  );
  const cases: unknown[] = [
    {},
    VIOLET,
    { light: { primary: "#15803d" }, dark: { primary: "#86efac", background: "#052e16" }, radius: 16, density: "spacious" },
    { light: { neutral }, dark: { neutral } },
    {
      fonts: {
        body: "Inter, system-ui, sans-serif",
        mono: "JetBrains Mono, monospace",
        stylesheet: "https://fonts.example.com/a.css",
      },
    },
    { light: { primary: "#fde047" } },
    { dark: { primary: "#1e3a8a" } },
    { light: { primary: "red" } },
    { light: { primary: "#6d28d9", shadow: "#000000" } },
    { light: "violet" },
    { light: { neutral: { ...neutral, "500": "grey" } } },
    { light: { neutral: { "50": "#ffffff" } } },
    { radius: 30 },
    { radius: 4.5 },
    { radius: "4" },
    { density: "cosy" },
    { fonts: { body: "Inter; color: red" } },
    { fonts: { stylesheet: "http://fonts.example.com/a.css" } },
    { fonts: { stylesheet: "not a url" } },
    { fonts: { weight: 700 } },
    { fonts: "Inter" },
    { shadow: 2 },
  ];

  test.each(cases.map((c) => [JSON.stringify(c), c]))(
    "when %s is checked, then both give the same verdict and fields",
    (_json, input) => {
      const ours = checkBrand(input, "theme");
      const theirs = checkTheme(input, "theme");
      expect(ours.ok).toBe(theirs.ok);
      if (!ours.ok && !theirs.ok) expect(Object.keys(ours.errors).sort()).toEqual(Object.keys(theirs.errors).sort());
      // Contrast failures are worded by the same function.
      if (
        !ours.ok &&
        !theirs.ok &&
        Object.values(theirs.errors)
          .flat()
          .some((m) => m.includes("WCAG"))
      )
        expect(ours.errors).toEqual(theirs.errors);
    },
  );
});

describe("renderScreen with a brand and components", () => {
  test("when options carry a brand and components, then they apply, and setOptions changes them in place", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const ProductCard = ({ title }: AppComponentRenderProps<{ title: string }>) => <article aria-label={title} />;
    const shop = screenOf([{ name: "mug", component: "ProductCard", package: "app", props: { title: "Mug" } }]);
    let shown!: ReturnType<typeof renderScreen>;
    act(() => void (shown = renderScreen(container, shop, { theme: "light", brand: VIOLET, components: { ProductCard } })));
    expect(cssVar(rootOf(container), "primary")).toBe("#6d28d9");
    expect(container.querySelector('article[aria-label="Mug"]')).not.toBeNull();
    act(() => shown.setOptions({ theme: "light", brand: { radius: 16 } }));
    expect(cssVar(rootOf(container), "primary")).toBe("");
    expect(cssVar(rootOf(container), "radius")).toBe("16px");
    expect(container.querySelector("article")).toBeNull();
    act(() => shown.unmount());
    container.remove();
  });
});
