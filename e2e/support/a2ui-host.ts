import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { REPO_ROOT } from "@genui/testkit";

/**
 * The A2UI test host's server: the built page (e2e/support/a2ui-host/, built to its dist/ by `npm run build:web`) on
 * a loopback port, and two forwards to the BFF in Node — `POST /a2ui` to the published A2UI endpoint with the app's
 * secret key (a secret key is refused from a browser; an app's own server holds it, as this one does) streamed as it
 * comes, and `GET /a2ui/catalog.json` to the catalog (open, no key).
 *
 *   const host = await startA2uiHost({ bffUrl: stack.bff.url, apiKey: dev.apiKey });
 *   await page.goto(`${host.url}/?request=${encodeURIComponent("A contact form")}`);
 *   …
 *   await host.close();
 */

const DIST = path.join(REPO_ROOT, "e2e/support/a2ui-host/dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

export interface A2uiHost {
  url: string;
  /** The bodies the page posted to /a2ui, in order. */
  requests: unknown[];
  close(): Promise<void>;
}

export async function startA2uiHost(opts: { bffUrl: string; apiKey: string }): Promise<A2uiHost> {
  if (!existsSync(path.join(DIST, "index.html")))
    throw new Error("the A2UI test host is not built (no e2e/support/a2ui-host/dist/index.html): run `npm run build:web`");
  const requests: unknown[] = [];
  const forward = async (req: http.IncomingMessage, res: http.ServerResponse, target: string, withKey: boolean) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = req.method === "POST" ? Buffer.concat(chunks).toString("utf8") : undefined;
    if (body !== undefined) requests.push(JSON.parse(body) as unknown);
    const upstream = await fetch(`${opts.bffUrl}${target}`, {
      method: req.method,
      headers: { "content-type": "application/json", ...(withKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      ...(body !== undefined ? { body } : {}),
    });
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    if (!upstream.body) return void res.end();
    Readable.fromWeb(upstream.body as import("node:stream/web").ReadableStream).pipe(res);
  };
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (pathname === "/a2ui" && req.method === "POST")
      return void forward(req, res, "/apps/api/v1/a2ui", true).catch((err: unknown) => res.destroy(err as Error));
    if (pathname === "/a2ui/catalog.json")
      return void forward(req, res, "/apps/api/v1/a2ui/catalog.json", false).catch((err: unknown) => res.destroy(err as Error));
    const file = path.normalize(path.join(DIST, pathname === "/" ? "index.html" : pathname));
    if (!file.startsWith(DIST + path.sep) || !existsSync(file))
      return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
