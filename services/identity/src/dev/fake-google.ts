import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Google's userinfo endpoint, for tests and the local platform only (nothing outside this machine is
 * reachable). Access tokens are `fake-google.<base64url JSON profile>`, minted by `mintFakeGoogleToken`, so a test or
 * the local sign-in page can play any Google user. Refuses to start in production.
 */
export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

const PREFIX = "fake-google.";

export const mintFakeGoogleToken = (profile: FakeGoogleProfile): string =>
  PREFIX + Buffer.from(JSON.stringify(profile)).toString("base64url");

function profileFor(token: string): FakeGoogleProfile | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(token.slice(PREFIX.length), "base64url").toString("utf8")) as FakeGoogleProfile;
    return typeof p.sub === "string" && p.sub ? p : undefined;
  } catch {
    return undefined;
  }
}

export async function startFakeGoogle(
  port = 0,
  host = "127.0.0.1",
): Promise<{ server: Server; userinfoUrl: string; close: () => Promise<void> }> {
  if (process.env.NODE_ENV === "production") throw new Error("the Google stand-in never runs in production");
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method !== "GET" || url.pathname !== "/v1/userinfo") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not_found" }));
      return;
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const profile = token ? profileFor(token) : undefined;
    if (!profile) {
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer error="invalid_token"' });
      res.end(JSON.stringify({ error: "invalid_request", error_description: "Invalid Credentials" }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(profile));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    userinfoUrl: `http://${host}:${actual}/v1/userinfo`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
