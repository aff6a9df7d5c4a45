import { z } from "zod";
import { withThousands } from "@genui/ui-runtime/numbers";

/**
 * The published API's shapes (OpenAI-compatible; `/apps/api/v1/openapi.json`): what the generation service reads
 * (`ChatCompletionRequest`, `RetrieveRequest`, parsed with these schemas) and answers. JSON Schema keywords zod has
 * no builder for (`contains`, `if`/`then`, `anyOf` of requirements) ride in `.meta()`, which the document generator
 * copies as they are. The request schemas carry their refusals too: each issue's message is the one the API answers
 * (OpenAI's wording, naming the parameter's path), and a refinement names OpenAI's error code when it is not
 * `invalid_value` (`params.code`); the service turns the first issue into OpenAI's error object.
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

/** OpenAI's error codes of the refusals that are not `invalid_value`, as the refinements name them (`params.code`). */
export const REFUSAL_CODES = {
  missingParameter: "missing_required_parameter",
  codeTooLong: "string_above_max_length",
} as const;

/** A parameter's path as OpenAI's `param` writes it: `messages[2].content`, `stream_options.include_usage`. */
export const paramOf = (path: readonly PropertyKey[]): string =>
  path.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join("");

/** A plain object (not null, not an array), as a JSON body's objects are. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const notBlank = new RegExp(NOT_BLANK);
/** A value that is given: a string with a character other than space, tab, CR or LF (blank counts as absent). */
export const isNotBlank = (v: string | null | undefined): v is string => typeof v === "string" && notBlank.test(v);

/**
 * A refusal's message, naming the parameter its issue is about (zod calls it with the issue's whole path when the parse
 * ends). The messages are OpenAI's wording, as the published API has always answered.
 */
const say =
  (text: (param: string, issue: z.core.$ZodRawIssue) => string) =>
  (issue: z.core.$ZodRawIssue): string =>
    text(paramOf(issue.path ?? []), issue);
/** The refusal `'<param>' must be <what>.` (a zod error map). */
export const mustBe = (what: string) => say((p) => `'${p}' must be ${what}.`);
/** The refusal of a body that is not a JSON object (a zod error map). */
export const notAnObjectBody = () => "The request body must be a JSON object.";
const longerThan = say((p, issue) => `'${p}' is longer than ${withThousands(Number(issue.maximum))} characters.`);

/** Always refuses; the message and `params` are the refusal (a check `checkedFirst` picks). */
const refusal = (error: z.core.$ZodErrorMap, code?: string) =>
  z.custom(() => false, { error, ...(code ? { params: { code } } : {}) });
const MISSING = refusal(
  say((p) => `Missing required parameter: '${p}'.`),
  REFUSAL_CODES.missingParameter,
);

/**
 * `schema`, with a check of the raw value before it: `first(value)` names a schema to read the value with first (or
 * none), whose issues — at their own paths, with their own messages — are the refusal; `schema` then does not run.
 * For the orders zod does not have by itself: an absent value before its type, a content part that is no part at all
 * before its fields, a bad text part named at its path rather than folded into the union's `invalid_union`. This is
 * zod's preprocess, so the document shows `schema` (its `pipe` would show the first schema).
 */
function checkedFirst<T extends z.ZodType>(first: (value: unknown) => z.ZodType | undefined, schema: T) {
  return z.preprocess((value, ctx) => {
    const check = first(value);
    if (check) ctx.issues.push(...(check._zod.run({ value, issues: [] }, { async: false }) as z.core.ParsePayload).issues);
    return value;
  }, schema);
}

/** A required parameter: absent, it is refused as missing (`missing_required_parameter`) before `schema` reads it. */
const required = <T extends z.ZodType>(schema: T) => checkedFirst((v) => (v === undefined ? MISSING : undefined), schema);

/** Code points of `s` over `max` (counted only when the UTF-16 length could be). */
const longerThanMax = (s: string, max: number) => s.length > max && [...s].length > max;

/**
 * UI code a client sends back (history, the retrieve's code): a worker evaluates it, so it is at most `max` characters
 * (code points; GEN_MAX_CODE_CHARS), and over that it is refused with its own code. `.max` states the limit in the
 * document; the refinement before it refuses first.
 */
export const uiCode = (max: number) =>
  z
    .string({ error: mustBe("a string") })
    .refine((s) => !longerThanMax(s, max), {
      abort: true,
      params: { code: REFUSAL_CODES.codeTooLong },
      error: say(
        (p, issue) =>
          `'${p}' is ${withThousands(String(issue.input).length)} characters long; UI code may be at most ${withThousands(max)} characters.`,
      ),
    })
    .max(max);

const flag = (description?: string) =>
  z
    .boolean({ error: mustBe("a boolean") })
    .nullable()
    .optional()
    .meta(description ? { description } : {});
