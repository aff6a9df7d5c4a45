import { randomUUID } from "node:crypto";
import type { BaseEvent } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import type { AppError } from "@genui/chassis";
import { AG_UI_PROTO_MEDIA_TYPE, AgUiRunInput } from "@genui/contracts/http";
import type { Request, Response } from "express";
import type { z } from "zod";
import { AgUiRunEvents, type RunFailure } from "../domain/ag-ui-events";
import { tenantOfKey } from "../domain/capacity";
import type { GenerationMetrics } from "../metrics";
import type { Admission, Caller } from "../use-cases/admission";
import { correlationOf } from "./correlation";
import type { AgUiRuns } from "../use-cases/ag-ui-runs";
import { describeOpenAIError } from "./errors";
import { bearer, refusalOfIssue } from "./refusals";

/**
 * The AG-UI route (`POST /apps/api/v1/ag-ui`, rows AG_UI_ROUTES in proto/src/http/wire-formats.ts): GenUI as an
 * AG-UI agent (docs/api.md, "AG-UI"). A request that is no run at all — a missing or wrong key, a body that is not a
 * RunAgentInput — is refused with an HTTP error in the published API's shape (@ag-ui/client's HttpAgent rejects the
 * run with its `status` and `payload`); from there on the answer is a stream of AG-UI events, and whatever stops the
 * run (nothing to answer from, the balance, the key's limits, the model) is one RUN_ERROR with the published API's
 * error code, which the client hands its subscribers as a typed event. Events are encoded by @ag-ui/encoder: server-
 * sent events, or protobuf frames for a client that asks for `application/vnd.ag-ui.event+proto`.
 */

export interface AgUiDeps {
  admission: Admission;
  runs: AgUiRuns;
  metrics: GenerationMetrics;
  /** Longest UI code a state may carry back (GEN_MAX_CODE_CHARS). */
  maxCodeChars: number;
}

const ROUTE = "ag-ui";

/** A zod issue as the published API's refusal. */
const refusalOf = (issue: z.core.$ZodIssue, body: unknown): AppError =>
  refusalOfIssue(issue, body, "GenUI's options are 'model' and 'render_tool'.");

/** The body as a RunAgentInput (the contract's schema), or the refusal naming its first fault. */
export function parseRunInput(body: unknown): AgUiRunInput {
  const parsed = AgUiRunInput.safeParse(body);
  if (!parsed.success) throw refusalOf(parsed.error.issues[0]!, body);
  return parsed.data;
}

/** A failure as RUN_ERROR tells it: the published API's error (code, status, type, param) and the seconds to wait. */
function failureOf(err: unknown, req: Request): RunFailure {
  const e = describeOpenAIError(err, req.log);
  const wait = e.headers["retry-after"];
  return {
    message: e.body.error.message,
    code: e.body.error.code ?? e.body.error.type,
    status: e.status,
    type: e.body.error.type,
    param: e.body.error.param,
    ...(wait !== undefined ? { retryAfterSeconds: Number(wait) } : {}),
  };
}

/** The encoding the client asked for: protobuf frames only when it names their type ahead of event streams. */
function encoderFor(req: Request): EventEncoder {
  const wanted = req.accepts(["text/event-stream", AG_UI_PROTO_MEDIA_TYPE]);
  return new EventEncoder({ accept: wanted === AG_UI_PROTO_MEDIA_TYPE ? AG_UI_PROTO_MEDIA_TYPE : "text/event-stream" });
}

/** The response as a stream of events: headers once, each event as soon as it is made. */
function eventStream(req: Request, res: Response) {
  const encoder = encoderFor(req);
  const sse = encoder.getContentType() === "text/event-stream";
  res.status(200).set({
    "content-type": sse ? "text/event-stream; charset=utf-8" : encoder.getContentType(),
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  return {
    send: (event: BaseEvent | undefined) => {
      if (event && !res.destroyed) res.write(sse ? encoder.encodeSSE(event) : encoder.encodeBinary(event));
    },
    /** A quiet moment: an SSE comment keeps proxies from closing the line (protobuf frames have no comment). */
    keepAlive: () => {
      if (sse && !res.destroyed) res.write(": keep-alive\n\n");
    },
    end: () => res.end(),
  };
}

export function agUiRoutes(deps: AgUiDeps) {
  const { admission, runs, metrics } = deps;

  const agUi = async (req: Request, res: Response) => {
    const owner = await admission.appFromKey(req.header("authorization"), { origin: req.header("origin"), route: "chat" });
    const input = parseRunInput(req.body);
    const caller: Caller = {
      userId: owner.ownerId,
      appId: owner.appId,
      tenant: tenantOfKey(bearer(req), owner.ownerId),
      ...correlationOf(res),
    };
    const startedAt = Date.now();
    const events = new AgUiRunEvents({ threadId: input.threadId, runId: input.runId }, randomUUID);
    const out = eventStream(req, res);
    const fail = (err: unknown) => {
      const f = failureOf(err, req);
      metrics.requests.inc({ route: ROUTE, status: String(f.status) });
      out.send(events.error(f));
      out.end();
    };

    let started: Awaited<ReturnType<AgUiRuns["start"]>>;
    // The app's look goes with the run's state (the frontend draws the screen in it); it never fails the run.
    const look = admission.theme(caller);
    try {
      started = await runs.start(caller, input, deps.maxCodeChars);
    } catch (err) {
      // Refused before anything ran: nothing is charged (the run never started, so RUN_ERROR is its only event).
      return fail(err);
    }
    out.send(events.started());
    if (started.kind === "nothing") {
      // The thread ends with our answer or a tool's result (a frontend that ran the render tool runs the agent
      // again): there is nothing new to answer, and nothing is generated or charged.
      out.send(events.finished(undefined, []));
      metrics.requests.inc({ route: ROUTE, status: "200" });
      return out.end();
    }
    const run = started;
    const appearance = await look;
    let ended = false;
    res.on("close", () => {
      if (!ended) run.cancel();
    });
    // Every state carries the look, so the first snapshot has it and the patches after it never touch it.
    const stateOf = (screen: unknown, code: string, screenId?: string) => ({
      ...run.rest,
      screen,
      code,
      ...(screenId ? { screen_id: screenId } : {}),
      appearance,
    });
    try {
      for await (const p of run.progress) {
        if (res.destroyed) break;
        if (p.type === "keepalive") out.keepAlive();
        else if (p.type === "screen") {
          if (!events.hasState) metrics.firstChunk.observe({ route: ROUTE }, (Date.now() - startedAt) / 1000);
          out.send(events.state(stateOf(p.json, p.code)));
        } else {
          ended = true;
          if (!events.hasState) metrics.firstChunk.observe({ route: ROUTE }, (Date.now() - startedAt) / 1000);
          out.send(events.state(stateOf(p.json, p.code, p.screenId)));
          const call = p.call && "args" in p.call ? p.call : undefined;
          const answer = events.answer(p.summary, call);
          for (const e of answer.events) out.send(e);
          if (p.call && "error" in p.call) return fail(p.call.error);
          out.send(
            events.finished(p.screenId ? { screen_id: p.screenId } : undefined, answer.toolCallId ? [answer.toolCallId] : [], {
              model: p.model,
              ...p.usage,
            }),
          );
          metrics.requests.inc({ route: ROUTE, status: "200" });
          return out.end();
        }
      }
      if (res.destroyed) return out.end();
    } catch (err) {
      ended = true;
      return fail(err);
    }
    ended = true;
    out.end();
  };

  return { "generation.agUi": agUi };
}
