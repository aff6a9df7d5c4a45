import { closeServer, createHttpApp, finishHttpApp, listen, type ServiceContext, type TrustProxy } from "@genui/chassis";
import { frameDocuments } from "./screens";
import { edgeHeaders } from "./security-headers";

export interface ContentListenerOptions {
  host: string;
  port: number;
  iframeDir: string;
  trustProxy: TrustProxy;
}

/**
 * The content origin's listener (CONTENT_HTTP_PORT): only the documents showing generated UI and their assets (plus
 * `/healthz` and a status-only `/readyz` for a load balancer). No sessions, cookies, API or SPA: whatever a document
 * served here did, it would find nothing of the product on its origin. Stops with the process.
 */
export async function startContentListener(ctx: ServiceContext, opts: ContentListenerOptions): Promise<string> {
  const app = createHttpApp({
    service: ctx.service,
    logger: ctx.logger,
    metrics: ctx.metrics,
    readiness: [],
    bodyLimit: "1kb",
    jsonBody: false,
    trustProxy: opts.trustProxy,
    operations: false,
  });
  app.use(edgeHeaders());
  app.use(frameDocuments(opts.iframeDir));
  finishHttpApp(app, ctx.logger);
  const { server, url } = await listen(app, opts.host, opts.port);
  ctx.shutdown.add("http", "content http server", () => closeServer(server));
  ctx.logger.info({ url }, "content origin listening");
  return url;
}
