import type { Logger } from "./logger";

/** The order in which a process lets go: stop taking work, finish work, then close the connections. */
export const SHUTDOWN_PHASES = ["http", "workers", "nats", "mongo", "redis", "tracing"] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

interface Step {
  phase: ShutdownPhase;
  name: string;
  run: () => Promise<void>;
}

/**
 * Graceful shutdown in order (HTTP, workers, NATS drain, mongoose, Redis, then the last spans sent). One handler per process for
 * SIGTERM/SIGINT and fatal errors.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running?: Promise<void>;
  private exits = false;

  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs = 10_000,
  ) {}

  add(phase: ShutdownPhase, name: string, run: () => Promise<void>): void {
    this.steps.push({ phase, name, run });
  }

  /** Runs every step, phase by phase; resolves when all are done or the timeout passed. */
  run(reason: string): Promise<void> {
    this.running ??= this.execute(reason);
    return this.running;
  }

  private async execute(reason: string): Promise<void> {
    this.logger.info({ reason }, "shutting down");
    const all = (async () => {
      for (const phase of SHUTDOWN_PHASES) {
        const steps = this.steps.filter((s) => s.phase === phase).reverse();
        await Promise.all(
          steps.map(async (s) => {
            try {
              await s.run();
            } catch (err) {
              this.logger.error({ err, step: s.name }, "shutdown step failed");
            }
          }),
        );
      }
    })();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), this.timeoutMs);
      timer.unref();
    });
    const outcome = await Promise.race([all.then(() => "done" as const), timedOut]);
    clearTimeout(timer);
    if (outcome === "timeout") this.logger.error({ timeoutMs: this.timeoutMs }, "shutdown timed out");
    else this.logger.info("shut down");
  }

  /**
   * The process cannot go on (e.g. its store connection is stuck): it shuts down cleanly and exits 1, for its
   * supervisor to start it again. A service started inside another program (tests) only logs it.
   */
  fail(reason: string): void {
    if (!this.exits) return;
    void this.run(reason).finally(() => process.exit(1));
  }

  /** Installs the one process-level handler: signals shut down cleanly, fatal errors shut down and exit 1. */
  installProcessHandlers(): void {
    this.exits = true;
    const stop = (signal: string, code: number) => {
      void this.run(signal).finally(() => process.exit(code));
    };
    process.once("SIGTERM", () => stop("SIGTERM", 0));
    process.once("SIGINT", () => stop("SIGINT", 0));
    process.on("unhandledRejection", (err) => {
      this.logger.fatal({ err }, "unhandled rejection");
      stop("unhandledRejection", 1);
    });
    process.on("uncaughtException", (err) => {
      this.logger.fatal({ err }, "uncaught exception");
      stop("uncaughtException", 1);
    });
  }
}
