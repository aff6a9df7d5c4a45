import { z } from "zod";

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

/** SPEC §7 auth-chat: model slug and the history (user text, or an assistant screen's code). */
export const AuthChatBody = z
  .object({
    model: z.string(),
    messages: z.array(
      z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string().optional(), code: z.string().optional() }),
    ),
    stream: z.boolean().optional(),
  })
  .meta({ id: "AuthChatBody" });
export type AuthChatBody = z.infer<typeof AuthChatBody>;
