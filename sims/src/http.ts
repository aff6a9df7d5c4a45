import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Plumbing for the local stand-ins of outside services (this workspace; never deployed): a bare
 * node:http server, JSON answers, HTML pages and browser scripts served to the SPA.
 */

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** JSON safe to put inside a script. */
export const scriptJson = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/** An HTML page, never cached; `headers` adds the page's content-security-policy and the like. */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string>): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  res.end(html);
}

/** A browser script: any page may load it, never cached (the stand-in's state and address can change). */
export function sendScript(res: ServerResponse, status: number, js: string): void {
  res.writeHead(status, {
    "content-type": "application/javascript; charset=utf-8",
    "access-control-allow-origin": "*",
    "cross-origin-resource-policy": "cross-origin",
    "cache-control": "no-cache, no-store, must-revalidate",
    pragma: "no-cache",
    expires: "0",
    "x-content-type-options": "nosniff",
  });
  res.end(js);
}

/**
 * The whole body, or undefined when it is larger than `max` bytes or the request ended early. Past `max` the rest is
 * read and dropped up to `drainLimit` (so the client gets the answer), then the request is destroyed.
 */
export function readBody(req: IncomingMessage, max: number, drainLimit = max): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else if (size > drainLimit) req.destroy();
    });
    req.on("end", () => resolve(size > max ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
    req.on("close", () => {
      if (!req.complete) resolve(undefined);
    });
  });
}

/** A small standalone page: `style` is the stylesheet, `main` the content, `script` an optional inline script. */
export function htmlPage(title: string, style: string, main: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${style}
</style>
</head>
<body>
<main>
${main}
</main>${script ? `\n<script>${script}</script>` : ""}
</body>
</html>
`;
}

/**
 * The opening of a browser script served at `servedAt` (a path such as `/gsi/client`): a strict IIFE with `CONFIG`
 * (`config`, whose `base` is the server's public URL), `script` (its own element), `base` (the server, taken from the
 * script's own `src` when it ends in `servedAt`, so whatever address the browser used works) and `ORIGIN`. The caller
 * writes the rest of the function (from the next line) and closes it with `})();`.
 */
export function browserScriptHead(banner: string, config: { base: string } & Record<string, unknown>, servedAt: string): string {
  const own = `/${servedAt.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$/`;
  return `/* ${banner} */
(function () {
  "use strict";
  var CONFIG = ${scriptJson(config)};
  var script = document.currentScript;
  var base = CONFIG.base;
  if (script && script.src) {
    var own = String(script.src).split("?")[0].split("#")[0];
    if (${own}.test(own)) base = own.replace(${own}, "");
  }
  var ORIGIN = new URL(base).origin;`;
}

/**
 * Serves `handle` on `host:port` (0: any free port); a request whose handler throws is logged under `name` and
 * answered 500 (or its connection dropped once the answer has begun). Resolves once listening, with the server's URL.
 */
export async function listenDevServer(
  name: string,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port: number,
  host: string,
): Promise<{ server: Server; url: string }> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.warn(`${name}: request failed`, err);
      if (!res.headersSent) sendJson(res, 500, { error: "internal_error" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return { server, url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}` };
}
