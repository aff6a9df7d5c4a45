import variant from "@jitl/quickjs-singlefile-cjs-release-sync";
import { UiCodeEvaluator, type EvaluatorOptions } from "./dsl/evaluator";

export * from "./index";

/**
 * An evaluator with the QuickJS build for Node. Node only: browsers use `createEvaluator` with the browser build,
 * so this entry point (`@genui/ui-runtime/node`) keeps the Node build out of web bundles.
 */
export function createNodeEvaluator(opts: EvaluatorOptions = {}): UiCodeEvaluator {
  return new UiCodeEvaluator(variant, opts);
}
