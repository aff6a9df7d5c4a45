import { z } from "zod";

/**
 * The error shapes SPEC.md names for the signed-in API (SPEC §8; docs/decisions.md): a message (with a stable code when
 * a service raised it), or field errors in Django REST framework's shape.
 */
export const MessageError = z
  .object({
    message: z.string(),
    code: z.string().optional().meta({ description: "Stable error code, e.g. COMMON.NOT_FOUND or BFF.CSRF." }),
  })
  .meta({ id: "MessageError", description: "An error with a message the SPA shows or logs." });
export type MessageError = z.infer<typeof MessageError>;

export const FieldErrors = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: "FieldErrors", description: "Field errors: each field (or non_field_errors) to its messages." });
export type FieldErrors = z.infer<typeof FieldErrors>;

/** A refused request: field errors for input, else a message. */
export const BadRequest = z.union([MessageError, FieldErrors]).meta({ id: "BadRequest" });
