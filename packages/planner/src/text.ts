/**
 * Text helpers for the offline generator: normalising prompts for matching, a stable hash and a seeded random source
 * (every variation in a screen comes from the prompt's hash, so the same prompt always gives the same screen), and
 * small formatting utilities.
 */

/** Lower case, accents stripped, anything that is not a letter or digit turned into single spaces. */
export function normalize(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** FNV-1a over UTF-16 code units: stable across runs and platforms. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic random source (mulberry32). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** A number in [min, max) rounded to `digits` decimals. */
  float(min: number, max: number, digits = 1): number {
    const f = 10 ** digits;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
  /** `n` distinct items in their original order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const chosen = new Set(this.shuffle(items.map((_, i) => i)).slice(0, n));
    return items.filter((_, i) => chosen.has(i));
  }
}

/** A seeded random source for a piece of text (plus a salt, so sections of one screen vary independently). */
export const rngFor = (text: string, salt = ""): Rng => new Rng(hash32(`${salt}\u0000${text}`));

/** Upper-cases the first letter. */
export const capitalize = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]);

/** "weather in new york" → "Weather in New York"; words already capitalised (or acronyms) are kept. */
export function titleCase(s: string): string {
  return s
    .split(/(\s+)/)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : /[A-Z]/.test(w) ? w : capitalize(w)))
    .join("");
}

/** Cuts text to at most `max` characters at a word boundary, adding an ellipsis when cut (never splits a surrogate pair). */
export function clip(s: string, max: number): string {
  const chars = Array.from(s.replace(/\s+/g, " ").trim());
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** A component-name-safe slug: "Salmon & Rice Kibble" → "salmon_rice_kibble". */
export function slug(s: string, max = 40): string {
  const full = normalize(s)
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  // Cut at a word boundary when one is reasonably close.
  let out = full.slice(0, max);
  if (full.length > max && full[max] !== "_" && out.lastIndexOf("_") > max / 2) out = out.slice(0, out.lastIndexOf("_"));
  out = out.replace(/_+$/, "");
  return out && /^[a-z]/.test(out) ? out : `x_${out || "item"}`;
}

/** "$1,234.50" style money (USD unless told). */
export function money(n: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(n);
}

/** "1 item", "3 items". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const STOP = new Set(
  (
    "a an the and or but of for to in on at by with from about into over under as is are be been was were it its this that " +
    "these those i me my we our you your he she they them their please can could would should will shall may might must " +
    "make build create generate design show give need want like some any all me us do does did have has had get got " +
    "screen page ui app website site web interface component components simple nice beautiful modern clean good great " +
    "just also very really using use new one something anything stuff thing things about"
  ).split(" "),
);

/** The content words of a prompt, in order, without repeats (for generic screens that reflect the user's words). */
export function contentWords(s: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of normalize(s).split(" ")) {
    if (w.length < 2 || STOP.has(w) || /^\d+$/.test(w) || seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

/** Weekday names starting from a seeded day (no clock: screens are deterministic). */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** Short month names. */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** Text matched literally inside a regular expression ("Vancouver), Australia" has no group to close). */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
