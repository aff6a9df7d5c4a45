import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileFunction } from "node:vm";
import { REPO_ROOT } from "@genui/testkit";
import ts from "typescript";

/**
 * A module of the SPA (frontend/web/src/`file`, in an ES-module package, which jest cannot require), compiled to
 * CommonJS here. It may import what `imports` provides, by specifier (modules loaded the same way), and the SPA's own
 * modules by relative path (loaded the same way, in turn).
 */
export function loadSpaModule<T>(file: string, imports: Record<string, unknown> = {}): T {
  const { outputText } = ts.transpileModule(readFileSync(path.join(REPO_ROOT, "frontend/web/src", file), "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const mod = { exports: {} };
  const require = (id: string) => {
    if (id in imports) return imports[id];
    if (id.startsWith(".")) return loadSpaModule(spaFile(path.posix.join(path.posix.dirname(file), id)));
    throw new Error(`${file} imports ${id}, which the test does not provide`);
  };
  compileFunction(outputText, ["module", "exports", "require"])(mod, mod.exports, require);
  return mod.exports as T;
}

/** The SPA's module file for an import path (its .ts or .tsx file, or its folder's index.ts). */
function spaFile(modulePath: string): string {
  const candidates = [`${modulePath}.ts`, `${modulePath}.tsx`, `${modulePath}/index.ts`];
  const found = candidates.find((f) => existsSync(path.join(REPO_ROOT, "frontend/web/src", f)));
  if (!found) throw new Error(`no SPA module at frontend/web/src/${modulePath}`);
  return found;
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

/** The docs' snippet modules (api-snippets.ts shares the test's instance of ./snippets). */
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
