import type { Response } from "express";
import type { Screen } from "@genui/ui-runtime";
import type { GenerationMetrics } from "../metrics";
import type { RelayedAnswer } from "../pipeline/relay";
import type { ChunkError } from "../pipeline/messages";
import { OpenAIError } from "./openai-error";

/** What every chunk of one answer repeats (OpenAI's clients expect the same id, created and model throughout). */
export interface AnswerMeta {
  id: string;
  created: number;
  model: string;
  route: string;
  startedAt: number;
}

/** The message content of an answer: a JSON string holding the UI code and the screen. */
export const answerContent = (code: string, json: Screen | null): string => JSON.stringify({ code, json });

const errorBody = (e: ChunkError) => ({ error: { message: e.message, type: e.type, param: null, code: e.code } });

/**
 * Writes an answer as server-sent events the way OpenAI's clients read them: bare `data: <json>` lines, `role` on
 * the first delta, `finish_reason` on the last content chunk, the usage chunk (`choices: []`) before `[DONE]` when
 * asked for, `:` comments as keep-alives, and an error as `data: {"error": …}` (the clients raise it).
 */
export async function writeEventStream(
  res: Response,
  answer: RelayedAnswer,
  meta: AnswerMeta,
  includeUsage: boolean,
  metrics: GenerationMetrics,
): Promise<void> {
  res.status(200);
  res.set({
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-request-id": meta.id,
  });
  // A comment right away: proxies (the BFF's included) send the status and headers with the first body bytes, and a
  // queued request's client should know at once that it was accepted.
  res.write(": accepted\n\n");
  // Writes made in one turn of the event loop leave together (a system call per SSE line is costly).
  let corked = false;
  const write = (text: string) => {
    if (!corked) {
      corked = true;
      res.cork();
      process.nextTick(() => {
        corked = false;
        res.uncork();
      });
    }
    res.write(text);
  };
  let first = true;
  let status = 200;
  const base = `"id":${JSON.stringify(meta.id)},"object":"chat.completion.chunk","created":${meta.created},"model":${JSON.stringify(meta.model)},"system_fingerprint":null`;
  const send = (delta: Record<string, unknown>, finish: string | null) => {
    if (first) {
      delta = { role: "assistant", ...delta };
      first = false;
      metrics.firstChunk.observe({ route: meta.route }, (Date.now() - meta.startedAt) / 1000);
    }
    write(
      `data: {${base},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${finish ? JSON.stringify(finish) : "null"}}]}\n\n`,
    );
  };
  for await (const e of answer) {
    if (res.destroyed) break;
    if (e.type === "keepalive") write(": keep-alive\n\n");
    else if (e.type === "start") {
      if (first) send({}, null);
    } else if (e.type === "delta") {
      const delta: Record<string, unknown> = {};
      if (e.reasoning) delta.reasoning_content = e.reasoning;
      if (e.code !== undefined && e.json) delta.content = answerContent(e.code, e.json);
      send(delta, null);
    } else if (e.type === "done") {
      send({ content: answerContent(e.code, e.json) }, e.finishReason === "length" ? "length" : "stop");
      if (includeUsage) {
        const u = e.usage;
        write(
          `data: {${base},"choices":[],"usage":${JSON.stringify({
            prompt_tokens: u.inputTokens,
            completion_tokens: u.outputTokens,
            total_tokens: u.inputTokens + u.outputTokens,
          })}}\n\n`,
        );
      }
      write("data: [DONE]\n\n");
    } else if (e.type === "error") {
      status = e.error.status;
      write(`data: ${JSON.stringify(errorBody(e.error))}\n\n`);
    }
  }
  metrics.requests.inc({ route: meta.route, status: String(status) });
  res.end();
}

/** Collects an answer and answers once: the final screen, or the error with its status. */
export async function collectAnswer(answer: RelayedAnswer): Promise<{
  code: string;
  json: Screen | null;
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
  reasoning: string;
}> {
  let reasoning = "";
  for await (const e of answer) {
    if (e.type === "delta" && e.reasoning) reasoning += e.reasoning;
    else if (e.type === "done") return { code: e.code, json: e.json, finishReason: e.finishReason, usage: e.usage, reasoning };
    else if (e.type === "error") throw new OpenAIError(e.error.status, e.error.message, e.error.type, e.error.code);
  }
  throw new OpenAIError(502, "The answer ended without its last part. Please try again.", "server_error", "stream_interrupted");
}
