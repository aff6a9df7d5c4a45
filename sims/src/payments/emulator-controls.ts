import type { ServerResponse } from "node:http";
import { sendJson } from "../http";
import type { CashfreeOrders } from "./cashfree/cashfree-orders";
import { EmulatorError, decodeSegment, isRecord, parseJson, type Fault } from "./emulator-support";
import type { PaymentProvider, RecordedCall } from "./emulator-types";
import type { PaypalOrders } from "./paypal/paypal-orders";

/** The API calls received and the faults (failures, delays) queued for the next ones, per provider. */
export class ProviderFaults {
  readonly log: (RecordedCall & { provider: PaymentProvider })[] = [];
  readonly failures: Record<PaymentProvider, Fault[]> = { paypal: [], cashfree: [] };
  readonly delays: Record<PaymentProvider, Fault[]> = { paypal: [], cashfree: [] };

  failNext(provider: PaymentProvider, status: number, times = 1): void {
    if (provider !== "paypal" && provider !== "cashfree") throw new Error(`unknown provider ${String(provider)}`);
    if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error(`invalid HTTP status ${status}`);
    if (!Number.isInteger(times) || times < 1) throw new Error(`invalid times ${times}`);
    this.failures[provider].push({ value: status, remaining: times });
  }

  delayNext(provider: PaymentProvider, ms: number, times = 1): void {
    if (provider !== "paypal" && provider !== "cashfree") throw new Error(`unknown provider ${String(provider)}`);
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`invalid delay ${ms}`);
    if (!Number.isInteger(times) || times < 1) throw new Error(`invalid times ${times}`);
    this.delays[provider].push({ value: ms, remaining: times });
  }

  calls(provider?: PaymentProvider): RecordedCall[] {
    return this.log
      .filter((c) => provider === undefined || c.provider === provider)
      .map(({ method, path, headers, body }) => ({ method, path, headers: { ...headers }, body }));
  }
}

export interface ControlDeps {
  faults: ProviderFaults;
  paypal: PaypalOrders;
  cashfree: CashfreeOrders;
}

/** The `/__emulator/…` controls (health, recorded calls, checkout outcomes, faults); false when `path` is none. */
export async function control(
  { faults, paypal, cashfree }: ControlDeps,
  method: string,
  path: string,
  url: URL,
  raw: Buffer,
  res: ServerResponse,
): Promise<boolean> {
  if (method === "GET" && (path === "/__emulator/healthz" || path === "/healthz")) {
    sendJson(res, 200, { ok: true });
    return true;
  }
  if (method === "GET" && path === "/__emulator/calls") {
    const p = url.searchParams.get("provider");
    sendJson(res, 200, faults.calls(p === "paypal" || p === "cashfree" ? p : undefined));
    return true;
  }
  if (method !== "POST") return false;
  try {
    const pp = /^\/__emulator\/paypal\/orders\/([^/]+)\/(approve|decline)$/.exec(path);
    if (pp) {
      const id = decodeSegment(pp[1]!) ?? "";
      if (pp[2] === "approve") paypal.approve(id);
      else paypal.decline(id);
      const order = paypal.order(id);
      sendJson(res, 200, { ok: true, status: order.declined ? "DECLINED" : order.status });
      return true;
    }
    const cf = /^\/__emulator\/cashfree\/orders\/([^/]+)\/(pay|fail|expire)$/.exec(path);
    if (cf) {
      const id = decodeSegment(cf[1]!) ?? "";
      if (cf[2] === "pay") await cashfree.payNow(id);
      else if (cf[2] === "fail") await cashfree.failNow(id);
      else cashfree.expire(id);
      sendJson(res, 200, { ok: true, status: cashfree.status(cashfree.order(id)) });
      return true;
    }
    const fault = /^\/__emulator\/(paypal|cashfree)\/(fail-next|delay-next)$/.exec(path);
    if (fault) {
      const body = parseJson(raw);
      const b = isRecord(body) ? body : {};
      const times = b.times === undefined ? 1 : Number(b.times);
      if (fault[2] === "fail-next") faults.failNext(fault[1] as PaymentProvider, Number(b.status), times);
      else faults.delayNext(fault[1] as PaymentProvider, Number(b.ms), times);
      sendJson(res, 200, { ok: true });
      return true;
    }
  } catch (err) {
    if (err instanceof EmulatorError) sendJson(res, err.status, { error: err.message });
    else sendJson(res, 400, { error: err instanceof Error ? err.message : String(err) });
    return true;
  }
  return false;
}
