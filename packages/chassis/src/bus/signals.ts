import type { SignalDef } from "@genui/contracts";
import type { Msg, Subscription } from "nats";
import { contextFromCarrier, traceContext } from "../tracing";
import { textDecoder } from "./codec";
import type { BusCore } from "./core";
import { carrierOf, tracedHeaders } from "./trace-headers";

/** Ephemeral per-request messages: core NATS, at most once, not stored. */
export class Signals {
  constructor(private readonly core: BusCore) {}

  /** Sends a signal to whoever listens for `key` now (core NATS, at most once, not stored). */
  signal<T>(def: SignalDef<T>, key: string, value: T): void {
    this.signalJson(def, key, JSON.stringify(value));
  }

  /**
   * `signal` with the value already JSON-encoded (`JSON.stringify` of a value its contract accepts), for a sender that
   * encoded it for something else as well: the same message, without encoding it twice.
   */
  signalJson<T>(def: SignalDef<T>, key: string, json: string): void {
    // The sender's trace context travels along (no span per signal: an answer is hundreds of chunks).
    const headers = this.core.tracing ? tracedHeaders() : undefined;
    this.core.nc.publish(this.core.subject(def.subject(key)), json, headers ? { headers } : undefined);
  }

  /**
   * Listens for the signals of one key, each validated by its contract; one that fails is dropped and logged.
   * Unsubscribe the returned subscription when done.
   */
  listen<T>(def: SignalDef<T>, key: string, handler: (value: T) => void): Subscription {
    const subject = def.subject(key);
    const sub = this.core.nc.subscribe(this.core.subject(subject), {
      callback: (err, m) => {
        if (!err) this.deliver(def, subject, m, handler);
      },
    });
    return this.tracked(sub);
  }

  /**
   * Listens for the signals of every key with one subscription (`def.subject(">")`), each validated by its contract;
   * `handler` gets the key each came for. For signals that are rare beside the keys a process handles (a job's
   * cancel): no subscription per key, at the price of hearing every key's.
   */
  listenAll<T>(def: SignalDef<T>, handler: (key: string, value: T) => void): Subscription {
    const subject = def.subject(">");
    const before = this.core.subject(def.subject("")).length;
    const sub = this.core.nc.subscribe(this.core.subject(subject), {
      callback: (err, m) => {
        if (!err) this.deliver(def, m.subject, m, (value) => handler(m.subject.slice(before), value));
      },
    });
    return this.tracked(sub);
  }

  /** Kept among the bus's subscriptions until it is closed (signals are listened for per request: the set would grow). */
  private tracked(sub: Subscription): Subscription {
    this.core.subscriptions.add(sub);
    void sub.closed.then(() => this.core.subscriptions.delete(sub));
    return sub;
  }

  /** A signal's value, validated by its contract (one that fails is dropped and logged), in its sender's trace. */
  private deliver<T>(def: SignalDef<T>, subject: string, m: Msg, handler: (value: T) => void): void {
    let value: T;
    try {
      const parsed = def.schema.safeParse(JSON.parse(textDecoder.decode(m.data)));
      if (!parsed.success) throw new Error(parsed.error.message);
      value = parsed.data;
    } catch (e) {
      this.core.opts.logger.warn({ subject, err: (e as Error).message }, "signal dropped: does not match its contract");
      return;
    }
    const carrier = this.core.tracing ? carrierOf(m.headers) : undefined;
    if (carrier) traceContext.with(contextFromCarrier(carrier), () => handler(value));
    else handler(value);
  }
}
