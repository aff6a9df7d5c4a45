import { AppError } from "@genui/chassis";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { GenerationMetrics } from "../metrics";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { ChunkError } from "../domain/messages";
import { GENERATION_ERRORS, generationError } from "../domain/errors";
import { openAIError } from "./errors";
import { ChunkLines, finishReason, snapshotContent, type AnswerMeta } from "./openai-wire";

/** A string's JSON escaping without the quotes; escaping is per character, so escaped pieces concatenate exactly. */
const escapeJson = (text: string): string => JSON.stringify(text).slice(1, -1);

/** The content so far cannot be continued (a restarted answer differs from what was sent). */
export class ContentDiverged extends Error {}

type Field = "code" | "repaired_code";
const ORDER: Record<Field | "none", number> = { none: 0, code: 1, repaired_code: 2 };

/**
 * Turns code pieces into content pieces of the answer's JSON text (docs/api.md, "Streaming"): `{"code":"`, the code
 * escaped as it comes, `","repaired_code":"` and the repaired code when a repair pass runs, then `","json":…}` at the
 * end. A high surrogate at a piece's end waits for its pair (escaped alone it would become `\ud83d`, not the
 * character the whole text's escaping keeps). A job started again (a worker died) answers from the start: what it
 * repeats of the text already sent is skipped, and where it departs from it the content cannot continue
 * (ContentDiverged).
 */
export class ContentPieces {
  private opened: Field | "none" = "none";
  /** Raw code of each field written so far. */
  private readonly sent: Record<Field, string> = { code: "", repaired_code: "" };
  /** Raw code of each field received in the current attempt. */
  private got: Record<Field, string> = { code: "", repaired_code: "" };

  /** The piece for new code of the first pass or of the repair ("" when it only repeats what was sent). */
  code(text: string, repair: boolean): string {
    const field: Field = repair ? "repaired_code" : "code";
    this.got[field] += text;
    const full = this.got[field];
    const last = full.charCodeAt(full.length - 1);
    // A trailing high surrogate waits for its pair.
    return this.emit(field, last >= 0xd800 && last <= 0xdbff ? full.slice(0, -1) : full);
  }

  /** The last piece: what is left of the code fields, then the screen. */
  finish(code: string, json: unknown, firstCode?: string): string {
    let piece = this.emit("code", firstCode ?? code);
    if (this.sent.code !== (firstCode ?? code)) throw new ContentDiverged("the final code differs from the code sent");
    if (firstCode !== undefined) {
      piece += this.emit("repaired_code", code);
      if (this.sent.repaired_code !== code) throw new ContentDiverged("the repaired code differs from the code sent");
    } else if (this.opened === "repaired_code") throw new ContentDiverged("a repair was sent but the answer has none");
    if (this.opened === "none") piece += '{"code":"';
    return `${piece}","json":${JSON.stringify(json)}}`;
  }

  /** A new attempt of the job: its code is compared with what was sent, from the start. */
  restart(): void {
    this.got = { code: "", repaired_code: "" };
  }

  /** Writes what `full` (the field's text so far) adds to what was sent of the field. */
  private emit(field: Field, full: string): string {
    const sent = this.sent[field];
    if (full.length <= sent.length) {
      if (!sent.startsWith(full)) throw new ContentDiverged("the answer departs from the code sent");
      return "";
    }
    if (!full.startsWith(sent)) throw new ContentDiverged("the answer departs from the code sent");
    // A field already closed cannot grow (the repair's field is open).
    if (ORDER[this.opened] > ORDER[field]) throw new ContentDiverged("the first code grew after the repair began");
    let piece = "";
    if (this.opened !== field) piece = this.opened === "none" ? `{"${field}":"` : `","${field}":"`;
    if (this.opened === "none" && field === "repaired_code") piece = '{"code":"","repaired_code":"';
    this.opened = field;
    this.sent[field] = full;
    return piece + escapeJson(full.slice(sent.length));
  }
}

/** A stream whose text cannot continue: the content so far is not a complete JSON text (docs/api.md). */
const interruptedError: ChunkError = {
  code: GENERATION_ERRORS.STREAM_INTERRUPTED,
  message: "The answer was interrupted and cannot continue. Please try again.",
};

