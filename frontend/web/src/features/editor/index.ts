/**
 * The editor feature's public API: the code editor, the live preview and the action log (the template editor's
 * page is built from them). Import it from here, not its files. The playground page (components/playground) is a
 * chunk of its own that app/routes imports by path (see eslint.config.mjs, SPA_CHUNK_ENTRIES).
 */
export { ActionLog, useActionLog } from "./components/action-log";
export { CodeEditor, preloadCodeEditor } from "./components/code-editor";
export { describeEvent, PreviewPane } from "./components/preview-pane";
export { EditorHint } from "./components/workspace";
export { TEMPLATE_PREVIEW_DEBOUNCE_MS, useLiveScreen } from "./use-live-screen";
