import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

interface Outcome {
  calibratedCpuMs: number;
  ordinary: { ok: boolean; error?: { kind: string; message: string }; charged: number; wall: number }[];
  attacks: Record<
    "loop" | "longSearch",
    { result: { ok: boolean; error?: { kind: string; message: string } }; charged: number; wall: number }
  >;
  stops: number;
}

/**
 * The sandbox's time limit on a busy machine: the evaluator runs in a process pinned to one core beside six threads
 * spinning on it, so its thread has about a seventh of the core. Code that needs well under its limit in CPU time
 * takes several times the limit in wall-clock time there; it must get its screen (and be charged its CPU, not the
 * wait), while code that does overrun is still stopped, by QuickJS or by the host.
 */
describe("the sandbox's time limit when its thread waits for a core", () => {
  let outcome: Outcome;
  beforeAll(async () => {
    const fixture = path.join(__dirname, "fixtures", "starved-sandbox.cjs");
    const { stdout } = await run("taskset", ["-c", "0", process.execPath, fixture], { timeout: 120_000 });
    outcome = JSON.parse(stdout.trim().split("\n").pop()!) as Outcome;
  }, 150_000);

  it("when ordinary code needs 40 ms of CPU but waits for the core past its limit and margin, then it gets its screen and is charged its CPU time", () => {
    // The premise: the thread waited (the wall-clock time of at least one run is past the limit and the host's margin).
    expect(Math.max(...outcome.ordinary.map((o) => o.wall))).toBeGreaterThan(200);
    for (const o of outcome.ordinary) {
      expect(o).toMatchObject({ ok: true });
      expect(o.charged).toBeLessThan(100);
    }
    expect(outcome.calibratedCpuMs).toBeLessThan(60);
  });

  it("when code loops in bytecode on the busy core, then QuickJS still stops it at its limit", () => {
    expect(outcome.attacks.loop.result).toEqual({
      ok: false,
      error: { kind: "timeout", message: "code ran past its time limit of 100 ms" },
    });
  });

  it("when a built-in runs in C on the busy core, then the host still stops its thread", () => {
    expect(outcome.attacks.longSearch.result).toEqual({
      ok: false,
      error: { kind: "timeout", message: "code ran past its time limit of 100 ms and was stopped" },
    });
    expect(outcome.stops).toBe(1);
  });

  it("when code is stopped on the busy core, then its caller is charged the CPU time it had, not the time its thread waited", () => {
    // The premise: each attack held the thread well past its limit and the margin in wall-clock time.
    expect(outcome.attacks.longSearch.wall).toBeGreaterThan(400);
    // Its limit and the host's margin (100 + 100 ms of CPU), and some slack for the host's own checks on that core.
    for (const attack of [outcome.attacks.loop, outcome.attacks.longSearch]) expect(attack.charged).toBeLessThan(350);
  });
});
