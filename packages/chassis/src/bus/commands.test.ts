import { REPLY_ERRORS } from "@genui/contracts";
import { Events, type NatsConnection, type Status } from "nats";
import { askUntil, worthRepeating } from "./commands";
import { ConnectionLink, requestRetryFromEnv } from "./core";
import { RemoteError } from "./errors";

/** A connection whose status events the test sends (what nats.js reports while it reconnects by itself). */
function fakeConnection() {
  const queue: Status[] = [];
  let wake: (() => void) | undefined;
  let close!: () => void;
  const closed = new Promise<void>((r) => (close = r));
  const nc = {
    status: () => ({
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (queue.length) yield queue.shift()!;
          await new Promise<void>((r) => (wake = r));
        }
      },
    }),
    closed: () => closed.then(() => undefined),
  } as unknown as NatsConnection;
  const send = async (type: Events) => {
    queue.push({ type, data: "nats://127.0.0.1:4222" });
    wake?.();
    // The link hears it on the iterator's next turn.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    link: new ConnectionLink(nc),
    drop: () => send(Events.Disconnect),
    reconnect: () => send(Events.Reconnect),
    close: async () => {
      close();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

const remote = (code: string) => new RemoteError(code, code);
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A try the test answers by hand: `pending[n]` is the n-th try's resolve and reject. */
function tries<T>() {
  const pending: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const attempt = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  return { pending, attempt };
}

describe("a command asked again until it is answered (askUntil)", () => {
  it("when no responder answers at first, then it is asked again and the answer comes back", async () => {
    const { link } = fakeConnection();
    let n = 0;
    const attempt = async () => {
      n += 1;
      if (n < 3) throw remote(REPLY_ERRORS.NO_RESPONDERS);
      return "held";
    };
    await expect(askUntil(attempt, link, 10_000, "billing.balance.authorize")).resolves.toEqual({ answer: "held", tries: 3 });
  });

  it("when the responder answers with the command's own error, then it is thrown at once and not asked again", async () => {
    const { link } = fakeConnection();
    const attempt = jest.fn(() => Promise.reject(remote(REPLY_ERRORS.INSUFFICIENT_CREDITS)));
    await expect(askUntil(attempt, link, 10_000, "billing.balance.authorize")).rejects.toMatchObject({
      code: REPLY_ERRORS.INSUFFICIENT_CREDITS,
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("when a failure is not the responder's answer at all, then it is thrown at once", async () => {
    const { link } = fakeConnection();
    const attempt = jest.fn(() => Promise.reject(new Error("CONNECTION_CLOSED")));
    await expect(askUntil(attempt, link, 10_000, "apps.keys.verify")).rejects.toThrow("CONNECTION_CLOSED");
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("when the connection is down, then nothing is sent until it is back, and then the answer comes", async () => {
    const conn = fakeConnection();
    await conn.drop();
    const { pending, attempt } = tries<string>();
    const asked = askUntil(attempt, conn.link, 60_000, "apps.keys.verify");
    await settle();
    expect(pending).toHaveLength(0);
    await conn.reconnect();
    await settle();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve("owner");
    await expect(asked).resolves.toEqual({ answer: "owner", tries: 1 });
  });

  it("when the connection drops while a try waits, then that try is given up and sent again after the reconnect", async () => {
    const conn = fakeConnection();
    const { pending, attempt } = tries<string>();
    const asked = askUntil(attempt, conn.link, 60_000, "billing.balance.authorize");
    await settle();
    expect(pending).toHaveLength(1);
    await conn.drop();
    await conn.reconnect();
    // The second try goes out after its short pause; the first one's late answer, were it to come, is not waited for.
    const until = Date.now() + 60_000;
    while (pending.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(pending).toHaveLength(2);
    pending[1]!.resolve("held");
    await expect(asked).resolves.toEqual({ answer: "held", tries: 2 });
  });

  it("when the connection stays down past the bound, then it gives up with a timeout and nothing was sent", async () => {
    const conn = fakeConnection();
    await conn.drop();
    const attempt = jest.fn(() => Promise.resolve("never"));
    await expect(askUntil(attempt, conn.link, 50, "apps.keys.verify")).rejects.toMatchObject({ code: REPLY_ERRORS.TIMEOUT });
    expect(attempt).not.toHaveBeenCalled();
  });

  it("when the connection is closed for good, then it gives up at once", async () => {
    const conn = fakeConnection();
    await conn.close();
    const attempt = jest.fn(() => Promise.resolve("never"));
    await expect(askUntil(attempt, conn.link, 60_000, "apps.keys.verify")).rejects.toMatchObject({
      code: REPLY_ERRORS.TIMEOUT,
    });
    expect(attempt).not.toHaveBeenCalled();
  });

  it("when every try keeps failing, then the last failure is thrown once the bound has passed", async () => {
    const { link } = fakeConnection();
    let n = 0;
    const attempt = () => Promise.reject(remote(++n % 2 ? REPLY_ERRORS.UNAVAILABLE : REPLY_ERRORS.TIMEOUT));
    const err = await askUntil(attempt, link, 250, "apps.keys.verify").catch((e: unknown) => e);
    expect(n).toBeGreaterThan(1);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).code).toBe(n % 2 ? REPLY_ERRORS.UNAVAILABLE : REPLY_ERRORS.TIMEOUT);
  });

  it("when repeating is off (a command not safe to repeat), then there is one try, sent even while disconnected", async () => {
    const conn = fakeConnection();
    await conn.drop();
    const attempt = jest.fn(() => Promise.reject(remote(REPLY_ERRORS.TIMEOUT)));
    await expect(askUntil(attempt, conn.link, 0, "apps.something")).rejects.toMatchObject({ code: REPLY_ERRORS.TIMEOUT });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("when asked which failures a repeat may cure, then only a timeout, no responder and a dependency outage", () => {
    expect(worthRepeating(remote(REPLY_ERRORS.TIMEOUT))).toBe(true);
    expect(worthRepeating(remote(REPLY_ERRORS.NO_RESPONDERS))).toBe(true);
    expect(worthRepeating(remote(REPLY_ERRORS.UNAVAILABLE))).toBe(true);
    for (const code of [REPLY_ERRORS.INTERNAL, REPLY_ERRORS.INVALID_REQUEST, REPLY_ERRORS.KEY_NOT_FOUND])
      expect(worthRepeating(remote(code))).toBe(false);
    expect(worthRepeating(new Error("TIMEOUT"))).toBe(false);
  });
});

describe("BUS_REQUEST_RETRY_MS", () => {
  it("when it is set, unset or invalid, then the bound is its value, the default or the default", () => {
    expect(requestRetryFromEnv({ BUS_REQUEST_RETRY_MS: "2500" })).toBe(2_500);
    expect(requestRetryFromEnv({ BUS_REQUEST_RETRY_MS: "0" })).toBe(0);
    expect(requestRetryFromEnv({})).toBe(10_000);
    expect(requestRetryFromEnv({ BUS_REQUEST_RETRY_MS: "soon" })).toBe(10_000);
  });
});
