import { z } from "zod";

/**
 * The published API's shapes (OpenAI-compatible; `/apps/api/v1/openapi.json`): what the generation service reads
 * (`ChatCompletionRequest`, `RetrieveRequest`, parsed with these schemas) and answers. JSON Schema keywords zod has
 * no builder for (`contains`, `if`/`then`, `anyOf` of requirements) ride in `.meta()`, which the document generator
 * copies as they are.
 */

/** The published limits (lengths count Unicode code points, as JSON Schema's maxLength does). */
export const PUBLISHED_LIMITS = {
  messages: 500,
  modelChars: 256,
  /** max_tokens / max_completion_tokens; above a model's output limit the limit applies. */
  maxTokens: 1_000_000,
  /** Default of GEN_MAX_CODE_CHARS: client-submitted UI code is evaluated by a worker, so its size is bounded. */
  codeChars: 32_000,
  promptChars: 50_000,
} as const;

/**
 * A value that is not blank: it has a character other than space, tab, CR or LF. The same class is the document's
 * `pattern`, its escapes written out so that JavaScript, Python and Rust regex engines agree on it (their `\s` differ).
 */
export const NOT_BLANK = "[^ \\t\\r\\n]";

const flag = (description?: string) =>
  z
    .boolean()
    .nullable()
    .optional()
    .meta(description ? { description } : {});
const ThinkingConfig = z.object({ include_thoughts: flag() }).nullable().optional();
const tokens = z
  .number()
  .int()
  .min(1)
  .max(PUBLISHED_LIMITS.maxTokens)
  .nullable()
  .optional()
  .meta({ description: "Most output tokens; above the model's output limit the limit applies." });

/** OpenAI's error object, as every published route answers a refusal. */
export const ApiError = z
  .object({
    error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
  })
  .meta({ id: "Error" });

export const Usage = z
  .object({
    prompt_tokens: z.number().int().min(0),
    completion_tokens: z.number().int().min(0),
    total_tokens: z.number().int().min(0),
  })
  .meta({ id: "Usage" });

/** A placeholder the document generator replaces with the published screen JSON Schema (and its definitions). */
export const ScreenRef = z.record(z.string(), z.unknown()).meta({ id: "Screen" });

export const ChatMessage = z
  .object({
    role: z.enum(["system", "developer", "user", "assistant"]),
    content: z.union([z.string(), z.array(z.object({ type: z.literal("text"), text: z.string() }))]).meta({
      description: "Text, or text parts. An assistant turn carries the code of its screen (or our answer's JSON string).",
    }),
  })
  .meta({ id: "ChatMessage", description: "Other message fields (e.g. `name`) are accepted and ignored." });

export const ChatCompletionRequest = z
  .object({
    model: z
      .string()
      .max(PUBLISHED_LIMITS.modelChars)
      .meta({ examples: ["genui-pluto-0.1"] }),
    messages: z
      .array(ChatMessage)
      .min(1)
      .max(PUBLISHED_LIMITS.messages)
      .meta({
        description: "At least one user message.",
        contains: { type: "object", required: ["role"], properties: { role: { const: "user" } } },
      }),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: flag() }).nullable().optional().meta({ description: "Only with `stream: true`." }),
    max_tokens: tokens,
    max_completion_tokens: tokens,
    tools: z.array(z.record(z.string(), z.unknown())).nullable().optional().meta({
      description:
        'Offer the web search tool: `{ "type": "web_search" }` or a function tool named `web_search`. Other tools are ignored.',
    }),
    include_thoughts: flag("Stream the thinking model's reasoning as `delta.reasoning_content`."),
    thinking: flag("The same as `include_thoughts`."),
    thinking_config: ThinkingConfig,
    extra_body: z
      .object({ include_thoughts: flag(), thinking: flag(), thinking_config: ThinkingConfig })
      .nullable()
      .optional()
      .meta({ description: "The same reasoning options, nested (as the web app sends them)." }),
  })
  .meta({
    id: "ChatCompletionRequest",
    description:
      "Other OpenAI parameters (temperature, n, user, …) are accepted and ignored. `stream_options` only with `stream: true`.",
    // An object `stream_options` needs `stream: true` (null counts as absent).
    if: { required: ["stream_options"], properties: { stream_options: { type: "object" } } },
    then: { required: ["stream"], properties: { stream: { const: true } } },
  });

export const AnswerContent = z.string().meta({
  id: "AnswerContent",
  contentMediaType: "application/json",
  description:
    'JSON text of `{"code": string, "json": Screen}`, or `{"code": string, "repaired_code": string, "json": Screen}` ' +
    "when a repair pass ran (`code` is then the first pass's code; `json` renders `repaired_code`).",
});

