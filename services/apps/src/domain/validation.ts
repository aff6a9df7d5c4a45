import {
  CreateAppBody,
  MAX_CODE_BYTES,
  MAX_DAILY_SPEND_CAP_USD,
  TEMPLATE_STATUSES,
  UpdateTemplateBody,
} from "@genui/contracts/http";
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

export { MAX_CODE_BYTES, TEMPLATE_STATUSES };

/** Create app (the contract's CreateAppBody): `url`, also accepted as `app_url`; the URL itself is checked by Apps. */
export const createAppInput = CreateAppBody.transform((b, ctx) => {
  const v = b.url ?? b.app_url;
  if (v === undefined || v === null) {
    ctx.addIssue({ code: "custom", path: ["url"], message: REQUIRED });
    return z.NEVER;
  }
  return v;
});

/** null, undefined and "" mean "not sent" (only non-empty fields are applied). */
const sent = <T extends string>(v: T | null | undefined): Exclude<T, ""> | undefined =>
  v === null || v === undefined || v === "" ? undefined : (v as Exclude<T, "">);

/** Template update (the contract's UpdateTemplateBody): only the non-empty fields are applied. */
export const updateTemplateInput = UpdateTemplateBody.superRefine((b, ctx) => {
  if (typeof b.code === "string" && Buffer.byteLength(b.code, "utf8") > MAX_CODE_BYTES)
    ctx.addIssue({ code: "custom", path: ["code"], message: `Code must be at most ${MAX_CODE_BYTES / 1024} KB.` });
}).transform((b) => ({
  name: sent(b.name),
  description: sent(b.description),
  code: sent(b.code),
  status: sent(b.status),
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids are UUIDs; anything else cannot exist. */
export const isId = (v: string | undefined): v is string => typeof v === "string" && UUID.test(v);

/** The daily spend cap a new app's publishable key starts with: $1.00 per UTC day (the owner changes it). */
export const DEFAULT_DAILY_SPEND_CAP_MICROS = 1_000_000;
/** The largest daily cap an owner may set, in dollars. */
export { MAX_DAILY_SPEND_CAP_USD };

/** Micro-dollars as DRF shows a decimal with 2 places: "1.00". */
export const capAsText = (micros: number): string => (micros / 1_000_000).toFixed(2);

/** What an app update changes: the publishable key's cap (micro-dollars) and/or the stored completions setting. */
export interface AppSettingsInput {
  dailySpendCapMicros?: number;
  storeCompletions?: boolean;
}

/**
 * App update (the contract's UpdateAppBody, parsed by hand for DRF's messages per wrong type): `daily_spend_cap` in US
 * dollars (a number or a decimal string, at most 2 places, 0 to 10000; 0 stops the publishable key from generating),
 * held in micro-dollars, and `store_completions` (a boolean: keep the app's chat completions when a request does not
 * say `store`). At least one of them; a body with neither is refused on `daily_spend_cap` (the field it always had).
 */
export const updateAppInput = z
  .object({ daily_spend_cap: z.unknown().optional(), store_completions: z.unknown().optional() })
  .transform((b, ctx): AppSettingsInput => {
    const fail = (field: string, message: string) => {
      ctx.addIssue({ code: "custom", path: [field], message });
      return z.NEVER;
    };
    const out: AppSettingsInput = {};
    const keep = b.store_completions;
    if (keep !== undefined) {
      if (keep === null) return fail("store_completions", "This field may not be null.");
      if (typeof keep !== "boolean") return fail("store_completions", "Must be a valid boolean.");
      out.storeCompletions = keep;
    }
    const v = b.daily_spend_cap;
    if (v === undefined) return keep === undefined ? fail("daily_spend_cap", REQUIRED) : out;
    if (v === null) return fail("daily_spend_cap", "This field may not be null.");
    const text = typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : "";
    if (!/^-?\d+(\.\d+)?$/.test(text) || text.length > 20) return fail("daily_spend_cap", "A valid number is required.");
    const [whole, frac = ""] = text.replace(/^-/, "").split(".");
    if (text.startsWith("-") && /[1-9]/.test(text))
      return fail("daily_spend_cap", "Ensure this value is greater than or equal to 0.");
    if (frac.replace(/0+$/, "").length > 2)
      return fail("daily_spend_cap", "Ensure that there are no more than 2 decimal places.");
    const micros = Number(whole) * 1_000_000 + Number(frac.replace(/0+$/, "").padEnd(6, "0"));
    if (micros > MAX_DAILY_SPEND_CAP_USD * 1_000_000)
      return fail("daily_spend_cap", `Ensure this value is less than or equal to ${MAX_DAILY_SPEND_CAP_USD}.`);
    return { ...out, dailySpendCapMicros: micros };
  });
