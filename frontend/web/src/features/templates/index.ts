/** The templates feature's public API (a template and its editor). Import it from here, not its files. */
export type { EditorNavigationState, Template } from "./api";
export { TemplateEditor } from "./components/template-editor";
export { useTemplateEditor } from "./use-template-editor";
