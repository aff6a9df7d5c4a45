export { GenUI, type GenUIProps } from "./GenUI";
export type { AppComponentRenderProps, AppComponents, GenUIComponentApi } from "./in-page/components";
export { APPEARANCE_PATH, clearAppearanceCache } from "./host/appearance";
export {
  createGenUIFrame,
  DEFAULT_API_BASE,
  retrieveErrorMessage,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  ERROR_COMPLETION_AND_INPUT,
  ERROR_COMPLETION_MISSING_API_KEY,
  ERROR_JSON_AND_CODE,
  ERROR_MISSING_API_KEY,
  RETRIEVE_DEBOUNCE_MS,
  RETRIEVE_PATH,
  STORED_COMPLETION_PATH,
  type ActionEvent,
  type AppTheme,
  type GenUIFrame,
  type GenUIFrameOptions,
  type GenUIFrameSettings,
  type GenUIInput,
  type GenUITheme,
  type Screen,
} from "./host";
export {
  EVALUATOR_WORKER_PATH,
  hostWorkerStreamEvaluator,
  workerStreamEvaluator,
  type GenUIStream,
  type GenUIStreamAnswer,
  type GenUIStreamEvaluator,
  type GenUIStreamResume,
} from "./stream";
