import http from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { deadline } from "./deadline";

// The collector, as `--expose-gc` would give it (the flag can be set at run time; a new context then has `gc`).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** A loopback server that takes requests and never answers them. */
async function silentServer(): Promise<{ url: string; close(): void }> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** How a fetch to the silent server ended, collecting garbage meanwhile; "pending" if it had not within `capMs`. */
async function outcome(signal: AbortSignal, url: string, capMs = 20_000): Promise<string> {
  const collecting = setInterval(gc, 20);
  let cap: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fetch(url, { signal }).then(
        () => "answered",
        (err: unknown) => (err as { name?: string } | undefined)?.name ?? String(err),
      ),
      new Promise<string>((r) => (cap = setTimeout(() => r("pending"), capMs))),
    ]);
  } finally {
    clearInterval(collecting);
    clearTimeout(cap);
  }
}

describe("deadline", () => {
  let server: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => (server = await silentServer()));
  afterAll(() => server.close());

  it("when the other side never answers and garbage is collected before the deadline, then the call still ends at it (a TimeoutError)", async () => {
    const outer = new AbortController();
    const d = deadline(300, outer.signal);
    try {
      expect(await outcome(d.signal, server.url)).toBe("TimeoutError");
      expect(d.signal.reason).toMatchObject({ name: "TimeoutError" });
    } finally {
      d.clear();
    }
  });

  it("when one of the caller's signals aborts first, then the call ends at once with its reason", async () => {
    const outer = new AbortController();
    const d = deadline(60_000, outer.signal);
    const ended = outcome(d.signal, server.url);
    outer.abort(new Error("client left"));
    expect(await ended).toBe("Error");
    expect((d.signal.reason as Error).message).toBe("client left");
  });

  it("when a caller's signal has already aborted, then the deadline's signal is aborted at once with its reason", () => {
    const d = deadline(60_000, AbortSignal.abort(new Error("gone")));
    expect(d.signal.aborted).toBe(true);
    expect((d.signal.reason as Error).message).toBe("gone");
  });

  it("when the work ends and clear() is called, then the deadline never aborts and the caller's signal keeps no listener", () => {
    const outer = new AbortController();
    let added = 0;
    let removed = 0;
    const add = outer.signal.addEventListener.bind(outer.signal);
    const remove = outer.signal.removeEventListener.bind(outer.signal);
    outer.signal.addEventListener = ((...a: Parameters<typeof add>) => (added++, add(...a))) as typeof add;
    outer.signal.removeEventListener = ((...a: Parameters<typeof remove>) => (removed++, remove(...a))) as typeof remove;
    jest.useFakeTimers();
    try {
      const d = deadline(50, outer.signal);
      d.clear();
      jest.advanceTimersByTime(60_000);
      expect(d.signal.aborted).toBe(false);
      expect([added, removed]).toEqual([1, 1]);
    } finally {
      jest.useRealTimers();
    }
  });
});
