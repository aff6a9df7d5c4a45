// A fresh account with credit on a running local platform, paid for the way a user pays: a $10 PayPal top-up,
// approved on the local payment emulator (payments-sim) and captured. Runs inside a Playwright page on the site.
/* global document -- the evaluated functions run in the browser */
import { pathOf } from "@genui/contracts/http";
import { mailboxFor, signupTokenFor } from "./browser-session.mjs";

/** The routes the page calls (the route table's paths; the page cannot import them). */
const PATHS = {
  csrf: pathOf("bff.csrf"),
  register: pathOf("bff.register"),
  confirm: pathOf("bff.confirmSignup"),
  currency: pathOf("billing.setCurrency"),
  order: pathOf("billing.createOrder"),
};

/**
 * Signs the page up as a new user (the sign-up, its link read from the mail stand-in's mailbox at `mailbox` — by
 * default the one of the local platform serving `base` — and the link's confirmation), tops it up with `usd` dollars,
 * and marks it logged in for the SPA.
 */
export async function fundedAccount(
  page,
  base,
  { usd = 10, emulator = "http://127.0.0.1:8110", mailbox = mailboxFor(base) } = {},
) {
  await page.goto(`${base}/login`);
  // The sign-up in the page (202, no session yet); the mailed link is read in Node, then confirmed in the page.
  const email = await page.evaluate(async (paths) => {
    await fetch(paths.csrf, { credentials: "include" });
    const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "");
    const email = `bench-${crypto.randomUUID()}@genui.dev`;
    const res = await fetch(paths.register, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", "x-csrftoken": csrf },
      body: JSON.stringify({ email, password: "bench-password" }),
    });
    if (res.status !== 202) throw new Error(`${paths.register} answered ${res.status}: ${await res.text()}`);
    return email;
  }, PATHS);
  const token = await signupTokenFor(email, { mailbox });
  const orderId = await page.evaluate(
    async ({ usd, token, paths }) => {
      const call = async (path, body, expected) => {
        // Read each time: the token is bound to the session, and the confirmation hands out the new session's token.
        const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "");
        const headers = { "content-type": "application/json", "x-csrftoken": csrf };
        const res = await fetch(path, { method: "POST", credentials: "include", headers, body: JSON.stringify(body) });
        if (expected ? res.status !== expected : !res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
        return res.json();
      };
      await call(paths.confirm, { token }, 201);
      localStorage.setItem("is_logged_in", "1");
      await call(paths.currency, { currency: "USD" });
      return (await call(paths.order, { amount: usd })).paypal_order_id;
    },
    { usd, token, paths: PATHS },
  );
  const approved = await fetch(`${emulator}/__emulator/paypal/orders/${encodeURIComponent(orderId)}/approve`, { method: "POST" });
  if (!approved.ok) throw new Error(`the emulator answered ${approved.status}`);
  await page.evaluate(async (orderId) => {
    const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "");
    const res = await fetch(`/billing/api/v1/orders/paypal/${orderId}/capture/`, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", "x-csrftoken": csrf },
      body: "{}",
    });
    const { status } = await res.json();
    if (status !== "COMPLETED") throw new Error(`capture answered ${status}`);
  }, orderId);
}
