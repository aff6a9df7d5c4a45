import { constants, gunzipSync, gzipSync } from "node:zlib";
import type { Screen } from "@genui/ui-runtime";
import { ChunkLines, answerContent } from "./openai-wire";
import { ContentDiverged, ContentPieces, GzipEvents } from "./sse";

const screen = { screen: { v1: [{ component: "text", text: "é 😀" }] } } as unknown as Screen;

/** Splits a string at every UTF-16 position in turn (surrogate pairs and escapes included). */
const splits = (s: string): string[][] => Array.from({ length: s.length + 1 }, (_, i) => [s.slice(0, i), s.slice(i)]);

describe("content pieces of a streamed answer", () => {
  const code = 'text("say \\"hi\\"\\\\ \n\t é 😀 𝄞 \u2028 </script>")\n';

  it("when code with quotes, backslashes, newlines and astral characters is split anywhere, then the pieces add up to the non-streaming content", () => {
    for (const parts of splits(code)) {
      const c = new ContentPieces();
      const text = parts.map((p) => c.code(p, false)).join("") + c.finish(code, screen);
      expect(text).toBe(answerContent(code, screen));
      expect(JSON.parse(text)).toEqual({ code, json: screen });
    }
  });

  it("when a repair pass runs, then repaired_code comes between code and json, split anywhere", () => {
    const repaired = code.replace("say", "said 🎉");
    for (const [a, b] of splits(repaired)) {
      const c = new ContentPieces();
      const text =
        c.code(code.slice(0, 7), false) +
        c.code(code.slice(7), false) +
        c.code(a!, true) +
        c.code(b!, true) +
        c.finish(repaired, screen, code);
      expect(text).toBe(answerContent(repaired, screen, code));
      expect(Object.keys(JSON.parse(text) as object)).toEqual(["code", "repaired_code", "json"]);
    }
  });

  it("when nothing was streamed before the end, then the last piece is the whole content", () => {
    expect(new ContentPieces().finish(code, screen)).toBe(answerContent(code, screen));
    expect(new ContentPieces().finish("b", screen, "a")).toBe(answerContent("b", screen, "a"));
  });

  it("when the final code does not continue what was sent, then finishing refuses rather than send broken text", () => {
    const c = new ContentPieces();
    c.code("abc", false);
    expect(() => c.finish("abd", screen)).toThrow();
  });

  it("when a restarted job repeats the code sent, then it continues where the client is; when it departs from it, then the content cannot continue", () => {
    const c = new ContentPieces();
    const sent = c.code(code.slice(0, 10), false);
    c.restart();
    expect(c.code(code.slice(0, 4), false)).toBe("");
    const rest = c.code(code.slice(4), false) + c.finish(code, screen);
    expect(sent + rest).toBe(answerContent(code, screen));

    const d = new ContentPieces();
    d.code("text(1)", false);
    d.restart();
    expect(() => d.code("heading", false)).toThrow(ContentDiverged);
  });
});

describe("a gzip event stream written batch by batch", () => {
  const lines = new ChunkLines({
    id: "chatcmpl-0123456789abcdef0123456789abcdef",
    created: 1,
    model: "m",
    route: "chat",
    startedAt: 0,
  });
  /** An answer's batches: a comment, the role, many deltas (some with non-ASCII text), a large last one, [DONE]. */
  const batches = (): string[] => {
    const out = [": accepted\n\n", `id: 1\n${lines.delta({ role: "assistant" }, null)}`];
    for (let i = 0; i < 60; i++)
      out.push(`id: ${i + 2}\n${lines.delta({ content: `piece ${i} é 😀 ${"x".repeat(i * 7)}` }, null)}`);
    out.push(": keep-alive\n\n");
    const json = JSON.stringify({ screen: Array.from({ length: 200 }, (_, i) => ({ component: "stat", value: i * 37 })) });
    out.push(`id: 62\n${lines.delta({ content: json }, "stop")}id: 63\n${lines.done}`);
    return out;
  };

  /** Writes all but the last batch, checking after each that everything sent so far decodes to the text so far. */
  const sendDecodingEach = (gzip: GzipEvents, all: string[]): Buffer => {
    let sent = Buffer.alloc(0);
    let text = "";
    for (const b of all.slice(0, -1)) {
      sent = Buffer.concat([sent, gzip.batch(b, false)]);
      text += b;
      expect(gunzipSync(sent, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8")).toBe(text);
    }
    return sent;
  };

  it("when each batch is written, then everything written so far decodes at once to the text so far", () => {
    sendDecodingEach(new GzipEvents(6), batches());
  });

  it("when the stream ends, then it is one well-formed gzip member (checksum and length checked) of the whole text, smaller than the text and near a one-shot gzip's size", () => {
    const gzip = new GzipEvents(6);
    const all = batches();
    const sent = Buffer.concat(all.map((b, i) => gzip.batch(b, i === all.length - 1)));
    const text = all.join("");
    // Longer than the 8 KiB window: later batches refer to a sliding window, not the start.
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * 8192);
    expect(gunzipSync(sent).toString("utf8")).toBe(text);
    expect(sent.length).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(sent.length).toBeLessThan(gzipSync(text, { windowBits: 13 }).length * 2);
  });

  it("when a batch is larger than the window or does not compress, then every byte so far still decodes", () => {
    const gzip = new GzipEvents(1);
    // Random bytes as hex do not compress to less than half; one batch longer than the 8 KiB window, then short ones
    // that refer back into it, then another that grows past it.
    let seed = 7;
    const noise = (n: number) =>
      Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24).toString(16).padStart(2, "0")).join("");
    const all = [": accepted\n\n", `data: ${noise(6000)}\n\n`, "data: short\n\n", `data: ${noise(2500)}\n\n`, "data: é 😀\n\n"];
    all.push(`data: ${noise(3000)}\n\n`, "data: [DONE]\n\n");
    const sent = Buffer.concat([sendDecodingEach(gzip, all), gzip.batch(all.at(-1)!, true)]);
    expect(gunzipSync(sent).toString("utf8")).toBe(all.join(""));
  });

  it("when the window is another size (512 bytes to 32 KiB), then every batch still decodes as written and the whole stream is the text; a window zlib cannot keep is refused", () => {
    for (const bits of [9, 10, 15]) {
      const gzip = new GzipEvents(1, bits);
      const all = batches();
      const sent = Buffer.concat([sendDecodingEach(gzip, all), gzip.batch(all.at(-1)!, true)]);
      expect(gunzipSync(sent).toString("utf8")).toBe(all.join(""));
    }
    // A smaller window refers less far back: the same answer takes more bytes at 512 than at 8 KiB.
    const size = (bits: number) => {
      const gzip = new GzipEvents(1, bits);
      const all = batches();
      return Buffer.concat(all.map((b, i) => gzip.batch(b, i === all.length - 1))).length;
    };
    expect(size(9)).toBeGreaterThan(size(13));
    for (const bits of [8, 16, 10.5]) expect(() => new GzipEvents(1, bits)).toThrow(RangeError);
  });

  it("when the stream ends with nothing left to write, then the last piece closes it", () => {
    const gzip = new GzipEvents(1);
    const first = gzip.batch(": accepted\n\n", false);
    const sent = Buffer.concat([first, gzip.batch("", true)]);
    expect(gunzipSync(sent).toString("utf8")).toBe(": accepted\n\n");
  });
});
