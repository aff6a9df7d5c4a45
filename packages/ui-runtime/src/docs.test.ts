import { readFileSync } from "node:fs";
import path from "node:path";
import { catalogueMarkdown } from "./docs";

describe("the component reference", () => {
  it("when the catalogue changes, then docs/components.md is regenerated (npm run docs:components)", () => {
    const file = path.resolve(__dirname, "../../../docs/components.md");
    expect(readFileSync(file, "utf8")).toBe(catalogueMarkdown());
  });
});
