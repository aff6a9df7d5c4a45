import variant from "@jitl/quickjs-singlefile-browser-release-sync";
import { CATALOGUE, UiCodeEvaluator, closePrefix } from "@genui/ui-runtime";

// Streams 5 KB of UI code in chunks (the size a model's stream delivers) and evaluates every prefix, as the page
// does while an answer arrives. Baseline in the same run: one evaluation of the complete 5 KB (closed) program.
const CHUNK = Number(new URL(location.href).searchParams.get("chunk") ?? 40);
let code = "";
while (code.length < 5000) code += CATALOGUE.map((e) => e.code).join("\n") + "\n";
code = code.slice(0, 5000);

const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function run() {
  const ev = new UiCodeEvaluator(variant, { timeoutMs: 1000 });
  const complete = closePrefix(code)[0]!;
  const check = await ev.evaluate(complete); // also warms the WebAssembly instance and the JIT
  if (!check.ok) throw new Error(`the benchmark program does not evaluate: ${check.error.message}`);
  // Warm up both paths (JIT tiers, the sandbox's heap) before measuring either.
  for (let i = 0; i < 20; i++) await ev.evaluate(complete);
  for (let end = CHUNK; end < code.length + CHUNK; end += CHUNK) await ev.evaluatePrefix(code.slice(0, end));
  const whole: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await ev.evaluate(complete);
    whole.push(performance.now() - t);
  }
  const perChunk: number[] = [];
  let failures = 0;
  for (let end = CHUNK; end < code.length + CHUNK; end += CHUNK) {
    const t = performance.now();
    const r = await ev.evaluatePrefix(code.slice(0, Math.min(end, code.length)));
    perChunk.push(performance.now() - t);
    if (!r.ok) failures++;
  }
  // The same stream through an incremental session (what a page does with one answer): each complete top-level
  // statement runs once; only the unfinished one runs again per chunk.
  const streamed: number[] = [];
  const stream = ev.stream();
  for (let end = CHUNK; end < code.length + CHUNK; end += CHUNK) await stream.push(code.slice(0, end)); // warm
  stream.dispose();
  const session = ev.stream();
  for (let end = CHUNK; end < code.length + CHUNK; end += CHUNK) {
    const t = performance.now();
    const r = await session.push(code.slice(0, Math.min(end, code.length)));
    streamed.push(performance.now() - t);
    if (!r.ok) failures++;
  }
  session.dispose();
  const late = perChunk.slice(-Math.floor(perChunk.length / 4));
  const lateStreamed = streamed.slice(-Math.floor(streamed.length / 4));
  return {
    bytes: code.length,
    chunks: perChunk.length,
    chunkBytes: CHUNK,
    failures,
    perChunkMeanMs: perChunk.reduce((a, b) => a + b, 0) / perChunk.length,
    perChunkP50Ms: quantile(perChunk, 0.5),
    perChunkP95Ms: quantile(perChunk, 0.95),
    lastQuarterMeanMs: late.reduce((a, b) => a + b, 0) / late.length,
    wholeEvalP50Ms: quantile(whole, 0.5),
    streamMeanMs: streamed.reduce((a, b) => a + b, 0) / streamed.length,
    streamP95Ms: quantile(streamed, 0.95),
    streamLastQuarterMeanMs: lateStreamed.reduce((a, b) => a + b, 0) / lateStreamed.length,
  };
}

run().then(
  (r) => ((window as unknown as { __bench: unknown }).__bench = r),
  (err: unknown) => ((window as unknown as { __bench: unknown }).__bench = { error: String(err) }),
);
