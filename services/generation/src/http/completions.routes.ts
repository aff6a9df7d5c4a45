import type { Request, Response } from "express";
import { isRecord } from "@genui/contracts/http";
import { userId as signedInUser } from "@genui/chassis";
import { GENERATION_ERRORS as E, invalidRequest, notSignedIn } from "../domain/errors";
import { checkMetadata, parseListFilters, parsePage, userPartition } from "../domain/stored-completions";
import type { GenerationMetrics } from "../metrics";
import type { Admission } from "../use-cases/admission";
import type { StoredCompletions } from "../use-cases/stored-completions";
import type { ResumeStream } from "./resume";

/**
 * The stored completions of the published API (rows COMPLETION_ROUTES in proto/src/http/completions.ts; docs/api.md,
 * "Stored completions"), OpenAI's: `GET /chat/completions` (a page of the app's completions, filtered by model and
 * metadata), `GET /chat/completions/{id}` (one; with `stream=true` the answer's events resumed instead: resume.ts),
 * `GET /chat/completions/{id}/messages`, `POST /chat/completions/{id}` (its metadata replaced) and
 * `DELETE /chat/completions/{id}`. The app's secret key opens its own completions only: another app's id is not found.
 * Its publishable key reads one completion by id (from the app's own origin: a page drawing a stored screen), nothing
 * else. The signed-in chat's own completions (`/auth-chat/completions`: list, one — or its stream resumed — and its
 * messages) are its user's alone: they live in the user's partition (domain/stored-completions.ts `userPartition`).
 */

export interface CompletionRouteDeps {
  admission: Admission;
  completions: StoredCompletions;
  metrics: GenerationMetrics;
  /** `GET /chat/completions/{id}?stream=true` (and the signed-in chat's): a streamed answer resumed (http/resume.ts). */
  resume: ResumeStream;
}

const ROUTE = "stored-completions";

/** The query string as the client wrote it (`metadata[key]=value` pairs are read from it). */
const rawQuery = (req: Request): string => {
  const at = req.originalUrl.indexOf("?");
  return at < 0 ? "" : req.originalUrl.slice(at + 1);
};

export function completionRoutes(deps: CompletionRouteDeps) {
  const { admission, completions, metrics } = deps;

  /**
   * The app whose secret key calls (a publishable key or an OAuth token is refused, as for chat completions); `completion`:
   * one stored completion read, which the app's publishable key may do from the app's own origin.
   */
  const appOf = (req: Request, use: "chat" | "completion" = "chat") =>
    admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: use });
  /** The signed-in user (the BFF vouches for them on the session door) and their own completions' partition. */
  const userOf = (req: Request) => {
    if (!req.identity) throw notSignedIn();
    const userId = signedInUser(req);
    return { userId, partition: userPartition(userId) };
  };
  const idOf = (req: Request) => String(req.params.completionId ?? "");
  const answer = (res: Response, body: unknown) => {
    metrics.requests.inc({ route: ROUTE, status: "200" });
    res.json(body);
  };

  const list = async (req: Request, res: Response) => {
    const owner = await appOf(req);
    const page = parsePage(req.query);
    const filters = parseListFilters(req.query, rawQuery(req));
    answer(res, await completions.list(owner.appId, page, filters));
  };

  /** A read of the stored completion (not its stream): `stream` and `starting_after`, if given, must be well-formed. */
  const checkStoredRead = (req: Request) => {
    const stream = req.query.stream;
    if (stream !== undefined && stream !== "false")
      throw invalidRequest("Invalid 'stream': it is 'true' (the answer's events) or 'false' (the stored completion).", "stream");
    // Where a stream would resume means nothing to the stored completion, but it must be well-formed all the same.
    const after = req.query.starting_after;
    if (after !== undefined && !(typeof after === "string" && /^\d{1,9}$/.test(after)))
      throw invalidRequest("'starting_after' must be the id of an event (a whole number).", "starting_after");
  };

  const get = async (req: Request, res: Response) => {
    if (req.query.stream === "true") {
      const owner = await appOf(req);
      return deps.resume(req, res, { kind: "app", appId: owner.appId, ownerId: owner.ownerId });
    }
    const owner = await appOf(req, "completion");
    checkStoredRead(req);
    answer(res, await completions.get(owner.appId, idOf(req)));
  };

  const messages = async (req: Request, res: Response) => {
    const owner = await appOf(req);
    const page = parsePage(req.query, "message");
    answer(res, await completions.messages(owner.appId, idOf(req), page));
  };

  // OpenAI's update: the body is `{"metadata": {...}}` (null clears it), which replaces the metadata whole.
  const update = async (req: Request, res: Response) => {
    const owner = await appOf(req);
    const body: unknown = req.body;
    if (!isRecord(body)) throw invalidRequest("The request body must be a JSON object.", null, E.INVALID_JSON);
    const unknown = Object.keys(body).find((k) => k !== "metadata");
    if (unknown)
      throw invalidRequest(`Unknown parameter: '${unknown}'. A stored completion's 'metadata' alone can change.`, unknown);
    if (!("metadata" in body)) throw invalidRequest("Missing required parameter: 'metadata'.", "metadata", E.MISSING_PARAMETER);
    const metadata = body.metadata === null ? null : checkMetadata(body.metadata);
    answer(res, await completions.update(owner.appId, idOf(req), metadata));
  };

  const remove = async (req: Request, res: Response) => {
    const owner = await appOf(req);
    answer(res, await completions.delete(owner.appId, idOf(req)));
  };

  // The signed-in chat's own (session door): the same reads, in the user's partition.
  const listMine = async (req: Request, res: Response) => {
    const { partition } = userOf(req);
    const page = parsePage(req.query);
    const filters = parseListFilters(req.query, rawQuery(req));
    answer(res, await completions.list(partition, page, filters));
  };

  // With `stream=true` the answer's events resumed (the user's own answer: http/resume.ts), else the stored completion.
  const getMine = async (req: Request, res: Response) => {
    const { userId, partition } = userOf(req);
    if (req.query.stream === "true") return deps.resume(req, res, { kind: "user", userId });
    checkStoredRead(req);
    answer(res, await completions.get(partition, idOf(req)));
  };

  const messagesOfMine = async (req: Request, res: Response) => {
    const { partition } = userOf(req);
    const page = parsePage(req.query, "message");
    answer(res, await completions.messages(partition, idOf(req), page));
  };

  return {
    "generation.listAuthChatCompletions": listMine,
    "generation.getAuthChatCompletion": getMine,
    "generation.getAuthChatCompletionMessages": messagesOfMine,
    "generation.listChatCompletions": list,
    "generation.getChatCompletion": get,
    "generation.getChatCompletionMessages": messages,
    "generation.updateChatCompletion": update,
    "generation.deleteChatCompletion": remove,
  };
}
