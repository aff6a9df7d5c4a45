import { loader } from "@monaco-editor/react";
// Monaco's core and only the editor features the UI code editor uses (monaco-editor ≥ 0.56 tree-shakeable entries):
// the whole bundle would add every language and the CSS/HTML/JSON services for nothing.
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/codeEditor/register";
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/comment/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/indentation/register";
import "monaco-editor/features/inlineCompletions/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/parameterHints/register";
import "monaco-editor/features/placeholderText/register";
import "monaco-editor/features/smartSelect/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/suggest/register";
import "monaco-editor/features/toggleTabFocusMode/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
import "monaco-editor/languages/definitions/javascript/register";
import { javascriptDefaults, ScriptTarget } from "monaco-editor/languages/features/typescript/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import TsWorker from "monaco-editor/language/typescript/ts.worker?worker";
import { DSL_TYPES } from "../dsl-types";

// Workers are bundled with the site and started from its own origin: nothing is fetched from a CDN.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === "typescript" || label === "javascript" ? new TsWorker() : new EditorWorker();
  },
};

// UI code is JavaScript run in a sandbox with the DSL's functions and none of the DOM: no DOM library (its `screen`
// and `alert` would clash with the DSL's), the DSL's declarations instead. Semantic checks stay off — the DSL reads
// arguments in any order and repairs what it can, so type errors would be noise; syntax errors are underlined, and the
// preview's error band shows what the sandbox says.
javascriptDefaults.setCompilerOptions({
  target: ScriptTarget.ES2020,
  lib: ["es2020"],
  allowJs: true,
  checkJs: false,
  allowNonTsExtensions: true,
  noLib: false,
});
javascriptDefaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false });
javascriptDefaults.setEagerModelSync(true);
javascriptDefaults.addExtraLib(DSL_TYPES, "file:///genui-ui-code.d.ts");

/**
 * Monaco's "vs" and "vs-dark" (their token colours and contrast), on the site's surface colours (global-style's
 * --surface) so the editor sits in the page instead of on a grey block. Names for CodeEditorProps["theme"].
 */
export const MONACO_THEMES = { light: "genui-light", dark: "genui-dark" } as const;
monaco.editor.defineTheme(MONACO_THEMES.light, {
  base: "vs",
  inherit: true,
  rules: [],
  colors: { "editor.background": "#ffffff" },
});
monaco.editor.defineTheme(MONACO_THEMES.dark, {
  base: "vs-dark",
  inherit: true,
  rules: [],
  colors: { "editor.background": "#111827", "editorGutter.background": "#111827", "editor.lineHighlightBorder": "#1f2a3d" },
});

// @monaco-editor/react uses this instance instead of loading one from a CDN.
loader.config({ monaco: monaco as unknown as NonNullable<Parameters<typeof loader.config>[0]["monaco"]> });

export { monaco };
