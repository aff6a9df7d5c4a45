import { z } from "zod";
import { ApiError } from "./published";
import type { HttpAnswer } from "./operation";

/**
 * The AG-UI route's shapes (`POST /apps/api/v1/ag-ui`, rows AG_UI_ROUTES in wire-formats.ts): AG-UI 1.0's
 * `RunAgentInput` (https://docs.ag-ui.com; @ag-ui/core's `RunAgentInputSchema`, field for field: objects accept
 * other fields, as the protocol's do) with one namespace of our own, `forwardedProps.genui`, whose fields are closed
 * (a misspelt option is refused rather than ignored). The answer is a stream of AG-UI events.
 */

/** Open by key, never null (AG-UI's `metadata`). */
const Metadata = z.record(z.string(), z.unknown());

/** The fields every message has (`subagentRunId`, `id`, `metadata`), with its `role`. */
const messageOf = <R extends string, F extends z.core.$ZodLooseShape>(role: R, fields: F) =>
  z.looseObject({
    subagentRunId: z.string().optional(),
    id: z.string(),
    role: z.literal(role),
    metadata: Metadata.optional(),
    ...fields,
  });

/** Where a media part's bytes are: inline base64, a URL, or a provider's file id. */
const PartSource = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("data"), value: z.string(), mimeType: z.string() }),
  z.looseObject({ type: z.literal("url"), value: z.string(), mimeType: z.string().optional() }),
  z.looseObject({ type: z.literal("file"), value: z.string(), provider: z.string().optional(), mimeType: z.string().optional() }),
]);
const mediaPart = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), id: z.string().optional(), source: PartSource, metadata: z.unknown().optional() });

/** A content part: text (read), or media (accepted by the contract; a request made of media is answered RUN_ERROR). */
const ContentPart = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text"), id: z.string().optional(), text: z.string(), metadata: z.unknown().optional() }),
  mediaPart("image"),
  mediaPart("audio"),
  mediaPart("video"),
  mediaPart("document"),
]);
const Content = z.union([z.string(), z.array(ContentPart)]);

const ToolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
  encryptedValue: z.string().optional(),
  metadata: Metadata.optional(),
});

const named = { name: z.string().optional(), encryptedValue: z.string().optional() };

export const AgUiMessage = z
  .discriminatedUnion("role", [
    messageOf("developer", { ...named, content: z.string() }),
    messageOf("system", { ...named, content: z.string() }),
    messageOf("assistant", { ...named, content: z.string().optional(), toolCalls: z.array(ToolCall).optional() }),
    messageOf("user", { ...named, content: Content }),
    messageOf("tool", {
      content: Content,
      toolCallId: z.string(),
      error: z.string().optional(),
      encryptedValue: z.string().optional(),
    }),
    messageOf("activity", { activityType: z.string(), content: z.record(z.string(), z.unknown()) }),
    messageOf("reasoning", { content: z.string(), encryptedValue: z.string().optional() }),
  ])
  .meta({
    id: "AgUiMessage",
    description:
      "An AG-UI message. The run answers the user messages after the last assistant or tool message (text parts " +
      'are read); a user message may be a screen action as the chat page sends it (`{"type":"onPress","component":{…}}`).',
  });

export const AgUiTool = z
  .looseObject({
    name: z.string(),
    description: z.string(),
    parameters: z.unknown().optional().meta({ description: "The tool's arguments as a JSON Schema." }),
    metadata: Metadata.optional(),
  })
  .meta({ id: "AgUiTool", description: "A tool the frontend offers (AG-UI's frontend tools)." });

/** GenUI's own options of a run (`forwardedProps.genui`): closed, so a misspelt option is refused. */
export const AgUiGenuiOptions = z
  .strictObject({
    model: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: "The model (a slug from GET /models); default: the default model.", examples: ["genui-pluto-0.1"] }),
    render_tool: z
      .string()
      .min(1)
      .optional()
      .meta({
        description:
          "The frontend tool (one of `tools`) to call with the screen; default: a tool named `render_screen`, if " +
          "offered. The call's arguments are `{screen, code, screen_id, summary}` (only the ones the tool's " +
          "`parameters.properties` names, when it names any), checked against its parameters.",
      }),
  })
  .meta({ id: "AgUiGenuiOptions", description: "GenUI's options of the run. Other fields are refused." });

