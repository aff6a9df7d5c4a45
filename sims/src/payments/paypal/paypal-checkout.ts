import type { ServerResponse } from "node:http";
import { escapeHtml, scriptJson, sendScript } from "../../http";
import { PAYPAL_POPUP_MESSAGE_SOURCE, paypalSdkErrorScript, paypalSdkScript } from "../browser-sdks";
import { details, notifyOpenerScript, page, sendPage } from "../emulator-pages";
import { EmulatorError, randomUpper } from "../emulator-support";
import type { EmulatorContext } from "../emulator-types";
import type { PaypalOrders } from "./paypal-orders";

// What a browser sees of PayPal: the checkout page where a person approves or declines, and the JS SDK stand-in.

/** The PayPal checkout page opened by the JS SDK stand-in (`popup=1`) tells its opener, then closes itself. */
const paypalPopupScript = (token: string, status: "approved" | "declined", payerID: string): string =>
  `(function(){var m=${scriptJson({ source: PAYPAL_POPUP_MESSAGE_SOURCE, token, status, payerID })};` +
  `if (window.opener) { try { window.opener.postMessage(m, "*"); } catch (e) {} }` +
  `setTimeout(function(){ window.close(); }, 100);})();`;

export function paypalCheckoutPage(paypal: PaypalOrders, id: string, popup: boolean, res: ServerResponse): void {
  const order = paypal.orders.get(id);
  if (!order) return sendPage(res, 404, page("PayPal checkout (local emulator)", "<h1>Unknown order</h1>"));
  const { value, currency_code } = order.unit.amount;
  const rows: [string, string][] = [["Order", order.id]];
  if (order.unit.description) rows.push(["Description", order.unit.description]);
  const state = order.declined ? "DECLINED" : order.status;
  const query = popup ? "?popup=1" : "";
  const actions =
    state === "CREATED"
      ? `<form method="post" action="checkoutnow/${encodeURIComponent(order.id)}/approve${query}"><button type="submit">Approve payment</button></form>` +
        `<form method="post" action="checkoutnow/${encodeURIComponent(order.id)}/decline${query}"><button type="submit" class="secondary">Decline</button></form>`
      : `<p>This order is ${escapeHtml(state)}.</p>`;
  sendPage(
    res,
    200,
    page(
      "PayPal checkout (local emulator)",
      `<h1>Pay with PayPal</h1><p class="amount">${escapeHtml(value)} ${escapeHtml(currency_code)}</p>${details(rows)}${actions}`,
    ),
  );
}

export function paypalCheckoutAction(
  paypal: PaypalOrders,
  id: string,
  action: "approve" | "decline",
  popup: boolean,
  res: ServerResponse,
): void {
  const title = "PayPal checkout (local emulator)";
  try {
    if (action === "approve") paypal.approve(id);
    else paypal.decline(id);
  } catch (err) {
    if (!(err instanceof EmulatorError)) throw err;
    return sendPage(res, err.status, page(title, `<h1 class="bad">Cannot ${action}</h1><p>${escapeHtml(err.message)}</p>`));
  }
  const status = action === "approve" ? "APPROVED" : "DECLINED";
  const heading = action === "approve" ? `<h1 class="ok">Payment approved</h1>` : `<h1 class="bad">Payment declined</h1>`;
  const payer = paypal.orders.get(id)?.payer;
  const payerID = typeof payer?.payer_id === "string" ? payer.payer_id : randomUpper(13);
  sendPage(
    res,
    200,
    page(
      title,
      `${heading}${details([["Order", id]])}<p>You can close this window.</p>`,
      notifyOpenerScript({ provider: "paypal", orderId: id, status }) +
        (popup ? paypalPopupScript(id, action === "approve" ? "approved" : "declined", payerID) : ""),
    ),
  );
}

// --- Browser SDK stand-in (see ../browser-sdks.ts) -------------------------------------------------------------------

/** Like https://www.paypal.com/sdk/js: a bad query is HTTP 400 with a script that throws (the page's onerror fires). */
export function paypalSdk(ctx: EmulatorContext, url: URL, res: ServerResponse): void {
  const q = url.searchParams;
  const clientId = q.get("client-id");
  if (!clientId) return sendScript(res, 400, paypalSdkErrorScript("Expected client-id to be passed"));
  if (clientId !== ctx.opts.paypal.clientId) {
    return sendScript(res, 400, paypalSdkErrorScript(`client-id not recognized for either production or sandbox: ${clientId}`));
  }
  const currency = q.get("currency") ?? "USD";
  if (currency !== "USD") return sendScript(res, 400, paypalSdkErrorScript(`Invalid query value for currency: ${currency}`));
  const intent = q.get("intent") ?? "capture";
  if (intent !== "capture") return sendScript(res, 400, paypalSdkErrorScript(`Invalid query value for intent: ${intent}`));
  const components = (q.get("components") || "buttons")
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "");
  const unsupported = components.filter((c) => c !== "buttons");
  if (unsupported.length > 0) {
    return sendScript(
      res,
      400,
      paypalSdkErrorScript(`Invalid query value for components: ${unsupported.join(",")} (the local emulator has buttons only)`),
    );
  }
  sendScript(res, 200, paypalSdkScript({ publicUrl: ctx.publicUrl, clientId, currency }));
}
