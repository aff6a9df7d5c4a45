// The gzip of a streamed answer's events alone (services/generation/src/http/sse.ts), in one run: the pako Deflate per
// stream used until now, against the ways measured to replace it, interleaved answer by answer. The answers are built
// by the API's own code (ChunkLines, ContentPieces) from real screens: the benchmark's shape (the fake upstream's
// sample code in 20 pieces: the ": accepted" comment, the role chunk, 3 content deltas, then the last content chunk
// with the screen JSON, usage and [DONE] in one batch), a larger planner screen, and the same screen paced as a slow
// model streams it (40 deltas, each event a batch of its own). GzipEvents also runs with smaller windows (the text
// each batch may refer back to: 4 KiB to 512 bytes; 8 KiB is the service's). Every batch is sync-flushed (the
// client reads each event as soon as it is written), except in "one flush" (not usable: shown for what flushes cost).
// Every output is decoded and checked. Prints CPU of this process per answer, its ratio to today's, and the bytes.
//   node --expose-gc loadtests/stream-gzip-bench.mjs   (after npm run build; --expose-gc for the kept states' size)
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "services/generation/package.json"));
const pako = require("pako");
const pakoDeflate = require("pako/lib/zlib/deflate.js");
const ZStream = require("pako/lib/zlib/zstream.js");
const runtime = require(path.join(root, "packages/ui-runtime/dist/src/node.js"));
const { SAMPLE_UI_CODE } = require(path.join(root, "packages/testkit/dist/src/fake-openai.js"));
const { plan } = require(path.join(root, "packages/planner/dist/src/index.js"));
const { ChunkLines } = require(path.join(root, "services/generation/dist/src/http/openai-wire.js"));
const { ContentPieces, GzipEvents } = require(path.join(root, "services/generation/dist/src/http/sse.js"));

const N = Number(process.env.BENCH_ANSWERS ?? 3000);
const evaluator = runtime.createNodeEvaluator();

/** An answer's batches of SSE text, as writeEventStream writes them. */
async function answer(code, deltas) {
  const r = await evaluator.evaluate(code);
  if (!r.ok) throw new Error(r.error.message);
  const lines = new ChunkLines({
    id: "chatcmpl-0123456789abcdef0123456789abcdef",
    created: 1_700_000_000,
    model: "fake-model",
    route: "chat",
    startedAt: 0,
  });
  const pieces = new ContentPieces();
  let id = 0;
  const event = (line) => `id: ${++id}\n${line}`;
  const batches = [": accepted\n\n", event(lines.delta({ role: "assistant" }, null))];
  const cut = (i) => Math.floor((code.length * i) / (deltas + 2));
  for (let i = 1; i <= deltas; i++)
    batches.push(event(lines.delta({ content: pieces.code(code.slice(cut(i - 1), cut(i)), false) }, null)));
  batches.push(
    event(lines.delta({ content: pieces.finish(code, r.screen) }, "stop")) +
      event(lines.usage({ inputTokens: 900, outputTokens: 200 })) +
      event(lines.done),
  );
  return batches;
}

