import type { Metrics } from "@genui/chassis";
import { Counter, Gauge, Histogram } from "prom-client";

/**
 * What operators scale the pipeline on (exported at /metrics of the API process and of each worker): queue depth,
 * streams being relayed, chunk latency from worker to API, tokens per second, plus counters of outcomes.
 */
export class GenerationMetrics {
  readonly queueDepth: Gauge<"state">;
  readonly activeStreams: Gauge;
  readonly chunkLatency: Histogram;
  readonly firstChunk: Histogram<"route">;
  readonly requests: Counter<"route" | "status">;
  readonly queueWait: Histogram;
  readonly tokens: Counter<"kind">;
  readonly tokensPerSecond: Histogram;
  readonly jobs: Counter<"outcome">;
  readonly activeJobs: Gauge;
  readonly repairs: Counter;
  readonly sandboxStops: Counter;
  readonly stages: Histogram<"stage">;
  readonly upstreamFailures: Counter<"code">;
  readonly stalledJobs: Counter;

  constructor(metrics: Metrics) {
    const registers = [metrics.registry];
    this.queueDepth = new Gauge({
      name: "genui_generation_queue_depth",
      help: "Generation jobs in the queue by state (waiting, active, delayed)",
      labelNames: ["state"],
      registers,
    });
    this.activeStreams = new Gauge({
      name: "genui_generation_active_streams",
      help: "Answers this API process is relaying now",
      registers,
    });
    this.chunkLatency = new Histogram({
      name: "genui_generation_chunk_latency_seconds",
      help: "From a worker publishing a chunk to the API process writing it to the client",
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.firstChunk = new Histogram({
      name: "genui_generation_time_to_first_chunk_seconds",
      help: "From the request arriving to the first answer chunk written",
      labelNames: ["route"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.requests = new Counter({
      name: "genui_generation_requests_total",
      help: "Generation requests by route and answer status",
      labelNames: ["route", "status"],
      registers,
    });
    this.queueWait = new Histogram({
      name: "genui_generation_queue_wait_seconds",
      help: "From enqueueing a job to a worker starting it",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5, 30],
      registers,
    });
    this.tokens = new Counter({
      name: "genui_generation_tokens_total",
      help: "Tokens processed by workers (input, output)",
      labelNames: ["kind"],
      registers,
    });
    this.tokensPerSecond = new Histogram({
      name: "genui_generation_tokens_per_second",
      help: "Output tokens per second of each finished generation",
      buckets: [10, 25, 50, 100, 200, 400, 800, 1600, 5000, 20000],
      registers,
    });
    this.jobs = new Counter({
      name: "genui_generation_jobs_total",
      help: "Jobs finished by workers, by outcome (stop, length, cancelled, error)",
      labelNames: ["outcome"],
      registers,
    });
    this.activeJobs = new Gauge({
      name: "genui_generation_worker_active_jobs",
      help: "Jobs this worker process is running now",
      registers,
    });
    this.stages = new Histogram({
      name: "genui_generation_stage_seconds",
      help: "Time spent per stage: authorize, enqueue (API); upstream_first_token, generate, evaluate, complete (worker)",
      labelNames: ["stage"],
      buckets: [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2],
      registers,
    });
    // Alerted on (deploy/monitoring/genui-alerts.rules.yml): a model upstream failing, a worker dying with jobs.
    this.upstreamFailures = new Counter({
      name: "genui_generation_upstream_failures_total",
      help: "Failed calls to the model upstream by provider error code (retried attempts included)",
      labelNames: ["code"],
      registers,
    });
    this.stalledJobs = new Counter({
      name: "genui_generation_jobs_stalled_total",
      help: "Jobs this worker found stalled (their worker stopped renewing the lock) and put back in the queue",
      registers,
    });
    this.repairs = new Counter({
      name: "genui_generation_repairs_total",
      help: "Answers sent back to the model once for repair",
      registers,
    });
    this.sandboxStops = new Counter({
      name: "genui_generation_sandbox_timeouts_total",
      help: "Evaluations whose code ran past the sandbox's time limit (interrupted, or its thread terminated)",
      registers,
    });
  }
}
