import { spawnSync } from "node:child_process";
import path from "node:path";
import { applyHeapGrowth } from "./heap";
import { baseConfigSchema, ConfigError, loadConfig } from "./config";

/**
 * A child process that sets its heap growth with applyHeapGrowth, then keeps a live set and promotes garbage into the
 * old generation (a small young generation, a ring of objects that outlive it): how many full collections it took.
 */
function fullCollections(percent: number): number {
  // The built module (the tests run after the build, as the process-weight tests do).
  const heap = path.resolve(__dirname, "../dist/src/heap.js");
  const script = `
    require(${JSON.stringify(heap)}).applyHeapGrowth(${percent});
    const live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: "x" + i }));
    const ring = new Array(50_000);
    for (let i = 0; i < 3_000_000; i++) ring[i % ring.length] = { i, a: [i, i + 1, i + 2], s: "y" + i };
    console.log("live", live.length);`;
  // V8 prints a line per collection (--trace-gc), as it happens.
  const r = spawnSync(process.execPath, ["--max-semi-space-size=1", "--trace-gc", "-e", script], {
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  expect(r.stdout).toContain("live 200000");
  return r.stdout.split("\n").filter((l) => l.includes("Mark-Compact")).length;
}

describe("the old generation's growth (HEAP_GROWING_PERCENT)", () => {
  it("when a process grows its old generation by 10 % instead of 300 %, then V8 collects it fully several times as often", () => {
    const tight = fullCollections(10);
    const loose = fullCollections(300);
    expect(tight).toBeGreaterThanOrEqual(3 * Math.max(1, loose));
  });

  it("when the percent is 0, then V8's own factor stays (nothing is set)", () => {
    expect(() => applyHeapGrowth(0)).not.toThrow();
  });

  it("when the setting is not a whole number from 0 to 300, then the configuration is refused with its name", () => {
    const env = { HTTP_PORT: "1", INTERNAL_IDENTITY_SECRET: "s".repeat(32) };
    expect(loadConfig("x", baseConfigSchema, env).HEAP_GROWING_PERCENT).toBe(0);
    expect(loadConfig("x", baseConfigSchema, { ...env, HEAP_GROWING_PERCENT: "20" }).HEAP_GROWING_PERCENT).toBe(20);
    for (const bad of ["-1", "301", "1.5", "lots"]) {
      let err: unknown;
      try {
        loadConfig("x", baseConfigSchema, { ...env, HEAP_GROWING_PERCENT: bad });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.join("\n")).toMatch(/^HEAP_GROWING_PERCENT: /m);
    }
    expect(() => applyHeapGrowth(-1)).toThrow(RangeError);
  });
});
