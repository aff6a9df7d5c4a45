/**
 * OpenAI's chat completion wire format, built here for both answers: the completion object (non-streaming) and the
 * chunk objects of an event stream, with the same id, content, finish reasons and usage. docs/api.md describes it.
 */

/** What every object of one answer repeats (OpenAI's clients expect the same id, created and model throughout). */
export interface AnswerMeta {
  id: string;
  created: number;
  model: string;
  route: string;
  startedAt: number;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** The answer's id as OpenAI's clients show it: `chatcmpl-` and the request id without dashes. */
export const completionId = (requestId: string): string => `chatcmpl-${requestId.replace(/-/g, "")}`;

/** OpenAI's finish reasons for a finished answer: "length" when it was cut at max_tokens, else "stop". */
export const finishReason = (reason: string): "length" | "stop" => (reason === "length" ? "length" : "stop");

export const usageObject = (u: TokenUsage) => ({
  prompt_tokens: u.inputTokens,
  completion_tokens: u.outputTokens,
  total_tokens: u.inputTokens + u.outputTokens,
});

/**
 * The message content of an answer: a JSON text holding the UI code and the screen, keys in this order —
 * `{"code","json"}`, or `{"code","repaired_code","json"}` when a repair pass ran (`firstCode` is then the first
 * pass's code and `code` the repaired one, which `json` renders). A stream's content pieces add up to exactly this.
 */
export const answerContent = (code: string, json: unknown, firstCode?: string): string =>
  firstCode === undefined ? JSON.stringify({ code, json }) : JSON.stringify({ code: firstCode, repaired_code: code, json });

/** The signed-in chat's snapshot (SPEC): the code to keep and its screen, whatever the passes were. */
export const snapshotContent = (code: string, json: unknown): string => JSON.stringify({ code, json });

/** The non-streaming answer: `chat.completion`. */
export function completionObject(
  meta: AnswerMeta,
  answer: { content: string; reasoning?: string; finishReason: string; usage: TokenUsage },
) {
  return {
    id: meta.id,
    object: "chat.completion",
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: answer.content,
          refusal: null,
          ...(answer.reasoning ? { reasoning_content: answer.reasoning } : {}),
        },
        logprobs: null,
        finish_reason: finishReason(answer.finishReason),
      },
    ],
    usage: usageObject(answer.usage),
  };
}

/**
 * The event lines of a streamed answer: `chat.completion.chunk` objects. The envelope every chunk repeats is
 * serialised once per answer (a stream has many chunks).
 */
export class ChunkLines {
  private readonly base: string;

  constructor(meta: AnswerMeta) {
    this.base = `"id":${JSON.stringify(meta.id)},"object":"chat.completion.chunk","created":${meta.created},"model":${JSON.stringify(meta.model)},"system_fingerprint":null`;
  }

  /** A delta of the one choice; `finish` on the last content chunk. */
  delta(delta: Record<string, unknown>, finish: "length" | "stop" | null): string {
    return `data: {${this.base},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${finish ? JSON.stringify(finish) : "null"}}]}\n\n`;
  }

  /** The usage chunk (`choices: []`), before `[DONE]` when the client asked for it. */
  usage(u: TokenUsage): string {
    return `data: {${this.base},"choices":[],"usage":${JSON.stringify(usageObject(u))}}\n\n`;
  }

  /** An error as `data: {"error": …}` (the clients raise it); the object is built by http/errors.ts. */
  error(body: { error: { message: string; type: string; param: string | null; code: string | null } }): string {
    return `data: ${JSON.stringify(body)}\n\n`;
  }

  readonly done = "data: [DONE]\n\n";
}
