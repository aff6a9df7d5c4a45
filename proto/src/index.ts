export * from "./registry";
export * from "./gen/genui/common/v1/envelope_pb";
export * from "./gen/genui/identity/v1/events_pb";
export * from "./gen/genui/apps/v1/events_pb";
export * from "./gen/genui/apps/v1/keys_pb";
export * from "./gen/genui/billing/v1/events_pb";
export * from "./gen/genui/billing/v1/balance_pb";
export * from "./gen/genui/generation/v1/events_pb";