/**
 * Writes an answer as server-sent events the way OpenAI's clients read them: bare `data: <json>` lines, `role` on
 * the first delta, `finish_reason` on the last content chunk, the usage chunk (`choices: []`) before `[DONE]` when
 * asked for, `:` comments as keep-alives, and an error as `data: {"error": …}` (the clients raise it).
 */
export async function writeEventStream(
  res: ServerResponse,
  answer: RelayedAnswer,
  meta: AnswerMeta,
  includeUsage: boolean,
  metrics: GenerationMetrics,
  /** "deltas": content pieces of one JSON text (the published API); "snapshots": each chunk the screen so far (SPA). */
  mode: "deltas" | "snapshots" = "deltas",
  /** gzip level for clients that accept gzip (GEN_STREAM_GZIP_LEVEL; 0: never compressed). */
  gzipLevel = 0,
  /**
   * A resumed stream: the id of the last event the client read. The answer is written from its start as the first
   * request wrote it — the same events with the same ids, since they follow from the same chunks in the same order —
   * and the events up to this one are left out.
   */
  resumeAfter?: number,
): Promise<void> {
  res.statusCode = 200;
  res.setHeader("content-type", "text/event-stream; charset=utf-8");
  res.setHeader("cache-control", "no-cache, no-transform");
  res.setHeader("x-accel-buffering", "no");
  res.setHeader("x-request-id", meta.id);
  const out = compressedBody(res, gzipLevel);
  // A comment right away: proxies (the BFF's included) send the status and headers with the first body bytes, and a
  // queued request's client should know at once that it was accepted.
  out.write(": accepted\n\n");
  out.flush();
  // Writes made in one turn of the event loop leave together (a system call, or a compressor flush, per SSE line is
  // costly).
  let pending = false;
  const write = (text: string) => {
    if (!pending) {
      pending = true;
      out.cork();
      process.nextTick(() => {
        pending = false;
        out.uncork();
        out.flush();
      });
    }
    out.write(text);
  };
  let first = true;
  let status = 200;
  const lines = new ChunkLines(meta);
  // Every event carries its number (`id: n`, from 1): a client that loses the connection resumes after the last one
  // it read (`Last-Event-ID`, or `starting_after`). Keep-alive comments carry none.
  let eventId = 0;
  const after = resumeAfter ?? 0;
  const event = (line: string) => {
    eventId++;
    if (eventId > after) write(`id: ${eventId}\n${line}`);
  };
  const send = (delta: Record<string, unknown>, finish: "length" | "stop" | null) => {
    if (first) {
      delta = { role: "assistant", ...delta };
      first = false;
      if (resumeAfter === undefined) metrics.firstChunk.observe({ route: meta.route }, (Date.now() - meta.startedAt) / 1000);
    }
    event(lines.delta(delta, finish));
  };
  /** An error event: OpenAI's error object, and the status the answer is counted under. */
  const failed = (error: ChunkError) => {
    const answer = openAIError(error.code, error.message);
    status = answer.status;
    event(lines.error(answer.body));
  };
  const pieces = new ContentPieces();
  let attempt = 0;
  for await (const e of answer) {
    if (res.destroyed) break;
    if (e.type !== "keepalive") {
      // A job started again (its worker died) answers from the start: snapshots simply replace; content pieces
      // continue where the client is, as long as the new attempt repeats what was sent (see ContentPieces).
      if (e.attempt > attempt && attempt > 0) pieces.restart();
      attempt = Math.max(attempt, e.attempt);
    }
    if (e.type === "keepalive") write(": keep-alive\n\n");
    else if (e.type === "start") {
      if (first) send({}, null);
    } else if (e.type === "delta") {
      const delta: Record<string, unknown> = {};
      if (e.reasoning) delta.reasoning_content = e.reasoning;
      if (mode === "snapshots" && e.code !== undefined && e.json) delta.content = snapshotContent(e.code, e.json);
      else if (mode === "deltas" && e.text) {
        try {
          delta.content = pieces.code(e.text, e.repair === true);
        } catch (err) {
          if (!(err instanceof ContentDiverged)) throw err;
          failed(interruptedError);
          // Our failure, not the client's: nothing more is generated, and it is not billed.
          void answer.cancel("lost");
          break;
        }
      }
      if (delta.content || delta.reasoning_content || first) send(delta, null);
    } else if (e.type === "done") {
      let content: string;
      try {
        content = mode === "snapshots" ? snapshotContent(e.code, e.json) : pieces.finish(e.code, e.json, e.firstCode);
      } catch (err) {
        if (!(err instanceof ContentDiverged)) throw err;
        failed(interruptedError);
        break;
      }
      send({ content }, finishReason(e.finishReason));
      if (includeUsage) event(lines.usage(e.usage));
      event(lines.done);
    } else if (e.type === "error") {
      failed(e.error);
    }
  }
  metrics.requests.inc({ route: meta.route, status: String(status) });
  out.end();
}

