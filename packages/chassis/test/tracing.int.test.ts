import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { COMMANDS, EVENTS, ReplySchema, SIGNALS, SignUpMethod } from "@genui/contracts";
import { freshName, testInfra } from "@genui/testkit";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-node";
import { headers as natsHeaders, type Msg } from "nats";
import type { Server } from "node:http";
import { closeServer, createHttpApp, finishHttpApp, listen } from "../src/http";
import { Metrics } from "../src/metrics";
import { createLogger } from "../src/logger";
import { MessageBus, connectNats } from "../src/nats";
import { SpanKind, inSpan, trace, traceContext, tracingTo, type Tracing } from "../src/tracing";

const logger = createLogger("tracing-test", "silent");

async function eventually(fn: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const named = (spans: ReadableSpan[], name: string): ReadableSpan => {
  const span = spans.find((s) => s.name === name);
  if (!span) throw new Error(`no span ${name} among ${spans.map((s) => s.name).join(", ")}`);
  return span;
};

/** Two services on real NATS, each with its own tracer (service.name) and an in-memory exporter to read spans from. */
describe("trace context over the message bus", () => {
  const prefix = `${freshName()}.`;
  const requesterSpans = new InMemorySpanExporter();
  const responderSpans = new InMemorySpanExporter();
  let requesterTracing: Tracing;
  let requester: MessageBus;
  let responder: MessageBus;
  let untraced: MessageBus;
  const seen: Msg[] = [];

  beforeAll(async () => {
    requesterTracing = tracingTo("generation", requesterSpans);
    const bus = async (name: string, tracing?: Tracing) =>
      new MessageBus(await connectNats(testInfra().natsUrl, name, logger), {
        prefix,
        source: name,
        logger,
        ...(tracing ? { tracing } : {}),
      });
    requester = await bus("generation", requesterTracing);
    responder = await bus("apps", tracingTo("apps", responderSpans));
    untraced = await bus("untraced");
    responder.serve(COMMANDS.verifyKey, async (req) => {
      // The handler runs in the server span: what it does is part of the same trace.
      const active = trace.getActiveSpan();
      return { appId: active ? "in-span" : "no-span", ownerId: req.keyHash, status: "active", websiteUrl: "", kind: "secret" };
    });
    // A plain subscriber beside the queue group sees each request as it travels (headers included).
    responder.nc.subscribe(responder.subject(COMMANDS.verifyKey.subject), { callback: (_e, m) => void seen.push(m) });
    await responder.flush();
    await responder.ensureStream("IDENTITY");
  });
  afterAll(async () => {
    const jsm = await responder.nc.jetstreamManager();
    await jsm.streams.delete(responder.streamName("IDENTITY")).catch(() => undefined);
    for (const b of [requester, responder, untraced]) await b.close();
  });
  beforeEach(() => {
    seen.length = 0;
    requesterSpans.reset();
    responderSpans.reset();
  });

  it("when a traced service sends a request, then the message carries traceparent and the handler's SERVER span is the CLIENT span's child", async () => {
    const res = await inSpan(requesterTracing.tracer, "chat completion", { kind: SpanKind.SERVER }, () =>
      requester.request(COMMANDS.verifyKey, { keyHash: "k1" }),
    );
    expect(res.appId).toBe("in-span");
    await eventually(() => responderSpans.getFinishedSpans().length > 0 && seen.length > 0);

    const outer = named(requesterSpans.getFinishedSpans(), "chat completion");
    const client = named(requesterSpans.getFinishedSpans(), "apps.keys.verify");
    const server = named(responderSpans.getFinishedSpans(), "apps.keys.verify");
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(client.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
    expect(seen[0]!.headers?.get("traceparent")).toBe(`00-${client.spanContext().traceId}-${client.spanContext().spanId}-01`);
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.spanContext().traceId).toBe(outer.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(server.resource.attributes["service.name"]).toBe("apps");
    expect(client.resource.attributes["service.name"]).toBe("generation");
    expect(server.attributes["messaging.system"]).toBe("nats");
  });

  it("when an event is published in a trace, then the consumer's CONSUMER span is the PRODUCER span's child", async () => {
    const handled: string[] = [];
    const consumption = await responder.consume(EVENTS.userRegistered, `traced-${freshName()}`, async () => {
      handled.push(trace.getActiveSpan()?.spanContext().traceId ?? "none");
    });
    try {
      await inSpan(requesterTracing.tracer, "sign up", {}, () =>
        requester.publish(EVENTS.userRegistered, { userId: "u1", email: "a@b.dev", name: "A", method: SignUpMethod.PASSWORD }),
      );
      await eventually(() => handled.length === 1 && responderSpans.getFinishedSpans().length > 0);
    } finally {
      await consumption.stop();
    }
    const producer = named(requesterSpans.getFinishedSpans(), `send ${EVENTS.userRegistered.subject}`);
    const consumer = named(responderSpans.getFinishedSpans(), `process ${EVENTS.userRegistered.subject}`);
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(handled[0]).toBe(producer.spanContext().traceId);
  });

  it("when a signal is sent in a trace, then its listener runs in the sender's trace", async () => {
    const heard: string[] = [];
    const key = freshName();
    const sub = responder.listen(SIGNALS.generationCancel, key, () => {
      heard.push(trace.getActiveSpan()?.spanContext().traceId ?? "none");
    });
    await responder.flush();
    const traceId = await inSpan(requesterTracing.tracer, "cancel", {}, async (span) => {
      requester.signal(SIGNALS.generationCancel, key, "client");
      await requester.flush();
      return span.spanContext().traceId;
    });
    await eventually(() => heard.length === 1);
    sub.unsubscribe();
    expect(heard).toEqual([traceId]);
  });

  it("when a message carries a malformed traceparent and an oversized tracestate, then it is answered in a trace of its own", async () => {
    for (const traceparent of [
      "garbage",
      `00-${"0".repeat(32)}-${"1".repeat(16)}-01`,
      `ff-${"a".repeat(32)}-${"b".repeat(16)}-01-extra`,
    ]) {
      responderSpans.reset();
      const h = natsHeaders();
      h.set("traceparent", traceparent);
      h.set("tracestate", `k=${"v".repeat(60_000)}`);
      const msg = await responder.nc.request(
        responder.subject(COMMANDS.verifyKey.subject),
        toBinary(COMMANDS.verifyKey.request, create(COMMANDS.verifyKey.request, { keyHash: "k3" })),
        { headers: h, timeout: 5_000 },
      );
      const reply = fromBinary(ReplySchema, msg.data);
      expect(reply.result.case).toBe("payload");
      await eventually(() => responderSpans.getFinishedSpans().length > 0);
      const server = named(responderSpans.getFinishedSpans(), "apps.keys.verify");
      expect(server.parentSpanContext).toBeUndefined();
      expect(server.spanContext().traceId).not.toBe("0".repeat(32));
    }
  });

  it("when a service without tracing sends a request, then the message carries no traceparent", async () => {
    // Even inside someone else's active span: with tracing off the bus adds nothing to the message.
    await traceContext.with(trace.setSpan(traceContext.active(), requesterTracing.tracer.startSpan("outer")), () =>
      untraced.request(COMMANDS.verifyKey, { keyHash: "k2" }),
    );
    await eventually(() => seen.length > 0);
    expect(seen[0]!.headers?.get("traceparent") ?? "").toBe("");
    expect(responderSpans.getFinishedSpans().filter((s) => s.parentSpanContext)).toEqual([]);
  });
});

/** An internal service's HTTP app with tracing: what a caller's trace headers may and may not do. */
describe("trace context over HTTP", () => {
  const spans = new InMemorySpanExporter();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const log = createLogger("tracing-http-test", "silent");
    const app = createHttpApp({
      service: "test",
      logger: log,
      metrics: new Metrics("tracing_http"),
      bodyLimit: "1kb",
      readiness: [],
      tracing: tracingTo("test", spans),
    });
    app.get("/hello", (_req, res) => {
      res.json({ traceId: trace.getActiveSpan()?.spanContext().traceId ?? null });
    });
    finishHttpApp(app, log, {});
    ({ server, url: base } = await listen(app, "127.0.0.1", 0));
  });
  afterAll(() => closeServer(server));
  beforeEach(() => spans.reset());

  it("when a caller's traceparent is well formed, then the request's span continues that trace", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const res = await fetch(`${base}/hello`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ traceId });
  });

  it.each([
    ["garbage", "not-a-traceparent"],
    ["an all-zero trace id", `00-${"0".repeat(32)}-${"1".repeat(16)}-01`],
    ["a bad version", `ff-${"a".repeat(32)}-${"b".repeat(16)}-01`],
  ])(
    "when a caller's traceparent is %s (with an oversized tracestate), then the request is served in a new trace",
    async (_what, traceparent) => {
      const res = await fetch(`${base}/hello`, { headers: { traceparent, tracestate: `k=${"v".repeat(12_000)}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { traceId: string | null };
      expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(body.traceId).not.toBe("0".repeat(32));
      await eventually(() => spans.getFinishedSpans().length > 0);
      expect(spans.getFinishedSpans().every((s) => s.parentSpanContext === undefined)).toBe(true);
    },
  );
});
