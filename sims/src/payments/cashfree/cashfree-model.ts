import { isRecord } from "../emulator-support";

// Cashfree's order as the emulator keeps it, the error bodies Cashfree answers with, and the create-order checks.

/** Cashfree's timestamps: ISO 8601 in India Standard Time, e.g. 2023-08-01T12:34:56+05:30. */
export const cashfreeTime = (ms: number): string => new Date(ms + 330 * 60_000).toISOString().replace(/\.\d{3}Z$/, "+05:30");

export type CashfreeStatus = "ACTIVE" | "PAID" | "EXPIRED";

export interface CashfreePayment {
  cfPaymentId: string;
  status: "SUCCESS" | "FAILED";
  time: number;
  bankReference: string | null;
}

export interface CashfreeOrder {
  cfOrderId: string;
  orderId: string;
  amount: number;
  status: CashfreeStatus;
  sessionId: string;
  expiresAt: number;
  createdAt: number;
  note: string | null;
  tags: Record<string, string> | null;
  customer: { customer_id: string; customer_name: string | null; customer_email: string | null; customer_phone: string };
  returnUrl: string | null;
  notifyUrl: string | null;
  payments: CashfreePayment[];
}

export const cashfreeError = (message: string, code: string, type = "invalid_request_error") => ({ message, code, type });
const cfMissing = (field: string) => cashfreeError(`${field} : is missing in the request`, `${field}_missing`);
const cfInvalid = (field: string) => cashfreeError(`${field} : invalid value`, `${field}_invalid`);

const DEFAULT_EXPIRY_MS = 30 * 24 * 3600_000;

type CashfreeCheck =
  | {
      ok: true;
      order: Omit<CashfreeOrder, "orderId" | "cfOrderId" | "sessionId" | "status" | "createdAt" | "payments"> & {
        orderId?: string;
      };
    }
  | { ok: false; body: ReturnType<typeof cashfreeError> };

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

export function checkCashfreeCreate(body: unknown, now: number): CashfreeCheck {
  const fail = (b: ReturnType<typeof cashfreeError>): CashfreeCheck => ({ ok: false, body: b });
  if (!isRecord(body)) return fail(cashfreeError("request body : invalid value", "request_body_invalid"));
  const { order_id, order_amount, order_currency, customer_details, order_meta, order_expiry_time, order_note, order_tags } =
    body;
  if (order_id !== undefined && (typeof order_id !== "string" || !/^[A-Za-z0-9_-]{3,45}$/.test(order_id))) {
    return fail(cfInvalid("order_id"));
  }
  if (order_amount === undefined) return fail(cfMissing("order_amount"));
  if (
    typeof order_amount !== "number" ||
    !Number.isFinite(order_amount) ||
    order_amount < 1 ||
    Math.abs(order_amount * 100 - Math.round(order_amount * 100)) > 1e-6
  ) {
    return fail(cfInvalid("order_amount"));
  }
  if (order_currency === undefined) return fail(cfMissing("order_currency"));
  if (order_currency !== "INR") return fail(cfInvalid("order_currency"));
  if (customer_details === undefined) return fail(cfMissing("customer_details"));
  if (!isRecord(customer_details)) return fail(cfInvalid("customer_details"));
  const { customer_id, customer_phone, customer_email, customer_name } = customer_details;
  if (customer_id === undefined || customer_id === "") return fail(cfMissing("customer_details.customer_id"));
  if (typeof customer_id !== "string" || !/^[A-Za-z0-9_-]{1,50}$/.test(customer_id)) {
    return fail(cfInvalid("customer_details.customer_id"));
  }
  if (customer_phone === undefined || customer_phone === "") return fail(cfMissing("customer_details.customer_phone"));
  if (typeof customer_phone !== "string" || !/^\+?\d{10,15}$/.test(customer_phone)) {
    return fail(cfInvalid("customer_details.customer_phone"));
  }
  if (customer_email !== undefined && customer_email !== null) {
    if (typeof customer_email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(customer_email)) {
      return fail(cfInvalid("customer_details.customer_email"));
    }
  }
  if (customer_name !== undefined && customer_name !== null && typeof customer_name !== "string") {
    return fail(cfInvalid("customer_details.customer_name"));
  }
  let returnUrl: string | null = null;
  let notifyUrl: string | null = null;
  if (order_meta !== undefined && order_meta !== null) {
    if (!isRecord(order_meta)) return fail(cfInvalid("order_meta"));
    const { return_url, notify_url } = order_meta;
    if (return_url !== undefined && return_url !== null) {
      if (typeof return_url !== "string" || !isHttpUrl(return_url)) return fail(cfInvalid("order_meta.return_url"));
      returnUrl = return_url;
    }
    if (notify_url !== undefined && notify_url !== null) {
      if (typeof notify_url !== "string" || !isHttpUrl(notify_url)) return fail(cfInvalid("order_meta.notify_url"));
      notifyUrl = notify_url;
    }
  }
  let expiresAt = now + DEFAULT_EXPIRY_MS;
  if (order_expiry_time !== undefined && order_expiry_time !== null) {
    const t = typeof order_expiry_time === "string" ? Date.parse(order_expiry_time) : NaN;
    if (!Number.isFinite(t) || t <= now) return fail(cfInvalid("order_expiry_time"));
    expiresAt = t;
  }
  if (order_note !== undefined && order_note !== null && (typeof order_note !== "string" || order_note.length > 200)) {
    return fail(cfInvalid("order_note"));
  }
  let tags: Record<string, string> | null = null;
  if (order_tags !== undefined && order_tags !== null) {
    if (!isRecord(order_tags) || Object.keys(order_tags).length > 15) return fail(cfInvalid("order_tags"));
    for (const v of Object.values(order_tags)) if (typeof v !== "string") return fail(cfInvalid("order_tags"));
    tags = order_tags as Record<string, string>;
  }
  return {
    ok: true,
    order: {
      ...(typeof order_id === "string" ? { orderId: order_id } : {}),
      amount: order_amount,
      expiresAt,
      note: typeof order_note === "string" ? order_note : null,
      tags,
      customer: {
        customer_id,
        customer_name: typeof customer_name === "string" ? customer_name : null,
        customer_email: typeof customer_email === "string" ? customer_email : null,
        customer_phone,
      },
      returnUrl,
      notifyUrl,
    },
  };
}

export const UPI_METHOD = (status: CashfreePayment["status"]) => ({
  upi: { channel: "collect", upi_id: status === "SUCCESS" ? "testsuccess@gocash" : "testfailure@gocash" },
});
export const FAILURE_DETAILS = {
  error_code: "TRANSACTION_DECLINED",
  error_description: "issuer bank or payment service provider declined the transaction",
  error_reason: "auth_declined",
  error_source: "customer",
  error_code_raw: "ZM",
  error_description_raw: "Simulated failure (local emulator)",
};
