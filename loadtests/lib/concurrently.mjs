// Runs `task` `n` times with at most `concurrency` at once (each lane starts the next as soon as its last ended):
// the load shape of the side-by-side benchmarks. Resolves the tasks' results in the order they were started.
export async function concurrently(n, concurrency, task) {
  const results = new Array(n);
  let started = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (started < n) {
        const i = started++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}
