import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { browserSuite, describedAxeViolations, shoot } from "../support/pages";

describe("the component gallery in Chromium", () => {
  beforeAll(() => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/gallery.html")))
      throw new Error("frontend/iframe is not built: run `npm run build` (npm test does)");
  });
  const suite = browserSuite();

  it.each(["light", "dark"])(
    "when every catalogue component is shown in the %s theme, then axe finds no accessibility violations",
    async (theme) => {
      for (const width of [1280, 375]) {
        // The page's policy forbids inline scripts; the checker is injected around it.
        const { page, errors } = await suite.visit(`/apps/api/v1/iframe/static/gallery.html?theme=${theme}`, {
          width,
          height: 900,
          bypassCSP: true,
        });
        await page.getByRole("heading", { name: "Welcome back" }).waitFor();
        // Charts load lazily: wait until all four have drawn.
        await page.waitForFunction(
          () =>
            (
              globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
            ).document.querySelectorAll(".recharts-surface").length >= 4,
        );
        await page.waitForTimeout(300);
        const violations = await describedAxeViolations(page);
        await shoot(page, `gallery-${theme}-${width}`);
        expect({ theme, width, violations }).toEqual({ theme, width, violations: [] });
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  it("when UI code is typed in the browser's sandbox page, then the preview follows from a Web Worker and a runaway loop only costs its deadline", async () => {
    const { page, errors } = await suite.visit("/apps/api/v1/iframe/static/playground.html");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Your cart" }).waitFor();
    const code = page.getByLabel("UI code");
    await code.fill(`heading("Typed here")\ntext("and evaluated in a worker")`);
    await preview.getByRole("heading", { name: "Typed here" }).waitFor();
    await code.fill(`for (;;) {}`);
    await page.getByRole("status").filter({ hasText: "timeout: code ran past its time limit of 250 ms" }).waitFor();
    // The page never froze: the last good screen is still shown and the next code renders.
    expect(await preview.getByRole("heading", { name: "Typed here" }).isVisible()).toBe(true);
    await code.fill(`heading("Back again`);
    await preview.getByRole("heading", { name: "Back again" }).waitFor();
    await shoot(page, "ui-code-sandbox", { fullPage: false });
    expect(errors).toEqual([]);
  });
});
