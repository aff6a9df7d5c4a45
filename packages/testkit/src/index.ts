export * from "./infra";
export * from "./browser";
export * from "./fake-openai";
export * from "./load-balancer";
export * from "./sandbox-attacks";
export * from "./eventually";
export * from "./tcp-relay";
export * from "./socket-writes";
