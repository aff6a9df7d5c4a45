import { z } from "zod";

const REQUIRED = "This field is required.";
const int = (name: string, min: number, max: number, fallback: number) =>
  z
    .union([z.string(), z.number()], { error: "A valid integer is required." })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = typeof v === "number" ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", message: "A valid integer is required." });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `Ensure ${name} is between ${min} and ${max}.` });
        return z.NEVER;
      }
      return n;
    });

/** `?page&page_size`: page from 1, page_size 1–100 (default 100). */
export const pagination = z.object({ page: int("page", 1, 1_000_000, 1), page_size: int("page_size", 1, 100, 100) });

/** Create app: `url`, also accepted as `app_url`. */
export const createAppInput = z
  .object({
    url: z.unknown().optional(),
    app_url: z.unknown().optional(),
  })
  .transform((b, ctx) => {
    const v = b.url ?? b.app_url;
    if (v === undefined || v === null) {
      ctx.addIssue({ code: "custom", path: ["url"], message: REQUIRED });
      return z.NEVER;
    }
    if (typeof v !== "string") {
      ctx.addIssue({ code: "custom", path: ["url"], message: "Not a valid string." });
      return z.NEVER;
    }
    return v;
  });

export const TEMPLATE_STATUSES = ["draft", "publish", "pause"] as const;
export const MAX_CODE_BYTES = 256 * 1024;

/** An optional text field: null, undefined and "" mean "not sent" (only non-empty fields are applied). */
const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: "Not a valid string." })
    .optional()
    .transform((v) => (v === null || v === undefined || v === "" ? undefined : v))
    .refine((v) => v === undefined || v.length <= max, `${label} must have at most ${max} characters.`);

/** Template update: only the non-empty fields among name, description, code, status are applied. */
export const updateTemplateInput = z.object({
  name: optionalText("Name", 100),
  description: optionalText("Description", 1_000),
  code: z
    .union([z.string(), z.null()], { error: "Not a valid string." })
    .optional()
    .transform((v) => (v === null || v === undefined || v === "" ? undefined : v))
    .refine(
      (v) => v === undefined || Buffer.byteLength(v, "utf8") <= MAX_CODE_BYTES,
      `Code must be at most ${MAX_CODE_BYTES / 1024} KB.`,
    ),
  status: z
    .union([z.string(), z.null()], { error: "Not a valid string." })
    .optional()
    .transform((v) => (v === null || v === undefined || v === "" ? undefined : v))
    .refine(
      (v) => v === undefined || (TEMPLATE_STATUSES as readonly string[]).includes(v),
      `Not a valid choice: use one of ${TEMPLATE_STATUSES.join(", ")}.`,
    )
    .transform((v) => v as (typeof TEMPLATE_STATUSES)[number] | undefined),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids are UUIDs; anything else cannot exist. */
export const isId = (v: string | undefined): v is string => typeof v === "string" && UUID.test(v);
