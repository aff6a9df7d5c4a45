/** The offline generator: composes screens from a conversation and streams their UI code like a model. */
export { OfflineProvider, type OfflineProviderOptions } from "./offline-provider";
export { composeScreen, type ComposedScreen } from "./compose";
export { detectIntent, type Intent, type IntentMatch } from "./intents";
