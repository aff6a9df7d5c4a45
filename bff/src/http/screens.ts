import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CATALOGUE, ICONS, IFRAME_PATH, screenJsonSchema } from "@genui/ui-runtime";
import express, { Router, type Request, type Response } from "express";
import { z } from "zod";
import type { Handlers } from "@genui/chassis";
import { framePolicy } from "./security-headers";

/** The iframe page's policy (security-headers.ts: `framePolicy`): see there for what each document may do. */
export const IFRAME_CSP = framePolicy("iframe");
/** The component gallery's: the iframe page's without evaluation (no WebAssembly, no worker). */
export const GALLERY_CSP = framePolicy("gallery");
/** The UI code sandbox page's: the iframe page's, framed only by its own origin. */
export const PLAYGROUND_CSP = framePolicy("playground");

/** The documents showing generated UI, under IFRAME_PATH, with their policies ("" is the iframe page itself). */
export const FRAME_DOCUMENTS: { file: string; csp: string }[] = [
  { file: "", csp: IFRAME_CSP },
  { file: "gallery.html", csp: GALLERY_CSP },
  { file: "playground.html", csp: PLAYGROUND_CSP },
];

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

/** The screen JSON Schema and the component catalogue, public documents any page or tool may read. */
export function schemaHandlers(): Pick<Handlers<"bff">, "bff.screenSchema" | "bff.catalogueSchema"> {
  const schema = screenJsonSchema();
  const catalogue = catalogueDocument();
  return {
    "bff.screenSchema": (_req: Request, res: Response) => publicJson(res, schema),
    "bff.catalogueSchema": (_req: Request, res: Response) => publicJson(res, catalogue),
  };
}

/**
 * Screens' public files: the iframe page and the loader script
 * (`/apps/api/v1/embed/genui-loader.js`, or `.mjs`) that any website includes to use `<genui-screen>`.
 */
export function screenRoutes(iframeDir: string, embedDir: string, opts: { contentOrigin?: string } = {}): Router {
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

  if (opts.contentOrigin) {
    // The documents live on the content origin (CONTENT_ORIGIN): this origin sends their visitors there, query and all,
    // so embeds that build the iframe's address from the API's keep working. Their assets stay answerable here too.
    const moved = (req: Request, res: Response) => {
      res.setHeader("cache-control", "no-cache");
      res.redirect(302, `${opts.contentOrigin}${req.originalUrl}`);
    };
    // (Routing ignores a trailing slash: the iframe page's path without it is sent there too.)
    for (const { file } of FRAME_DOCUMENTS) router.get(`${IFRAME_PATH}${file}`, moved);
    router.use(frameAssets(iframeDir));
    return router;
  }
  router.use(frameDocuments(iframeDir));
  return router;
}

/**
 * The iframe page's assets. The documents have an opaque origin (their `sandbox`), and module scripts load in CORS
 * mode: the assets answer to any origin.
 */
function frameAssets(iframeDir: string): Router {
  const router = Router();
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
  return router;
}

/**
 * The documents showing generated UI (the iframe page, the component gallery `?theme=dark`, the UI code sandbox
 * page), each under its policy, and their assets: all the content origin serves (content-origin.ts), or this origin
 * when there is none.
 */
export function frameDocuments(iframeDir: string): Router {
  const router = Router();
  router.use(frameAssets(iframeDir));
  const html = new Map<string, string>();
  const notBuilt = (res: Response) =>
    res.status(503).type("text/plain").send("The iframe page is not built yet: run `npm run build`.");
  for (const { file, csp } of FRAME_DOCUMENTS) {
    const full = path.join(iframeDir, file || "index.html");
    router.get(`${IFRAME_PATH}${file}`, (req, res) => {
      // Routing ignores a trailing slash: the page answers at the exact path, the path without the slash redirects.
      if (file === "" && !req.path.endsWith("/")) {
        const q = req.originalUrl.indexOf("?");
        res.redirect(301, IFRAME_PATH + (q >= 0 ? req.originalUrl.slice(q) : ""));
        return;
      }
      if (!existsSync(full)) return notBuilt(res);
      let page = html.get(file);
      if (page === undefined) html.set(file, (page = readFileSync(full, "utf8")));
      res.setHeader("content-security-policy", csp);
      res.setHeader("cache-control", "no-cache");
      res.setHeader("x-content-type-options", "nosniff");
      res.setHeader("referrer-policy", "no-referrer");
      res.type("html").send(page);
    });
  }
  return router;
}
