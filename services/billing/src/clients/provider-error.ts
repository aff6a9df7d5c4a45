export type PaymentProviderName = "paypal" | "cashfree";
export type ProviderErrorKind = "unavailable" | "timeout" | "rejected" | "auth";

/**
 * A payment provider call that failed: kind "unavailable" (network error, 5xx, 429, or an answer we cannot read),
 * "timeout", "rejected" (4xx: the provider refused the request; `issue` = PayPal details[0].issue or Cashfree `code`),
 * "auth" (401/403 from the provider: our credentials are wrong). Messages never carry credentials or tokens.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderName,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    readonly issue?: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** The error kind of a non-2xx HTTP status. */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429 || status >= 500) return "unavailable";
  if (status >= 400) return "rejected";
  return "unavailable";
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const nonEmptyString = (v: unknown): v is string => typeof v === "string" && v.length > 0;

export interface ProviderAnswer {
  status: number;
  /** Parsed JSON; undefined when the body is empty or not JSON. */
  body: unknown;
}

const DISPLAY_NAME: Record<PaymentProviderName, string> = { paypal: "PayPal", cashfree: "Cashfree" };

/**
 * One HTTP attempt, bounded (headers and body) by `timeoutMs`. Network failures and timeouts become ProviderError
 * ("unavailable" / "timeout"); any HTTP answer is returned with its parsed body for the caller to map.
 */
export async function callProvider(
  provider: PaymentProviderName,
  fetchImpl: typeof fetch,
  what: string,
  url: string,
  init: Omit<RequestInit, "signal">,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  const name = DISPLAY_NAME[provider];
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetchImpl(url, { ...init, signal });
    const text = await res.text();
    let body: unknown;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = undefined;
      }
    }
    return { status: res.status, body };
  } catch (err) {
    if (signal.aborted || (err instanceof Error && err.name === "TimeoutError")) {
      throw new ProviderError(provider, "timeout", `${name} ${what} did not answer within ${timeoutMs} ms`);
    }
    throw new ProviderError(provider, "unavailable", `${name} ${what} failed: ${describeNetworkError(err)}`);
  }
}

/** "fetch failed (ECONNREFUSED)" and the like; never the request (its headers hold credentials). */
function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return "network error";
  const cause = (err as { cause?: unknown }).cause;
  const code = isRecord(cause) && typeof cause.code === "string" ? cause.code : undefined;
  return code ? `${err.message} (${code})` : err.message;
}
