/**
 * `@genui/ui-runtime/appearance`: an app's look — brand theme tokens and the developer's own component declarations —
 * without the evaluator (for contracts and pages that only need these).
 */
export * from "./theme";
export * from "./app-components";
export type { JsonValue, ComponentNode } from "./schema";
