import { CATALOGUE, DSL_EXAMPLE, dslName } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { Locator, Page } from "playwright-core";
import ts from "typescript";
import type * as DslTypesModule from "../../frontend/web/src/features/editor/dsl-types";
import type * as ExamplesModule from "../../frontend/web/src/features/editor/examples";
import { eventually } from "../support/eventually";
import { browserSuite, describedAxeViolations, horizontalOverflow, settled, shoot, type Theme } from "../support/pages";
import { loadSpaModule } from "../support/spa-module";

/**
 * The playground (SPEC §2 /playground): Monaco bundled with the site, the UI code DSL's completion, the screen
 * evaluated in the browser's sandbox worker as the code is typed, examples, a shareable address, the action log.
 */

const { DSL_TYPES, DSL_FUNCTIONS } = loadSpaModule<typeof DslTypesModule>("features/editor/dsl-types.ts");
const { EXAMPLES } = loadSpaModule<typeof ExamplesModule>("features/editor/examples.ts");

/**
 * TypeScript's diagnostics for each script (checkJs) against the DSL's declarations, without the DOM library — what
 * Monaco's JavaScript service sees. One program for all of them (each is a script of its own).
 */
function typeErrors(scripts: Record<string, string>): string[] {
  const files: Record<string, string> = { "/dsl.d.ts": DSL_TYPES };
  for (const [name, code] of Object.entries(scripts)) files[`/${name}.js`] = code;
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: false,
    target: ts.ScriptTarget.ES2020,
    lib: ["lib.es2020.d.ts"],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    files[name] !== undefined ? ts.createSourceFile(name, files[name]!, lang) : read(name, lang, ...rest);
  host.fileExists = (name) => files[name] !== undefined || ts.sys.fileExists(name);
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("the playground's examples and DSL declarations", () => {
  it("when the declarations are compiled, then they declare every catalogue component and prop without errors", () => {
    expect(typeErrors({})).toEqual([]);
    const missing: string[] = [];
    for (const entry of CATALOGUE) {
      const fn = dslName(entry.type);
      if (!DSL_FUNCTIONS.includes(fn)) missing.push(fn);
      const iface =
        new RegExp(
          `interface ${entry.type.charAt(0).toUpperCase()}${entry.type.slice(1)}Props extends CommonProps \\{([^\\n]*)\\}`,
        ).exec(DSL_TYPES)?.[1] ?? "";
      for (const prop of Object.keys(entry.props.shape as object))
        if (!new RegExp(`\\b${prop}\\??:`).test(iface)) missing.push(`${fn}.${prop}`);
      for (const action of entry.actions) if (!iface.includes(`${action}?: Action`)) missing.push(`${fn}.${action}`);
    }
    expect(missing).toEqual([]);
    expect(DSL_FUNCTIONS).toContain("screen");
  }, 60_000);

  it("when each example is evaluated in the sandbox, then it builds its screen without errors or repairs and type-checks", async () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(6);
    expect(EXAMPLES[0]!.code).toBe(DSL_EXAMPLE);
    // The CPU deadline is not what this checks (test machines are busy): a generous one.
    const evaluator = createNodeEvaluator({ timeoutMs: 5000 });
    try {
      for (const example of EXAMPLES) {
        const result = await evaluator.evaluate(example.code);
        expect({ id: example.id, ok: result.ok, repairs: result.ok ? result.repairs : [result.error.message] }).toEqual({
          id: example.id,
          ok: true,
          repairs: [],
        });
        // Offline by design: no images or videos from other sites.
        expect(example.code).not.toMatch(/\b(image|video)\(/);
      }
    } finally {
      evaluator.dispose();
    }
    expect(typeErrors(Object.fromEntries(EXAMPLES.map((e) => [e.id, e.code])))).toEqual([]);
  }, 120_000);
});

describe("the playground in Chromium", () => {
  const suite = browserSuite({}, { height: 900, permissions: ["clipboard-read", "clipboard-write"] });

  const preview = (page: Page) => page.getByTestId("preview-surface");
  const editor = (page: Page) => page.getByTestId("code-editor").locator(".monaco-editor");
  const errorBand = (page: Page) => page.getByRole("alert").filter({ hasText: /error/i });

  /** Opens the playground and waits until Monaco is ready and the first screen is shown. */
  async function open(page: Page, path = "/playground"): Promise<void> {
    await page.goto(suite.url(path));
    await editor(page).locator(".view-lines").waitFor();
    await preview(page).waitFor();
  }

  /** Puts the caret at the end of the code (as a user clicking into the editor and pressing Ctrl+End). */
  async function focusEnd(page: Page): Promise<void> {
    await editor(page).locator(".view-lines").click();
    await page.keyboard.press("Control+End");
  }

  /** The code in the editor, as Monaco holds it. */
  const editorText = (page: Page) =>
    editor(page).evaluate((el) => (el.querySelector(".view-lines") as HTMLElement).innerText.replace(/\u00a0/g, " "));

  it("when a visitor types in the editor, then the preview updates as they type, without a sign-in", async () => {
    const { page, errors } = await suite.openPage();
    await open(page);
    await expect(preview(page).getByRole("heading", { name: "Your cart" }).isVisible()).resolves.toBe(true);
    await focusEnd(page);
    await page.keyboard.press("Enter");
    await page.keyboard.type('heading("Typed live', { delay: 15 });
    // An unfinished string already shows (the sandbox evaluates the prefix, as a stream renders).
    await preview(page).getByRole("heading", { name: "Typed live" }).waitFor();
    await page.keyboard.type(" and done");
    await preview(page).getByRole("heading", { name: "Typed live and done" }).waitFor();
    await expect(page.getByRole("heading", { name: "Playground", level: 1 }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  /**
   * Waits for the editor's suggestions to offer a name. Monaco asks the TypeScript worker as the visitor types; on a
   * loaded machine an answer computed for an earlier keystroke can be dropped, leaving no list. Then the visitor asks
   * for it as anyone would, with Ctrl+Space, and the same completion provider answers. A failure shows the code.
   */
  async function expectSuggestion(page: Page, name: RegExp): Promise<void> {
    const option = editor(page).locator(".suggest-widget").getByRole("option", { name }).first();
    try {
      await option.waitFor({ timeout: 10_000 });
      return;
    } catch {
      await page.keyboard.press("Control+Space");
    }
    try {
      await option.waitFor({ timeout: 30_000 });
    } catch (error) {
      throw new Error(`no suggestion ${name} in the editor holding:\n${await editorText(page)}`, { cause: error });
    }
  }

  it("when a visitor types the start of a DSL name, then completion offers it, with its options", async () => {
    const { page } = await suite.openPage();
    await open(page);
    await focusEnd(page);
    await page.keyboard.press("Enter");
    await page.keyboard.type("scr");
    await expectSuggestion(page, /^screen/);
    await page.keyboard.press("Escape");
    // Inside a component's options, its props are offered.
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type('button("Go", {vari');
    await expectSuggestion(page, /^variant/);
    await page.keyboard.press("Escape");
  });

  it("when a visitor picks an example, then its screen replaces the preview and the address carries it", async () => {
    const { page } = await suite.openPage();
    await open(page);
    const examples = page.getByLabel("Example");
    await expect(examples.inputValue()).resolves.toBe("checkout");
    await examples.selectOption({ label: "Sales dashboard" });
    await preview(page).getByRole("heading", { name: "Sales overview" }).waitFor();
    await expect(preview(page).getByText("Revenue by month").isVisible()).resolves.toBe(true);
    expect(
      await eventually(
        () => editorText(page),
        (t) => t.includes('screen("Sales dashboard"'),
      ),
    ).toContain('screen("Sales dashboard"');
    expect(
      await eventually(
        async () => new URL(page.url()).hash,
        (h) => h.startsWith("#c="),
        5000,
      ),
    ).toMatch(/^#c=[A-Za-z0-9_-]+$/);

    await examples.selectOption({ label: "To-do list" });
    await preview(page).getByRole("checkbox", { name: "Write the release notes" }).waitFor();
    await page.getByRole("button", { name: "Reset" }).click();
    await preview(page).getByRole("heading", { name: "Your cart" }).waitFor();
    await expect(examples.inputValue()).resolves.toBe("checkout");
    expect(
      await eventually(
        async () => new URL(page.url()).hash,
        (h) => h === "",
        5000,
      ),
    ).toBe("");
  });

  it("when a visitor opens a shared link in a new page, then the same code and screen come back", async () => {
    const { page } = await suite.openPage();
    await open(page);
    await page.getByLabel("Example").selectOption({ label: "Pricing table" });
    await preview(page).getByRole("heading", { name: "Simple, usage-based pricing" }).waitFor();
    await focusEnd(page);
    await page.keyboard.press("Enter");
    await page.keyboard.type('text("Shared with a link")');
    await preview(page).getByText("Shared with a link").waitFor();

    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("button", { name: "Copied to clipboard" }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${suite.url("/playground")}#c=[A-Za-z0-9_-]+$`));
    // The feedback lasts 2 s (SPEC §9).
    await page.getByRole("button", { name: "Copy link" }).waitFor({ timeout: 4000 });
    expect(
      await eventually(
        async () => page.url(),
        (u) => u === link,
        5000,
      ),
    ).toBe(link);

    const other = await suite.openPage();
    await open(other.page, link.slice(suite.url().length));
    await preview(other.page).getByRole("heading", { name: "Simple, usage-based pricing" }).waitFor();
    await expect(preview(other.page).getByText("Shared with a link").isVisible()).resolves.toBe(true);
    await expect(editorText(other.page)).resolves.toContain('text("Shared with a link")');
    // A custom screen is no example.
    await expect(other.page.getByLabel("Example").inputValue()).resolves.toBe("");
  }, 120_000);

  it("when a link's code is damaged, then it says so and shows the default example; a plain ?code= works too", async () => {
    // A damaged link says so and falls back to the default example.
    const broken = await suite.openPage();
    await broken.page.goto(suite.url("/playground#c=not-deflate-data"));
    await broken.page.getByText("This link could not be read").waitFor();
    await preview(broken.page).getByRole("heading", { name: "Your cart" }).waitFor();

    // A plain ?code= works too.
    const plain = await suite.openPage();
    await open(plain.page, `/playground?code=${encodeURIComponent('heading("From the query")')}`);
    await preview(plain.page).getByRole("heading", { name: "From the query" }).waitFor();
  });

  it("when a visitor presses a button in the preview, then its action event shows in the Last action log", async () => {
    const { page } = await suite.openPage();
    await open(page);
    const log = page.getByRole("log");
    await expect(log.textContent()).resolves.toMatch(/Press a button/);
    await preview(page).getByRole("button", { name: "Pay" }).click();
    const entry = page.getByTestId("action-entry").first();
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toBe('onPressbutton_1"Pay"');
    await expect(page.getByRole("heading", { name: "Last action", level: 3 }).isVisible()).resolves.toBe(true);
  });

  it("when the code has a syntax error, then an error band shows and the last screen stays", async () => {
    const { page } = await suite.openPage();
    await open(page);
    await focusEnd(page);
    await page.keyboard.press("Enter");
    // Monaco closes brackets and quotes as they are typed; the last ")" is one too many.
    await page.keyboard.type('heading("Still fine")');
    await preview(page).getByRole("heading", { name: "Still fine" }).waitFor();
    await page.keyboard.type(")");
    const band = errorBand(page);
    await band.waitFor();
    await expect(band.textContent()).resolves.toMatch(/^Syntax error: .+the last screen that worked is shown below\.$/);
    await expect(preview(page).getByRole("heading", { name: "Your cart" }).isVisible()).resolves.toBe(true);
    await expect(preview(page).getByRole("heading", { name: "Still fine" }).isVisible()).resolves.toBe(true);
    // Fixing it clears the band.
    await page.keyboard.press("Backspace");
    await band.waitFor({ state: "detached" });
  });

  it("when the playground loads, then every request goes to the site's own origin and Monaco comes only with the editor pages", async () => {
    const { page } = await suite.openPage();
    const requests: string[] = [];
    const scripts: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("response", (r) => {
      if (r.request().resourceType() === "script" || r.url().endsWith(".js")) scripts.push(r.url());
    });
    await page.goto(suite.url("/"));
    // The page's code has loaded once its heading shows (the route chunk comes before it); the demo video may keep
    // streaming, so "network idle" is not a signal here.
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("load");
    const landingScripts = scripts.splice(0);
    expect(landingScripts.length).toBeGreaterThan(0);
    expect(landingScripts.filter((u) => /monaco|editor\.api|ts\.worker|editor\.worker/.test(u))).toEqual([]);

    await open(page);
    // Completion starts the TypeScript worker; the preview the sandbox worker.
    await focusEnd(page);
    await page.keyboard.press("Enter");
    await page.keyboard.type("scr");
    await editor(page)
      .locator(".suggest-widget")
      .getByRole("option", { name: /^screen/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    expect(scripts.some((u) => /monaco-code-editor-[\w-]+\.js$/.test(u))).toBe(true);
    expect(scripts.some((u) => /ts\.worker-[\w-]+\.js$/.test(u))).toBe(true);
    expect(scripts.some((u) => /evaluator-worker-[\w-]+\.js$/.test(u))).toBe(true);
    const foreign = requests.filter((u) => !u.startsWith(suite.url()) && !/^(data|blob):/.test(u));
    expect(foreign).toEqual([]);
  });

  it("when the window is 360 px wide, then the editor and the preview stack without sideways scrolling", async () => {
    const { page } = await suite.openPage({ width: 360, height: 780 });
    await open(page);
    await expect(horizontalOverflow(page)).resolves.toBe(0);
    const editorBox = await page.getByTestId("code-editor").boundingBox();
    const previewBox = await preview(page).boundingBox();
    expect(editorBox!.y + editorBox!.height).toBeLessThanOrEqual(previewBox!.y);
    expect(editorBox!.width).toBeGreaterThan(300);
    await page.getByLabel("Example").selectOption({ label: "Sales dashboard" });
    await preview(page).getByRole("heading", { name: "Sales overview" }).waitFor();
    await expect(horizontalOverflow(page)).resolves.toBe(0);
  });

  const check = async (page: Page, region: Locator) => {
    await region.waitFor();
    await settled(page);
  };

  for (const theme of ["light", "dark"] as Theme[]) {
    it(`when the playground is shown in the ${theme} theme, then axe finds no violations and it looks right at 1280 and 375 px`, async () => {
      const { page } = await suite.openPage({ theme });
      await open(page);
      await check(page, preview(page).getByRole("heading", { name: "Your cart" }));
      await expect(editor(page).evaluate((el, t) => el.classList.contains(t === "dark" ? "vs-dark" : "vs"), theme)).resolves.toBe(
        true,
      );
      await expect(describedAxeViolations(page)).resolves.toEqual([]);
      await shoot(page, `playground-1280-${theme}`, { fullPage: false });
      await page.getByLabel("Example").selectOption({ label: "Sales dashboard" });
      await preview(page).getByRole("heading", { name: "Sales overview" }).waitFor();
      await page.getByRole("tab", { name: "JSON" }).click();
      await page.getByRole("tabpanel").getByLabel("Screen JSON").waitFor();
      await expect(describedAxeViolations(page)).resolves.toEqual([]);
      await page.getByRole("tab", { name: "Screen" }).click();

      const narrow = await suite.openPage({ theme, width: 375, height: 812 });
      await open(narrow.page);
      await check(narrow.page, preview(narrow.page).getByRole("heading", { name: "Your cart" }));
      await expect(describedAxeViolations(narrow.page)).resolves.toEqual([]);
      await shoot(narrow.page, `playground-375-${theme}`);
    });
  }
});
