import { SIGNALS } from "@genui/contracts";
import type { MessageBus } from "@genui/chassis";
import type { CancelReason } from "../../domain/messages";

/**
 * The cancels of the jobs this process runs, heard on one subscription to every request's cancel subject
 * (`gen.cancel.>`) and handed to the job of that request, if it runs here. A subscription per job cost a write to
 * NATS at each job's start (and the server a subscription to add and remove per job); cancels are rare, so hearing
 * every request's costs far less. The subscription is in place at the server before any job reads its cancel flag
 * (`ready`), as the job's own was before: the API sets the flag, then publishes, so a cancel is seen either way.
 */
export class CancelWatch {
  private readonly jobs = new Map<string, Set<(reason: CancelReason) => void>>();
  private subscribed = false;
  private flushed?: Promise<void>;
  constructor(private readonly bus: Pick<MessageBus, "listenAll" | "flush">) {}

  /**
   * Subscribes once; resolves when the server has the subscription. A flush that fails (NATS restarting) fails this
   * job's start, and the next job's asks again: one failure never stops every job after it.
   */
  ready(): Promise<void> {
    if (!this.subscribed) {
      this.bus.listenAll(SIGNALS.generationCancel, (requestId, reason) => {
        for (const handler of this.jobs.get(requestId) ?? []) handler(reason);
      });
      this.subscribed = true;
    }
    return (this.flushed ??= this.bus.flush().catch((err: unknown) => {
      this.flushed = undefined;
      throw err;
    }));
  }

  /** Hands request `requestId`'s cancels to `handler` until the returned function is called. */
  watch(requestId: string, handler: (reason: CancelReason) => void): () => void {
    let handlers = this.jobs.get(requestId);
    if (!handlers) this.jobs.set(requestId, (handlers = new Set()));
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
      if (handlers.size === 0 && this.jobs.get(requestId) === handlers) this.jobs.delete(requestId);
    };
  }
}
