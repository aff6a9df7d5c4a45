/** @genui/a2ui: GenUI screens as A2UI v0.9 messages (see package.json's description). */
export {
  A2UI_COMPONENT_OF,
  BASIC_CATALOG_ID,
  BASIC_EQUIVALENTS,
  GENUI_CATALOG_ID,
  genuiCatalog,
  genuiComponentNames,
  unmappedTypes,
} from "./catalog";
export {
  A2UI_VERSION,
  CONTEXT_INPUTS_KEY,
  CONTEXT_ITEM_KEY,
  CONTEXT_SCREEN_KEY,
  INPUTS_PATH,
  INPUT_TYPES,
  SCREEN_ID_PATH,
  SUPPORTED_CATALOG_IDS,
  SurfaceTranslator,
  inputPath,
  isSupportedCatalog,
  screenMessages,
  surfaceTheme,
  translateScreen,
  withFallbacks,
  type A2uiComponent,
  type A2uiServerMessage,
  type SupportedCatalogId,
  type SurfaceTranslatorOptions,
} from "./translate";
export { ActionMismatch, actionEvents, actionScreenId, type A2uiAction } from "./actions";
export { validateClientMessage, validateServerMessage, type Validation } from "./validate";
