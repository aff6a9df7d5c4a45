import { readFile } from "node:fs/promises";
import { AppError } from "@genui/chassis";
import { MCP_PATH, MCP_RESOURCE_METADATA_PATH, MCP_SCOPE } from "@genui/contracts/http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import express, { type Request, type Response } from "express";
import { z } from "zod";
import { tenantOfKey } from "../domain/capacity";
import type { GenerationMetrics } from "../metrics";
import type { Admission, Caller } from "../use-cases/admission";
import { correlationOf } from "./correlation";
import type { Screens, ShownScreen } from "../use-cases/screens";
import { describeOpenAIError } from "./errors";
import { bearer } from "./refusals";

/**
 * The MCP server (`POST /mcp`): MCP's Streamable HTTP transport from the official SDK, stateless (every request is
 * answered on its own, by any copy), whose tools answer as **MCP Apps** — each names the UI resource
 * `ui://genui/screen.html` in `_meta.ui.resourceUri`, and the host renders our screen with it.
 *
 * - `show_ui` (the model's): plain language (+ data) → a screen; with `screen_id`, that screen changed.
 * - `screen_action` (the app's only, hidden from the model): what the user typed and pressed → the next screen.
 *
 * Both are one generation through the admission (the same hold, limits, usage events and bill as a chat completion).
 * The caller is an app's secret key or an OAuth access token the owner granted a host for one app; a missing or bad
 * one is answered 401 with the `WWW-Authenticate` challenge that leads a host to the authorization server.
 */

/** Where a tool result carries the app's look (`{ version, theme }`; theme `{}` when the app sets none). */
export const APPEARANCE_META = "genui/appearance";

/** The UI resource every tool names, and its MIME type (MCP Apps, `RESOURCE_MIME_TYPE` of @modelcontextprotocol/ext-apps). */
export const SCREEN_RESOURCE_URI = "ui://genui/screen.html";
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * A tool's UI metadata as the MCP Apps SDK's `registerAppTool` writes it: `_meta.ui` (resource and who may see the
 * tool) and the older flat key hosts from before the final spec read.
 */
const appToolMeta = (visibility: ("model" | "app")[]) => ({
  ui: { resourceUri: SCREEN_RESOURCE_URI, visibility },
  "ui/resourceUri": SCREEN_RESOURCE_URI,
});

/** The resource's sandbox policy: no network at all (the page is one file; screens need nothing from outside). */
const RESOURCE_UI_META = { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: false };

/** Longest `request` (characters) and `data` (bytes of JSON) a tool accepts; the body itself is capped at bodyLimit. */
const MAX_REQUEST_CHARS = 8_000;
const MAX_DATA_BYTES = 64_000;

const ScreenOut = {
  screen_id: z.string().describe("This screen's id: pass it as show_ui's screen_id to change the screen."),
  version: z.number().int().describe("1 for a new screen, one more for each change or action after it."),
  json: z.unknown().describe("The screen JSON (v1) the UI resource renders."),
  code: z.string().describe("The UI code the screen was evaluated from."),
  summary: z.string().describe("What the user sees, in a few plain lines."),
};

const ActionEvent = z.object({
  type: z.enum(["onPress", "onLongPress", "onChangeText"]),
  component: z.object({
    name: z.string().min(1).max(64).describe("The component's name in the screen JSON."),
    value: z.unknown().optional().describe("What the component reported: a typed text, a choice, a button's value."),
  }),
});

export interface McpDeps {
  admission: Admission;
  screens: Screens;
  metrics: GenerationMetrics;
  /** Where users reach the platform: the resource's URL and its metadata's. */
  publicUrl: string;
  /** Largest JSON body accepted ("1mb"). */
  bodyLimit: string;
  /** The UI resource's file (GEN_MCP_APP_HTML). */
  appHtmlPath: string;
  version: string;
}

/** A JSON-RPC error answer for a request the transport never saw (auth, body). */
const rpcError = (res: Response, status: number, code: number, message: string) =>
  void res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });

