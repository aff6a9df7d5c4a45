/**
 * The app's look (`GET /apps/api/v1/appearance` with the page's key): its brand theme, which the iframe (or the
 * in-page renderer) applies. One request per API and key for the whole page, however many screens it shows: the
 * answer is kept in memory for a minute, then asked again with its ETag (304: unchanged) when the API exposes it,
 * else the browser's HTTP cache revalidates it. The theme is passed on unchecked: the renderer checks it.
 */
import { isObject, messageOf } from "./values";

export const APPEARANCE_PATH = "/apps/api/v1/appearance";
/** How long an answer is used without asking the API again. */
export const APPEARANCE_FRESH_MS = 60_000;

export type Appearance = { ok: true; theme: unknown; version?: number } | { ok: false; message: string };

interface Entry {
  at: number;
  etag?: string;
  value?: Appearance & { ok: true };
  pending?: Promise<Appearance>;
}

const cache = new Map<string, Entry>();

/** Forgets every answer (tests; a page that changed its app's theme and wants it now). */
export function clearAppearanceCache(): void {
  cache.clear();
}

const errorOf = (body: unknown, status: number): string => {
  const error = isObject(body) ? body.error : undefined;
  const text = isObject(error) && typeof error.message === "string" ? error.message : typeof error === "string" ? error : "";
  return `GenUI: the app's theme could not be loaded (${text || `HTTP ${status}`}); the screen keeps GenUI's look.`;
};

async function request(doFetch: typeof fetch, url: string, apiKey: string, entry: Entry): Promise<Appearance> {
  const res = await doFetch(url, {
    method: "GET",
    headers: {
      Authorization: `Bearer ${apiKey}`,
      Accept: "application/json",
      ...(entry.etag && entry.value ? { "If-None-Match": entry.etag } : {}),
    },
    credentials: "omit",
  });
  if (res.status === 304 && entry.value) return entry.value;
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  // An API without the appearance route (an older server): the app simply has no theme.
  if (res.status === 404) return { ok: true, theme: null };
  if (!res.ok) return { ok: false, message: errorOf(body, res.status) };
  const etag = typeof res.headers?.get === "function" ? res.headers.get("etag") : null;
  if (etag) entry.etag = etag;
  if (!isObject(body) || !isObject(body.theme)) return { ok: true, theme: null };
  return { ok: true, theme: body.theme, ...(typeof body.version === "number" ? { version: body.version } : {}) };
}

/** The app's theme for `apiKey` at `api` (null: none); failures are answered, never thrown. */
export function loadAppearance(doFetch: typeof fetch, api: URL, apiKey: string): Promise<Appearance> {
  const url = new URL(APPEARANCE_PATH, api).href;
  const key = `${url}\n${apiKey}`;
  const entry = cache.get(key) ?? { at: 0 };
  cache.set(key, entry);
  if (entry.pending) return entry.pending;
  if (entry.value && Date.now() - entry.at < APPEARANCE_FRESH_MS) return Promise.resolve(entry.value);
  const pending = request(doFetch, url, apiKey, entry).then(
    (result) => {
      entry.pending = undefined;
      if (result.ok) {
        entry.value = result;
        entry.at = Date.now();
        return result;
      }
      // The theme known before stays on while the API cannot be asked (it is asked again next time).
      if (entry.value) return entry.value;
      cache.delete(key);
      return result;
    },
    (e: unknown): Appearance => {
      entry.pending = undefined;
      if (entry.value) return entry.value;
      cache.delete(key);
      return {
        ok: false,
        message: `GenUI: the app's theme could not be loaded (${messageOf(e)}); the screen keeps GenUI's look.`,
      };
    },
  );
  entry.pending = pending;
  return pending;
}
