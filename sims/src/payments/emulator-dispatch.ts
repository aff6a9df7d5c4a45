import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson, sendScript } from "../http";
import { cashfreeSdkScript } from "./browser-sdks";
import { cashfreeApi } from "./cashfree/cashfree-api";
import { cashfreeCheckoutAction, cashfreeCheckoutPage } from "./cashfree/cashfree-checkout";
import { cashfreeError } from "./cashfree/cashfree-model";
import { control, type ControlDeps } from "./emulator-controls";
import { page, sendPage } from "./emulator-pages";
import { DRAIN_LIMIT, MAX_BODY, bodyForLog, decodeSegment, header, headerRecord, takeFault } from "./emulator-support";
import type { EmulatorContext, PaymentProvider } from "./emulator-types";
import { paypalApi, paypalJson } from "./paypal/paypal-api";
import { paypalCheckoutAction, paypalCheckoutPage, paypalSdk } from "./paypal/paypal-checkout";

// Routes each request: provider API calls (recorded, with their queued faults), browser pages and scripts, controls.

const apiProvider = (path: string): PaymentProvider | undefined => {
  if (
    path.startsWith("/paypal/") &&
    path !== "/paypal/checkoutnow" &&
    !path.startsWith("/paypal/checkoutnow/") &&
    !path.startsWith("/paypal/sdk/")
  ) {
    return "paypal";
  }
  if (path === "/cashfree/pg" || path.startsWith("/cashfree/pg/")) return "cashfree";
  return undefined;
};

/** The request handler of the emulator's server. */
export function emulatorHandler(
  ctx: EmulatorContext,
  deps: ControlDeps,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ctx.closing.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        ctx.closing.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      ctx.closing.addEventListener("abort", done);
    });

  /** A provider API call: recorded, then delayed or failed as queued, then answered by the provider's API. */
  async function providerApi(provider: PaymentProvider, req: IncomingMessage, path: string, raw: Buffer, res: ServerResponse) {
    const { faults } = deps;
    faults.log.push({
      provider,
      method: req.method ?? "GET",
      path: req.url ?? path,
      headers: headerRecord(req),
      body: bodyForLog(raw, header(req, "content-type") ?? ""),
    });
    const delay = takeFault(faults.delays[provider]);
    if (delay) await sleep(delay.value);
    const failure = takeFault(faults.failures[provider]);
    if (failure) {
      if (provider === "paypal") {
        paypalJson(res, failure.value, {
          name: "INTERNAL_SERVER_ERROR",
          message: "An internal server error has occurred.",
          details: [],
        });
      } else sendJson(res, failure.value, cashfreeError("internal error", "internal_error", "api_error"));
      return;
    }
    if (provider === "paypal") paypalApi(ctx, deps.paypal, req, path, raw, res);
    else cashfreeApi(ctx, deps.cashfree, req, path, raw, res);
  }

  /** Browser SDKs and checkout pages; false when `path` is none of them. */
  async function browser(method: string, path: string, url: URL, res: ServerResponse): Promise<boolean> {
    const popup = url.searchParams.get("popup") === "1";
    const embedded = url.searchParams.get("embedded") === "1";
    const ppAction = /^\/paypal\/checkoutnow\/([^/]+)\/(approve|decline)$/.exec(path);
    const cfPage = /^\/cashfree\/checkout\/([^/]+)$/.exec(path);
    const cfAction = /^\/cashfree\/checkout\/([^/]+)\/(pay|fail)$/.exec(path);
    if (path === "/paypal/sdk/js" && method === "GET") paypalSdk(ctx, url, res);
    else if (path === "/cashfree/js/v3/cashfree.js" && method === "GET") {
      sendScript(res, 200, cashfreeSdkScript({ publicUrl: ctx.publicUrl }));
    } else if (path === "/paypal/checkoutnow" && method === "GET") {
      const token = url.searchParams.get("token");
      if (!token) sendPage(res, 400, page("PayPal checkout (local emulator)", "<h1>Missing token</h1>"));
      else paypalCheckoutPage(deps.paypal, token, popup, res);
    } else if (ppAction && method === "POST") {
      const action = ppAction[2] as "approve" | "decline";
      paypalCheckoutAction(deps.paypal, decodeSegment(ppAction[1]!) ?? "", action, popup, res);
    } else if (cfPage && method === "GET") {
      cashfreeCheckoutPage(deps.cashfree, decodeSegment(cfPage[1]!) ?? "", embedded, res);
    } else if (cfAction && method === "POST") {
      const action = cfAction[2] as "pay" | "fail";
      await cashfreeCheckoutAction(deps.cashfree, decodeSegment(cfAction[1]!) ?? "", action, embedded, res);
    } else return false;
    return true;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://emulator");
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    const method = req.method ?? "GET";
    const provider = apiProvider(path);
    // Past MAX_BODY the rest is drained (so the client gets the 413).
    const raw = await readBody(req, MAX_BODY, DRAIN_LIMIT);
    if (raw === undefined) {
      const body =
        provider === "paypal"
          ? { name: "INVALID_REQUEST", message: "Request entity too large.", details: [] }
          : provider === "cashfree"
            ? cashfreeError("request body too large", "request_too_large")
            : { error: "payload_too_large" };
      sendJson(res, 413, body, { connection: "close" });
      return;
    }
    if (provider) return providerApi(provider, req, path, raw, res);
    if (await browser(method, path, url, res)) return;
    if (await control(deps, method, path, url, raw, res)) return;
    sendJson(res, 404, { error: "not_found" });
  };
}
