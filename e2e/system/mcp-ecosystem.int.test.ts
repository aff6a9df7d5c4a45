import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { validateScreen } from "@genui/ui-runtime";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

/**
 * The MCP server as the ecosystem's own tools see it, run as separate processes: the MCP Inspector's command-line mode
 * (`@modelcontextprotocol/inspector-cli`, what `npx @modelcontextprotocol/inspector --cli` runs) lists the tools, calls
 * show_ui and reads the UI resource; the MCP conformance suite (`@modelcontextprotocol/conformance`) runs its server
 * scenarios that apply to a server of our kind (the others need its own test tools and resources: `test_simple_text`,
 * `test://static-text` …, or a server without authentication, like its DNS-rebinding scenario).
 */

const ROOT = path.resolve(__dirname, "../..");
const INSPECTOR = path.join(ROOT, "node_modules/@modelcontextprotocol/inspector-cli/build/index.js");
const CONFORMANCE = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

/**
 * Runs a node script as a child process (in the script's folder: the inspector's CLI looks for its package.json from
 * the working directory); resolves with its stdout, stderr and exit code (never rejects on a code).
 */
const run = (script: string, args: string[], timeoutMs = 120_000) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const opts = { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, cwd: path.dirname(script) };
    execFile(process.execPath, [script, ...args], opts, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
  });

/**
 * The conformance client cannot send a header, and this server needs a key: a loopback forwarder adds the app's key to
 * every request, as a host configured with a header does, and passes everything else through unchanged.
 */
function keyForwarder(target: string, key: string): Promise<Server> {
  const server = createServer((req, res) => {
    const up = new URL(req.url ?? "/", target);
    const out = httpRequest(
      up,
      { method: req.method, headers: { ...req.headers, host: up.host, authorization: `Bearer ${key}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("the MCP server, through the ecosystem's own tools", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack);
  }, 300_000);
  afterAll(async () => stack?.stop());

  const inspector = (...args: string[]) =>
    run(INSPECTOR, [`${stack.bff.url}/mcp`, "--transport", "http", "--header", `Authorization: Bearer ${dev.apiKey}`, ...args]);

  it("when the MCP Inspector's CLI lists tools, calls show_ui and reads the resource, then each answer is what a host needs", async () => {
    const list = await inspector("--method", "tools/list");
    expect(list.stderr).not.toMatch(/Error/);
    expect(list.code).toBe(0);
    const tools = (JSON.parse(list.stdout) as { tools: { name: string; _meta?: Record<string, unknown> }[] }).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(["screen_action", "show_ui"]);
    expect(tools.find((t) => t.name === "show_ui")!._meta).toMatchObject({ ui: { resourceUri: "ui://genui/screen.html" } });

    const call = await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "show_ui",
      "--tool-arg",
      "request=A contact form with name, email and message",
    );
    expect(call.code).toBe(0);
    const result = JSON.parse(call.stdout) as { isError?: boolean; structuredContent: { json: unknown; screen_id: string } };
    expect(result.isError).toBeFalsy();
    expect(validateScreen(result.structuredContent.json).ok).toBe(true);
    expect(result.structuredContent.screen_id).toMatch(/^scr_/);

    const read = await inspector("--method", "resources/read", "--uri", "ui://genui/screen.html");
    expect(read.code).toBe(0);
    const { contents } = JSON.parse(read.stdout) as { contents: { mimeType: string; text: string }[] };
    expect(contents[0]!.mimeType).toBe("text/html;profile=mcp-app");
    expect(contents[0]!.text.length).toBeGreaterThan(1_000);
  });

  it("when the MCP conformance suite runs its server scenarios that apply here, then every check passes", async () => {
    const forwarder = await keyForwarder(stack.bff.url, dev.apiKey);
    const url = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/mcp`;
    const out = await mkdtemp(path.join(tmpdir(), "genui-conformance-"));
    try {
      const failures: string[] = [];
      const passed: string[] = [];
      for (const scenario of ["server-initialize", "ping", "tools-list", "resources-list"]) {
        const dir = path.join(out, scenario);
        const r = await run(CONFORMANCE, ["server", "--url", url, "--scenario", scenario, "-o", dir]);
        // Each scenario writes its checks as JSON (one file per scenario, under the output directory).
        const files = (await readdir(dir, { recursive: true })).filter((f) => String(f).endsWith("checks.json"));
        expect(files.length).toBeGreaterThan(0);
        for (const f of files) {
          const checks = JSON.parse(await readFile(path.join(dir, String(f)), "utf8")) as {
            id: string;
            status: string;
            errorMessage?: string;
          }[];
          for (const c of checks) {
            if (c.status === "FAILURE") failures.push(`${scenario}/${c.id}: ${c.errorMessage ?? ""}`);
            if (c.status === "SUCCESS") passed.push(`${scenario}/${c.id}`);
          }
        }
        if (r.code !== 0 && failures.length === 0) failures.push(`${scenario}: exit ${r.code} ${r.stderr.slice(0, 500)}`);
      }
      expect(failures).toEqual([]);
      expect(passed.length).toBeGreaterThanOrEqual(4);
    } finally {
      forwarder.close();
      await rm(out, { recursive: true, force: true });
    }
  });
});
