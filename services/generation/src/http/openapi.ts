import { screenJsonSchema } from "@genui/ui-runtime";
import { LIMITS, NOT_BLANK } from "./requests";

/**
 * The OpenAPI document of the published API (served at /apps/api/v1/openapi.json). A test calls every route and
 * checks the answers, streamed chunks and errors against these schemas, and that the document lists exactly the
 * published routes, so it cannot drift from what the service does. Schemathesis fuzzes the routes from it
 * (e2e/schemathesis.int.test.ts): request schemas say exactly what the parsers in requests.ts accept, and every
 * `$ref` points inside the document (the screen schema is embedded), so tools need no network to read it.
 */

/**
 * The published screen JSON Schema, embedded: its `$defs` become component schemas and its `#/$defs/…` references
 * point at them (a `$ref` to the schema's own URL would send every reader of the document to the network).
 */
function screenSchemas(): Record<string, unknown> {
  const {
    $id: _id,
    $schema: _dialect,
    $defs,
    ...screen
  } = screenJsonSchema() as Record<string, unknown> & {
    $defs?: Record<string, Record<string, unknown>>;
  };
  const names = new Map<string, string>();
  for (const [key, def] of Object.entries($defs ?? {})) {
    const props = def.properties as Record<string, unknown> | undefined;
    names.set(key, props && "component" in props ? "ScreenComponent" : def.anyOf ? "ScreenJsonValue" : `Screen_${key}`);
  }
  const relink = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(relink);
    if (!v || typeof v !== "object") return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => {
        const m = k === "$ref" && typeof x === "string" ? /^#\/\$defs\/(.+)$/.exec(x) : null;
        return [k, m ? `#/components/schemas/${names.get(m[1]!) ?? m[1]!}` : relink(x)];
      }),
    );
  };
  return {
    Screen: {
      ...(relink(screen) as object),
      description: "Screen JSON v1 (also published at /apps/api/v1/schema/screen.v1.json).",
    },
    ...Object.fromEntries(Object.entries($defs ?? {}).map(([key, def]) => [names.get(key)!, relink(def)])),
  };
}

