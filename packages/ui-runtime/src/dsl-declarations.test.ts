import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { CATALOGUE } from "./catalogue";
import { DSL_TYPES_FILE, dslDeclarations, dslTypesModule } from "./dsl-declarations";

/** TypeScript's diagnostics for scripts (checkJs) against the declarations — what the editor's language service sees. */
function typeErrors(scripts: Record<string, string>): string[] {
  const files: Record<string, string> = { "/dsl.d.ts": dslDeclarations(), ...scripts };
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
  return ts
    .getPreEmitDiagnostics(ts.createProgram(Object.keys(files), options, host))
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("the code editor's DSL declarations", () => {
  it("when the catalogue changes, then the SPA's dsl-types.ts is regenerated (npm run docs:dsl-types)", () => {
    const file = path.resolve(__dirname, "../../..", DSL_TYPES_FILE);
    expect(readFileSync(file, "utf8")).toBe(dslTypesModule());
  });

  it("when the declarations are compiled, then every catalogue example type-checks against them", () => {
    const scripts = Object.fromEntries(CATALOGUE.map((e) => [`/${e.type}.js`, `${e.code};\n`]));
    expect(typeErrors(scripts)).toEqual([]);
  }, 60_000);

  it("when an app's own component is written with custom(name, props), then it type-checks; without a name it does not", () => {
    expect(
      typeErrors({
        "/custom.js":
          'custom("ProductCard", {title: "Mug", price: 12, tags: ["a"], name: "mug_1", onPress: {event: "add_to_cart", value: "mug"}});\n' +
          'grid([custom("PlanTier", {name: "pro", highlighted: true})]);\n',
      }),
    ).toEqual([]);
    expect(typeErrors({ "/bad.js": "custom({title: 1});\n" })).toHaveLength(1);
  }, 60_000);

  it("when a prop is given a value its schema refuses, then the declarations report it", () => {
    const errors = typeErrors({ "/bad.js": `heading("Hi", {align: "middle"});\nbutton("Go", {icon: "no-such-icon"});\n` });
    expect(errors).toHaveLength(2);
  }, 60_000);
});
