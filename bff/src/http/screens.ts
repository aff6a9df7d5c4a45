import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CATALOGUE, ICONS, IFRAME_PATH, screenJsonSchema } from "@genui/ui-runtime";
import express, { Router, type Response } from "express";
import { z } from "zod";

/**
 * The iframe page's policy: scripts and styles only from here, no fetch/XHR/WebSocket except our API (`connect-src
 * 'self'`), images and media over https (what generated screens show), frames only for YouTube and Vimeo embeds,
 * no forms, no plugins, no base tag; any site may embed it (that is its purpose; the page itself only talks to the
 * origin its host names in `?origin=`).
 */
export const IFRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "media-src https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors *",
].join("; ");

/** The UI code sandbox page: the iframe policy plus WebAssembly compilation and a same-origin worker. */
export const PLAYGROUND_CSP = IFRAME_CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'").replace(
  "frame-ancestors *",
  "worker-src 'self'; frame-ancestors 'self'",
);

const catalogueDocument = () => ({
  version: "v1",
  components: CATALOGUE.map((e) => ({
    type: e.type,
    category: e.category,
    description: e.description,
    value: e.value,
    ...(e.valueDescription ? { valueDescription: e.valueDescription } : {}),
    container: e.container,
    actions: e.actions,
    props: z.toJSONSchema(e.props, { unrepresentable: "any" }),
    example: e.example,
    code: e.code,
  })),
  icons: ICONS,
});

const publicJson = (res: Response, body: unknown) => {
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("cache-control", "public, max-age=3600");
  res.json(body);
};

/**
 * Screens' public files: the iframe page, the screen JSON Schema, the component catalogue, and the loader script
 * (`/apps/api/v1/embed/genui-loader.js`, or `.mjs`) that any website includes to use `<genui-screen>`.
 */
export function screenRoutes(iframeDir: string, embedDir: string): Router {
  const router = Router();
  router.use(
    "/apps/api/v1/embed",
    express.static(embedDir, {
      index: false,
      fallthrough: false,
      maxAge: "1h",
      setHeaders: (res) => res.setHeader("access-control-allow-origin", "*"),
    }),
  );
  const schema = screenJsonSchema();
  const catalogue = catalogueDocument();
  router.get("/apps/api/v1/schema/screen.v1.json", (_req, res) => publicJson(res, schema));
  router.get("/apps/api/v1/schema/catalogue.json", (_req, res) => publicJson(res, catalogue));

  // The sandboxed page has an opaque origin ("null"), and module scripts load in CORS mode: its public assets
  // answer to any origin.
  router.use(
    `${IFRAME_PATH}assets`,
    express.static(path.join(iframeDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
      index: false,
      setHeaders: (res) => res.setHeader("access-control-allow-origin", "*"),
    }),
  );
  const index = path.join(iframeDir, "index.html");
  let html: string | undefined;
  // Routing ignores a trailing slash: the page answers at the exact path, the path without the slash redirects.
  router.get(IFRAME_PATH, (req, res) => {
    if (!req.path.endsWith("/")) {
      const q = req.originalUrl.indexOf("?");
      res.redirect(301, IFRAME_PATH + (q >= 0 ? req.originalUrl.slice(q) : ""));
      return;
    }
    if (!existsSync(index)) {
      res.status(503).type("text/plain").send("The iframe page is not built yet: run `npm run build`.");
      return;
    }
    html ??= readFileSync(index, "utf8");
    res.setHeader("content-security-policy", IFRAME_CSP);
    res.setHeader("cache-control", "no-cache");
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("referrer-policy", "no-referrer");
    res.type("html").send(html);
  });
  // The component gallery (every catalogue example; `?theme=dark`), under the same policy; the UI code sandbox page
  // also runs WebAssembly (QuickJS) in a worker of its own origin.
  const page = (file: string, csp: string) => {
    const full = path.join(iframeDir, file);
    router.get(`${IFRAME_PATH}${file}`, (_req, res) => {
      if (!existsSync(full)) {
        res.status(503).type("text/plain").send("The iframe page is not built yet: run `npm run build`.");
        return;
      }
      res.setHeader("content-security-policy", csp);
      res.setHeader("cache-control", "no-cache");
      res.type("html").send(readFileSync(full, "utf8"));
    });
  };
  page("gallery.html", IFRAME_CSP);
  page("playground.html", PLAYGROUND_CSP);
  return router;
}
