import type { HttpOperation } from "./operation";

/**
 * The same generation in other wire formats, on the published API: A2UI (a stream of A2UI v0.9 server messages; our
 * catalogue as an A2UI catalog) and AG-UI (an agent run: RunAgentInput in, AG-UI events out). Rows of the route table
 * like the OpenAI-compatible ones (door `key`, answered by generation).
 */
export const A2UI_ROUTES = [] as const satisfies readonly HttpOperation[];
export const AG_UI_ROUTES = [] as const satisfies readonly HttpOperation[];
