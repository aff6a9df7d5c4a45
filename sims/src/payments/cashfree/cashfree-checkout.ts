import type { ServerResponse } from "node:http";
import { escapeHtml, scriptJson } from "../../http";
import { CASHFREE_EMBED_MESSAGE_SOURCE } from "../browser-sdks";
import { details, notifyOpenerScript, page, sendPage } from "../emulator-pages";
import { EmulatorError } from "../emulator-support";
import type { CashfreeOrder } from "./cashfree-model";
import type { CashfreeOrders } from "./cashfree-orders";

// What a browser sees of Cashfree: the checkout page of a payment session, where a person pays or fails the payment.

const TITLE = "Cashfree checkout (local emulator)";

/** The Cashfree checkout page framed by the JS SDK stand-in (`embedded=1`) tells the page that framed it. */
const cashfreeEmbedScript = (message: { session: string; status: "paid" | "failed" | "invalid"; order_id?: string }): string =>
  `(function(){var m=${scriptJson({ source: CASHFREE_EMBED_MESSAGE_SOURCE, ...message })};` +
  `if (window.parent && window.parent !== window) window.parent.postMessage(m, "*");})();`;

const returnLink = (order: CashfreeOrder): string => {
  if (!order.returnUrl) return "";
  const href = order.returnUrl.split("{order_id}").join(encodeURIComponent(order.orderId));
  return `<p><a href="${escapeHtml(href)}">Return to the merchant</a></p>`;
};

const unknownSession = (sessionId: string, embedded: boolean, res: ServerResponse): void =>
  sendPage(
    res,
    404,
    page(
      TITLE,
      "<h1>Unknown payment session</h1>",
      embedded ? cashfreeEmbedScript({ session: sessionId, status: "invalid" }) : undefined,
    ),
  );

export function cashfreeCheckoutPage(cashfree: CashfreeOrders, sessionId: string, embedded: boolean, res: ServerResponse): void {
  const order = cashfree.bySession(sessionId);
  if (!order) return unknownSession(sessionId, embedded, res);
  const status = cashfree.status(order);
  const rows: [string, string][] = [["Order", order.orderId]];
  if (order.note) rows.push(["Note", order.note]);
  const failed = order.payments.filter((p) => p.status === "FAILED").length;
  if (failed > 0) rows.push(["Failed attempts", String(failed)]);
  const action = `${encodeURIComponent(sessionId)}`;
  const query = embedded ? "?embedded=1" : "";
  const actions =
    status === "ACTIVE"
      ? `<form method="post" action="${action}/pay${query}"><button type="submit">Pay</button></form>` +
        `<form method="post" action="${action}/fail${query}"><button type="submit" class="secondary">Fail payment</button></form>`
      : `<p>This order is ${escapeHtml(status)}.</p>${returnLink(order)}`;
  sendPage(
    res,
    200,
    page(
      TITLE,
      `<h1>Pay with Cashfree</h1><p class="amount">${escapeHtml(order.amount.toFixed(2))} INR</p>${details(rows)}${actions}`,
    ),
  );
}

export async function cashfreeCheckoutAction(
  cashfree: CashfreeOrders,
  sessionId: string,
  action: "pay" | "fail",
  embedded: boolean,
  res: ServerResponse,
): Promise<void> {
  const order = cashfree.bySession(sessionId);
  if (!order) return unknownSession(sessionId, embedded, res);
  let delivery: Promise<void>;
  try {
    delivery = action === "pay" ? cashfree.payNow(order.orderId) : cashfree.failNow(order.orderId);
  } catch (err) {
    if (!(err instanceof EmulatorError)) throw err;
    return sendPage(
      res,
      err.status,
      page(TITLE, `<h1 class="bad">Cannot ${action}</h1><p>${escapeHtml(err.message)}</p>${returnLink(order)}`),
    );
  }
  await delivery;
  const status = action === "pay" ? "PAID" : "FAILED";
  const heading = action === "pay" ? `<h1 class="ok">Payment successful</h1>` : `<h1 class="bad">Payment failed</h1>`;
  sendPage(
    res,
    200,
    page(
      TITLE,
      `${heading}${details([["Order", order.orderId]])}${returnLink(order)}<p>You can close this window.</p>`,
      notifyOpenerScript({ provider: "cashfree", orderId: order.orderId, status }) +
        (embedded
          ? cashfreeEmbedScript({ session: sessionId, status: action === "pay" ? "paid" : "failed", order_id: order.orderId })
          : ""),
    ),
  );
}
