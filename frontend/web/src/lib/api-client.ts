/**
 * The one fetch wrapper of the SPA (SPEC §7): every call goes with credentials, a JSON content type and the CSRF
 * header from the CSRF cookie; GET parameters become a query string; any 401 while signed in runs the logout
 * sequence (SPEC §4, §8). Errors keep the server's answer so each caller can read the field SPEC names for it.
 * Streamed answers (the chat) open through `api.stream` with the same handling; nothing else in the SPA calls fetch.
 */

/** The CSRF cookie: `__Host-csrftoken` in production (HTTPS), `csrftoken` on the local platform. */
export const CSRF_COOKIES = ["__Host-csrftoken", "csrftoken"] as const;
export const CSRF_HEADER = "X-CSRFToken";

/** The CSRF token the BFF set, whichever of the two names it uses (GET /get-config/ names it too). */
export function readCsrfToken(): string | undefined {
  for (const name of CSRF_COOKIES) {
    const v = readCookie(name);
    if (v) return v;
  }
  return undefined;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Ask for a blob (file download) instead of JSON. */
  blob?: boolean;
}

/** A failed call: the HTTP status (0 when the server was not reached) and the parsed answer, if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** DRF-style field errors (`{ field: [messages] }`): the first message of each field. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!isRecord(this.body)) return out;
    for (const [field, value] of Object.entries(this.body)) {
      if (Array.isArray(value) && typeof value[0] === "string") out[field] = value[0];
    }
    return out;
  }

  /** The JSON text of the answer body (SPEC §8: login, contact, app and template create/update throw this). */
  bodyText(): string {
    return typeof this.body === "string" ? this.body : JSON.stringify(this.body ?? {});
  }

  /** A string field of the answer (`message`, `error`, `detail`), if present. */
  field(name: string): string | undefined {
    if (!isRecord(this.body)) return undefined;
    const v = this.body[name];
    if (typeof v === "string") return v;
    if (isRecord(v) && typeof v.message === "string") return v.message;
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The session registers the logout sequence here; the client calls it on any 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

let csrfReady: Promise<void> | undefined;

/** GET /get-csrf/ once (errors ignored, SPEC §7), so the cookie exists before the first unsafe call. */
export function ensureCsrf(): Promise<void> {
  if (readCsrfToken()) return Promise.resolve();
  csrfReady ??= fetch("/get-csrf/", { credentials: "include" })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      csrfReady = undefined;
    });
  return csrfReady;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/** SPEC paths are written with and without the leading slash; the API lives at the site root either way. */
const absolute = (path: string) => (path.startsWith("/") ? path : `/${path}`);

function defaultMessage(status: number, body: unknown): string {
  if (isRecord(body)) {
    for (const key of ["message", "error", "detail"]) {
      const v = body[key];
      if (typeof v === "string" && v) return v;
      if (isRecord(v) && typeof v.message === "string") return v.message;
    }
  }
  if (status === 0) return "The server could not be reached. Check your connection and try again.";
  return `Request failed (${status}).`;
}

function download(blob: Blob, disposition: string | null): void {
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "")?.[1];
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name ? decodeURIComponent(name) : "downloaded_file.apk";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Sends one call with credentials and the CSRF header. A server that could not be reached is ApiError 0 (an abort is
 * rethrown as it is); any 401 runs the logout sequence.
 */
async function send(method: string, path: string, opts: RequestOptions, accept: string): Promise<Response> {
  if (method !== "GET" && method !== "HEAD") await ensureCsrf();
  const headers: Record<string, string> = { Accept: accept, "Content-Type": "application/json" };
  const csrf = readCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  let res: Response;
  try {
    res = await fetch(withQuery(absolute(path), opts.query), {
      method,
      credentials: "include",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(defaultMessage(0, undefined), 0, undefined);
  }
  if (res.status === 401) onUnauthorized();
  return res;
}

/** The answer's body: parsed JSON, else its text (undefined when empty). */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// The token belongs to one session: after the session ended elsewhere (another tab, expiry) the BFF refuses it and
// sets this session's token in the same answer; one retry sends that.
const csrfRefused = (res: Response, body: unknown) => res.status === 403 && isRecord(body) && body.code === "BFF.CSRF";

/** One call. Resolves with the parsed JSON (or undefined for an empty body); rejects with ApiError. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const res = await send(method, path, opts, opts.blob ? "*/*" : "application/json");
  if (opts.blob && res.ok) {
    download(await res.blob(), res.headers.get("content-disposition"));
    return undefined as T;
  }
  const body = await readBody(res);
  if (!retried && csrfRefused(res, body)) return request<T>(method, path, opts, true);
  if (!res.ok) {
    const error = new ApiError(defaultMessage(res.status, body), res.status, body);
    if (res.status >= 500 || res.status === 0) console.error(`${method} ${path} failed`, res.status, body);
    throw error;
  }
  return body as T;
}

export interface StreamOptions {
  query?: Query;
  signal?: AbortSignal;
}

/**
 * A streamed answer (server-sent events, POST): the same CSRF, 401 and error handling as `request`, resolving with the
 * open Response once the server accepted the call (the caller reads its body); a refusal rejects with ApiError.
 */
export async function stream(path: string, body: unknown, opts: StreamOptions = {}, retried = false): Promise<Response> {
  const res = await send("POST", path, { body, query: opts.query, signal: opts.signal }, "text/event-stream");
  if (res.ok) return res;
  const answer = await readBody(res);
  if (!retried && csrfRefused(res, answer)) return stream(path, body, opts, true);
  throw new ApiError(defaultMessage(res.status, answer), res.status, answer);
}

/** A streamed answer read again from where the page left it (GET, server-sent events): a resumed stream. */
export async function streamAgain(path: string, opts: StreamOptions = {}): Promise<Response> {
  const res = await send("GET", path, { query: opts.query, signal: opts.signal }, "text/event-stream");
  if (res.ok) return res;
  const answer = await readBody(res);
  throw new ApiError(defaultMessage(res.status, answer), res.status, answer);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>("GET", path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>("DELETE", path),
  stream,
  streamAgain,
};
