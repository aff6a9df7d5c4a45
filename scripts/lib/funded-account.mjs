// A fresh account with credit on a running local platform, paid for the way a user pays: a $10 PayPal top-up,
// approved on the local payment emulator (payments-sim) and captured. Runs inside a Playwright page on the site.
/* global document -- the evaluated functions run in the browser */

/** Signs the page up as a new user, tops it up with `usd` dollars, and marks it logged in for the SPA. */
export async function fundedAccount(page, base, { usd = 10, emulator = "http://127.0.0.1:8110" } = {}) {
  await page.goto(`${base}/login`);
  const orderId = await page.evaluate(async (usd) => {
    await fetch("/get-csrf/", { credentials: "include" });
    const call = async (path, body) => {
      // Read each time: the token is bound to the session, and sign-up hands out the new session's token.
      const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "");
      const headers = { "content-type": "application/json", "x-csrftoken": csrf };
      const res = await fetch(path, { method: "POST", credentials: "include", headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    await call("/accounts/api/v1/register/", { email: `bench-${crypto.randomUUID()}@genui.dev`, password: "bench-password" });
    localStorage.setItem("is_logged_in", "1");
    await call("/billing/api/v1/currency/", { currency: "USD" });
    return (await call("/billing/api/v1/orders/create/", { amount: usd })).paypal_order_id;
  }, usd);
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
