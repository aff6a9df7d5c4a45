import type { ChatModel, ServedBy } from "@genui/contracts/http";
import { MCP_PATH, methodNotAllowedBody, publishedRoutes, routeMatcher } from "@genui/contracts/http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerJson, headerOf, jsonBody, operationRouter, userId as signedInUser } from "@genui/chassis";
import { repairScreen, validateScreen as checkScreen } from "@genui/ui-runtime";
import { Router, type Request, type Response } from "express";
import type { CatalogueModel } from "../domain/access";
import { appearanceETag, etagMatches, publishedAppearance } from "../domain/appearance";
import { tenantOfKey, tenantOfUser } from "../domain/capacity";
import type { GenerationMetrics } from "../metrics";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { ChatTurn } from "../domain/messages";
import type { Caller, Admission } from "../use-cases/admission";
import { correlationOf } from "./correlation";
import { idempotencyConflict, invalidRequest, notSignedIn } from "../domain/errors";
import { openAIErrorMapper } from "./errors";
import { bearer } from "./refusals";
import { openApiDocument } from "./openapi";
import type { mcpRoutes } from "./mcp.routes";
import type { a2uiRoutes } from "./a2ui.routes";
import type { agUiRoutes } from "./ag-ui.routes";
import type { completionRoutes } from "./completions.routes";
import { parseChatRequest, parseRetrieveRequest, type ChatRequest } from "./requests";
import { answerContent, completionId, completionObject, snapshotContent, type AnswerMeta } from "./openai-wire";
import { collectAnswer, writeEventStream } from "./sse";
import { idempotencyKeyOf, stopUnlessResumed, type ResumeOwner, type ResumeStream } from "./resume";
import type { ResumableAnswers } from "../use-cases/resumable-answers";
import { userPartition } from "../domain/stored-completions";

/** Which provider the workers run, as they announce it (the models lists name it honestly). */
export type { ServedBy };

export interface RouteDeps {
  admission: Admission;
  /** Largest JSON body accepted. */
  bodyLimit: string;
  metrics: GenerationMetrics;
  servedBy: () => Promise<ServedBy | undefined>;
  /** Longest client-submitted UI code, characters (GEN_MAX_CODE_CHARS). */
  maxCodeChars: number;
  /** gzip level of event streams for clients that accept it (GEN_STREAM_GZIP_LEVEL; 0: off). */
  streamGzipLevel: number;
  /** The MCP server's handlers (mcp.routes.ts). */
  mcp: ReturnType<typeof mcpRoutes>;
  /** The same generation as A2UI messages (a2ui.routes.ts) and as an AG-UI agent run (ag-ui.routes.ts). */
  a2ui: ReturnType<typeof a2uiRoutes>;
  agUi: ReturnType<typeof agUiRoutes>;
  /** Resumable answers (use-cases/resumable-answers.ts), GEN_RESUME_GRACE_MS, and the resume (http/resume.ts). */
  answers: ResumableAnswers;
  resumeGraceMs: number;
  resume: ResumeStream;
  /**
   * Stored completions: read, list, messages, metadata, delete — and the signed-in chat's own; a read by id with
   * `stream=true` resumes the answer's stream instead (completions.routes.ts, with the same `resume`).
   */
  completions: ReturnType<typeof completionRoutes>;
}

/** The published routes this service answers: the methods each path declares (the rest answer 405). */
const published = routeMatcher(publishedRoutes().filter((r) => r.server === "generation"));

/** A fixed creation time for the models (OpenAI's list has one; ours is the model's release). */
const MODEL_CREATED = Math.floor(Date.UTC(2025, 4, 14) / 1000);

function meta(answer: RelayedAnswer, model: string, route: string, startedAt: number): AnswerMeta {
  return {
    id: completionId(answer.job.requestId),
    // From the job (not the clock now): a resumed stream writes the same envelope.
    created: Math.floor(answer.job.enqueuedAt / 1000),
    model,
    route,
    startedAt,
  };
}

/** The client went away before the answer ended: the worker stops and only what was generated is billed. */
function cancelOnDisconnect(res: ServerResponse, answer: RelayedAnswer): void {
  res.on("close", () => {
    if (!answer.done) void answer.cancel();
  });
}

/**
 * A streamed request's `Idempotency-Key` and how to resume the answer a first request with it started (express's
 * routes only: generation's listener before express leaves requests with the header to them).
 */
interface Idempotency {
  key: string;
  resume: (owner: ResumeOwner, completionId: string) => Promise<void>;
}

/**
 * The published chat completions, for the express route and for the listener before express (published-chat.ts)
 * alike: the request, its answer, the body as parsed JSON, and (express) the request's idempotency.
 */