/** Where an event stream's text goes: the response itself, or a gzip stream in front of it. */
interface BodyWriter {
  write(text: string): void;
  cork(): void;
  uncork(): void;
  /** Sends what was written so far (a compressor's sync flush); the client can read every event written. */
  flush(): void;
  end(): void;
}

/** express's `req.acceptsEncodings` (the `accepts` negotiation), for a node:http request as well. */
const acceptsEncodings = (req: IncomingMessage, ...encodings: string[]): string | false =>
  (express.request.acceptsEncodings as (...e: string[]) => string | false).apply(req, encodings);

/**
 * The body of an event stream, gzip-compressed when the client accepts it (the official OpenAI clients, browsers and
 * most HTTP libraries do) and `level` > 0. Every batch of events is followed by a sync flush, so compression
 * delays nothing: each event reaches the client as soon as it is written, and what repeats from event to event (the
 * chunk envelope, the keys of the content) costs a few bytes after its first appearance (GzipEvents).
 *
 * Level 0 (GEN_STREAM_GZIP_LEVEL=0) sends the events as they are: for deployments whose ingress compresses (it then
 * does this work instead), or whose clients sit next to them. It costs nothing here and sends ~3× the bytes.
 */
function compressedBody(res: ServerResponse, level: number): BodyWriter {
  if (level <= 0 || acceptsEncodings(res.req, "gzip", "identity") !== "gzip") {
    return {
      write: (t) => void res.write(t),
      cork: () => res.cork(),
      uncork: () => res.uncork(),
      flush: () => undefined,
      end: () => void res.end(),
    };
  }
  res.setHeader("content-encoding", "gzip");
  res.setHeader("vary", "accept-encoding");
  const gzip = new GzipEvents(level);
  let buffered = "";
  let ended = false;
  const push = (last: boolean) => {
    if (ended || res.destroyed) return;
    res.write(gzip.batch(buffered, last));
    buffered = "";
  };
  return {
    write: (t) => void (buffered += t),
    cork: () => undefined,
    uncork: () => undefined,
    flush: () => {
      if (buffered) push(false);
    },
    end: () => {
      push(true);
      ended = true;
      res.end();
    },
  };
}

/** gzip's member header (RFC 1952): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** How far back a batch's text may refer by default: the stream's last 8 KiB (windowBits 13; gzip's decoders keep 32 KiB). */
const GZIP_WINDOW_BITS = 13;
/** Batches this short (a keep-alive, the first comment) go out as they are: compressing them saves nothing. */
const STORED_MAX = 64;
/** The window's first size (doubled as the text grows, up to the window). */
const WINDOW_START = 1024;
/** zlib's least output chunk, and what a sync-flushed deflate of n bytes can add to them at most (stored blocks). */
const MIN_CHUNK = 64;
const DEFLATE_SLACK = 64;

/**
 * One gzip stream written batch by batch, each readable as soon as it is written. Every batch is compressed on its
 * own by node:zlib's one-shot deflate (native, on this thread), with the stream's last `1 << windowBits` bytes of text
 * (8 KiB by default) as the preset dictionary and a sync flush at its end: the pieces concatenate into one deflate
 * stream whose references reach back into the earlier events exactly as a continuous compressor's would (the
 * technique of parallel gzip).
 * A stream keeps only that text and a running CRC between batches; no compressor state lives from one to the next.
 *
 * Measured at level 6 (loadtests/stream-gzip-bench.mjs): on an answer of the benchmark's shape (6 batches, 3.4 KB)
 * 0.63× the CPU of the pako Deflate per stream used before, 1,012 bytes against 1,060; on an 8 KB one 0.53×, 1,870
 * bytes against 2,408. node:zlib's streaming gzip sends every flush to the thread pool and back: 6.4× the CPU.
 */
