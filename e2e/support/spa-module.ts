import { readFileSync } from "node:fs";
import path from "node:path";
import { compileFunction } from "node:vm";
import { REPO_ROOT } from "@genui/testkit";
import ts from "typescript";

/**
 * A module of the SPA (frontend/web/src/`file`, in an ES-module package, which jest cannot require), compiled to
 * CommonJS here. It may import only what `imports` provides, by specifier (modules loaded the same way).
 */
export function loadSpaModule<T>(file: string, imports: Record<string, unknown> = {}): T {
  const { outputText } = ts.transpileModule(readFileSync(path.join(REPO_ROOT, "frontend/web/src", file), "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const mod = { exports: {} };
  const require = (id: string) => {
    if (!(id in imports)) throw new Error(`${file} imports ${id}, which the test does not provide`);
    return imports[id];
  };
  compileFunction(outputText, ["module", "exports", "require"])(mod, mod.exports, require);
  return mod.exports as T;
}

/** A sample of the docs that the snippets test runs. */
export interface RunnableSnippet {
  id: string;
  language: "bash" | "python" | "javascript";
  code: string;
}

/**
 * What the tests use of features/docs/{snippets,api-snippets}.ts (declared here: the SPA's sources follow the
 * bundler's module rules, not this project's).
 */
export interface DocsSnippets {
  API_KEY_PLACEHOLDER: string;
  runnableSnippets(origin: string): RunnableSnippet[];
  renderingSnippets(origin: string): { loader: string };
}

/** The docs' snippet modules; the only import among them is api-snippets.ts → ./snippets. */
export function loadDocsSnippets(): DocsSnippets {
  const snippets = loadSpaModule<Pick<DocsSnippets, "API_KEY_PLACEHOLDER">>("features/docs/snippets.ts");
  const api = loadSpaModule<Omit<DocsSnippets, "API_KEY_PLACEHOLDER">>("features/docs/api-snippets.ts", {
    "./snippets": snippets,
  });
  return {
    API_KEY_PLACEHOLDER: snippets.API_KEY_PLACEHOLDER,
    runnableSnippets: api.runnableSnippets,
    renderingSnippets: api.renderingSnippets,
  };
}