export type PublishedChat = (
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  idempotency?: (request: ChatRequest) => Idempotency | undefined,
) => Promise<void>;

export interface GenerationRoutes {
  router: Router;
  publishedChat: PublishedChat;
}

/** `?app_id=` on a signed-in route: shape checked here (400), ownership by the admission (404). */
async function ownAppId(req: Request, admission: Admission, userId: string): Promise<string> {
  const appId = typeof req.query.app_id === "string" ? req.query.app_id : "";
  if (appId && !/^[0-9a-f-]{36}$/i.test(appId)) throw invalidRequest("'app_id' must be an app id.", "app_id");
  if (appId) await admission.ownApp(userId, appId);
  return appId;
}

function signedIn(req: Request): string {
  if (!req.identity) throw notSignedIn();
  return signedInUser(req);
}

export function generationRoutes(deps: RouteDeps): GenerationRoutes {
  const { admission, metrics } = deps;
  const router = Router();
  // Parsed here, not by the app, so a malformed or oversized body gets the OpenAI error shape from this router; the MCP
  // server parses its own (its errors are JSON-RPC's).
  const json = jsonBody(deps.bodyLimit);
  router.use((req, res, next) => (req.path === MCP_PATH ? next() : json(req, res, next)));

  /** A streamed request's Idempotency-Key (malformed: 400) and its resume, on express's routes. */
  const idempotencyOf = (req: Request, res: Response) => (body: ChatRequest) => {
    const key = body.stream ? idempotencyKeyOf(req) : undefined;
    return key ? { key, resume: (owner: ResumeOwner, id: string) => deps.resume(req, res, owner, id) } : undefined;
  };

  const chat = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    caller: Caller,
    body: ChatRequest,
    model: CatalogueModel,
    idempotency?: (request: ChatRequest) => Idempotency | undefined,
  ) => {
    // The signed-in chat (the SPA) streams SPEC's snapshots unless it asks for `stream_format: "deltas"`; the
    // published API streams pieces of one JSON text (and answers in that layout).
    const snapshots = route === "auth-chat" && body.streamFormat === "snapshots";
    const startedAt = Date.now();
    // A streamed request sent again with its Idempotency-Key (its first connection died before the client read an
    // event id) reads the answer the first one started, from its start (or after Last-Event-ID), instead of a new one.
    const idem = idempotency?.(body);
    const key = idem?.key;
    const owner: ResumeOwner =
      route === "chat" ? { kind: "app", appId: caller.appId, ownerId: caller.userId } : { kind: "user", userId: caller.userId };
    if (idem) {
      const claim = await deps.answers.claimKey(owner, idem.key);
      if (claim.kind === "started") return idem.resume(owner, completionId(claim.requestId));
      if (claim.kind === "starting") throw idempotencyConflict();
    }
    // A streamed answer's bookkeeping for resuming it is written together with its job's enqueue (generate awaits both
    // before it returns, so before the first event: a client that reads an event id can resume from it).
    const reader = body.stream ? deps.answers.reader() : undefined;
    const answer = await admission
      .generate(caller, model, {
        model: model.slug,
        messages: body.messages,
        chars: body.chars,
        ...(body.maxTokens ? { maxTokens: body.maxTokens } : {}),
        includeThoughts: body.includeThoughts,
        webSearch: body.webSearch,
        partials: body.stream,
        ...(snapshots ? { snapshots: true } : {}),
        ...(route === "auth-chat" && !snapshots ? { chatDeltas: true } : {}),
        // Every streamed answer's events can be read again (resumed) for a while; `stream_options.resumable` also keeps
        // it going when the connection drops.
        ...(body.stream ? { resumable: true } : {}),
        // The published API's `store` (or its app's setting): the worker keeps the finished answer for the app; the
        // signed-in chat's, for its user (their own partition, never an app's: domain/stored-completions.ts).
        ...(body.store
          ? {
              store: {
                metadata: body.metadata,
                messages: body.sent,
                ...(route === "auth-chat" ? { partition: userPartition(caller.userId) } : {}),
              },
            }
          : {}),
        ...(reader
          ? {
              opening: (job) =>
                deps.answers.open(
                  job.requestId,
                  {
                    route: route === "auth-chat" ? "auth-chat" : "chat",
                    userId: caller.userId,
                    appId: caller.appId,
                    model: model.slug,
                    // The envelope's `created`, as meta() writes it.
                    created: Math.floor(job.enqueuedAt / 1000),
                    startedAt,
                    mode: snapshots ? "snapshots" : "deltas",
                    includeUsage: body.includeUsage,
                  },
                  reader,
                ),
            }
          : {}),
      })
      .catch(async (err: unknown) => {
        // Refused (402, 429, …): the key is free for the request sent again.
        if (key) await deps.answers.releaseKey(owner, key).catch(() => undefined);
        throw err;
      });
    const m = meta(answer, model.slug, route, startedAt);
    if (reader) {
      // The key names this answer only once it can be resumed.
      if (key) await deps.answers.bindKey(owner, key, answer.job.requestId);
      if (body.resumable) stopUnlessResumed(res, answer, deps.answers, reader, deps.resumeGraceMs);
      else cancelOnDisconnect(res, answer);
    } else cancelOnDisconnect(res, answer);
    if (body.stream)
      return writeEventStream(
        res,
        answer,
        m,
        body.includeUsage,
        metrics,
        snapshots ? "snapshots" : "deltas",
        deps.streamGzipLevel,
      );
    const a = await collectAnswer(answer);
    metrics.requests.inc({ route, status: "200" });
    answerJson(
      req,
      res,
      200,
      completionObject(m, {
        content: snapshots ? snapshotContent(a.code, a.json) : answerContent(a.code, a.json, a.firstCode),
        reasoning: a.reasoning,
        finishReason: a.finishReason,
        usage: a.usage,
      }),
    );
  };

  // The published API: OpenAI-compatible, bearer API key of an active app.
  const publishedChat: PublishedChat = async (req, res, rawBody, idempotency) => {
    const owner = await admission.appFromKey(headerOf(req, "authorization"), { origin: headerOf(req, "origin"), route: "chat" });
    const body = parseChatRequest(rawBody, false, deps.maxCodeChars);
    // Without `store` the app's setting decides whether the completion is kept.
    body.store ??= owner.storeCompletions === true;
    const model = await admission.model(body.model);
    const tenant = tenantOfKey(bearer(req), owner.ownerId);
    await chat(
      req,
      res,
      "chat",
      { userId: owner.ownerId, appId: owner.appId, tenant, ...correlationOf(res) },
      body,
      model,
      idempotency,
    );
  };
  const chatCompletions = (req: Request, res: Response) => publishedChat(req, res, req.body, idempotencyOf(req, res));

  // The signed-in chat (the SPA): the user pays; `app_id` (one of their own apps) brings its templates and is
  // credited with the usage.
  const authChat = async (req: Request, res: Response) => {
    const userId = signedIn(req);
    const appId = typeof req.query.app_id === "string" ? req.query.app_id : "";
    if (appId && !/^[0-9a-f-]{36}$/i.test(appId)) throw invalidRequest("'app_id' must be an app id.", "app_id");
    const body = parseChatRequest(req.body, true, deps.maxCodeChars);
    const model = await admission.model(body.model);
    if (appId) await admission.ownApp(userId, appId);
    await chat(
      req,
      res,
      "auth-chat",
      { userId, appId, tenant: tenantOfUser(userId), ...correlationOf(res) },
      body,
      model,
      idempotencyOf(req, res),
    );
  };

  const retrieve = async (req: Request, res: Response, caller: Caller, withCode: boolean) => {
    const body = parseRetrieveRequest(req.body, deps.maxCodeChars);
    let answer: RelayedAnswer;
    if (body.code && !body.prompt) answer = await admission.evaluate(caller, body.code);
    else {
      const model = await admission.model(body.model);
      // With code, the prompt asks for a change to it: the code is the assistant's earlier answer.
      const messages: ChatTurn[] = [
        ...(body.code ? [{ role: "assistant" as const, content: body.code }] : []),
        { role: "user", content: body.prompt! },
      ];
      answer = await admission.generate(caller, model, {
        model: model.slug,
        messages,
        chars: messages.reduce((n, m) => n + m.content.length, 0),
        includeThoughts: false,
        webSearch: false,
        partials: false,
      });
    }
    cancelOnDisconnect(res, answer);
    const a = await collectAnswer(answer);
    metrics.requests.inc({ route: withCode ? "auth-retrieve" : "retrieve", status: "200" });
    res.json(withCode ? { code: a.code, json: a.json } : { json: a.json, code: a.code });
  };

  // The one route a publishable key may call (from its app's origin); its generation counts against the daily cap.
  const publishedRetrieve = async (req: Request, res: Response) => {
    const owner = await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "retrieve" });
    const cap = owner.kind === "publishable" ? { dailySpendCapMicros: owner.dailySpendCapMicros } : {};
    await retrieve(
      req,
      res,
      {
        userId: owner.ownerId,
        appId: owner.appId,
        tenant: tenantOfKey(bearer(req), owner.ownerId),
        ...cap,
        ...correlationOf(res),
      },
      false,
    );
  };

  const authRetrieve = async (req: Request, res: Response) => {
    const userId = signedIn(req);
    const appId = await ownAppId(req, admission, userId);
    await retrieve(req, res, { userId, appId, tenant: tenantOfUser(userId), ...correlationOf(res) }, true);
  };

  // OpenAI's models endpoints (the clients' `models.list()`), for API keys.
  const listModels = async (req: Request, res: Response) => {
    await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "models" });
    const models = await admission.listModels();
    res.json({
      object: "list",
      data: models.map((m) => ({ id: m.slug, object: "model", created: MODEL_CREATED, owned_by: "genui" })),
    });
  };
  const getModel = async (req: Request, res: Response) => {
    await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "models" });
    const m = await admission.model(String(req.params.model));
    res.json({ id: m.slug, object: "model", created: MODEL_CREATED, owned_by: "genui" });
  };

  // The chat picker's list: SPEC's Model (id, slug, name, description, features.features) and what serves it.
  const chatModels = async (_req: Request, res: Response) => {
    const [models, servedBy] = await Promise.all([admission.listModels(), deps.servedBy()]);
    res.set("cache-control", "public, max-age=60");
    res.json(
      models.map((m): ChatModel => ({
        id: m.id,
        slug: m.slug,
        name: m.name,
        description: m.description,
        features: { features: m.features },
        input_text_limit: m.inputLimit,
        output_text_limit: m.outputLimit,
        is_default: m.isDefault,
        served_by: servedBy ?? null,
      })),
    );
  };

  // A screen an agent built itself, checked as our renderers read it: problems by path and the safe repair. The app's
  // own components (`package: "app"`) must be the ones it declares, with their declared props; each valid one is
  // answered with its fallback attached, the others replaced by it.
  const validateScreen = async (req: Request, res: Response) => {
    const owner = await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "models" });
    const body: unknown = req.body;
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw invalidRequest("The request body must be a JSON object.", null);
    const json = (body as { json: unknown }).json;
    const checker = await admission.componentChecker({ appId: owner.appId, userId: owner.ownerId });
    const opts = checker ? { components: checker } : {};
    const checked = checkScreen(json, opts);
    if (checked.ok && !opts.components) return void res.json({ valid: true, issues: [], repairs: [], repaired: checked.screen });
    const repair = repairScreen(json, opts);
    if (checked.ok) return void res.json({ valid: true, issues: [], repairs: [], repaired: repair.screen });
    res.json({ valid: false, issues: checked.issues, repairs: repair.repairs, repaired: repair.screen });
  };

  // The app's look for renderers (the embed and the loader read it with the publishable key from the app's own
  // origin): its theme and its components' declarations, revalidated by ETag (the app and its version).
  const appearance = async (req: Request, res: Response) => {
    const owner = await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "appearance" });
    const look = await admission.appearance(owner);
    const etag = appearanceETag(owner.appId, look.version);
    // Always revalidated (a change shows at the next read); the answer differs by key and by page.
    res.set({ etag, "cache-control": "private, no-cache", vary: "Authorization, Origin" });
    if (etagMatches(req.header("if-none-match"), etag)) {
      metrics.requests.inc({ route: "appearance", status: "304" });
      return void res.status(304).end();
    }
    metrics.requests.inc({ route: "appearance", status: "200" });
    res.json(publishedAppearance(look));
  };

  const openapi = (_req: Request, res: Response) => {
    res.set("cache-control", "public, max-age=300");
    res.json(openApiDocument(deps.maxCodeChars));
  };

  router.use(
    operationRouter("generation", {
      "generation.chatCompletions": chatCompletions,
      "generation.authChat": authChat,
      "generation.retrieve": publishedRetrieve,
      "generation.authRetrieve": authRetrieve,
      "generation.listModels": listModels,
      "generation.getModel": getModel,
      "generation.chatModels": chatModels,
      "generation.validateScreen": validateScreen,
      "generation.appearance": appearance,
      "generation.openapi": openapi,
      ...deps.mcp,
      ...deps.a2ui,
      ...deps.agUi,
      ...deps.completions,
    }),
  );

  // The published paths answer only the methods they declare: anything else is 405 with `Allow` in OpenAI's shape
  // (after the routes, so it sees only what they did not answer; HEAD goes to the GET routes).
  router.use((req, res, next) => {
    const methods = published.methodsOn(req.path);
    if (!methods.length) return next();
    const allow = [...methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])), "OPTIONS"].join(", ");
    res.set("allow", allow);
    if (req.method === "OPTIONS") return void res.status(204).end();
    res.status(405).json(methodNotAllowedBody(req.method, req.path, allow));
  });

  router.use(openAIErrorMapper());
  return { router, publishedChat };
}
