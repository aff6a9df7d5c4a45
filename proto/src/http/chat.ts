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