export const AnswerContentPiece = z.string().meta({
  id: "AnswerContentPiece",
  description: "A piece of the answer's content (`AnswerContent`): the pieces of a stream, concatenated, are that JSON text.",
});

export const ChatCompletion = z
  .object({
    id: z.string(),
    object: z.literal("chat.completion"),
    created: z.number().int(),
    model: z.string(),
    system_fingerprint: z.null().optional(),
    choices: z
      .array(
        z.object({
          index: z.literal(0),
          message: z.object({
            role: z.literal("assistant"),
            content: AnswerContent,
            refusal: z.null().optional(),
            reasoning_content: z.string().optional(),
          }),
          logprobs: z.null().optional(),
          finish_reason: z.enum(["stop", "length"]),
        }),
      )
      .min(1)
      .max(1),
    usage: Usage,
  })
  .meta({ id: "ChatCompletion" });

export const ChatCompletionChunk = z
  .object({
    id: z.string(),
    object: z.literal("chat.completion.chunk"),
    created: z.number().int(),
    model: z.string(),
    system_fingerprint: z.null().optional(),
    choices: z
      .array(
        z.object({
          index: z.literal(0),
          delta: z.object({
            role: z.literal("assistant").optional(),
            content: AnswerContentPiece.optional(),
            reasoning_content: z.string().optional(),
          }),
          logprobs: z.null().optional(),
          finish_reason: z.enum(["stop", "length"]).nullable(),
        }),
      )
      .max(1),
    usage: Usage.optional(),
  })
  .meta({ id: "ChatCompletionChunk" });

export const ChatCompletionEvent = z
  .object({
    data: z.string().meta({
      description: "A chunk, an error (the stream then ends), or `[DONE]` (the last event).",
      if: { const: "[DONE]" },
      else: {
        contentMediaType: "application/json",
        contentSchema: {
          anyOf: [{ $ref: "#/components/schemas/ChatCompletionChunk" }, { $ref: "#/components/schemas/Error" }],
        },
      },
    }),
  })
  .meta({ id: "ChatCompletionEvent", description: "One server-sent event of a streamed completion." });

/** The retrieve body; `codeChars` is the service's GEN_MAX_CODE_CHARS (the document states the configured limit). */
export const retrieveRequest = (codeChars: number = PUBLISHED_LIMITS.codeChars) =>
  z
    .object({
      code: z.string().max(codeChars).nullable().optional(),
      prompt: z.string().max(PUBLISHED_LIMITS.promptChars).nullable().optional(),
      model: z.string().max(PUBLISHED_LIMITS.modelChars).nullable().optional(),
    })
    .meta({
      id: "RetrieveRequest",
      description:
        "At least one of `code` and `prompt` that is not blank (a blank one counts as absent). `model` applies to a " +
        "prompt (default: the default model). Other fields are ignored.",
      anyOf: [
        { required: ["code"], properties: { code: { type: "string", pattern: NOT_BLANK } } },
        { required: ["prompt"], properties: { prompt: { type: "string", pattern: NOT_BLANK } } },
      ],
    });
export const RetrieveRequest = retrieveRequest();

export const RetrieveResponse = z.object({ json: ScreenRef, code: z.string() }).meta({ id: "RetrieveResponse" });

export const Model = z
  .object({ id: z.string(), object: z.literal("model"), created: z.number().int(), owned_by: z.string() })
  .meta({ id: "Model" });

export const ModelList = z.object({ object: z.literal("list"), data: z.array(Model) }).meta({ id: "ModelList" });

/** A method a published path does not declare: 405 (with `Allow`), in OpenAI's error shape. */
export const methodNotAllowedBody = (method: string, path: string, allow: string) => ({
  error: {
    message: `${method} is not allowed on ${path}; it accepts ${allow}.`,
    type: "invalid_request_error",
    param: null,
    code: "method_not_allowed",
  },
});

/** A screen to check (`POST /apps/api/v1/screens/validate`): the JSON an agent or a template built itself. */
export const ValidateScreenRequest = z
  .object({ json: z.unknown().meta({ description: "The screen JSON (v1) to check." }) })
  .meta({ id: "ValidateScreenRequest", description: "Other fields are ignored." });

/** What the check found: whether it renders as sent, each problem by path, and the safe repair a renderer would use. */
export const ValidateScreenResponse = z
  .object({
    valid: z.boolean(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })),
    repairs: z.array(z.string()).meta({ description: "What the repair changed (empty when valid)." }),
    repaired: ScreenRef.meta({ description: "The screen as a renderer would show it (the same screen when valid)." }),
  })
  .meta({ id: "ValidateScreenResponse" });
