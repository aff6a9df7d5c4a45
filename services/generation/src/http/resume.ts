import type { ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { COMPLETION_ID_PATTERN } from "@genui/contracts/http";
import { completionNotFound, invalidRequest } from "../domain/errors";
import type { GenerationMetrics } from "../metrics";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { ResumableAnswers, ResumeOwner } from "../use-cases/resumable-answers";
import { writeEventStream } from "./sse";

export type { ResumeOwner };

/** Answers `GET …/completions/:completionId?stream=true`: the answer's events after the one the client read last. */
export type ResumeStream = (req: Request, res: Response, owner: ResumeOwner, completionId?: string) => Promise<void>;

export interface ResumeDeps {
  answers: ResumableAnswers;
  metrics: GenerationMetrics;
  streamGzipLevel: number;
  /** GEN_RESUME_GRACE_MS: how long a dropped reader's answer goes on, waiting for a resume. */
  graceMs: number;
}

/** The request id (a uuid) inside a completion id (`chatcmpl-` and its 32 hex digits). */
export const requestIdOf = (completionId: string): string | undefined =>
  COMPLETION_ID_PATTERN.test(completionId)
    ? completionId.slice(9).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5")
    : undefined;

/**
 * Where the client resumes: `starting_after` (the query; OpenAI's name for it on resumed response streams) or the
 * `Last-Event-ID` header an EventSource sends by itself; neither is the start. Not a count of events: 400.
 */
function resumePoint(req: Request): number {
  const q = req.query.starting_after;
  const header = req.header("last-event-id");
  const raw = typeof q === "string" ? q : header;
  if (raw === undefined || raw === "") return 0;
  if (!/^\d{1,9}$/.test(raw.trim()))
    throw invalidRequest(
      `'${typeof q === "string" ? "starting_after" : "Last-Event-ID"}' must be the id of an event (a whole number).`,
      typeof q === "string" ? "starting_after" : "Last-Event-ID",
    );
  return Number(raw.trim());
}

/** A request's `Idempotency-Key` header: up to 255 visible ASCII characters; absent: undefined; anything else 400. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.header("idempotency-key");
  if (key === undefined || key === "") return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw invalidRequest("'Idempotency-Key' must be 1 to 255 visible ASCII characters.", "Idempotency-Key");
  return key;
}

/**
 * While a resumable answer's reader is connected nothing happens; when its connection drops, the answer goes on for
 * `graceMs` and is stopped (billed for what was generated, as a disconnect always was) unless another request
 * resumed it meanwhile — on this copy or any other (the reader recorded in Redis is the last one to attach).
 */
export function stopUnlessResumed(
  res: ServerResponse,
  answer: RelayedAnswer,
  log: Pick<ResumableAnswers, "isReader">,
  reader: string,
  graceMs: number,
): void {
  res.on("close", () => {
    if (answer.ended) return;
    const timer = setTimeout(() => {
      void log
        .isReader(answer.job.requestId, reader)
        .catch(() => true)
        .then((still) => {
          if (still && !answer.ended) return answer.cancel();
        });
    }, graceMs);
    timer.unref();
  });
}

/**
 * Resumes a streamed answer for its owner: the events after the one named, written as the first request wrote them
 * (same ids, same envelope), from the answer's kept pieces and then live — on whichever API copy the client reached.
 * The answer's reader is now this request: if its connection drops too, the same grace applies.
 */
export function resumeStream(deps: ResumeDeps): ResumeStream {
  return async (req, res, owner, named) => {
    const completionId = named ?? String(req.params.completionId ?? "");
    const requestId = requestIdOf(completionId);
    const after = resumePoint(req);
    const reader = deps.answers.reader();
    const found = requestId ? await deps.answers.resume(requestId, owner, reader) : undefined;
    if (!found) throw completionNotFound(completionId);
    const { answer, start } = found;
    stopUnlessResumed(res, answer, deps.answers, reader, deps.graceMs);
    await writeEventStream(
      res,
      answer,
      { id: completionId, created: start.created, model: start.model, route: "resume", startedAt: start.startedAt },
      start.includeUsage,
      deps.metrics,
      start.mode,
      deps.streamGzipLevel,
      after,
    );
  };
}
