import {
  ActionMismatch,
  GENUI_CATALOG_ID,
  SCREEN_ID_PATH,
  SUPPORTED_CATALOG_IDS,
  SurfaceTranslator,
  actionEvents,
  actionScreenId,
  genuiCatalog,
  isSupportedCatalog,
  surfaceTheme,
  validateClientMessage,
  validateServerMessage,
  type A2uiAction,
  type A2uiServerMessage,
} from "@genui/a2ui";
import type { AppError, Logger } from "@genui/chassis";
import { A2UI_LIMITS, A2uiRequest } from "@genui/contracts/http";
import type { Request, Response } from "express";
import type { z } from "zod";
import { tenantOfKey } from "../domain/capacity";
import { GENERATION_ERRORS as E, invalidRequest } from "../domain/errors";
import type { GenerationMetrics } from "../metrics";
import { A2uiSurfaces, asScreen, newSurfaceId, type SurfaceAsk } from "../use-cases/a2ui-surfaces";
import type { Admission, Caller } from "../use-cases/admission";
import { correlationOf } from "./correlation";
import { describeOpenAIError } from "./errors";
import { bearer, refusalOfIssue, valueAt } from "./refusals";

/**
 * The A2UI routes (rows A2UI_ROUTES in proto/src/http/wire-formats.ts; docs/api.md, "A2UI"):
 *
 * - `POST /apps/api/v1/a2ui`: a screen as an A2UI v0.9 surface. The answer is server-sent events, one A2UI server
 *   message each (`data: <message>`): A2UI leaves the transport open (its spec names SSE among the bindings, and its
 *   examples are JSONL), and SSE gives what the spec's transport contract asks for — ordered delivery and framing —
 *   plus what a browser and our edge already handle (keep-alive comments, unbuffered proxying) and a separate event
 *   type for an error, which a client that only reads A2UI messages never mistakes for one. Refusals before the
 *   stream are HTTP errors in the published API's shape; an error after it began is one `event: error` with the same
 *   error object (A2UI has no server → client error message), and the surface keeps what it had.
 * - `GET /apps/api/v1/a2ui/catalog.json`: our catalog, at the address that is its id.
 *
 * Every message is checked against the official schemas and our catalog before it is written; a component that
 * fails (a bug here, never the client's) is replaced by a Text saying so, and logged.
 */

export interface A2uiDeps {
  admission: Admission;
  /** Where surfaces' screens and conversations are kept (the MCP server's screen store). */
  screenStore: ConstructorParameters<typeof A2uiSurfaces>[1];
  metrics: GenerationMetrics;
  logger?: Logger;
}

const ROUTE = "a2ui";

/** A zod issue as the published API's refusal. */
const refusalOf = (issue: z.core.$ZodIssue, body: unknown): AppError =>
  refusalOfIssue(
    issue,
    body,
    "The parameters are request, data, surface_id, messages, catalog_id, model and metadata.",
    (param) =>
      param === "surface_id" ? "Invalid 'surface_id': it is the surfaceId of a surface this API created (srf_…)." : undefined,
  );

/** The surface's data model the client sent (A2UI's `sendDataModel` metadata): the screen id it holds. */
function dataModelScreen(metadata: A2uiRequest["metadata"], surfaceId: string): string | undefined {
  const surfaces = valueAt(metadata?.a2uiClientDataModel, ["surfaces", surfaceId]);
  const id = valueAt(surfaces, SCREEN_ID_PATH.split("/").filter(Boolean));
  return typeof id === "string" && id ? id : undefined;
}

/** What the request asks, with its surface: a new one, a change to one, or the next screen after an action. */
async function readAsk(
  body: A2uiRequest,
  appId: string,
  surfaces: A2uiSurfaces,
): Promise<{ surfaceId: string; continued: boolean; ask: SurfaceAsk }> {
  if (body.data !== undefined && Buffer.byteLength(JSON.stringify(body.data) ?? "") > A2UI_LIMITS.dataBytes)
    throw invalidRequest(`'data' is larger than ${A2UI_LIMITS.dataBytes} bytes of JSON: send less, or summarise it.`, "data");
  let action: A2uiAction | undefined;
  let actionParam = "";
  for (const [i, m] of (body.messages ?? []).entries()) {
    const param = `messages[${i}]`;
    const v = validateClientMessage(m);
    if (!v.ok) throw invalidRequest(`Invalid '${param}': not an A2UI v0.9 client message (${v.errors.join("; ")}).`, param);
    if (!("action" in m)) continue; // A client error: information for the logs, nothing to answer.
    if (action)
      throw invalidRequest(`Invalid '${param}': send one action at a time (the surface answers each with a screen).`, param);
    action = m.action as A2uiAction;
    actionParam = param;
  }
  if (action) {
    if (body.surface_id && body.surface_id !== action.surfaceId)
      throw invalidRequest(
        `The action's surfaceId '${action.surfaceId}' is not 'surface_id' ('${body.surface_id}').`,
        `${actionParam}.action.surfaceId`,
      );
    if (body.request) throw invalidRequest("Send either 'request' or an action in 'messages', not both.", "request");
    const screenId = actionScreenId(action);
    if (!screenId)
      throw invalidRequest(
        "The action's context has no 'genui.screen' (the screen's id, bound to /genui/screen): it was pressed before its screen was complete, or on a surface this API did not make.",
        `${actionParam}.action.context`,
      );
    const parent = await surfaces.shown(appId, screenId, `${actionParam}.action.context`);
    try {
      const events = actionEvents(action, parent.json as Parameters<typeof actionEvents>[1]);
      return { surfaceId: action.surfaceId, continued: true, ask: { kind: "action", events, parent } };
    } catch (err) {
      if (err instanceof ActionMismatch) throw invalidRequest(err.message, `${actionParam}.action.sourceComponentId`);
      throw err;
    }
  }
  if (!body.request?.trim())
    throw invalidRequest("Missing required parameter: 'request' (or an action in 'messages').", "request", E.MISSING_PARAMETER);
  const data = body.data !== undefined ? { data: body.data } : {};
  if (!body.surface_id)
    return { surfaceId: newSurfaceId(), continued: false, ask: { kind: "request", request: body.request, ...data } };
  const screenId = dataModelScreen(body.metadata, body.surface_id);
  if (!screenId)
    throw invalidRequest(
      `To change surface '${body.surface_id}', send its data model (metadata.a2uiClientDataModel, which A2UI's sendDataModel makes the renderer keep): it names the screen the surface shows.`,
      "metadata.a2uiClientDataModel",
    );
  const parent = await surfaces.shown(appId, screenId, "metadata.a2uiClientDataModel");
  return { surfaceId: body.surface_id, continued: true, ask: { kind: "request", request: body.request, ...data, parent } };
}

