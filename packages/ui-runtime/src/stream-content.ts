import type { Screen } from "./schema";

/**
 * The streamed content layout of the published API ([B2]): the final `message.content` is the JSON text
 * `{"code":"<UI code>","json":<screen>}` (with `"repaired_code":"…"` between them when the server repaired the code),
 * and with `stream: true` every chunk's `delta.content` is a piece of exactly that text. `StreamedContent` reads the
 * pieces as they come: the UI code so far (JSON-string-unescaped, tolerating a piece that ends mid-escape), the
 * repaired code once it starts, and the validated screen once the text is complete.
 */

/** What the content read so far says. */
export interface StreamedAnswer {
  /** The first pass's UI code so far (unescaped). */
  code: string;
  /** The repaired code so far, once `"repaired_code":"` has arrived. */
  repairedCode?: string;
  /** The code a client renders now: the repaired code once it started, else the code. */
  current: string;
  /** True once the string of `current` is closed (its closing quote arrived). */
  currentClosed: boolean;
  /** The validated screen, once the whole text has arrived and parses. */
  json?: Screen;
  /** True when the whole content text has arrived and parsed. */
  complete: boolean;
}

/** A final answer in the layout's terms (what a non-streaming client gets by `JSON.parse(content)`). */
export interface ContentAnswer {
  code: string;
  repaired_code?: string;
  json: unknown;
}

export const CONTENT_START = '{"code":"';
const REPAIRED_KEY = /^\s*,\s*"repaired_code"\s*:\s*"/;
const JSON_KEY = /^\s*,\s*"json"\s*:/;
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** Thrown (by `push`) when the text does not follow the layout. */
export class ContentLayoutError extends Error {}

/**
 * An incremental JSON string body decoder: `feed(raw)` decodes as much as is unambiguous and keeps an escape or a
 * high surrogate cut at the end for the next piece; it stops at the closing quote and answers what follows it.
 */
class StringBody {
  text = "";
  closed = false;
  /** Raw text of an escape cut at the end of the last piece. */
  private held = "";
  /** A decoded high surrogate waiting for its low half: a prefix never ends in half a character. */
  private high = "";

  /** Decodes `raw`; answers the characters after the closing quote (undefined while the string is open). */
  feed(raw: string): string | undefined {
    const s = this.held + raw;
    this.held = "";
    let out = this.high;
    this.high = "";
    let i = 0;
    while (i < s.length) {
      const c = s[i]!;
      if (c === '"') {
        this.closed = true;
        this.text += out;
        return s.slice(i + 1);
      }
      if (c !== "\\") {
        out += c;
        i++;
        continue;
      }
      const e = s[i + 1];
      if (e === undefined) break;
      if (e === "u") {
        const hex = s.slice(i + 2, i + 6);
        if (hex.length < 4) break;
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ContentLayoutError(`bad escape \\u${hex} in the streamed code`);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      const simple = SIMPLE_ESCAPES[e];
      if (simple === undefined) throw new ContentLayoutError(`bad escape \\${e} in the streamed code`);
      out += simple;
      i += 2;
    }
    this.held = s.slice(i);
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.high = out.slice(-1);
      out = out.slice(0, -1);
    }
    this.text += out;
    return undefined;
  }
}

/**
 * Reads the pieces of one streamed answer. `push(piece)` answers the state so far; `end()` checks the text is
 * complete. Throws `ContentLayoutError` when the content is not in the layout (e.g. an older server).
 */
export class StreamedContent {
  private all = "";
  private phase: "start" | "code" | "between" | "repaired" | "json" = "start";
  private readonly first = new StringBody();
  private repaired?: StringBody;
  private between = "";
  private screen?: Screen;
  private done = false;

  /** The whole content text so far. */
  get text(): string {
    return this.all;
  }

