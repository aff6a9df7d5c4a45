import { setTimeout as delay } from "node:timers/promises";
import { create, fromBinary, toBinary, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { ReplyErrorSchema, ReplySchema, REPLY_ERRORS, type CommandDef } from "@genui/contracts";
import { ErrorCode, NatsError, headers as natsHeaders, type Msg, type MsgHdrs, type Subscription } from "nats";
import { currentContext } from "../context";
import { isOutage } from "../errors";
import type { Logger } from "../logger";
import { SpanKind, contextFromCarrier, inSpan, recordFailure, trace, traceContext, type Span } from "../tracing";
import type { BusCore, Link } from "./core";
import { RemoteError, ReplyFailure } from "./errors";
import { carrierOf, messaging, tracedHeaders } from "./trace-headers";

type CommandHandler<C extends CommandDef> = (
  req: MessageShape<C["request"]>,
  ctx: { correlationId?: string },
) => Promise<MessageInitShape<C["response"]>>;

const respond = (m: Msg, result: MessageInitShape<typeof ReplySchema>["result"]) =>
  m.respond(toBinary(ReplySchema, create(ReplySchema, { result })));

/** What one request may say beyond its payload. */
export interface RequestOptions {
  /** How long one try waits for its answer (default 2 s); every try gets this much. */
  timeoutMs?: number;
  correlationId?: string;
  /**
   * Whether the command may be sent again when no answer came (default true): every command served here is a read
   * or idempotent by its request's id (the balance hold is placed once per request id, however often it is asked
   * for). A command that a repeat would carry out twice passes false: one try, as before.
   */
  retry?: boolean;
  /** How long to keep trying (default: the bus's `requestRetryMs`, BUS_REQUEST_RETRY_MS). */
  retryWithinMs?: number;
}

/** The first pause before asking again a command nobody answered (doubling up to `MAX_PAUSE_MS`). */
const FIRST_PAUSE_MS = 100;
const MAX_PAUSE_MS = 1_000;

/**
 * The failures a repeat may cure: no answer in time (the request or its reply was lost with a dropped connection,
 * or the responder died with it), nobody subscribed yet (the responders reconnect a moment after the requester),
 * or the responder's own store or Redis briefly down. Any other answer is the command's answer.
 */
export const worthRepeating = (err: unknown): boolean =>
  err instanceof RemoteError &&
  (err.code === REPLY_ERRORS.TIMEOUT || err.code === REPLY_ERRORS.NO_RESPONDERS || err.code === REPLY_ERRORS.UNAVAILABLE);

/** `work`, unless the connection drops first: its answer would then be lost (or late), so the try ends at once. */
function unlessDropped<T>(work: Promise<T>, link: Link, subject: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const forget = link.onDisconnect(() =>
      reject(new RemoteError(REPLY_ERRORS.TIMEOUT, `the connection dropped before ${subject} answered`)),
    );
    work.then(resolve, reject).finally(forget);
  });
}

/**
 * Tries `attempt` until it answers, fails in a way a repeat cannot cure (`worthRepeating`), or `withinMs` has passed
 * (then the last failure is thrown; 0: one try, sent whatever the connection's state, as a command that is not safe
 * to repeat always was). A try is never sent while the connection is down: it waits for the reconnect
 * (the connection's status events, capped by what is left); a try in flight when the connection drops is given up
 * and sent again after the reconnect. Each repeat comes after a short pause (100 ms doubling to 1 s): responders
 * subscribe again a moment after a reconnect, and a responder's store or Redis is back within seconds.
 */
export async function askUntil<T>(
  attempt: () => Promise<T>,
  link: Link,
  withinMs: number,
  subject: string,
): Promise<{ answer: T; tries: number }> {
  if (withinMs <= 0) return { answer: await attempt(), tries: 1 };
  const deadline = Date.now() + withinMs;
  let last: unknown;
  let pause = FIRST_PAUSE_MS;
  for (let tries = 1; ; tries++) {
    if (!link.connected && !(await link.untilConnected(deadline - Date.now())))
      throw last ?? new RemoteError(REPLY_ERRORS.TIMEOUT, `${subject} was not sent: the bus is not connected`);
    try {
      return { answer: await unlessDropped(attempt(), link, subject), tries };
    } catch (err) {
      last = err;
      const left = deadline - Date.now();
      if (!worthRepeating(err) || left <= 0) throw err;
      await delay(Math.min(pause, left));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}

/** Commands: core NATS request/reply with typed requests and answers, and stable error codes. */
export class Commands {
  constructor(private readonly core: BusCore) {}

  /**
   * Asks a command and waits for its typed answer; throws RemoteError with the responder's code. A command that is
   * safe to repeat (the default; `retry: false` otherwise) rides through a reconnect of the bus or its responders
   * for up to `retryWithinMs` (`askUntil`).
   */
  async request<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: RequestOptions = {},
  ): Promise<MessageShape<C["response"]>> {
    const tracing = this.core.tracing;
    if (tracing)
      return inSpan(
        tracing.tracer,
        cmd.subject,
        { kind: SpanKind.CLIENT, attributes: { ...messaging(cmd.subject, "send"), "rpc.system": "nats" } },
        (span) => this.requestWithRetries(cmd, req, opts, () => tracedHeaders(), span),
      );
    return this.requestWithRetries(cmd, req, opts, () => natsHeaders());
  }

  private async requestWithRetries<C extends CommandDef>(
    cmd: C,
    req: MessageInitShape<C["request"]>,
    opts: RequestOptions,
    headers: () => MsgHdrs,
    span?: Span,
  ): Promise<MessageShape<C["response"]>> {
    const data = toBinary(cmd.request, create(cmd.request, req));
    const once = () => this.requestNow(cmd, data, opts, headers());
    const withinMs = opts.retry === false ? 0 : (opts.retryWithinMs ?? this.core.requestRetryMs);
    try {
      const { answer, tries } = await askUntil(once, this.core.link, withinMs, cmd.subject);
      span?.setAttribute("genui.bus.tries", tries);
      if (tries > 1) this.core.opts.logger.info({ command: cmd.subject, tries }, "command answered after a retry");
      return answer;
    } catch (err) {
      if (worthRepeating(err) && withinMs > 0)
        this.core.opts.logger.warn({ command: cmd.subject, err, withinMs }, "command unanswered after retrying");
      throw err;
    }
  }

  private async requestNow<C extends CommandDef>(
    cmd: C,
    data: Uint8Array,
    opts: RequestOptions,
    h: MsgHdrs,
  ): Promise<MessageShape<C["response"]>> {
    const correlationId = opts.correlationId ?? currentContext()?.correlationId;
    if (correlationId) h.set("correlation-id", correlationId);
    let msg: Msg;
    try {
      msg = await this.core.nc.request(this.core.subject(cmd.subject), data, {
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
