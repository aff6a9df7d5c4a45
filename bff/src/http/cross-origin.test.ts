import express from "express";
import type { AddressInfo } from "node:net";
import { CROSS_ORIGIN_ROUTES, crossOrigin } from "./cross-origin";

describe("cross-origin rows at the edge", () => {
  it("when the table is read, then exactly the OAuth client endpoints and the documents renderers and hosts fetch are open to any origin", () => {
    expect(CROSS_ORIGIN_ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /.well-known/oauth-authorization-server",
      "GET /.well-known/oauth-protected-resource/mcp",
      "GET /apps/api/v1/a2ui/catalog.json",
      "POST /oauth/register",
      "POST /oauth/revoke",
      "POST /oauth/token",
    ]);
  });

  it("when a page preflights a registration, then it is allowed without credentials; other paths are not touched", async () => {
    const app = express();
    app.use(crossOrigin());
    app.use((_req, res) => void res.status(418).send("next"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const pre = await fetch(`${base}/oauth/register`, {
        method: "OPTIONS",
        headers: {
          origin: "http://localhost:6274",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe("*");
      expect(pre.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
      expect(pre.headers.get("access-control-allow-headers")).toBe("content-type");
      expect(pre.headers.get("access-control-allow-credentials")).toBeNull();
      const post = await fetch(`${base}/oauth/token`, { method: "POST" });
      expect(post.status).toBe(418);
      expect(post.headers.get("access-control-allow-origin")).toBe("*");
      const other = await fetch(`${base}/oauth/authorize`, { method: "OPTIONS" });
      expect(other.status).toBe(418);
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      server.close();
    }
  });
});
