import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage } from "node:http";

// Shared helpers of the payment emulator: errors, random ids, request parsing and the fault queues.

export const MAX_BODY = 100 * 1024;
export const DRAIN_LIMIT = 16 * 1024 * 1024;

export class EmulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ALNUM_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const randomUpper = (length: number): string =>
  Array.from({ length }, () => ALNUM_UPPER[randomInt(ALNUM_UPPER.length)]).join("");
export const randomDigits = (length: number): string =>
  String(randomInt(1, 10)) + Array.from({ length: length - 1 }, () => String(randomInt(10))).join("");
export const randomToken = (bytes: number): string => randomBytes(bytes).toString("base64url");

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const NOT_JSON = Symbol("malformed JSON");

/** Empty body → undefined; otherwise the parsed JSON or NOT_JSON. */
export function parseJson(raw: Buffer): unknown {
  const text = raw.toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

export function bodyForLog(raw: Buffer, contentType: string): unknown {
  const text = raw.toString("utf8");
  if (text === "") return undefined;
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

export const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export interface Fault {
  value: number;
  remaining: number;
}

export function takeFault(queue: Fault[]): Fault | undefined {
  const head = queue[0];
  if (!head) return undefined;
  head.remaining -= 1;
  if (head.remaining <= 0) queue.shift();
  return head;
}
