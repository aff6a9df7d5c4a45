import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from "@opentelemetry/api";
import type { SpanExporter } from "@opentelemetry/sdk-trace-node";

// The SDK (provider, exporter, resources, context manager) is loaded only when a process traces: a process without an
// OTLP endpoint keeps the API's no-op tracer, and what it loads stays resident for as long as it runs
// (docs/performance.md, "Memory"). Loaded with require, on first use.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see above */
const sdk = () => ({
  core: require("@opentelemetry/core") as typeof import("@opentelemetry/core"),
  exporter: require("@opentelemetry/exporter-trace-otlp-proto") as typeof import("@opentelemetry/exporter-trace-otlp-proto"),
  resources: require("@opentelemetry/resources") as typeof import("@opentelemetry/resources"),
  hooks: require("@opentelemetry/context-async-hooks") as typeof import("@opentelemetry/context-async-hooks"),
  node: require("@opentelemetry/sdk-trace-node") as typeof import("@opentelemetry/sdk-trace-node"),
  semconv: require("@opentelemetry/semantic-conventions") as typeof import("@opentelemetry/semantic-conventions"),
});
/* eslint-enable @typescript-eslint/no-require-imports */

export {
  ROOT_CONTEXT as ROOT_TRACE_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context as traceContext,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
};

/**
 * A process's tracing: spans recorded and exported over OTLP (HTTP, protobuf) when the standard variables configure
 * an endpoint, else a no-op tracer (nothing recorded, nothing sent; the chassis then skips header propagation too).
 */
export interface Tracing {
  readonly enabled: boolean;
  readonly tracer: Tracer;
  /** Sends what is buffered and stops exporting (the last shutdown step). */
  shutdown(): Promise<void>;
}

/** The standard OpenTelemetry variables this platform reads (the exporter and sampler read the rest themselves). */
export interface TracingEnv {
  OTEL_SDK_DISABLED?: string;
  OTEL_TRACES_EXPORTER?: string;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
}

/** Whether the environment asks for traces to be exported: an OTLP endpoint, and neither disabled nor exporter "none". */
export function tracingConfigured(env: TracingEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? "").trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "otlp").split(",").map((e) => e.trim().toLowerCase());
  if (!exporters.includes("otlp")) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

const noop: Tracing = {
  enabled: false,
  tracer: trace.getTracer("@genui/chassis"),
  shutdown: async () => undefined,
};

let globalsSet = false;
/** One context manager and propagator per process: services started side by side (tests) share them. */
function setGlobals(): void {
  if (globalsSet) return;
  globalsSet = true;
  const { core, hooks } = sdk();
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
}

/**
 * The tracing of one service. Each service gets its own provider with `service.name` = its name (not the global
 * provider), so services started in one process (the in-process test stack) still report as themselves; production
 * runs one service per process. The sampler comes from OTEL_TRACES_SAMPLER / _ARG (default: parent-based, always on),
 * the endpoint, headers and timeout from OTEL_EXPORTER_OTLP_*; OTEL_RESOURCE_ATTRIBUTES adds resource attributes.
 */
export function startTracing(service: string, env: TracingEnv = process.env): Tracing {
  if (!tracingConfigured(env)) return noop;
  return tracingTo(service, new (sdk().exporter.OTLPTraceExporter)(), true);
}

/** Tracing that sends every span to `exporter` (batched, or one by one: tests read spans as they end). */
export function tracingTo(service: string, exporter: SpanExporter, batch = false): Tracing {
  setGlobals();
  const { resources, node, semconv } = sdk();
  const resource = resources
    .defaultResource()
    .merge(resources.detectResources({ detectors: [resources.envDetector] }))
    .merge(resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: service }));
  const provider = new node.NodeTracerProvider({
    resource,
    spanProcessors: [batch ? new node.BatchSpanProcessor(exporter) : new node.SimpleSpanProcessor(exporter)],
  });
  return {
    enabled: true,
    tracer: provider.getTracer("@genui/chassis"),
    shutdown: () => provider.shutdown(),
  };
}

/** A carrier's keys and values: HTTP headers, NATS headers, a job's field. */
const recordGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (c) => Object.keys(c),
  get: (c, k) => c[k],
};
const recordSetter: TextMapSetter<Record<string, string>> = {
  set: (c, k, v) => {
    c[k] = v;
  },
};

/** The active trace context as a small record (`traceparent`, `tracestate`), e.g. for a queued job's data. */
export function traceCarrier(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier, recordSetter);
  return carrier;
}

/** The context a carrier names (HTTP headers or `traceCarrier`'s record); ROOT when it names none. */
export function contextFromCarrier(carrier: Record<string, string | string[] | undefined> | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier, recordGetter) : ROOT_CONTEXT;
}

/** A link to the span a carrier names (a batch consumer links every event it handles), or none. */
export function linkFromCarrier(carrier: Record<string, string> | undefined): Link[] {
  const sc = carrier ? trace.getSpanContext(contextFromCarrier(carrier)) : undefined;
  return sc ? [{ context: sc }] : [];
}

/** Marks a span failed with the error's message. */
export function recordFailure(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` inside a new span (child of `parent`, default the active context) and ends it when `fn` settles; a throw
 * marks it failed and is rethrown.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; links?: Link[]; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      ...(options.attributes ? { attributes: options.attributes } : {}),
      ...(options.links ? { links: options.links } : {}),
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    recordFailure(span, err);
    throw err;
  } finally {
    span.end();
  }
}