const PAKO = { gzip: true, windowBits: 11, memLevel: 1 };
/** Until now: a pako Deflate per stream, a string pushed per batch with a sync flush. */
const pakoPerStream =
  (level, oneFlush = false) =>
  (batches) => {
    const out = [];
    const d = new pako.Deflate({ level, ...PAKO });
    d.onData = (c) => out.push(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
    if (oneFlush) d.push(batches.join(""), 4);
    else {
      for (const t of batches) d.push(t, 2);
      d.push("", 4);
    }
    return out;
  };
/** pako's zlib state kept in a pool and reset (deflateReset), one output buffer, the text encoded natively. */
const pakoPool = [];
const pakoOut = new Uint8Array(64 * 1024);
const pakoReused = (level) => (batches) => {
  const out = [];
  const strm = pakoPool.pop() ?? new ZStream();
  if (!strm.state) pakoDeflate.deflateInit2(strm, level, 8, 16 + 11, 1, 0);
  const run = (data, flush) => {
    strm.input = data;
    strm.next_in = 0;
    strm.avail_in = data.length;
    do {
      strm.output = pakoOut;
      strm.next_out = 0;
      strm.avail_out = pakoOut.length;
      pakoDeflate.deflate(strm, flush);
      out.push(Buffer.from(pakoOut.subarray(0, strm.next_out)));
    } while (strm.avail_out === 0);
  };
  for (const t of batches) run(Buffer.from(t), 2);
  run(Buffer.alloc(0), 4);
  pakoDeflate.deflateReset(strm);
  pakoPool.push(strm);
  return out;
};
/** node:zlib's streaming gzip: a write and a flush (through the thread pool) per batch. */
const nodeStream = (level) => async (batches) => {
  const out = [];
  const g = zlib.createGzip({ level, windowBits: 11, memLevel: 1 });
  g.on("data", (c) => out.push(c));
  for (const t of batches) {
    g.write(t);
    await new Promise((resolve) => g.flush(zlib.constants.Z_SYNC_FLUSH, resolve));
  }
  await new Promise((resolve) => {
    g.on("end", resolve);
    g.end();
  });
  return out;
};
/** Now: GzipEvents (node:zlib one-shot deflate per batch, the last 8 KiB of text as its dictionary). */
const gzipEvents = (level, windowBits) => (batches) => {
  const g = new GzipEvents(level, windowBits);
  return batches.map((t, i) => g.batch(t, i === batches.length - 1));
};
/**
 * One node:zlib deflate state kept for the whole stream and driven synchronously through its internal handle (the
 * `_handle.writeSync` that zlib's one-shot functions call, which is not Node's public API): what a batch costs without
 * a compressor made and initialised for it. Not usable as it is: an internal API, and a state per open stream (its
 * resident size is printed at the end).
 */
const KEPT = { level: 1, windowBits: 13, memLevel: 4 };
const keptOut = Buffer.allocUnsafe(64 * 1024);
/** Compresses `data` with the kept state `d` and answers what it wrote (into the shared output buffer). */
const writeKept = (d, data, flush) => {
  d._handle.writeSync(flush, data, 0, data.length, keptOut, 0, keptOut.length);
  return keptOut.subarray(0, keptOut.length - d._writeState[0]);
};
const keptState = () => (batches) => {
  const d = zlib.createDeflateRaw(KEPT);
  const out = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])];
  let crc = 0;
  let size = 0;
  batches.forEach((t, i) => {
    const data = Buffer.from(t);
    const last = i === batches.length - 1;
    out.push(Buffer.from(writeKept(d, data, last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH)));
    crc = zlib.crc32(data, crc);
    size += data.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(trailer);
  d.close();
  return out;
};
/** No compression at all (GEN_STREAM_GZIP_LEVEL=0): the text as bytes. */
const plain = () => (batches) => batches.map((t) => Buffer.from(t));

const MODES = {
  "pako per stream, level 6 (before)": pakoPerStream(6),
  "pako per stream, level 1": pakoPerStream(1),
  "pako state reused, level 6": pakoReused(6),
  "pako, one flush (not usable)": pakoPerStream(6, true),
  "node:zlib stream, level 6": nodeStream(6),
  "GzipEvents, level 6 (now)": gzipEvents(6),
  "GzipEvents, level 1": gzipEvents(1),
  "GzipEvents, level 1, 4 KiB window": gzipEvents(1, 12),
  "GzipEvents, level 1, 2 KiB window": gzipEvents(1, 11),
  "GzipEvents, level 1, 1 KiB window": gzipEvents(1, 10),
  "GzipEvents, level 1, 512 B window": gzipEvents(1, 9),
  "kept zlib state, level 1 (internal)": keptState(),
  "level 0 (no compression)": plain(),
};
const BEFORE = "pako per stream, level 6 (before)";

const dashboard = plan([{ role: "user", content: "A sales dashboard" }]).code;
const shapes = {
  "benchmark answer (sample code, 3 deltas)": await answer(SAMPLE_UI_CODE, 3),
  "larger answer (planner dashboard, 8 deltas)": await answer(dashboard, 8),
  // A model that streams slowly: a delta every GEN_DELTA_INTERVAL_MS (300 ms), each event a batch of its own (the
  // burst's 1-second streams are this, shorter).
  "paced answer (planner dashboard, 40 deltas)": await answer(dashboard, 40),
};
await evaluator.close?.();

for (const [name, batches] of Object.entries(shapes)) {
  const text = batches.join("");
  const cpu = Object.fromEntries(Object.keys(MODES).map((k) => [k, 0]));
  const bytes = {};
  for (const [k, fn] of Object.entries(MODES)) {
    const out = Buffer.concat(await fn(batches));
    let decoded;
    try {
      decoded = k.startsWith("level 0") ? out.toString() : zlib.gunzipSync(out).toString();
    } catch (err) {
      throw new Error(`${k}: ${err.message}`, { cause: err });
    }
    if (decoded !== text) throw new Error(`${k}: the output does not decode to the answer`);
    bytes[k] = out.length;
  }
  // Round by round, each mode in turn (the machine's load drifts; interleaving spreads it evenly), after a warm-up.
  for (let i = -200; i < N; i++)
    for (const [k, fn] of Object.entries(MODES)) {
      const c = process.cpuUsage();
      await fn(batches);
      const u = process.cpuUsage(c);
      if (i >= 0) cpu[k] += u.user + u.system;
    }
  console.log(`\n${name}: ${batches.length} batches, ${Buffer.byteLength(text)} bytes of text; ${N} answers per mode`);
  console.table(
    Object.fromEntries(
      Object.keys(MODES).map((k) => [
        k,
        { "CPU µs/answer": +(cpu[k] / N).toFixed(1), "× before": +(cpu[k] / cpu[BEFORE]).toFixed(2), bytes: bytes[k] },
      ]),
    ),
  );
}
// What a kept state holds: 1,000 of them (one per open stream of a burst), each having written one batch.
global.gc?.();
const rss = process.memoryUsage().rss;
const kept = [];
const role = Buffer.from(Object.values(shapes)[0][1]);
for (let i = 0; i < 1000; i++) {
  const d = zlib.createDeflateRaw(KEPT);
  writeKept(d, role, zlib.constants.Z_SYNC_FLUSH);
  kept.push(d);
}
global.gc?.();
console.log(
  `\n1,000 kept zlib states (level 1, 8 KiB window, memLevel 4): ${((process.memoryUsage().rss - rss) / 1048576).toFixed(1)} MiB resident`,
);
process.exit(0);