/** The tool a run calls with its screen when the request names none (`forwardedProps.genui.render_tool`). */
export const AG_UI_RENDER_TOOL = "render_screen";

export const AgUiRunInput = z
  .looseObject({
    threadId: z.string(),
    runId: z.string(),
    protocolVersion: z.string().optional(),
    parentRunId: z.string().optional(),
    state: z
      .unknown()
      .optional()
      .meta({
        description:
          "The state the last run left (`{screen, code, screen_id}`, and whatever else the client keeps there, which " +
          "comes back untouched): its `screen_id` continues that screen's conversation, its `code` stands in for it " +
          "once the screen has expired.",
      }),
    messages: z.array(AgUiMessage),
    tools: z.array(AgUiTool).optional(),
    context: z.array(z.looseObject({ description: z.string(), value: z.string() })).optional(),
    forwardedProps: z
      .looseObject({ genui: AgUiGenuiOptions.optional() })
      .nullable()
      .optional()
      .meta({ description: "Props for the agent; GenUI reads `genui` and ignores the rest." }),
    resume: z
      .array(
        z.looseObject({
          interruptId: z.string(),
          status: z.enum(["resolved", "cancelled"]),
          payload: z.unknown().optional(),
          metadata: Metadata.optional(),
        }),
      )
      .optional(),
  })
  .meta({
    id: "RunAgentInput",
    description:
      "AG-UI 1.0's RunAgentInput (as @ag-ui/client's HttpAgent sends it). Other fields are accepted and ignored, as " +
      "AG-UI's schemas do, except inside `forwardedProps.genui`.",
  });
export type AgUiRunInput = z.infer<typeof AgUiRunInput>;
export type AgUiMessage = z.infer<typeof AgUiMessage>;
export type AgUiTool = z.infer<typeof AgUiTool>;

/** A JSON Patch operation (RFC 6902), as STATE_DELTA carries them. */
const PatchOperation = z.discriminatedUnion("op", [
  z.looseObject({ op: z.literal("add"), path: z.string(), value: z.unknown() }),
  z.looseObject({ op: z.literal("remove"), path: z.string() }),
  z.looseObject({ op: z.literal("replace"), path: z.string(), value: z.unknown() }),
  z.looseObject({ op: z.literal("move"), from: z.string(), path: z.string() }),
  z.looseObject({ op: z.literal("copy"), from: z.string(), path: z.string() }),
  z.looseObject({ op: z.literal("test"), path: z.string(), value: z.unknown() }),
]);

const eventOf = <T extends string, F extends z.core.$ZodLooseShape>(type: T, fields: F) =>
  z.looseObject({ type: z.literal(type), timestamp: z.number().int().optional(), metadata: Metadata.optional(), ...fields });

const TokenUsage = z.looseObject({
  model: z.string().optional(),
  inputTokens: z.number().int().optional(),
  outputTokens: z.number().int().optional(),
  totalTokens: z.number().int().optional(),
});

/** The events a run sends (AG-UI 1.0 events, the ones this agent uses), in this order (docs/api.md, "AG-UI"). */
export const AgUiEvent = z.discriminatedUnion("type", [
  eventOf("RUN_STARTED", { threadId: z.string(), runId: z.string() }),
  eventOf("STATE_SNAPSHOT", { snapshot: z.unknown() }),
  eventOf("STATE_DELTA", { delta: z.array(PatchOperation) }),
  eventOf("TEXT_MESSAGE_START", { messageId: z.string(), role: z.literal("assistant") }),
  eventOf("TEXT_MESSAGE_CONTENT", { messageId: z.string(), delta: z.string().min(1) }),
  eventOf("TEXT_MESSAGE_END", { messageId: z.string() }),
  eventOf("TOOL_CALL_START", { toolCallId: z.string(), toolCallName: z.string(), parentMessageId: z.string().optional() }),
  eventOf("TOOL_CALL_ARGS", { toolCallId: z.string(), delta: z.string() }),
  eventOf("TOOL_CALL_END", { toolCallId: z.string() }),
  eventOf("RUN_FINISHED", {
    threadId: z.string(),
    runId: z.string(),
    result: z.unknown().optional(),
    outcome: z.looseObject({ type: z.literal("success"), pendingToolCallIds: z.array(z.string()).optional() }).optional(),
    usage: z.array(TokenUsage).optional(),
  }),
  eventOf("RUN_ERROR", { message: z.string(), code: z.string().optional() }),
]);
export type AgUiEvent = z.infer<typeof AgUiEvent>;

