import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { closeServer } from "@genui/chassis";
import { IdentityClient } from "../src/identity/identity-client";

/** A stand-in identity that records each call's headers and answers as identity does. */
async function identity(): Promise<{ server: Server; url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () => {
      res.writeHead(req.url?.includes("register") ? 202 : 200, {
        "content-type": "application/json",
        "x-genui-session-epoch": "3",
      });
      res.end(
        JSON.stringify(
          req.url?.includes("register")
            ? { email: "a@example.com", message: "Check your inbox.", expiresInMinutes: 30 }
            : { id: "u1", email: "a@example.com", name: "A", picture: null },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe("the BFF's calls to identity", () => {
  it("when a call is given its request's ids, then identity receives them; without them, none are made up", async () => {
    const { server, url, seen } = await identity();
    try {
      const client = new IdentityClient(url, "s".repeat(40));
      const ids = { requestId: "req-5", correlationId: "corr-5" };
      await client.register({ email: "a@example.com" }, ids);
      await client.verifyPassword("a@example.com", "pw", ids);
      await client.googleLogin({ credential: "t" }, ids);
      await client.confirmSignup("token", ids);
      await client.register({ email: "a@example.com" });
      expect(seen.map((h) => [h["x-request-id"], h["x-correlation-id"]])).toEqual([
        ["req-5", "corr-5"],
        ["req-5", "corr-5"],
        ["req-5", "corr-5"],
        ["req-5", "corr-5"],
        [undefined, undefined],
      ]);
    } finally {
      await closeServer(server);
    }
  });
});
