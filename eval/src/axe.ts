import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { launchBrowser } from "@genui/testkit";
import type { Screen } from "@genui/ui-runtime";
import type { Browser, Frame, Page } from "playwright-core";
import { REPO_ROOT } from "./sets";
import { componentsOf } from "./visible-text";

/** The built iframe page (frontend/iframe/dist): the renderer exactly as embedded screens are drawn. */
const IFRAME_DIST = path.join(REPO_ROOT, "frontend/iframe/dist");
const STATIC_PREFIX = "/apps/api/v1/iframe/static/";
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
};

/**
 * A host page framing the iframe page as an embedder does (`sandbox="allow-scripts"`, an opaque origin); it grows the
 * frame to the height the page reports so that axe sees every component in the viewport.
 */
const hostPage = (
  frameSrc: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Evaluation host</title></head>
<body style="margin:0">
<iframe id="f" title="Generated UI" sandbox="allow-scripts" src="${frameSrc}" style="width:800px;height:600px;border:0"></iframe>
<script>
  const f = document.getElementById("f");
  window.ready = false;
  window.addEventListener("message", (e) => {
    if (e.source !== f.contentWindow || !e.data) return;
    if (e.data.type === "READY") window.ready = true;
    if (e.data.type === "RESIZE_LISTENER") f.style.height = Math.max(600, e.data.height) + "px";
  });
  window.send = (m) => f.contentWindow.postMessage(Object.assign({ source: "genui" }, m), "*");
</script></body></html>`;

/** Builds the iframe page when it is missing (as `npm run bench:ui` does). */
export function ensureIframeBuilt(): void {
  if (existsSync(path.join(IFRAME_DIST, "index.html"))) return;
  process.stderr.write("eval: building the iframe page (npm run build -w @genui/iframe)…\n");
  execFileSync("npm", ["run", "--silent", "build", "-w", "@genui/iframe"], { cwd: REPO_ROOT, stdio: "inherit" });
}

const EMPTY: Screen = { name: "Empty", screen: { v1: [] } };
const CHARTS = new Set(["barChart", "lineChart", "areaChart", "pieChart"]);

/** Renders screens in Debian's Chromium through the built iframe page and runs axe-core on each, light and dark. */
export class AxeChecker {
  private server?: http.Server;
  private browser?: Browser;
  private page?: Page;
  private frame?: Frame;

  async start(): Promise<void> {
    ensureIframeBuilt();
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/host") return res.writeHead(200, { "content-type": TYPES[".html"] }).end(hostPage(this.frameSrc()));
      const rel = url.pathname.startsWith(STATIC_PREFIX) ? url.pathname.slice(STATIC_PREFIX.length) || "index.html" : undefined;
      const file = rel ? path.join(IFRAME_DIST, decodeURIComponent(rel)) : undefined;
      if (!file || !file.startsWith(IFRAME_DIST + path.sep) || !existsSync(file)) return res.writeHead(404).end();
      // The framed page has an opaque origin: its module scripts are CORS requests.
      res
        .writeHead(200, {
          "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
          "access-control-allow-origin": "*",
        })
        .end(readFileSync(file));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.browser = await launchBrowser();
    await this.open();
  }

  private origin(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  private frameSrc(): string {
    return `${STATIC_PREFIX}?origin=${encodeURIComponent(this.origin())}&theme=light`;
  }

  private async open(): Promise<void> {
    await this.page?.close().catch(() => undefined);
    this.page = await this.browser!.newPage({ viewport: { width: 800, height: 900 } });
    await this.page.goto(`${this.origin()}/host`);
    await this.page.waitForFunction(() => (window as unknown as { ready: boolean }).ready, null, { timeout: 30_000 });
    const frame = this.page.frames().find((f) => f.url().includes(STATIC_PREFIX));
    if (!frame) throw new Error("the iframe page did not load");
    this.frame = frame;
    await frame.evaluate(AXE_SOURCE);
  }

  private async draw(screen: Screen, theme: "light" | "dark"): Promise<void> {
    const page = this.page!;
    const frame = this.frame!;
    const send = (json: Screen) =>
      page.evaluate(
        ([text, t]) =>
          (window as unknown as { send(m: unknown): void }).send({ type: "RENDER", json: JSON.parse(text), theme: t }),
        [JSON.stringify(json), theme] as [string, string],
      );
    await send(EMPTY);
    await frame.waitForFunction(() => !document.querySelector(".gu-root")?.textContent, null, { timeout: 10_000 });
    await send(screen);
    const charts = componentsOf(screen).filter((n) => CHARTS.has(n.component)).length;
    const components = componentsOf(screen).length;
    // Drawn: the root holds something, and every chart (a lazily loaded chunk) has its surface.
    await frame.waitForFunction(
      ([n, c]) =>
        (c === 0 || (document.querySelector(".gu-root")?.childElementCount ?? 0) > 0) &&
        document.querySelectorAll(".recharts-surface").length >= n,
      [charts, components] as const,
      { timeout: 15_000 },
    );
    // Two frames for layout and the theme's styles to settle.
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  /** axe's violations (readable lines) for one theme. */
  private async violations(): Promise<string[]> {
    return this.frame!.evaluate(async () => {
      type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<Result> } }).axe;
      // WCAG 2.x A/AA and best practices (axe's defaults, as the browser tests run them), but for the rule that a page
      // has an h1: a screen is a fragment framed in a host page (the chat, an embedder's site) that owns its h1.
      const r = await axe.run(document, { resultTypes: ["violations"], rules: { "page-has-heading-one": { enabled: false } } });
      return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
  }

  /** Renders one screen in both themes; a screen that cannot be drawn is reported as such (and the page reopened). */
  async check(screen: Screen): Promise<{ light: string[]; dark: string[] }> {
    const out = { light: [] as string[], dark: [] as string[] };
    for (const theme of ["light", "dark"] as const) {
      try {
        await this.draw(screen, theme);
        out[theme] = await this.violations();
      } catch (err) {
        out[theme] = [`not rendered: ${(err as Error).message.split("\n")[0]}`];
        await this.open();
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => undefined);
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise((r) => this.server!.close(r));
    }
  }
}
