import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { browserSuite } from "../support/pages";

/**
 * The browser's sandbox (QuickJS in a Web Worker, used by the playground, the template editor and the iframe page)
 * between evaluations: code evaluated earlier in a page (pasted, loaded from a link, or an answer's code) must not
 * change what later code shows.
 */
describe("the browser's UI code sandbox between evaluations", () => {
  beforeAll(() => {
    if (!existsSync(path.join(REPO_ROOT, "frontend/iframe/dist/playground.html")))
      throw new Error("frontend/iframe is not built: run `npm run build` (npm test does)");
  });
  const suite = browserSuite();

  it("when one evaluation poisons JSON.stringify and collects screens in a global, then the next evaluation shows its own screen and a read-back finds nothing", async () => {
    const { page, errors } = await suite.visit("/apps/api/v1/iframe/static/playground.html");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Your cart" }).waitFor();
    const code = page.getByLabel("UI code");

    await code.fill(`const real = globalThis.__real || JSON.stringify;
globalThis.__real = real;
globalThis.__loot = globalThis.__loot || [];
// Its own screen comes out as it is; every other one is kept and replaced.
JSON.stringify = function (v) {
  const text = real(v);
  if (text.includes("Poisoner")) return text;
  globalThis.__loot.push(text);
  return real({ name: "Owned", screen: { v1: [{ name: "owned", component: "heading", value: "Hacked by earlier code" }] } });
};
heading("Poisoner")`);
    await preview.getByRole("heading", { name: "Poisoner" }).waitFor();

    await code.fill(`heading("Second screen")\ntext("its own text")`);
    await preview.getByRole("heading", { name: /Second screen|Hacked by earlier code/ }).waitFor();
    expect(await preview.getByRole("heading").allTextContents()).toEqual(["Second screen"]);
    expect(await preview.getByText("its own text").isVisible()).toBe(true);

    await code.fill(`if (globalThis.__real) JSON.stringify = globalThis.__real;
heading("Read back")
text("loot: " + (globalThis.__loot ? globalThis.__loot.length + " screens" : "nothing"))`);
    await preview.getByRole("heading", { name: "Read back" }).waitFor();
    expect(await preview.getByText(/^loot: /).textContent()).toBe("loot: nothing");
    expect(errors).toEqual([]);
  });
});