export class GzipEvents {
  /** The stream's last text, at most `limit` bytes: `window[0, windowLength)`, grown by doubling up to `limit`. */
  private window?: Buffer;
  private windowLength = 0;
  private crc = 0;
  private size = 0;
  private started = false;
  /** How much of the stream's last text a batch may refer to (`1 << windowBits`). */
  private readonly limit: number;

  /** `windowBits`: 9 (512 bytes) to 15 (32 KiB), the deflate window and so the dictionary each batch is given. */
  constructor(
    private readonly level: number,
    private readonly windowBits = GZIP_WINDOW_BITS,
  ) {
    if (!Number.isInteger(windowBits) || windowBits < 9 || windowBits > 15) throw new RangeError("windowBits: 9 to 15");
    this.limit = 1 << windowBits;
  }

  /** The bytes for the next batch of text; `last` ends the stream (its final block and the gzip trailer). */
  batch(text: string, last: boolean): Buffer {
    const data = Buffer.from(text, "utf8");
    let body: Buffer;
    if (!last && data.length <= STORED_MAX) body = stored(data);
    else
      body = deflateRawSync(data, {
        level: this.level,
        windowBits: this.windowBits,
        memLevel: 4,
        // One output buffer the size of the worst case (a stored block's few bytes more than the text) instead of
        // zlib's default 16 KiB per call: a batch's output is rarely over a kilobyte.
        chunkSize: Math.max(MIN_CHUNK, data.length + DEFLATE_SLACK),
        finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH,
        ...(this.windowLength > 0 ? { dictionary: this.window!.subarray(0, this.windowLength) } : {}),
      });
    // (An empty buffer is skipped: node's crc32 of one without memory behind it answers 0, zlib's start value.)
    if (data.length > 0) this.crc = crc32(data, this.crc);
    this.size = (this.size + data.length) >>> 0;
    if (!last) this.remember(data);
    const parts = this.started ? [body] : [GZIP_HEADER, body];
    this.started = true;
    if (last) {
      const trailer = Buffer.allocUnsafe(8);
      trailer.writeUInt32LE(this.crc >>> 0, 0);
      trailer.writeUInt32LE(this.size, 4);
      parts.push(trailer);
    }
    return parts.length === 1 ? body : Buffer.concat(parts);
  }

  /** Appends a batch's text to the window in place (the oldest bytes move out once it holds `limit`). */
  private remember(text: Buffer): void {
    const limit = this.limit;
    // Of a batch longer than the window, only its last `limit` bytes can be referred to.
    const data = text.length > limit ? text.subarray(text.length - limit) : text;
    const needed = Math.min(limit, this.windowLength + data.length);
    if (!this.window || this.window.length < needed) {
      let capacity = this.window?.length ?? WINDOW_START;
      while (capacity < needed) capacity *= 2;
      const grown = Buffer.allocUnsafeSlow(Math.min(limit, capacity));
      if (this.window) this.window.copy(grown, 0, 0, this.windowLength);
      this.window = grown;
    }
    const drop = this.windowLength + data.length - needed;
    if (drop > 0) this.window.copyWithin(0, drop, this.windowLength);
    data.copy(this.window, this.windowLength - drop);
    this.windowLength = needed;
  }
}

/** A stored (uncompressed) deflate block, not the last: a byte of header (at a byte boundary), LEN, NLEN, the bytes. */
function stored(data: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** Collects an answer and answers once: the final screen, or the error with its status. */
export async function collectAnswer(answer: RelayedAnswer): Promise<{
  code: string;
  /** When a repair pass ran: the first pass's code. */
  firstCode?: string;
  json: unknown;
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
  reasoning: string;
}> {
  let reasoning = "";
  for await (const e of answer) {
    if (e.type === "delta" && e.reasoning) reasoning += e.reasoning;
    else if (e.type === "done")
      return {
        code: e.code,
        ...(e.firstCode !== undefined ? { firstCode: e.firstCode } : {}),
        json: e.json,
        finishReason: e.finishReason,
        usage: e.usage,
        reasoning,
      };
    else if (e.type === "error") throw new AppError(e.error.code, e.error.message);
  }
  throw generationError(GENERATION_ERRORS.STREAM_INTERRUPTED, "The answer ended without its last part. Please try again.");
}
