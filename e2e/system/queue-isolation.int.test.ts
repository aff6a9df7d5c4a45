import { randomUUID } from "node:crypto";
import { testInfra } from "@genui/testkit";
import { Queue, QueueEvents, type JobsOptions } from "bullmq";
import { Redis } from "ioredis";
import { QUEUES } from "@genui/contracts";
import type { GenerationJob } from "../../services/generation/src/domain/messages";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";

/** Valid UI code of at least `chars` characters. */
const codeOf = (chars: number): string => {
  let code = 'screen("Backlog")\n';
  for (let i = 0; code.length < chars; i++) code += `text("line ${i}")\n`;
  return code;
};

const BACKLOG = 400;

/**
 * Where code-only evaluations wait decides whether a backlog of them delays a paid generation. Three arrangements
 * are measured against the real worker (figures printed, for docs/decisions.md): one FIFO queue (as before), one queue
 * with generations at a higher BullMQ priority, and the evaluations' own queue and worker loop (what the API does).
 * Evaluations are enqueued directly: many tenants together, each within its limits, can build such a backlog.
 */
describe("evaluations wait apart from generations", () => {
  let stack: Stack;
  let dev: Developer;
  let connection: Redis;
  let genQueue: Queue<GenerationJob>;
  let evalQueue: Queue<GenerationJob>;
  let genEvents: QueueEvents;
  const figures: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ generation: { workerEnv: { GEN_WORKER_CONCURRENCY: "8", GEN_EVAL_WORKER_CONCURRENCY: "8" } } });
    dev = await newDeveloper(stack);
    connection = new Redis(testInfra().redisUrl, { maxRetriesPerRequest: null });
    const prefix = `${stack.prefix}bull`;
    genQueue = new Queue(stack.workerEnv.GEN_QUEUE!, { connection, prefix });
    evalQueue = new Queue(QUEUES.generation.names(stack.workerEnv.GEN_QUEUE!).evals, { connection, prefix });
    genEvents = new QueueEvents(stack.workerEnv.GEN_QUEUE!, { connection: connection.duplicate(), prefix });
    await genEvents.waitUntilReady();
  });
  afterAll(async () => {
    process.stdout.write(
      `\n[queue isolation] ${BACKLOG} evaluations waiting; one generation's time to done:\n${figures.join("\n")}\n`,
    );
    await genEvents.close();
    await Promise.all([genQueue.close(), evalQueue.close()]);
    await connection.quit();
    await stack.stop();
  });

  const job = (kind: GenerationJob["kind"]): GenerationJob => ({
    requestId: randomUUID(),
    kind,
    userId: dev.userId,
    appId: "",
    model: kind === "generate" ? "genui-pluto-0.1" : "",
    messages: kind === "generate" ? [{ role: "user", content: "a to-do list" }] : [],
    ...(kind === "evaluate" ? { code: codeOf(4_000) } : {}),
    thinking: false,
    internet: false,
    maxOutputTokens: kind === "generate" ? 2_000 : 0,
    holdId: "",
    partials: false,
    enqueuedAt: Date.now(),
  });

  /** Enqueues the backlog, then one generation; resolves the generation's time to done and the evaluations left. */
  const measure = async (
    label: string,
    backlogQueue: Queue<GenerationJob>,
    backlogOpts: JobsOptions,
    genOpts: JobsOptions,
  ): Promise<number> => {
    await backlogQueue.addBulk(
      Array.from({ length: BACKLOG }, () => {
        const data = job("evaluate");
        return { name: "evaluate", data, opts: { ...backlogOpts, jobId: data.requestId, removeOnComplete: true } };
      }),
    );
    const data = job("generate");
    const t0 = performance.now();
    const added = await genQueue.add("generate", data, { ...genOpts, jobId: data.requestId, removeOnComplete: true });
    await added.waitUntilFinished(genEvents, 120_000);
    const ms = performance.now() - t0;
    const left = (await backlogQueue.getJobCounts("waiting", "prioritized")) as { waiting?: number; prioritized?: number };
    const waiting = (left.waiting ?? 0) + (left.prioritized ?? 0);
    figures.push(`  ${label}: ${ms.toFixed(0)} ms (${waiting} evaluations still waiting then)`);
    // Let the backlog drain before the next arrangement.
    await eventually(
      async () => {
        const c = await backlogQueue.getJobCounts("waiting", "prioritized", "active");
        return (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.active ?? 0);
      },
      (n) => n === 0,
      120_000,
    );
    return waiting;
  };

  it("when evaluations share the generations' FIFO queue, then a generation waits behind them (the arrangement before)", async () => {
    expect(await measure("one FIFO queue (before)", genQueue, {}, {})).toBe(0);
  }, 180_000);

  it("when evaluations have a lower priority in the same queue, then the generation is taken first", async () => {
    expect(await measure("one queue, generations prioritised", genQueue, { priority: 10 }, { priority: 1 })).toBeGreaterThan(0);
  }, 180_000);

  it("when evaluations wait in their own queue, then the generation does not wait for the backlog (what the API does)", async () => {
    expect(await measure("own evaluation queue and loop (chosen)", evalQueue, {}, {})).toBeGreaterThan(0);
  }, 180_000);
});