export function openApiDocument(maxCodeChars: number = LIMITS.codeChars): Record<string, unknown> {
  const error = {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["message", "type", "param", "code"],
        properties: {
          message: { type: "string" },
          type: { type: "string" },
          param: { type: ["string", "null"] },
          code: { type: ["string", "null"] },
        },
      },
    },
  };
  const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const retryAfter = (required: boolean) => ({
    "Retry-After": { description: "Seconds to wait before retrying.", required, schema: { type: "string", pattern: "^[0-9]+$" } },
  });
  const upstreamErrors = {
    "413": errorResponse("The request body is larger than the limit (1 MB)."),
    "502": errorResponse(
      "The model upstream failed, or its answer could not become a screen even after one repair; or the service behind the edge is unreachable.",
    ),
    "504": errorResponse("The model upstream did not answer in time."),
  };
  const standardErrors = {
    "400": errorResponse(
      "Malformed request (`type: invalid_request_error`, `param` names the field), or (retrieve) code that does not run.",
    ),
    "401": errorResponse("Missing or wrong API key."),
    "402": errorResponse("The app owner's balance cannot cover the request (not retried by the official clients).", {
      "x-should-retry": { description: "Always `false`.", schema: { const: "false" } },
    }),
    "403": errorResponse(
      "The app is not active (`app_inactive`); a secret key sent from a browser (`secret_key_in_browser`); a publishable key from another origin (`publishable_key_origin_mismatch`) or on a route other than retrieve (`publishable_key_route`).",
    ),
    "404": errorResponse("Unknown model."),
    "429": errorResponse(
      "Too many requests for this API key or its owner (`rate_limit_exceeded`, `concurrency_limit_exceeded`, `queue_share_exceeded`), or the publishable key's daily spend cap is reached (`daily_spend_cap_reached`).",
      retryAfter(true),
    ),
    "502": errorResponse("The service behind the edge is unreachable."),
    "503": errorResponse("Workers are behind (the queue is full) or a dependency is down.", retryAfter(false)),
  };
  const usage = {
    type: "object",
    required: ["prompt_tokens", "completion_tokens", "total_tokens"],
    properties: {
      prompt_tokens: { type: "integer", minimum: 0 },
      completion_tokens: { type: "integer", minimum: 0 },
      total_tokens: { type: "integer", minimum: 0 },
    },
  };
  const flag = (description?: string) => ({ type: ["boolean", "null"], ...(description ? { description } : {}) });
  const thinkingConfig = {
    type: ["object", "null"],
    properties: { include_thoughts: flag() },
  };
  const tokens = {
    type: ["integer", "null"],
    minimum: 1,
    maximum: LIMITS.maxTokens,
    description: "Most output tokens; above the model's output limit the limit applies.",
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "GenUI API",
      version: "1.0.0",
      description:
        "OpenAI-compatible chat completions whose answer is a screen: the message content is a JSON string " +
        '`{"code": <UI code>, "json": <screen JSON v1>}` (with `"repaired_code"` between them when the server had the ' +
        "model repair code that did not run; `json` renders it). Use the official OpenAI clients with this base URL and your " +
        "app's API key. Render `json` with the GenUI component; keep `code` for history (send code, not json, back). " +
        "A method a path does not list is answered 405 with `Allow` (OPTIONS is the CORS preflight).",
    },
    servers: [{ url: "/apps/api/v1" }],
    security: [{ apiKey: [] }],
    paths: {
      "/chat/completions": {
        post: {
          operationId: "createChatCompletion",
          summary: "Generate a screen from a conversation",
          description:
            "With `stream: true` the answer is a stream of server-sent events: bare `data: <chunk>` lines whose " +
            '`delta.content` pieces add up, byte for byte, to the non-streaming `message.content`: first `{"code":"`, ' +
            "then the UI code as it is generated (JSON-string-escaped; no piece splits an escape or a surrogate pair), " +
            '`","repaired_code":"` and the repaired code when a repair pass runs, and last `","json":<screen>}` with ' +
            "`finish_reason`; with `stream_options.include_usage` one chunk with `choices: []` and `usage` comes " +
            "before `data: [DONE]`. Lines starting with `:` are keep-alives. An error after the stream started arrives " +
            'as `data: {"error": …}`. The `text/event-stream` schema describes one event (`data` is a chunk, an error or ' +
            "`[DONE]`), as OpenAPI 3.2's `itemSchema` does. A client that sends `Accept-Encoding: gzip` gets the stream " +
            "gzip-compressed, flushed after every batch of events.",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ChatCompletionRequest" } } },
          },
          responses: {
            "200": {
              description: "The completion (JSON), or a stream of chunks (text/event-stream).",
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/ChatCompletion" } },
                "text/event-stream": { schema: { $ref: "#/components/schemas/ChatCompletionEvent" } },
              },
            },
            ...standardErrors,
            ...upstreamErrors,
          },
        },
      },
      "/retrieve/": {
        post: {
          operationId: "retrieveScreen",
          summary: "Screen JSON for UI code (evaluated, no model call, not billed) or a prompt (optionally changing code)",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/RetrieveRequest" } } },
          },
          responses: {
            "200": {
              description: "The screen.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/RetrieveResponse" } } },
            },
            ...standardErrors,
            ...upstreamErrors,
          },
        },
      },
      "/models": {
        get: {
          operationId: "listModels",
          summary: "The models you can call",
          responses: {
            "200": {
              description: "Models.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/ModelList" } } },
            },
            "401": standardErrors["401"],
            "403": standardErrors["403"],
            "429": standardErrors["429"],
            "502": standardErrors["502"],
            "503": standardErrors["503"],
          },
        },
      },
      "/models/{model}": {
        get: {
          operationId: "retrieveModel",
          parameters: [{ name: "model", in: "path", required: true, schema: { type: "string", minLength: 1 } }],
          responses: {
            "200": {
              description: "The model.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Model" } } },
            },
            "401": standardErrors["401"],
            "403": standardErrors["403"],
            "404": standardErrors["404"],
            "429": standardErrors["429"],
            "502": standardErrors["502"],
            "503": standardErrors["503"],
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "Your app's secret key (gk_live_…, servers), or its publishable key (gk_pub_…: retrieve only, from the app's origin).",
        },
      },
      schemas: {
        Error: error,
        Usage: usage,
        ...screenSchemas(),
        ChatMessage: {
          type: "object",
          required: ["role", "content"],
          description: "Other message fields (e.g. `name`) are accepted and ignored.",
          properties: {
            role: { enum: ["system", "developer", "user", "assistant"] },
            content: {
              description: "Text, or text parts. An assistant turn carries the code of its screen (or our answer's JSON string).",
              oneOf: [
                { type: "string" },
                {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["type", "text"],
                    properties: { type: { const: "text" }, text: { type: "string" } },
                  },
                },
              ],
            },
          },
        },
        ChatCompletionRequest: {
          type: "object",
          required: ["model", "messages"],
          description:
            "Other OpenAI parameters (temperature, n, user, …) are accepted and ignored. `stream_options` only with " +
            "`stream: true`.",
          properties: {
            model: { type: "string", pattern: NOT_BLANK, maxLength: LIMITS.modelChars, examples: ["genui-pluto-0.1"] },
            messages: {
              type: "array",
              minItems: 1,
              maxItems: LIMITS.messages,
              items: { $ref: "#/components/schemas/ChatMessage" },
              contains: { type: "object", required: ["role"], properties: { role: { const: "user" } } },
              description: "At least one user message.",
            },
            stream: { type: ["boolean", "null"] },
            stream_options: {
              type: ["object", "null"],
              description: "Only with `stream: true`.",
              properties: { include_usage: flag() },
            },
            max_tokens: tokens,
            max_completion_tokens: tokens,
            tools: {
              type: ["array", "null"],
              description:
                'Offer the web search tool: `{ "type": "web_search" }` or a function tool named `web_search`. Other tools are ignored.',
              items: { type: "object" },
            },
            include_thoughts: flag("Stream the thinking model's reasoning as `delta.reasoning_content`."),
            thinking: flag("The same as `include_thoughts`."),
            thinking_config: thinkingConfig,
            extra_body: {
              type: ["object", "null"],
              description: "The same reasoning options, nested (as the web app sends them).",
              properties: { include_thoughts: flag(), thinking: flag(), thinking_config: thinkingConfig },
            },
          },
          // An object `stream_options` needs `stream: true` (null counts as absent).
          if: { required: ["stream_options"], properties: { stream_options: { type: "object" } } },
          then: { required: ["stream"], properties: { stream: { const: true } } },
        },
        AnswerContent: {
          type: "string",
          contentMediaType: "application/json",
          description:
            'JSON text of `{"code": string, "json": Screen}`, or `{"code": string, "repaired_code": string, "json": Screen}` ' +
            "when a repair pass ran (`code` is then the first pass's code; `json` renders `repaired_code`).",
        },
        AnswerContentPiece: {
          type: "string",
          description:
            "A piece of the answer's content (`AnswerContent`): the pieces of a stream, concatenated, are that JSON text.",
        },
        ChatCompletion: {
          type: "object",
          required: ["id", "object", "created", "model", "choices", "usage"],
          properties: {
            id: { type: "string" },
            object: { const: "chat.completion" },
            created: { type: "integer" },
            model: { type: "string" },
            system_fingerprint: { type: "null" },
            choices: {
              type: "array",
              minItems: 1,
              maxItems: 1,
              items: {
                type: "object",
                required: ["index", "message", "finish_reason"],
                properties: {
                  index: { const: 0 },
                  message: {
                    type: "object",
                    required: ["role", "content"],
                    properties: {
                      role: { const: "assistant" },
                      content: { $ref: "#/components/schemas/AnswerContent" },
                      refusal: { type: "null" },
                      reasoning_content: { type: "string" },
                    },
                  },
                  logprobs: { type: "null" },
                  finish_reason: { enum: ["stop", "length"] },
                },
              },
            },
            usage: { $ref: "#/components/schemas/Usage" },
          },
        },
        ChatCompletionChunk: {
          type: "object",
          required: ["id", "object", "created", "model", "choices"],
          properties: {
            id: { type: "string" },
            object: { const: "chat.completion.chunk" },
            created: { type: "integer" },
            model: { type: "string" },
            system_fingerprint: { type: "null" },
            choices: {
              type: "array",
              maxItems: 1,
              items: {
                type: "object",
                required: ["index", "delta", "finish_reason"],
                properties: {
                  index: { const: 0 },
                  delta: {
                    type: "object",
                    properties: {
                      role: { const: "assistant" },
                      content: { $ref: "#/components/schemas/AnswerContentPiece" },
                      reasoning_content: { type: "string" },
                    },
                  },
                  logprobs: { type: "null" },
                  finish_reason: { enum: ["stop", "length", null] },
                },
              },
            },
            usage: { $ref: "#/components/schemas/Usage" },
          },
        },
        ChatCompletionEvent: {
          type: "object",
          required: ["data"],
          description: "One server-sent event of a streamed completion.",
          properties: {
            data: {
              type: "string",
              description: "A chunk, an error (the stream then ends), or `[DONE]` (the last event).",
              if: { const: "[DONE]" },
              else: {
                contentMediaType: "application/json",
                contentSchema: {
                  anyOf: [{ $ref: "#/components/schemas/ChatCompletionChunk" }, { $ref: "#/components/schemas/Error" }],
                },
              },
            },
          },
        },
        RetrieveRequest: {
          type: "object",
          description:
            "At least one of `code` and `prompt` that is not blank (a blank one counts as absent). `model` applies to a " +
            "prompt (default: the default model). Other fields are ignored.",
          properties: {
            code: { type: ["string", "null"], maxLength: maxCodeChars },
            prompt: { type: ["string", "null"], maxLength: LIMITS.promptChars },
            model: { type: ["string", "null"], maxLength: LIMITS.modelChars },
          },
          anyOf: [
            { required: ["code"], properties: { code: { type: "string", pattern: NOT_BLANK } } },
            { required: ["prompt"], properties: { prompt: { type: "string", pattern: NOT_BLANK } } },
          ],
        },
        RetrieveResponse: {
          type: "object",
          required: ["json", "code"],
          properties: { json: { $ref: "#/components/schemas/Screen" }, code: { type: "string" } },
        },
        Model: {
          type: "object",
          required: ["id", "object", "created", "owned_by"],
          properties: {
            id: { type: "string" },
            object: { const: "model" },
            created: { type: "integer" },
            owned_by: { type: "string" },
          },
        },
        ModelList: {
          type: "object",
          required: ["object", "data"],
          properties: { object: { const: "list" }, data: { type: "array", items: { $ref: "#/components/schemas/Model" } } },
        },
      },
    },
  };
}
