import { create, fromBinary, toBinary, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { ReplyErrorSchema, ReplySchema, REPLY_ERRORS, type CommandDef } from "@genui/contracts";
import { ErrorCode, NatsError, headers as natsHeaders, type Msg, type MsgHdrs, type Subscription } from "nats";
import { currentContext } from "../context";
import { isOutage } from "../errors";
import type { Logger } from "../logger";
import { SpanKind, contextFromCarrier, inSpan, recordFailure, trace, traceContext, type Span } from "../tracing";
import type { BusCore } from "./core";
import { RemoteError, ReplyFailure } from "./errors";
import { carrierOf, messaging, tracedHeaders } from "./trace-headers";

type CommandHandler<C extends CommandDef> = (
  req: MessageShape<C["request"]>,
  ctx: { correlationId?: string },
) => Promise<MessageInitShape<C["response"]>>;

const respond = (m: Msg, result: MessageInitShape<typeof ReplySchema>["result"]) =>
  m.respond(toBinary(ReplySchema, create(ReplySchema, { result })));

/** Commands: core NATS request/reply with typed requests and answers, and stable error codes. */
export class Commands {
  constructor(private readonly core: BusCore) {}

  /** Asks a command and waits for its typed answer; throws RemoteError with the responder's code. */
  async request<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: { timeoutMs?: number; correlationId?: string } = {},
  ): Promise<MessageShape<C["response"]>> {
    const tracing = this.core.tracing;
    if (tracing)
      return inSpan(
        tracing.tracer,
        cmd.subject,
        { kind: SpanKind.CLIENT, attributes: { ...messaging(cmd.subject, "send"), "rpc.system": "nats" } },
        () => this.requestNow(cmd, req, opts, tracedHeaders()),
      );
    return this.requestNow(cmd, req, opts, natsHeaders());
  }

  private async requestNow<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: { timeoutMs?: number; correlationId?: string },
    h: MsgHdrs,
  ): Promise<MessageShape<C["response"]>> {
    const correlationId = opts.correlationId ?? currentContext()?.correlationId;
    if (correlationId) h.set("correlation-id", correlationId);
    let msg: Msg;
    try {
      msg = await this.core.nc.request(this.core.subject(cmd.subject), toBinary(cmd.request, create(cmd.request, req)), {
        timeout: opts.timeoutMs ?? 2_000,
        headers: h,
      });
    } catch (err) {
      if (err instanceof NatsError && err.code === ErrorCode.NoResponders)
        throw new RemoteError(REPLY_ERRORS.NO_RESPONDERS, `no service answers ${cmd.subject}`);
      if (err instanceof NatsError && err.code === ErrorCode.Timeout)
        throw new RemoteError(REPLY_ERRORS.TIMEOUT, `${cmd.subject} did not answer in time`);
      throw err;
    }
    const reply = fromBinary(ReplySchema, msg.data);
    if (reply.result.case === "error") throw new RemoteError(reply.result.value.code, reply.result.value.message);
    if (reply.result.case !== "payload") throw new RemoteError(REPLY_ERRORS.INTERNAL, `empty reply from ${cmd.subject}`);
    return fromBinary(cmd.response, reply.result.value) as MessageShape<C["response"]>;
  }

  /** Answers a command in a queue group (one member answers each request). */
  serve<C extends CommandDef>(cmd: C, handler: CommandHandler<C>, opts: { queue?: string } = {}): Subscription {
    const log = this.core.opts.logger.child({ command: cmd.subject });
    const sub = this.core.nc.subscribe(this.core.subject(cmd.subject), {
      queue: opts.queue ?? this.core.opts.source,
      callback: (err, m) => {
        if (err) {
          log.error({ err }, "subscription error");
          return;
        }
        const tracing = this.core.tracing;
        // A SERVER span, child of the requester's CLIENT span (its context came in the request's headers).
        const span = tracing?.tracer.startSpan(
          cmd.subject,
          { kind: SpanKind.SERVER, attributes: { ...messaging(cmd.subject, "process"), "rpc.system": "nats" } },
          contextFromCarrier(carrierOf(m.headers)),
        );
        const work = this.answer(cmd, handler, m, span, log);
        this.core.inFlight.add(work);
        void work.finally(() => {
          span?.end();
          this.core.inFlight.delete(work);
        });
      },
    });
    this.core.subscriptions.add(sub);
    return sub;
  }

  /** Decodes one request, runs the handler (in the request's span) and replies with its answer or its error code. */
  private async answer<C extends CommandDef>(
    cmd: C,
    handler: CommandHandler<C>,
    m: Msg,
    span: Span | undefined,
    log: Logger,
  ): Promise<void> {
    let req: MessageShape<C["request"]>;
    try {
      req = fromBinary(cmd.request, m.data) as MessageShape<C["request"]>;
    } catch {
      respond(m, {
        case: "error",
        value: create(ReplyErrorSchema, { code: REPLY_ERRORS.INVALID_REQUEST, message: "undecodable request" }),
      });
      this.core.opts.metrics?.messagesHandled.inc({ subject: cmd.subject, outcome: "error" });
      return;
    }
    try {
      const correlationId = m.headers?.get("correlation-id") || undefined;
      const call = () => handler(req, correlationId ? { correlationId } : {});
      const res = span ? await traceContext.with(trace.setSpan(traceContext.active(), span), call) : await call();
      respond(m, { case: "payload", value: toBinary(cmd.response, create(cmd.response, res)) });
      this.core.opts.metrics?.messagesHandled.inc({ subject: cmd.subject, outcome: "reply" });
    } catch (e) {
      // A dependency outage is the responder's to report as such: the requester may try again.
      const failure =
        e instanceof ReplyFailure
          ? e
          : isOutage(e)
            ? new ReplyFailure(REPLY_ERRORS.UNAVAILABLE, "the service is briefly unavailable")
            : undefined;
      if (!failure) log.error({ err: e }, "command handler failed");
      else if (failure.code === REPLY_ERRORS.UNAVAILABLE) log.warn({ err: e }, "command met an outage of a dependency");
      if (span) {
        if (failure) span.setAttribute("genui.reply.code", failure.code);
        else recordFailure(span, e);
      }
      respond(m, {
        case: "error",
        value: create(ReplyErrorSchema, {
          code: failure?.code ?? REPLY_ERRORS.INTERNAL,
          message: failure?.message ?? "internal error",
        }),
      });
      this.core.opts.metrics?.messagesHandled.inc({ subject: cmd.subject, outcome: "error" });
    }
  }
}