const ThinkingConfig = z
  .object({ include_thoughts: flag() }, { error: mustBe("an object") })
  .nullable()
  .optional();
const tokens = z
  .number({ error: mustBe(`an integer from 1 to ${withThousands(PUBLISHED_LIMITS.maxTokens)}`) })
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

/** A value that is no content part at all (not an object, or without a string `type`). */
const NOT_A_PART = refusal(say((p) => `Invalid content part at '${p}'.`));

/** A content part: only text parts are read; a value that is no part at all is named as such before its fields. */
const TextPart = checkedFirst(
  (v) => (isRecord(v) && typeof v.type === "string" ? undefined : NOT_A_PART),
  z.object({
    type: z.literal("text", {
      error: (issue) => `Content parts of type '${String(issue.input)}' are not supported; send text.`,
    }),
    text: z.string({ error: mustBe("a string") }),
  }),
);
const TextParts = z.array(TextPart);

/**
 * A message's content: text, or text parts. An array is read as parts first, so a bad part is named at its path
 * (`messages[0].content[1].text`). `required`: absent or null, it is refused as missing.
 */
export const messageContent = (required: boolean) =>
  checkedFirst(
    (v) => (v === undefined || v === null ? (required ? MISSING : undefined) : Array.isArray(v) ? TextParts : undefined),
    z.union([z.string(), TextParts], { error: mustBe("a string or an array of text parts") }),
  );

/** A message's role (`developer` is read as `system`). */
export const chatRole = z.enum(["system", "developer", "user", "assistant"], {
  error: mustBe("one of system, user, assistant"),
});

/** The history: 1 to 500 messages (over 500 refused before any is read), at least one of them the user's. */
export const chatMessages = <M extends z.ZodType<{ role: string }>>(message: M) =>
  required(
    z
      .array(message, { error: mustBe("an array") })
      .min(1, { error: say((p) => `'${p}' must contain at least one message.`) })
      .max(PUBLISHED_LIMITS.messages, {
        error: say((p) => `'${p}' may contain at most ${PUBLISHED_LIMITS.messages} messages.`),
      })
      .refine((ms) => ms.some((m) => m.role === "user"), { error: say((p) => `'${p}' must contain a user message.`) }),
  ).meta({
    description: "At least one user message.",
    contains: { type: "object", required: ["role"], properties: { role: { const: "user" } } },
  });

/**
 * The JSON Schema of the rule that an object `stream_options` needs `stream: true` (null counts as absent). The service
 * checks it after the parse, in its place in the order of the checks (right after `stream_options` itself).
 */
export const STREAM_OPTIONS_NEED_STREAM = {
  if: { required: ["stream_options"], properties: { stream_options: { type: "object" } } },
  then: { required: ["stream"], properties: { stream: { const: true } } },
};

export const ChatMessage = z
  .object(
    {
      role: chatRole,
      content: messageContent(true).meta({
        description: "Text, or text parts. An assistant turn carries the code of its screen (or our answer's JSON string).",
      }),
    },
    { error: mustBe("an object") },
  )
  .meta({ id: "ChatMessage", description: "Other message fields (e.g. `name`) are accepted and ignored." });

const nonEmpty = mustBe("a non-empty string");

/** Metadata of a stored completion, OpenAI's rules: at most 16 pairs, keys ≤ 64 and values ≤ 512 characters. */
export const COMPLETION_METADATA_LIMITS = { pairs: 16, keyChars: 64, valueChars: 512 } as const;
const METADATA = COMPLETION_METADATA_LIMITS;
export const CompletionMetadata = z
  .record(
    z.string().max(METADATA.keyChars),
    z.string({ error: mustBe("a string") }).max(METADATA.valueChars, { error: longerThan }),
    {
      error: say((p, issue) =>
        issue.code === "invalid_key"
          ? `Invalid '${p}': metadata keys may be at most ${METADATA.keyChars} characters long.`
          : `'${p}' must be an object of string values.`,
      ),
    },
  )
  .refine((m) => Object.keys(m).length <= METADATA.pairs, {
    error: say((p) => `'${p}' may have at most ${METADATA.pairs} pairs.`),
  })
  .meta({
    id: "CompletionMetadata",
    description: "Up to 16 string pairs (keys ≤ 64, values ≤ 512 characters).",
    maxProperties: METADATA.pairs,
    propertyNames: { maxLength: METADATA.keyChars },
  });

