import net from "node:net";

/** A loopback TCP relay to a dependency, which a test can make misbehave for the clients behind it alone. */
export interface TcpRelay {
  /** The target's URL with the relay's address in it (its scheme kept: `mongodb://…`, `redis://…`). */
  url: string;
  port: number;
  /** Every open connection reset and new ones refused at once: the dependency is down. */
  cut(): void;
  /** New connections relayed again after `cut`. */
  restore(): void;
  /** Nothing relayed any more, either way, and every connection kept open: what is sent is never answered. */
  freeze(): void;
  /**
   * Ends the connection from this client port as a dependency shutting down does (a FIN to the client; the
   * dependency's side dropped); false when no such connection is open.
   */
  end(clientPort: number): boolean;
  /**
   * Once: the next data a client sends that `matches` (a command of its, e.g. an insert into one collection) is not
   * relayed and its connection is reset as it is written ("unsent": the dependency never sees it), or is relayed and
   * the connection reset as the answer comes ("unanswered": done there, the client never hears). Resolves once done.
   */
  cutNext(matches: (data: Buffer) => boolean, how: "unsent" | "unanswered"): Promise<void>;
  close(): Promise<void>;
}

/** Starts a relay on a free loopback port to `target` (a URL with a host and port). */
export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const { hostname, port, protocol } = new URL(target);
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; ending: boolean }>();
  let open = true;
  let frozen = false;
  let armed: { matches: (data: Buffer) => boolean; how: "unsent" | "unanswered"; done: () => void } | undefined;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    const pair = { client, upstream, ending: false, dropAnswer: undefined as (() => void) | undefined };
    pairs.add(pair);
    client.on("data", (d) => {
      if (frozen) return;
      if (armed?.matches(d)) {
        const { how, done } = armed;
        armed = undefined;
        if (how === "unsent") {
          client.resetAndDestroy();
          upstream.destroy();
          return done();
        }
        pair.dropAnswer = done;
      }
      upstream.write(d);
    });
    upstream.on("data", (d) => {
      if (frozen || pair.ending) return;
      if (pair.dropAnswer) {
        client.resetAndDestroy();
        upstream.destroy();
        return pair.dropAnswer();
      }
      client.write(d);
    });
    const drop = () => {
      pairs.delete(pair);
      upstream.destroy();
      // An ended client closes once it has read the end (its own end follows), not before.
      if (!pair.ending) client.destroy();
    };
    for (const s of [client, upstream]) s.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayPort = (server.address() as net.AddressInfo).port;
  return {
    url: `${protocol}//127.0.0.1:${relayPort}`,
    port: relayPort,
    cut() {
      open = false;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore() {
      open = true;
    },
    freeze() {
      frozen = true;
    },
    end(clientPort) {
      for (const pair of pairs) {
        if (pair.client.remotePort !== clientPort) continue;
        pair.ending = true;
        pair.client.end();
        pair.upstream.destroy();
        return true;
      }
      return false;
    },
    cutNext(matches, how) {
      return new Promise<void>((done) => {
        armed = { matches, how, done };
      });
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
