import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

// The embeddable package as a host app would install it: built files only, React and the runtime left to the app.
describe("the publishable @genui/react package", () => {
  const dir = path.join(REPO_ROOT, "frontend/embed");

  beforeAll(() => {
    if (!existsSync(path.join(dir, "dist/lib/index.cjs"))) throw new Error("frontend/embed is not built: run `npm run build`");
  });

  it("when it is packed, then it holds the ESM and CommonJS builds, their types and the loader script, and no sources", () => {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8" });
    const [pack] = JSON.parse(out.slice(out.indexOf("["))) as { name: string; files: { path: string }[] }[];
    const files = pack!.files.map((f) => f.path).sort();
    expect(pack!.name).toBe("@genui/react");
    expect(files).toEqual(
      expect.arrayContaining([
        "dist/lib/index.mjs",
        "dist/lib/index.cjs",
        "dist/lib/types/index.d.ts",
        "dist/lib/types/GenUI.d.ts",
        "dist/genui-loader.js",
        "package.json",
      ]),
    );
    expect(files.filter((f) => f.startsWith("src/") || /\.test\./.test(f))).toEqual([]);
  });

  it("when the CommonJS build is required, then it exports the component and the host controller", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const lib = require(path.join(dir, "dist/lib/index.cjs")) as Record<string, unknown>;
    expect(typeof lib.GenUI).toBe("function");
    expect(typeof lib.createGenUIFrame).toBe("function");
    expect(lib.RETRIEVE_DEBOUNCE_MS).toBe(1000);
    expect(lib.DEFAULT_WIDTH).toBe("640px");
  });
});
