/** What a YouTube video id looks like: 11 characters of letters, digits, `-` and `_`. */
const ID = /^[A-Za-z0-9_-]{11}$/;

const WATCH_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

/**
 * The video id of a video-sharing link (SPEC §2, video player): the `v` query parameter of a watch link
 * (`https://www.youtube.com/watch?v=ID`) or the path of a short link (`https://youtu.be/ID`). Embed links
 * (`/embed/ID`) are accepted too, so an id survives a round trip. Anything else gives `null`.
 */
export function youtubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const host = parsed.hostname.toLowerCase();
  let id: string | null = null;
  if (SHORT_HOSTS.has(host)) id = parsed.pathname.split("/")[1] ?? null;
  else if (WATCH_HOSTS.has(host)) {
    const [, first, second] = parsed.pathname.split("/");
    if (first === "watch") id = parsed.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "live") id = second ?? null;
  }
  return id !== null && ID.test(id) ? id : null;
}

/** The privacy-enhanced embed address of a video id. */
export const youtubeEmbedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}`;