  push(piece: string): StreamedAnswer {
    this.all += piece;
    let rest: string | undefined = piece;
    while (rest !== undefined && rest !== "") {
      switch (this.phase) {
        case "start": {
          if (this.all.length < CONTENT_START.length) {
            if (!CONTENT_START.startsWith(this.all)) throw notLayout(this.all);
            rest = undefined;
            break;
          }
          if (!this.all.startsWith(CONTENT_START)) throw notLayout(this.all);
          this.phase = "code";
          rest = this.all.slice(CONTENT_START.length);
          break;
        }
        case "code":
        case "repaired": {
          const body = this.phase === "code" ? this.first : this.repaired!;
          const after = body.feed(rest);
          if (after === undefined) rest = undefined;
          else {
            this.phase = "between";
            this.between = "";
            rest = after;
          }
          break;
        }
        case "between": {
          this.between += rest;
          rest = undefined;
          const repairedKey = !this.repaired ? REPAIRED_KEY.exec(this.between) : null;
          const jsonKey = JSON_KEY.exec(this.between);
          if (repairedKey) {
            this.phase = "repaired";
            this.repaired = new StringBody();
            rest = this.between.slice(repairedKey[0].length);
          } else if (jsonKey) {
            this.phase = "json";
            rest = undefined;
          } else if (!couldBecomeKey(this.between, !this.repaired)) throw notLayout(this.all);
          break;
        }
        case "json":
          rest = undefined;
          break;
      }
    }
    if (this.phase === "json" && !this.done) this.tryComplete();
    return this.state();
  }

  /** The state at the end of the stream; throws when the text is not a complete answer. */
  end(): StreamedAnswer {
    if (!this.done) this.tryComplete();
    if (!this.done)
      throw new ContentLayoutError("the stream ended before the answer was complete (the content is not a whole JSON text)");
    return this.state();
  }

  state(): StreamedAnswer {
    const current = this.repaired ?? this.first;
    const s: StreamedAnswer = {
      code: this.first.text,
      current: current.text,
      currentClosed: current.closed,
      complete: this.done,
    };
    if (this.repaired) s.repairedCode = this.repaired.text;
    if (this.screen) s.json = this.screen;
    return s;
  }

  private tryComplete(): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.all);
    } catch {
      return;
    }
    const o = parsed as Partial<ContentAnswer> | null;
    if (!o || typeof o !== "object" || typeof o.code !== "string" || !o.json || typeof o.json !== "object")
      throw new ContentLayoutError("the streamed content is complete but carries no screen json");
    this.screen = o.json as Screen;
    this.done = true;
  }
}

const notLayout = (text: string) =>
  new ContentLayoutError(
    `the streamed content is not in the GenUI layout (it should start with {"code":"; it starts with ${JSON.stringify(text.slice(0, 40))})`,
  );

/** Whether `s` is a prefix of `,"repaired_code":"` or `,"json":` (whitespace aside). */
function couldBecomeKey(s: string, repairedAllowed: boolean): boolean {
  const t = s.replace(/\s+/g, "");
  return ',"json":'.startsWith(t) || (repairedAllowed && ',"repaired_code":"'.startsWith(t));
}

/**
 * The exact `delta.content` pieces of the layout for a final answer (for tests and recorded streams): `{"code":"`,
 * the code in pieces of `size` code points, each JSON-string-escaped (never splitting an escape or a surrogate pair),
 * then `","repaired_code":"` and the repaired code's pieces when present, then `","json":<screen>}`. Their
 * concatenation is `JSON.stringify({ code, repaired_code?, json })`.
 */
export function contentPieces(answer: ContentAnswer, opts: { size?: number } = {}): string[] {
  const size = Math.max(1, opts.size ?? 4);
  const escaped = (code: string): string[] => {
    const points = Array.from(code);
    const out: string[] = [];
    for (let i = 0; i < points.length; i += size) out.push(JSON.stringify(points.slice(i, i + size).join("")).slice(1, -1));
    return out;
  };
  const pieces = [CONTENT_START, ...escaped(answer.code)];
  if (answer.repaired_code !== undefined) pieces.push('","repaired_code":"', ...escaped(answer.repaired_code));
  pieces.push(`","json":${JSON.stringify(answer.json)}}`);
  return pieces;
}
