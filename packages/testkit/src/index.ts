export * from "./infra";
export * from "./browser";
