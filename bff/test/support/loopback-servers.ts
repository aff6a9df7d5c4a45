import type http from "node:http";
import type { AddressInfo } from "node:net";

/** Servers a test starts on loopback (a free port each), all closed with their connections by `closeAll`. */
export function loopbackServers() {
  const servers: http.Server[] = [];
  return {
    /** Listens on a free loopback port; resolves the server's base URL. */
    async listen(server: http.Server): Promise<string> {
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** A server already listening (started by the code under test): closed with the others. */
    adopt<T extends { server: http.Server; url: string }>(started: T): T {
      servers.push(started.server);
      return started;
    },
    async closeAll(): Promise<void> {
      for (const s of servers.splice(0)) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}
