import { isRecord } from "../emulator-support";

// PayPal's order as the emulator keeps it, the error bodies PayPal answers with, and the create-order checks.

/** PayPal's timestamps: ISO 8601 UTC without milliseconds. */
export const paypalTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export type PaypalStatus = "CREATED" | "APPROVED" | "COMPLETED";

interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalOrder {
  id: string;
  status: PaypalStatus;
  declined: boolean;
  unit: { reference_id: string; custom_id?: string; description?: string; amount: PaypalAmount };
  createTime: number;
  updateTime?: number;
  payer?: Record<string, unknown>;
  capture?: { id: string; time: number; requestId: string | undefined; response: Record<string, unknown> };
}

export const PAYPAL_400_MESSAGE = "Request is not well-formed, syntactically incorrect, or violates schema.";
const PAYPAL_422_MESSAGE = "The requested action could not be performed, semantically incorrect, or failed business validation.";

export const PAYPAL_NOT_FOUND = {
  name: "RESOURCE_NOT_FOUND",
  details: [
    {
      issue: "INVALID_RESOURCE_ID",
      description: "Specified resource ID does not exist. Please check the resource ID and try again.",
    },
  ],
  message: "The specified resource does not exist.",
};
export const PAYPAL_MALFORMED = {
  name: "INVALID_REQUEST",
  message: PAYPAL_400_MESSAGE,
  details: [
    { field: "/", location: "body", issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." },
  ],
};

interface PaypalIssue {
  field: string;
  value?: string;
  location: "body";
  issue: string;
  description: string;
}

const missing = (field: string): PaypalIssue => ({
  field,
  location: "body",
  issue: "MISSING_REQUIRED_PARAMETER",
  description: "A required field / parameter is missing.",
});
export const invalid = (field: string, value: unknown, description = "The value of a field is invalid."): PaypalIssue => ({
  field,
  ...(value === undefined ? {} : { value: typeof value === "string" ? value : JSON.stringify(value) }),
  location: "body",
  issue: "INVALID_PARAMETER_VALUE",
  description,
});

export const paypalUnprocessable = (issue: string, description: string, extra: Record<string, unknown> = {}) => ({
  name: "UNPROCESSABLE_ENTITY",
  details: [{ ...extra, issue, description }],
  message: PAYPAL_422_MESSAGE,
});

type CreateCheck = { ok: true; unit: PaypalOrder["unit"] } | { ok: false; status: number; body: unknown };

export function checkPaypalCreate(body: unknown): CreateCheck {
  const bad = (issues: PaypalIssue[]): CreateCheck => ({
    ok: false,
    status: 400,
    body: { name: "INVALID_REQUEST", message: PAYPAL_400_MESSAGE, details: issues },
  });
  if (!isRecord(body)) return bad([invalid("/", undefined, "The request body must be a JSON object.")]);
  const issues: PaypalIssue[] = [];
  if (body.intent === undefined) issues.push(missing("/intent"));
  else if (body.intent !== "CAPTURE") issues.push(invalid("/intent", body.intent, "The emulator supports intent CAPTURE only."));
  const units = body.purchase_units;
  if (units === undefined) return bad([...issues, missing("/purchase_units")]);
  if (!Array.isArray(units) || units.length !== 1) {
    return bad([...issues, invalid("/purchase_units", undefined, "The emulator supports exactly one purchase unit.")]);
  }
  const u: unknown = units[0];
  if (!isRecord(u)) return bad([...issues, invalid("/purchase_units/0", undefined)]);
  const optionalString = (name: "reference_id" | "custom_id" | "description", max: number) => {
    const v = u[name];
    if (v === undefined) return;
    if (typeof v !== "string" || v.length === 0) issues.push(invalid(`/purchase_units/0/${name}`, v));
    else if (v.length > max) {
      issues.push({
        field: `/purchase_units/0/${name}`,
        location: "body",
        issue: "INVALID_STRING_MAX_LENGTH",
        description: `The value of a field is too long. It must be at most ${max} characters.`,
      });
    }
  };
  optionalString("reference_id", 256);
  optionalString("custom_id", 127);
  optionalString("description", 127);
  const amount = u.amount;
  let currency: string | undefined;
  let value: string | undefined;
  if (amount === undefined) issues.push(missing("/purchase_units/0/amount"));
  else if (!isRecord(amount)) issues.push(invalid("/purchase_units/0/amount", undefined));
  else {
    if (amount.currency_code === undefined) issues.push(missing("/purchase_units/0/amount/currency_code"));
    else if (typeof amount.currency_code !== "string" || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      issues.push(invalid("/purchase_units/0/amount/currency_code", amount.currency_code));
    } else currency = amount.currency_code;
    if (amount.value === undefined) issues.push(missing("/purchase_units/0/amount/value"));
    else if (
      typeof amount.value !== "string" ||
      amount.value.length > 32 ||
      !/^\d+(\.\d{1,2})?$/.test(amount.value) ||
      !(Number(amount.value) > 0)
    ) {
      issues.push(invalid("/purchase_units/0/amount/value", amount.value));
    } else value = amount.value;
  }
  if (issues.length > 0) return bad(issues);
  if (currency !== "USD") {
    return {
      ok: false,
      status: 422,
      body: paypalUnprocessable(
        "CURRENCY_NOT_SUPPORTED",
        "Currency code is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.",
        { field: "/purchase_units/0/amount/currency_code", value: currency, location: "body" },
      ),
    };
  }
  return {
    ok: true,
    unit: {
      reference_id: typeof u.reference_id === "string" ? u.reference_id : "default",
      ...(typeof u.custom_id === "string" ? { custom_id: u.custom_id } : {}),
      ...(typeof u.description === "string" ? { description: u.description } : {}),
      amount: { currency_code: currency, value: value! },
    },
  };
}