export const ChatCompletionRequest = z
  .object(
    {
      model: required(
        z
          .string({ error: nonEmpty })
          .regex(notBlank, { error: nonEmpty })
          .max(PUBLISHED_LIMITS.modelChars, { error: longerThan }),
      ).meta({ examples: ["genui-pluto-0.1"] }),
      messages: chatMessages(ChatMessage),
      stream: z
        .boolean({ error: mustBe("a boolean") })
        .nullable()
        .optional(),
      stream_options: z
        .object(
          {
            include_usage: flag(),
            resumable: flag(
              "Keep the answer going for a while when the connection drops (GEN_RESUME_GRACE_MS, 10 s), so the client can resume it with `GET /chat/completions/{id}?stream=true` and `Last-Event-ID`; without it a dropped connection stops the answer (every stream can still be read back after its end).",
            ),
          },
          { error: mustBe("an object") },
        )
        .nullable()
        .optional()
        .meta({ description: "Only with `stream: true`." }),
      max_tokens: tokens,
      max_completion_tokens: tokens,
      tools: z
        .array(z.record(z.string(), z.unknown(), { error: mustBe("an object") }), { error: mustBe("an array") })
        .nullable()
        .optional()
        .meta({
          description:
            'Offer the web search tool: `{ "type": "web_search" }` or a function tool named `web_search`. Other tools are ignored.',
        }),
      include_thoughts: flag("Stream the thinking model's reasoning as `delta.reasoning_content`."),
      thinking: flag("The same as `include_thoughts`."),
      thinking_config: ThinkingConfig,
      store: flag(
        "Keep this completion for the app (read it back, list it, delete it: `GET /chat/completions/{id}` …). Left out: the app's setting (off unless the owner turned it on).",
      ),
      metadata: CompletionMetadata.nullable()
        .optional()
        .meta({ description: "Tags of a stored completion (list filters by them); up to 16 string pairs." }),
      extra_body: z
        .object({ include_thoughts: flag(), thinking: flag(), thinking_config: ThinkingConfig }, { error: mustBe("an object") })
        .nullable()
        .optional()
        .meta({ description: "The same reasoning options, nested (as the web app sends them)." }),
    },
    { error: notAnObjectBody },
  )
  .meta({
    id: "ChatCompletionRequest",
    description:
      "Other OpenAI parameters (temperature, n, user, …) are accepted and ignored. `stream_options` only with `stream: true`.",
    ...STREAM_OPTIONS_NEED_STREAM,
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

/** A completion and a chunk alike: OpenAI's fields around their own `object`, choices and usage, in OpenAI's order. */
const completionOf = <O extends string, C extends z.ZodType, U extends z.ZodType>(object: O, choices: C, usage: U) =>
  z.object({
    id: z.string(),
    object: z.literal(object),
    created: z.number().int(),
    model: z.string(),
    system_fingerprint: z.null().optional(),
    choices,
    usage,
  });

/** One choice (there is only ever choice 0): its message or delta, and how it finished. */
const choiceOf = <K extends "message" | "delta", B extends z.ZodType, F extends z.ZodType>(key: K, body: B, finish: F) =>
  z.object({ index: z.literal(0), [key]: body, logprobs: z.null().optional(), finish_reason: finish } as {
    index: z.ZodLiteral<0>;
    logprobs: z.ZodOptional<z.ZodNull>;
    finish_reason: F;
  } & Record<K, B>);

const FINISH = z.enum(["stop", "length"]);

export const ChatCompletion = completionOf(
  "chat.completion",
  z
    .array(
      choiceOf(
        "message",
        z.object({
          role: z.literal("assistant"),
          content: AnswerContent,
          refusal: z.null().optional(),
          reasoning_content: z.string().optional(),
        }),
        FINISH,
      ),
    )
    .min(1)
    .max(1),
  Usage,
).meta({ id: "ChatCompletion" });

export const ChatCompletionChunk = completionOf(
  "chat.completion.chunk",
  z
    .array(
      choiceOf(
        "delta",
        z.object({
          role: z.literal("assistant").optional(),
          content: AnswerContentPiece.optional(),
          reasoning_content: z.string().optional(),
        }),
        FINISH.nullable(),
      ),
    )
    .max(1),
  Usage.optional(),
).meta({ id: "ChatCompletionChunk" });

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
    .object(
      {
        code: uiCode(codeChars).nullable().optional(),
        prompt: z
          .string({ error: mustBe("a string") })
          .max(PUBLISHED_LIMITS.promptChars, { error: longerThan })
          .nullable()
          .optional(),
        model: z
          .string({ error: mustBe("a string") })
          .max(PUBLISHED_LIMITS.modelChars, { error: longerThan })
          .nullable()
          .optional(),
      },
      { error: notAnObjectBody },
    )
    .refine((b) => isNotBlank(b.code) || isNotBlank(b.prompt), {
      path: ["prompt"],
      params: { code: REFUSAL_CODES.missingParameter },
      error: () => "Send 'code', 'prompt' or both.",
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
