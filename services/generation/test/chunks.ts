/** An answer's done chunk's fields, as the integration tests publish them (numbered by whoever sends it). */
export const DONE = {
  type: "done" as const,
  code: "",
  json: null,
  finishReason: "stop" as const,
  usage: { inputTokens: 1, outputTokens: 1 },
};
