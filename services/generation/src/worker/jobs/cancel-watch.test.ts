import type { MessageBus } from "@genui/chassis";
import { CancelWatch } from "./cancel-watch";

/** A bus that records the subscriptions asked of it, whose flushes fail while `down` is above 0. */
function fakeBus(down = 0) {
  const handlers: ((key: string, reason: string) => void)[] = [];
  let failing = down;
  const bus = {
    listenAll: (_def: unknown, handler: (key: string, reason: string) => void) => {
      handlers.push(handler);
      return { unsubscribe: () => undefined };
    },
    flush: async () => {
      if (failing > 0) {
        failing--;
        throw new Error("CONNECTION_CLOSED");
      }
    },
  } as unknown as Pick<MessageBus, "listenAll" | "flush">;
  return { bus, handlers, send: (key: string, reason: string) => handlers.forEach((h) => h(key, reason)) };
}

describe("a worker's cancels on one subscription", () => {
  it("when cancels arrive, then each reaches the handlers watching its request until they stop, and no other", async () => {
    const { bus, handlers, send } = fakeBus();
    const watch = new CancelWatch(bus);
    await watch.ready();
    await watch.ready();
    expect(handlers).toHaveLength(1);
    const heard: string[] = [];
    const stopA = watch.watch("req-a", (r) => heard.push(`a ${r}`));
    const stopA2 = watch.watch("req-a", (r) => heard.push(`a2 ${r}`));
    watch.watch("req-b", (r) => heard.push(`b ${r}`));
    send("req-a", "client");
    send("req-elsewhere", "timeout");
    stopA();
    send("req-a", "lost");
    stopA2();
    send("req-a", "client");
    send("req-b", "timeout");
    expect(heard).toEqual(["a client", "a2 client", "a2 lost", "b timeout"]);
  });

  it("when the first flush fails (NATS restarting), then that job's start fails and the next job's asks again, on the same subscription", async () => {
    const { bus, handlers } = fakeBus(1);
    const watch = new CancelWatch(bus);
    await expect(watch.ready()).rejects.toThrow("CONNECTION_CLOSED");
    await expect(watch.ready()).resolves.toBeUndefined();
    expect(handlers).toHaveLength(1);
  });
});