/** The event schema as plain JSON Schema (no references), for the event stream's `contentSchema`. */
function inlineSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** One server-sent event of a run: `data` is one AG-UI event's JSON. */
export const AgUiStreamEvent = z
  .object({
    data: z.string().meta({
      description: "One AG-UI event (JSON).",
      contentMediaType: "application/json",
      contentSchema: inlineSchema(AgUiEvent),
    }),
  })
  .meta({ id: "AgUiStreamEvent", description: "One server-sent event of an AG-UI run (`data: <event JSON>`)." });

/** AG-UI's binary framing (@ag-ui/proto), for clients that accept `application/vnd.ag-ui.event+proto`. */
export const AG_UI_PROTO_MEDIA_TYPE = "application/vnd.ag-ui.event+proto";
const ProtoFrames = z.string().meta({
  description: "The same events as protobuf messages (@ag-ui/proto), each preceded by its length (4 bytes, big-endian).",
  contentMediaType: "application/octet-stream",
});

const refusal = (description: string, headers?: HttpAnswer["headers"]): HttpAnswer => ({
  description,
  schema: ApiError,
  ...(headers ? { headers } : {}),
});

/** What the route answers: the run as events, or (before any event) the published API's refusals. */
export const AG_UI_ANSWERS = {
  200: {
    description:
      "The run: AG-UI events (`text/event-stream`, or protobuf frames when `Accept` asks for " +
      "`application/vnd.ag-ui.event+proto`). A run that cannot go ahead (no user message to answer, an unknown " +
      "render tool, the balance, the key's limits, the model failing) is one `RUN_ERROR` with the published API's " +
      "error `code` (e.g. `insufficient_quota`, `rate_limit_exceeded`) and `metadata.genui` `{status, type, param, " +
      "retry_after_seconds}`; nothing is charged for a refusal.",
    alternatives: { "text/event-stream": AgUiStreamEvent, [AG_UI_PROTO_MEDIA_TYPE]: ProtoFrames },
  },
  400: refusal(
    "The body is not JSON, or not a RunAgentInput (`param` names the field), or `forwardedProps.genui` has an unknown field.",
  ),
  401: refusal("Missing or wrong API key."),
  403: refusal(
    "The app is not active (`app_inactive`); a secret key sent from a browser (`secret_key_in_browser`); a publishable key (`publishable_key_route`).",
  ),
  413: refusal("The request body is larger than the limit (1 MB)."),
  429: refusal("Too many requests from this address (the edge's limit).", {
    "Retry-After": {
      description: "Seconds to wait before retrying.",
      required: true,
      schema: { type: "string", pattern: "^[0-9]+$" },
    },
  }),
  502: refusal("The service behind the edge is unreachable."),
  503: refusal("A dependency is down (the key could not be checked).", {
    "Retry-After": {
      description: "Seconds to wait before retrying.",
      required: false,
      schema: { type: "string", pattern: "^[0-9]+$" },
    },
  }),
} satisfies Record<number, HttpAnswer>;

/** A request that works as it is (the document's example; a test sends it). */
export const AG_UI_EXAMPLE = {
  threadId: "thread-1",
  runId: "run-1",
  state: {},
  messages: [{ id: "msg-1", role: "user", content: "A contact form with name, email and message" }],
  tools: [],
  context: [],
  forwardedProps: {},
};
