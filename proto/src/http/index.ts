/**
 * HTTP contracts of the signed-in API (the SPA through the BFF): zod schemas of requests and answers, used by the
 * services to parse and shape, by the SPA for its types (`z.infer`), and by the BFF for /api/openapi.json.
 */
export * from "./errors";
export * from "./accounts";
export * from "./apps";
export * from "./billing";
export * from "./chat";
export * from "./routes";
export * from "./published";
export * from "./mcp";
export * from "./wire-formats";
export * from "./completions";
export * from "./appearance";
