import { z } from "zod";
import {
  chatMessages,
  chatRole,
  ChatCompletionRequest,
  messageContent,
  mustBe,
  notAnObjectBody,
  paramOf,
  PUBLISHED_LIMITS,
  REFUSAL_CODES,
  STREAM_OPTIONS_NEED_STREAM,
  uiCode,
} from "./published";

/** Which provider the generation workers run, as they announce it (the models list names it honestly). */
export const ServedBy = z
  .object({ provider: z.string(), label: z.string() })
  .meta({ id: "ServedBy", description: "What serves the models: provider key and a label to show." });
export type ServedBy = z.infer<typeof ServedBy>;

/** SPEC §3 Model (the chat picker), with its limits and what serves it. */
export const ChatModel = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    features: z.object({ features: z.array(z.string()) }),
    input_text_limit: z.number(),
    output_text_limit: z.number(),
    is_default: z.boolean(),
    served_by: ServedBy.nullable().meta({ description: "null while no worker has announced itself." }),
  })
  .meta({ id: "ChatModel" });
export type ChatModel = z.infer<typeof ChatModel>;

/** The generation routes' error shape (OpenAI's, as the published API answers; docs/api.md "Errors"). */
export const OpenAiError = z
  .object({
    error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
  })
  .meta({ id: "OpenAiError" });
export type OpenAiError = z.infer<typeof OpenAiError>;

/** SPEC §7 auth-retrieve: code and/or prompt (the code alone is evaluated; with a prompt it is changed). */
export const AuthRetrieveBody = z
  .object({ code: z.string().optional(), prompt: z.string().optional(), model: z.string().optional() })
  .meta({ id: "AuthRetrieveBody" });
export type AuthRetrieveBody = z.infer<typeof AuthRetrieveBody>;

/** The code and the screen JSON it renders (SPEC §3 UI screen JSON; its schema: /apps/api/v1/schema/screen.v1.json). */
export const CodeAndScreen = z
  .object({ code: z.string(), json: z.record(z.string(), z.unknown()) })
  .meta({ id: "CodeAndScreen" });
export type CodeAndScreen = z.infer<typeof CodeAndScreen>;

/**
 * A message of the signed-in chat's history: `content`, `code` or both. The history sends an assistant screen's code
 * (never its json), and a user message the code it asks to change; `codeChars` is the service's GEN_MAX_CODE_CHARS.
 */
const authChatMessage = (codeChars: number) =>
  z
    .object(
      {
        role: chatRole,
        content: messageContent(false).nullish().meta({ description: "Text, or text parts; absent when `code` says it all." }),
        code: uiCode(codeChars)
          .nullish()
          .meta({ description: "UI code: an assistant turn's screen, or the code a user message asks to change." }),
      },
      { error: mustBe("an object") },
    )
    .refine((m) => (m.content !== undefined && m.content !== null) || !!m.code, {
      path: ["content"],
      params: { code: REFUSAL_CODES.missingParameter },
      error: (issue) => `'${paramOf((issue.path ?? []).slice(0, -1))}' needs 'content' or 'code'.`,
    });

/**
 * SPEC §7 auth-chat: the published chat body (`ChatCompletionRequest`: the same fields, limits and refusals) whose
 * messages may carry `code`, with `stream_format`. `codeChars` is the service's GEN_MAX_CODE_CHARS.
 */
export const authChatBody = (codeChars: number = PUBLISHED_LIMITS.codeChars) =>
  z
    .object(
      {
        ...ChatCompletionRequest.shape,
        messages: chatMessages(authChatMessage(codeChars)),
        stream_format: z
          .enum(["snapshots", "deltas"], { error: () => `'stream_format' must be "snapshots" or "deltas".` })
          .nullable()
          .optional()
          .meta({
            description:
              'The stream\'s layout: "snapshots" (every chunk the whole screen so far; the default) or "deltas" (pieces of one JSON text).',
          }),
      },
      { error: notAnObjectBody },
    )
    .meta({ id: "AuthChatBody", ...STREAM_OPTIONS_NEED_STREAM });
export const AuthChatBody = authChatBody();
export type AuthChatBody = z.infer<typeof AuthChatBody>;
