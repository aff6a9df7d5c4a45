import { SCHEMA_ID } from "@genui/ui-runtime";

/**
 * The OpenAPI document of the published API (served at /apps/api/v1/openapi.json). A test calls every route and
 * checks the answers, streamed chunks and errors against these schemas, and that the document lists exactly the
 * published routes, so it cannot drift from what the service does.
 */
export function openApiDocument(): Record<string, unknown> {
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
  const retryAfter = { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } } };
  const upstreamErrors = {
    "413": errorResponse("The request body is larger than the limit (1 MB)."),
    "502": errorResponse("The model upstream failed, or its answer could not become a screen even after one repair."),
    "504": errorResponse("The model upstream did not answer in time."),
  };
  const standardErrors = {
    "400": errorResponse("Malformed request (`type: invalid_request_error`, `param` names the field)."),
    "401": errorResponse("Missing or wrong API key."),
    "402": errorResponse("The app owner's balance cannot cover the request (not retried by the official clients)."),
    "403": errorResponse("The app is not active."),
    "404": errorResponse("Unknown model."),
    "429": errorResponse(
      "The key's request rate or requests in progress are at their limit (`code`: `rate_limit_exceeded`, `concurrency_limit_exceeded`, `queue_share_exceeded`).",
      retryAfter,
    ),
    "503": errorResponse("Workers are behind (the queue is full) or a dependency is down.", retryAfter),
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
  return {
    openapi: "3.1.0",
    info: {
      title: "GenUI API",
      version: "1.0.0",
      description:
        "OpenAI-compatible chat completions whose answer is a screen: the message content is a JSON string " +
        '`{"code": <UI code>, "json": <screen JSON v1>}`. Use the official OpenAI clients with this base URL and your ' +
        "app's API key. Render `json` with the GenUI component; keep `code` for history (send code, not json, back).",
    },
    servers: [{ url: "/apps/api/v1" }],
    security: [{ apiKey: [] }],
    paths: {
      "/chat/completions": {
        post: {
          operationId: "createChatCompletion",
          summary: "Generate a screen from a conversation",
          description:
            "With `stream: true` the answer is a stream of server-sent events: bare `data: <chunk>` lines, each chunk's " +
            "`delta.content` holding the screen so far as a JSON string; the last content chunk carries `finish_reason` " +
            "and the whole screen; with `stream_options.include_usage` one chunk with `choices: []` and `usage` comes " +
            "before `data: [DONE]`. Lines starting with `:` are keep-alives. An error after the stream started arrives " +
            'as `data: {"error": …}`.',
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ChatCompletionRequest" } } },
          },
          responses: {
            "200": {
              description: "The completion (JSON), or a stream of chunks (text/event-stream).",
              content: {
                "application/json": { schema: { $ref: "#/components/schemas/ChatCompletion" } },
                "text/event-stream": { schema: { $ref: "#/components/schemas/ChatCompletionChunk" } },
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
            "503": standardErrors["503"],
          },
        },
      },
      "/models/{model}": {
        get: {
          operationId: "retrieveModel",
          parameters: [{ name: "model", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": {
              description: "The model.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Model" } } },
            },
            "401": standardErrors["401"],
            "403": standardErrors["403"],
            "404": standardErrors["404"],
            "429": standardErrors["429"],
            "503": standardErrors["503"],
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "Your app's API key (gk_live_…)." } },
      schemas: {
        Error: error,
        Usage: usage,
        Screen: { $ref: SCHEMA_ID, description: "Screen JSON v1 (the published JSON Schema)." },
        ChatMessage: {
          type: "object",
          required: ["role", "content"],
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
          properties: {
            model: { type: "string", examples: ["genui-pluto-0.1"] },
            messages: { type: "array", minItems: 1, maxItems: 500, items: { $ref: "#/components/schemas/ChatMessage" } },
            stream: { type: ["boolean", "null"] },
            stream_options: {
              type: ["object", "null"],
              properties: { include_usage: { type: "boolean" } },
            },
            max_tokens: { type: ["integer", "null"], minimum: 1 },
            max_completion_tokens: { type: ["integer", "null"], minimum: 1 },
            tools: {
              type: ["array", "null"],
              description:
                'Offer the web search tool: `{ "type": "web_search" }` or a function tool named `web_search`. Other tools are ignored.',
              items: { type: "object" },
            },
            include_thoughts: {
              type: ["boolean", "null"],
              description: "Stream the thinking model's reasoning as `delta.reasoning_content` (also `thinking: true`).",
            },
            thinking_config: {
              type: ["object", "null"],
              properties: { include_thoughts: { type: "boolean" } },
            },
            extra_body: {
              type: ["object", "null"],
              description: "The same reasoning options, nested (as the web app sends them).",
              properties: {
                include_thoughts: { type: "boolean" },
                thinking: { type: "boolean" },
                thinking_config: { type: "object", properties: { include_thoughts: { type: "boolean" } } },
              },
            },
          },
        },
        AnswerContent: {
          type: "string",
          contentMediaType: "application/json",
          description: 'JSON text of `{"code": string, "json": Screen}`.',
        },
        ChatCompletion: {
          type: "object",
          required: ["id", "object", "created", "model", "choices", "usage"],
          properties: {
            id: { type: "string" },
            object: { const: "chat.completion" },
            created: { type: "integer" },
            model: { type: "string" },
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
                      reasoning_content: { type: "string" },
                    },
                  },
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
                      content: { $ref: "#/components/schemas/AnswerContent" },
                      reasoning_content: { type: "string" },
                    },
                  },
                  finish_reason: { enum: ["stop", "length", null] },
                },
              },
            },
            usage: { $ref: "#/components/schemas/Usage" },
          },
        },
        RetrieveRequest: {
          type: "object",
          description: "At least one of code and prompt.",
          properties: {
            code: { type: "string", maxLength: 32000 },
            prompt: { type: "string", maxLength: 50000 },
            model: { type: "string" },
          },
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
