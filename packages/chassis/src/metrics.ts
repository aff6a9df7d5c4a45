import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** How often the event loop's delay is sampled (prom-client's `nodejs_eventloop_lag_*`), ms. */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** One Prometheus registry per process, with default process metrics and the HTTP instruments. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<"method" | "route" | "status">;
  readonly httpInFlight: Gauge;
  readonly messagesHandled: Counter<"subject" | "outcome">;
  readonly messagesTerminated: Counter<"subject" | "consumer" | "reason">;
  readonly maxDeliveries: Counter<"stream" | "consumer">;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    // The event loop's delay sampled every 100 ms, not prom-client's 10: its timer woke every process 100 times a
    // second, idle or not, for ~3 ms of CPU a second each (docs/performance.md, "What the platform does when idle").
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.httpDuration = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency by method, route template and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.httpInFlight = new Gauge({
      name: "http_requests_in_flight",
      help: "HTTP requests being served now",
      registers: [this.registry],
    });
    this.messagesHandled = new Counter({
      name: "nats_messages_handled_total",
      help: "Events and commands handled, by subject and outcome (ack, nak, term, timeout, duplicate, reply, error)",
      labelNames: ["subject", "outcome"],
      registers: [this.registry],
    });
    this.messagesTerminated = new Counter({
      name: "nats_messages_terminated_total",
      help: "Events a durable consumer dropped for good (term), by reason: undecodable, or poison (the handler's verdict)",
      labelNames: ["subject", "consumer", "reason"],
      registers: [this.registry],
    });
    this.maxDeliveries = new Counter({
      name: "nats_consumer_max_deliveries_total",
      help: "Events JetStream gave up on after their last delivery (MAX_DELIVERIES advisories), counted once per service",
      labelNames: ["stream", "consumer"],
      registers: [this.registry],
    });
  }
}
