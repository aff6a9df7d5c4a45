import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

interface PageBundle {
  page: string;
  gzip: number;
  monaco: boolean;
}

/** The SPA's size budget (issue [7/8]): the landing page's first visit ≤ 150 KB of gzip JavaScript; no Monaco outside editors. */
describe("the SPA's JavaScript budget", () => {
  const dist = process.env.GENUI_WEB_DIST ?? path.join(REPO_ROOT, "frontend/web/dist");
  let pages: PageBundle[];

  beforeAll(() => {
    if (!existsSync(path.join(dist, ".vite/manifest.json")))
      throw new Error(`${dist} has no Vite manifest: run \`npm run build\``);
    const out = execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts/bundle-report.mjs"), dist, "--json"], {
      encoding: "utf8",
    });
    pages = (JSON.parse(out) as { pages: PageBundle[] }).pages;
  });

  it("when a visitor first opens the landing page, then it loads at most 150 KB of gzip JavaScript", () => {
    const landing = pages.find((p) => p.page === "landing");
    expect(landing).toBeDefined();
    expect(landing!.gzip).toBeLessThanOrEqual(150 * 1024);
  });

  it("when any page that is not an editor loads, then no Monaco code comes with it", () => {
    const editors = new Set(["playground", "template-editor", "preview"]);
    expect(pages.filter((p) => !editors.has(p.page) && p.monaco).map((p) => p.page)).toEqual([]);
    expect(pages.length).toBeGreaterThanOrEqual(10);
  });
});
