import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { currentContext, requestIdsOf, type ContextCarriage, type RequestContext } from "../src/context";
import { closeServer, createHttpApp, finishHttpApp, listen } from "../src/http";
import { createLogger } from "../src/logger";
import { Metrics } from "../src/metrics";

const run = promisify(execFile);

/** An app of the given carriage whose `/ids` route reads the ids both ways, after an await. */
async function serve(context?: ContextCarriage): Promise<{ server: Server; base: string }> {
  const logger = createLogger("context-test", "silent");
  const app = createHttpApp({
    service: "context-test",
    logger,
    metrics: new Metrics("context-test"),
    bodyLimit: "1kb",
    readiness: [],
    ...(context ? { context } : {}),
  });
  app.get("/ids", async (_req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    res.json({ implicit: currentContext() ?? null, explicit: requestIdsOf(res) ?? null });
  });
  finishHttpApp(app, logger);
  const { server, url } = await listen(app, "127.0.0.1", 0);
  return { server, base: url };
}

async function idsSeen(base: string): Promise<{ implicit: RequestContext | null; explicit: RequestContext | null }> {
  const res = await fetch(`${base}/ids`, { headers: { "x-request-id": "req-7", "x-correlation-id": "corr-7" } });
  return (await res.json()) as { implicit: RequestContext | null; explicit: RequestContext | null };
}

describe("how a request's ids reach what it calls", () => {
  it("when the app carries them implicitly, then a route reads them from the request context and from its answer", async () => {
    const { server, base } = await serve();
    try {
      expect(await idsSeen(base)).toEqual({
        implicit: { requestId: "req-7", correlationId: "corr-7" },
        explicit: { requestId: "req-7", correlationId: "corr-7" },
      });
    } finally {
      await closeServer(server);
    }
  });

  it("when the app hands them on explicitly, then a route reads them from its answer and there is no request context", async () => {
    const { server, base } = await serve("explicit");
    try {
      expect(await idsSeen(base)).toEqual({ implicit: null, explicit: { requestId: "req-7", correlationId: "corr-7" } });
    } finally {
      await closeServer(server);
    }
  });

  // Promise hooks are process-wide and never turned off once taken, so each carriage is tried in a process of its own:
  // a promise made there after the requests carries the hooks' symbols only when something took them.
  it.each([
    ["implicit", true],
    ["explicit", false],
  ] as const)(
    "when a process serves requests with %s ids (routes, probes, metrics), then it has promise hooks: %s",
    async (context, hooked) => {
      const built = path.resolve(__dirname, "../dist/src/index.js");
      if (!existsSync(built)) throw new Error("packages/chassis is not built: run `npm run build:ts` (npm test does)");
      const script = `
        const c = require(${JSON.stringify(built)});
        (async () => {
          const logger = c.createLogger("hooks-test", "silent");
          const app = c.createHttpApp({ service: "hooks-test", logger, metrics: new c.Metrics("hooks-test"), bodyLimit: "1kb",
            readiness: [], context: ${JSON.stringify(context)} });
          app.get("/work", async (_req, res) => { await new Promise((r) => setImmediate(r)); res.json({ ok: true }); });
          c.finishHttpApp(app, logger);
          const { server, url } = await c.listen(app, "127.0.0.1", 0);
          for (const p of ["/work", "/healthz", "/readyz", "/metrics", "/work"]) await (await fetch(url + p)).text();
          await c.closeServer(server);
          console.log(JSON.stringify({ symbols: Object.getOwnPropertySymbols(Promise.resolve(1)).map(String) }));
        })().catch((e) => { console.error(e); process.exit(1); });
      `;
      const { stdout } = await run(process.execPath, ["-e", script], { timeout: 60_000 });
      const { symbols } = JSON.parse(stdout.trim().split("\n").pop()!) as { symbols: string[] };
      expect({ context, hooked: symbols.includes("Symbol(async_id_symbol)") }).toEqual({ context, hooked });
    },
  );
});
