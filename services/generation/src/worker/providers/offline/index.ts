/** The offline generator: the planner's screens, streamed like a model. */
export { OfflineProvider, type OfflineProviderOptions } from "./offline-provider";