/** A tool's failure as MCP reports tool errors: `isError` with what went wrong and what to do (the model reads it). */
function toolError(err: unknown): CallToolResult {
  const e = describeOpenAIError(err);
  const retry = e.headers["retry-after"] ? ` Retry after ${e.headers["retry-after"]} seconds.` : "";
  return {
    isError: true,
    content: [{ type: "text", text: `${e.body.error.message}${retry} (${e.body.error.code ?? e.body.error.type})` }],
    _meta: { "genui/error": { status: e.status, type: e.body.error.type, code: e.body.error.code, param: e.body.error.param } },
  };
}

/**
 * A tool's screen: what the host's model reads (the summary), the screen for the UI resource, and under
 * `_meta["genui/appearance"]` the app's theme and its version, which the resource draws the screen in.
 */
const shown = (s: ShownScreen): CallToolResult => ({
  content: [{ type: "text", text: s.summary }],
  structuredContent: { screen_id: s.screenId, version: s.version, json: s.json, code: s.code, summary: s.summary },
  _meta: { [APPEARANCE_META]: s.appearance },
});

export function mcpRoutes(deps: McpDeps) {
  const { admission, screens, metrics } = deps;
  const origin = deps.publicUrl.replace(/\/+$/, "");
  const resourceMetadataUrl = `${origin}${MCP_RESOURCE_METADATA_PATH}`;
  const parseJson = express.json({ limit: deps.bodyLimit });
  let html: Promise<string> | undefined;
  const appHtml = () =>
    (html ??= readFile(deps.appHtmlPath, "utf8").catch((err: unknown) => ((html = undefined), Promise.reject(err))));

  /** One MCP server for one request: the caller's tools and the UI resource. */
  const serverFor = (caller: Caller): McpServer => {
    const server = new McpServer(
      { name: "genui", title: "GenUI", version: deps.version, websiteUrl: origin },
      {
        capabilities: { tools: {}, resources: {} },
        instructions:
          "GenUI turns plain language into an interactive screen the user sees and uses in this conversation. Call " +
          "show_ui whenever a form, a choice, a table, a chart, a plan, a quiz or any visual answer helps the user; " +
          "put the data to show in `data`. To change a screen shown earlier, call show_ui with its screen_id. The " +
          "user's presses on a screen are answered by the screen itself (its next screen); you are told what they did.",
      },
    );
    const run = async (what: () => Promise<ShownScreen>, route: string): Promise<CallToolResult> => {
      try {
        const s = await what();
        metrics.requests.inc({ route, status: "200" });
        return shown(s);
      } catch (err) {
        const e = describeOpenAIError(err);
        metrics.requests.inc({ route, status: String(e.status) });
        if (e.status >= 500 && !(err instanceof AppError)) throw err;
        return toolError(err);
      }
    };
    server.registerTool(
      "show_ui",
      {
        title: "Show a screen",
        description:
          "Shows the user an interactive screen (forms, choices, tables, charts, cards, plans, quizzes…) generated " +
          "from plain language, rendered in the conversation. Describe what the screen should show and let the user " +
          "do; pass the data to display in `data`. Pass `screen_id` to change a screen shown earlier instead of " +
          "making a new one. Billed to the connected app like one chat completion.",
        inputSchema: {
          request: z
            .string()
            .min(1)
            .max(MAX_REQUEST_CHARS)
            .describe("What the screen should show and let the user do, in plain language, with the facts it needs."),
          data: z
            .unknown()
            .optional()
            .describe("JSON the screen should display (rows for a table, figures for a chart, items, prices…)."),
          screen_id: z
            .string()
            .max(64)
            .optional()
            .describe("Change this earlier screen (its id from a previous result) instead of starting a new one."),
        },
        outputSchema: ScreenOut,
        annotations: {
          title: "Show a screen",
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        },
        _meta: appToolMeta(["model", "app"]),
      },
      async (args, extra) => {
        if (args.data !== undefined && Buffer.byteLength(JSON.stringify(args.data) ?? "") > MAX_DATA_BYTES)
          return toolError(
            new AppError(
              "GENERATION.INVALID_VALUE",
              `'data' is larger than ${MAX_DATA_BYTES} bytes of JSON: send less, or summarise it.`,
              {
                param: "data",
              },
            ),
          );
        return run(
          () =>
            screens.show(
              caller,
              {
                request: args.request,
                ...(args.data !== undefined ? { data: args.data } : {}),
                ...(args.screen_id ? { screenId: args.screen_id } : {}),
              },
              extra.signal,
            ),
          "mcp-show-ui",
        );
      },
    );
    server.registerTool(
      "screen_action",
      {
        title: "Act on a screen",
        description:
          "What the user typed and pressed on a GenUI screen, answered with the next screen (a confirmation, the " +
          "next step, a score). Called by the screen itself.",
        inputSchema: {
          screen_id: z.string().min(1).max(64).describe("The screen the user acted on."),
          actions: z
            .array(ActionEvent)
            .min(1)
            .max(50)
            .describe("The values typed since the last press (onChangeText), then the press itself."),
        },
        outputSchema: ScreenOut,
        annotations: {
          title: "Act on a screen",
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        },
        _meta: appToolMeta(["app"]),
      },
      async (args, extra) =>
        run(
          () =>
            screens.act(
              caller,
              {
                screenId: args.screen_id,
                actions: args.actions.map((a) => ({
                  type: a.type,
                  component: { name: a.component.name, value: a.component.value },
                })),
              },
              extra.signal,
            ),
          "mcp-screen-action",
        ),
    );
    server.registerResource(
      "GenUI screen",
      SCREEN_RESOURCE_URI,
      {
        title: "GenUI screen",
        description: "Renders GenUI screens (show_ui and screen_action results) in the host, following its theme.",
        mimeType: MCP_APP_MIME_TYPE,
        _meta: { ui: RESOURCE_UI_META },
      },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: await appHtml(), _meta: { ui: RESOURCE_UI_META } }],
      }),
    );
    return server;
  };

  /** 401 with RFC 6750's challenge naming where the resource's metadata (and so its authorization server) is. */
  const challenge = (res: Response, message: string, tokenSent: boolean) => {
    const parts = [`resource_metadata="${resourceMetadataUrl}"`, `scope="${MCP_SCOPE}"`];
    if (tokenSent) parts.push(`error="invalid_token"`, `error_description="${message.replace(/["\\]/g, "'")}"`);
    res.set("www-authenticate", `Bearer ${parts.join(", ")}`);
    rpcError(res, 401, -32001, message);
  };

  const mcp = async (req: Request, res: Response) => {
    const authorization = req.header("authorization");
    let caller: Caller;
    try {
      const owner = await admission.appFromKey(authorization, { origin: req.header("origin"), route: "mcp" });
      caller = {
        userId: owner.ownerId,
        appId: owner.appId,
        tenant: tenantOfKey(bearer(req), owner.ownerId),
        ...correlationOf(res),
      };
    } catch (err) {
      const e = describeOpenAIError(err, req.log);
      metrics.requests.inc({ route: "mcp", status: String(e.status) });
      if (e.status === 401) return challenge(res, e.body.error.message, /^Bearer\s+\S/i.test(authorization ?? ""));
      res.set(e.headers);
      return rpcError(res, e.status, -32000, e.body.error.message);
    }
    try {
      await new Promise<void>((resolve, reject) => parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    } catch (err) {
      const type = (err as { type?: string }).type;
      if (type === "entity.too.large") return rpcError(res, 413, -32600, `The request body is larger than ${deps.bodyLimit}.`);
      return rpcError(res, 400, -32700, "Parse error: the body is not valid JSON.");
    }
    const server = serverFor(caller);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };

  const resourceMetadata = (_req: Request, res: Response) => {
    res.set("cache-control", "public, max-age=300");
    res.json({
      resource: `${origin}${MCP_PATH}`,
      authorization_servers: [origin],
      scopes_supported: [MCP_SCOPE],
      bearer_methods_supported: ["header"],
      resource_name: "GenUI",
      resource_documentation: `${origin}/docs`,
    });
  };

  return { "generation.mcp": mcp, "generation.mcpResourceMetadata": resourceMetadata };
}
