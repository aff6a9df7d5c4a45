/** The result of normalising a website URL typed by a developer. */
export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

export const BLANK = "This field may not be blank.";
export const INVALID_URL = "Enter a valid URL.";

/**
 * Normalises a website URL: trimmed; https:// assumed when no scheme is typed; only http(s); lower-case host
 * (the URL parser does that); no fragment; no trailing slash. "Example.com/" → "https://example.com".
 */
export function normaliseWebsiteUrl(input: string): UrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: BLANK };
  if (trimmed.length > 2_048) return { ok: false, message: "Ensure this field has no more than 2048 characters." };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: INVALID_URL };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, message: INVALID_URL };
  const host = url.hostname;
  const looksLikeHost = host === "localhost" || /^\[[0-9a-f:]+\]$/i.test(host) || (/\./.test(host) && !/^\.|\.$|\.\./.test(host));
  if (!looksLikeHost || url.username || url.password) return { ok: false, message: INVALID_URL };
  url.hash = "";
  const path = url.pathname.replace(/\/+$/, "");
  return { ok: true, url: `${url.protocol}//${url.host}${path}${url.search}` };
}
