import type { ModelPlan } from "@genui/contracts/http";
import { z } from "zod";

export const CURRENCIES = ["USD", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const PRICE_FIELDS = [
  "input_text_cost",
  "input_image_cost",
  "input_video_cost",
  "input_audio_cost",
  "output_text_cost",
] as const;
type PriceField = (typeof PRICE_FIELDS)[number];

/** A decimal amount with at most 6 places, kept as integer millionths (micro-units) so no float touches money. */
const decimal = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, "must be a non-negative decimal with at most 6 places")
  .transform((s) => {
    const [whole, frac = ""] = s.split(".");
    return Number(whole) * 1_000_000 + Number(frac.padEnd(6, "0"));
  });

const prices = z.object(Object.fromEntries(PRICE_FIELDS.map((f) => [f, decimal])) as Record<PriceField, typeof decimal>);

const planSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,63}$/),
  name: z.string().min(1).max(100),
  description: z.string().min(1).max(1_000),
  default: z.boolean().default(false),
  input_text_limit: z.number().int().positive(),
  output_text_limit: z.number().int().positive(),
  features: z.array(z.string().min(1)).min(1),
  prices: z.object({ USD: prices, INR: prices }),
});

const catalogueSchema = z
  .object({ plans: z.array(planSchema).min(1) })
  .refine((c) => new Set(c.plans.map((p) => p.id)).size === c.plans.length, "plan ids must be unique")
  .refine((c) => c.plans.filter((p) => p.default).length === 1, "exactly one plan must be the default");

export type Plan = z.output<typeof planSchema>;

/** A plan as `GET /billing/api/v1/modals/list` shows it (SPEC's Model plan): prices per 1M tokens. */
/** A plan as `GET /billing/api/v1/modals/list` answers it: the contract's ModelPlan. */
export type PlanView = ModelPlan;

/** Billing's plan catalogue: validated from its JSON (read once at boot by `store/catalogue-file.ts`), immutable. */
export class Catalogue {
  readonly plans: readonly Plan[];

  constructor(json: unknown) {
    const parsed = catalogueSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `invalid plan catalogue: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    this.plans = parsed.data.plans;
  }

  get defaultPlan(): Plan {
    return this.plans.find((p) => p.default)!;
  }

  find(id: string): Plan | undefined {
    return this.plans.find((p) => p.id === id);
  }

  /** Price of a field in micro-units of `currency` per 1M tokens. */
  price(plan: Plan, currency: Currency, field: PriceField): number {
    return plan.prices[currency][field];
  }

  view(currency: Currency): PlanView[] {
    return this.plans.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      currency,
      ...(Object.fromEntries(PRICE_FIELDS.map((f) => [f, p.prices[currency][f] / 1_000_000])) as Record<PriceField, number>),
      input_text_limit: p.input_text_limit,
      output_text_limit: p.output_text_limit,
      features: { features: [...p.features] },
    }));
  }
}