/**
 * A message as checked before it leaves: valid, or (our bug) its failing components replaced by a Text saying so.
 * A message that still fails is dropped; both are logged.
 */
function checked(m: A2uiServerMessage, catalogId: string, log: Request["log"]): A2uiServerMessage | undefined {
  const v = validateServerMessage(m, catalogId);
  if (v.ok) return m;
  log?.error({ errors: v.errors, message: m }, "an A2UI message failed its schema");
  if (!("updateComponents" in m)) return undefined;
  const components = m.updateComponents.components.map((c) =>
    validateServerMessage(
      { version: m.version, updateComponents: { surfaceId: m.updateComponents.surfaceId, components: [c] } },
      catalogId,
    ).ok
      ? c
      : { id: c.id, component: "Text", text: "(This part of the screen could not be shown.)" },
  );
  const fixed = { version: m.version, updateComponents: { ...m.updateComponents, components } };
  return validateServerMessage(fixed, catalogId).ok ? fixed : undefined;
}

export function a2uiRoutes(deps: A2uiDeps) {
  const { admission, metrics } = deps;
  const surfaces = new A2uiSurfaces(admission, deps.screenStore, deps.logger);

  const a2ui = async (req: Request, res: Response) => {
    const owner = await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "chat" });
    const parsed = A2uiRequest.safeParse(req.body);
    if (!parsed.success) throw refusalOf(parsed.error.issues[0]!, req.body);
    const body = parsed.data;
    const catalogId = body.catalog_id ?? GENUI_CATALOG_ID;
    if (!isSupportedCatalog(catalogId))
      throw invalidRequest(
        `Unknown catalog '${catalogId}'. This API speaks ${SUPPORTED_CATALOG_IDS.map((c) => `'${c}'`).join(" and ")}.`,
        "catalog_id",
      );
    const { surfaceId, continued, ask } = await readAsk(body, owner.appId, surfaces);
    const caller: Caller = {
      userId: owner.ownerId,
      appId: owner.appId,
      tenant: tenantOfKey(bearer(req), owner.ownerId),
      ...correlationOf(res),
    };
    const startedAt = Date.now();
    // The surface is drawn in the app's look: its theme goes with createSurface.
    const [generation, look] = await Promise.all([
      surfaces.start(caller, ask, body.model?.trim() || undefined),
      admission.theme(caller),
    ]);
    res.on("close", () => generation.cancel());

    res.status(200);
    res.set({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    // A comment right away: proxies send the status and headers with the first body bytes.
    res.write(": accepted\n\n");
    const shown = continued && ask.parent ? asScreen(ask.parent.json) : undefined;
    const translator = new SurfaceTranslator({ surfaceId, catalogId, ...(shown ? { shown } : {}) });
    let first = true;
    const send = (messages: A2uiServerMessage[]) => {
      let text = "";
      for (const m of messages) {
        const ok = checked(m, catalogId, req.log);
        if (ok) text += `data: ${JSON.stringify(ok)}\n\n`;
      }
      if (!text) return;
      if (first && messages.some((m) => "updateComponents" in m)) {
        first = false;
        metrics.firstChunk.observe({ route: ROUTE }, (Date.now() - startedAt) / 1000);
      }
      res.write(text);
    };
    let status = 200;
    send(translator.begin(surfaceTheme(look)));
    try {
      for await (const p of generation.progress) {
        if (res.destroyed) break;
        if (p.type === "keepalive") res.write(": keep-alive\n\n");
        else if (p.type === "screen") send(translator.update(asScreen(p.json)));
        else if (p.type === "done") {
          send(p.screenId ? translator.finish(asScreen(p.json), p.screenId) : translator.update(asScreen(p.json), true));
        }
      }
    } catch (err) {
      const e = describeOpenAIError(err, req.log);
      status = e.status;
      if (!res.destroyed) res.write(`event: error\ndata: ${JSON.stringify(e.body)}\n\n`);
    }
    metrics.requests.inc({ route: ROUTE, status: String(status) });
    res.end();
  };

  let catalogText: string | undefined;
  const catalog = (_req: Request, res: Response) => {
    catalogText ??= JSON.stringify(genuiCatalog());
    res.set({ "cache-control": "public, max-age=300", "content-type": "application/json; charset=utf-8" });
    res.send(catalogText);
  };

  return { "generation.a2ui": a2ui, "generation.a2uiCatalog": catalog };
}
