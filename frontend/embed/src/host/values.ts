/** Small checks on values that come from the host page, the API or the iframe. */

export const nonEmpty = (s: unknown): s is string => typeof s === "string" && s.trim() !== "";

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
