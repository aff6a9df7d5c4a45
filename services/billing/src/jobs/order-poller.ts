import { createRedis, type Logger, type Redis } from "@genui/chassis";
import { DelayedError, Queue, Worker, type Job } from "bullmq";
import { QUEUES } from "@genui/contracts";
import type { Orders, PollScheduler } from "../use-cases/orders";

export interface PollerOptions {
  redisUrl: string;
  /** REDIS_KEY_PREFIX: the queue's keys live under `<prefix>bull`. */
  prefix: string;
  firstDelayMs: number;
  maxDelayMs: number;
}

interface PollJob {
  orderId: string;
  polls: number;
}

const ORDER_POLL_QUEUE = QUEUES.billingOrderPoll.name;

/**
 * Polls open orders — Cashfree's and PayPal's — until they are paid, final, or past their deadline. One BullMQ job per order (job id =
 * order id, so scheduling twice is one job), kept in Redis: a restart — or another billing process — picks it up
 * where it was. Each poll that finds the order still open moves the job back to "delayed" with a doubling delay
 * (capped), which does not count as a failed attempt; provider errors are retried the same way. A job exists only for an
 * order created under the user's cap of open orders (TOPUP_MAX_OPEN_ORDERS) and is dropped when the order closes, so a
 * user never has more polls than that cap.
 */
export class OrderPoller implements PollScheduler {
  private readonly connection: Redis;
  private readonly queue: Queue<PollJob>;
  private worker?: Worker<PollJob>;

  constructor(
    private readonly opts: PollerOptions,
    private readonly logger: Logger,
  ) {
    // BullMQ's blocking commands need their own connection without a per-request retry limit.
    this.connection = createRedis(opts.redisUrl, "billing-order-poll-bull", logger, { autoPipelining: false });
    this.queue = new Queue<PollJob>(ORDER_POLL_QUEUE, { connection: this.connection, prefix: `${opts.prefix}bull` });
  }

  async schedule(orderId: string): Promise<void> {
    await this.queue.add(
      "poll",
      { orderId, polls: 0 },
      {
        jobId: orderId,
        delay: this.opts.firstDelayMs,
        attempts: 5,
        backoff: { type: "exponential", delay: this.opts.firstDelayMs },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  /** Drops the poll of a closed order; a running poll is left to end by itself (it re-reads the order). */
  async cancel(orderId: string): Promise<void> {
    await this.queue.remove(orderId);
  }

  /** Starts processing polls with `orders` (each billing process runs one worker; jobs are shared). */
  start(orders: Orders, concurrency = 4): void {
    this.worker = new Worker<PollJob>(
      ORDER_POLL_QUEUE,
      async (job: Job<PollJob>, token?: string) => {
        // Closed, past its deadline, paid, or closed meanwhile: polling ends (Orders.poll).
        const { status, open } = await orders.poll(job.data.orderId);
        if (!open) return status;
        const polls = job.data.polls + 1;
        await job.updateData({ ...job.data, polls });
        const delay = Math.min(this.opts.firstDelayMs * 2 ** Math.min(polls, 20), this.opts.maxDelayMs);
        await job.moveToDelayed(Date.now() + delay, token);
        throw new DelayedError();
      },
      { connection: this.connection, prefix: `${this.opts.prefix}bull`, concurrency, autorun: true },
    );
    this.worker.on("failed", (job, err) => this.logger.error({ err, orderId: job?.data.orderId }, "order poll job failed"));
    this.worker.on("error", (err) => this.logger.warn({ err }, "order poll worker error"));
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.connection.disconnect();
  }
}
