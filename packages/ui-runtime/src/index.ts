export * from "./schema";
export * from "./catalogue";
export * from "./validate";
export * from "./dsl/prefix";
export * from "./dsl/prelude";
export * from "./dsl/evaluator";
export * from "./protocol";
