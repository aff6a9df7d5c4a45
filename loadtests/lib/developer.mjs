// A developer for the generation benchmarks: a fresh account with an active app and $5,000 of credit, paid the way a
// user pays (a PayPal top-up approved on the local payment emulator and captured). Answers the app's API key.
import { signedUpSession } from "../../scripts/lib/browser-session.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function fundedDeveloper(base, { emulator = "http://127.0.0.1:8110", prefix = "gen-bench" } = {}) {
  const { call } = await signedUpSession(base, prefix);
  const app = await (await call("POST", "/apps/api/v1/create/", { url: `https://${prefix}-${Date.now()}.example.com` })).json();
  for (let i = 0; i < 200; i++) {
    const list = await (await call("GET", "/apps/api/v1/list/")).json();
    if (list.results.find((a) => a.id === app.id)?.status === "active") break;
    await sleep(100);
  }
  const order = await (await call("POST", "/billing/api/v1/orders/create/", { amount: 5000 })).json();
  const approved = await fetch(`${emulator}/__emulator/paypal/orders/${order.paypal_order_id}/approve`, { method: "POST" });
  if (!approved.ok) throw new Error(`approval failed: ${approved.status}`);
  const cap = await (await call("POST", `/billing/api/v1/orders/paypal/${order.paypal_order_id}/capture/`)).json();
  if (cap.status !== "COMPLETED") throw new Error(`top-up not completed: ${JSON.stringify(cap)}`);
  return app.api_key;
}
