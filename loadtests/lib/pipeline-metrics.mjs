// The generation pipeline's own histograms, read from the API's (8104) and the worker's (8105) metrics: per stage
// (authorize, enqueue, generate, evaluate, complete) and the queue wait, chunk latency and time to the first chunk.

const HISTOGRAMS = [
  "genui_generation_queue_wait_seconds",
  "genui_generation_chunk_latency_seconds",
  "genui_generation_time_to_first_chunk_seconds",
];

/** Sums and counts so far, keyed `api:stage_authorize`, `worker:genui_generation_queue_wait_seconds` … (labels summed). */
export async function pipelineTotals() {
  const out = {};
  for (const [proc, port] of [
    ["api", 8104],
    ["worker", 8105],
  ]) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const m of text.matchAll(/^genui_generation_stage_seconds_(sum|count)\{[^}]*stage="([a-z_]+)"[^}]*\} ([0-9.e+-]+)$/gm)) {
      const t = (out[`${proc}:stage_${m[2]}`] ??= { sum: 0, count: 0 });
      t[m[1]] += Number(m[3]);
    }
    for (const name of HISTOGRAMS)
      for (const m of text.matchAll(new RegExp(`^${name}_(sum|count)(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "gm"))) {
        const t = (out[`${proc}:${name}`] ??= { sum: 0, count: 0 });
        t[m[1]] += Number(m[2]);
      }
  }
  return out;
}

/** The mean (ms) of each histogram over what was observed between two readings of `pipelineTotals`. */
export function meansBetween(before, after) {
  const out = {};
  for (const [key, cur] of Object.entries(after)) {
    const prev = before[key] ?? { sum: 0, count: 0 };
    if (cur.count > prev.count) out[key] = ((cur.sum - prev.sum) / (cur.count - prev.count)) * 1000;
  }
  return out;
}

/** The means as one line: `api:stage_authorize 1.64, …, worker:queue_wait 2.24` (ms). */
export const describeMeans = (means) =>
  Object.entries(means)
    .map(([k, v]) => `${k.replace("genui_generation_", "").replace("_seconds", "")} ${v.toFixed(2)}`)
    .join(", ");
