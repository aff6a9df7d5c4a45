import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startFakeGoogle, startPaymentEmulator, type FakeGoogle, type PaymentEmulator } from "@genui/sims";
import { launchBrowser, screenshotPath } from "@genui/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CashfreeClient } from "../../services/billing/src/clients/cashfree";
import { PayPalClient } from "../../services/billing/src/clients/paypal";
import { ProviderError } from "../../services/billing/src/clients/provider-error";
import { eventually } from "../support/eventually";
import { describedAxeViolations } from "../support/pages";

// The providers' browser SDK stand-ins (PayPal JS SDK, Cashfree.js v3, Google Identity Services) in real Chromium, loaded
// by a host page on another origin ("localhost" vs the stand-ins' "127.0.0.1") whose policy forbids inline styles, as the
// SPA loads them in local/demo mode.

const PAYPAL = { clientId: "pp-browser-client", clientSecret: "pp-browser-secret" };
const CASHFREE = { clientId: "cf-browser-client", clientSecret: "cf-browser-secret" };
const SCOPE = "openid profile email";

type PaypalEvent =
  | { kind: "approve"; orderID: string; payerID: string }
  | { kind: "cancel"; orderID: string }
  | { kind: "error"; message: string };
interface CashfreeResult {
  error?: { message: string; code: string; type: string };
  redirect?: boolean;
  paymentDetails?: { paymentMessage: string };
}
interface TokenResponse {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** What the host pages keep on `window` for the test to read. */
interface HostWindow {
  events: PaypalEvent[];
  rendered: boolean;
  createMode: "ok" | "fail";
  loaded: boolean;
  loadError: boolean;
  hasPaypal: boolean;
  results: CashfreeResult[];
  modeError: string | null;
  startCheckout(sessionId: string): void;
  responses: TokenResponse[];
  errors: { type: string }[];
  missingClientId: string | null;
  open: unknown;
}
const loadState = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as HostWindow;
    return { loaded: w.loaded, loadError: w.loadError, hasPaypal: w.hasPaypal };
  });
const read = <K extends keyof HostWindow>(page: Page, key: K) =>
  page.evaluate((k) => (globalThis as unknown as HostWindow)[k], key) as Promise<HostWindow[K]>;

describe("the payment and sign-in SDK stand-ins in Chromium", () => {
  let emu: PaymentEmulator;
  let google: FakeGoogle;
  let browser: Browser;
  let server: http.Server;
  let hostUrl: string;
  let pages: Record<string, string>;
  let paypalApi: PayPalClient;
  let cashfreeApi: CashfreeClient;
  const created: string[] = [];
  const contexts: BrowserContext[] = [];

  const doc = (title: string, head: string, body: string, script: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body><main><h1>${title}</h1>${body}</main><script>${script}</script></body></html>`;

  beforeAll(async () => {
    emu = await startPaymentEmulator({ paypal: PAYPAL, cashfree: CASHFREE });
    google = await startFakeGoogle();
    browser = await launchBrowser();
    paypalApi = new PayPalClient({ baseUrl: emu.paypalBaseUrl, ...PAYPAL, timeoutMs: 5_000 });
    cashfreeApi = new CashfreeClient({ baseUrl: emu.cashfreeBaseUrl, ...CASHFREE, apiVersion: "2023-08-01", timeoutMs: 5_000 });
    const sdk = `${emu.url}/paypal/sdk/js?client-id=${PAYPAL.clientId}&currency=USD&components=buttons`;
    const loadScript = (src: string) =>
      `window.loaded = false; window.loadError = false;
       var s = document.createElement("script"); s.src = ${JSON.stringify(src)};
       s.onload = function () { window.loaded = true; window.hasPaypal = typeof window.paypal !== "undefined"; };
       s.onerror = function () { window.loadError = true; window.hasPaypal = typeof window.paypal !== "undefined"; };
       document.head.appendChild(s);`;
    pages = {
      "/paypal": doc(
        "PayPal host",
        `<script src="${sdk}"></script>`,
        `<div id="paypal-button"></div>`,
        `window.events = []; window.rendered = false; window.createMode = "ok";
         paypal.Buttons({
           style: { layout: "vertical", color: "gold", shape: "rect", label: "paypal", tagline: false },
           createOrder: function () {
             return window.createMode === "fail" ? Promise.reject(new Error("Minimum top-up is $10.")) : window.newPaypalOrder();
           },
           onApprove: function (data) { window.events.push({ kind: "approve", orderID: data.orderID, payerID: data.payerID }); },
           onCancel: function (data) { window.events.push({ kind: "cancel", orderID: data.orderID }); },
           onError: function (err) { window.events.push({ kind: "error", message: err.message }); }
         }).render("#paypal-button").then(function () { window.rendered = true; });`,
      ),
      "/paypal-no-client-id": doc("PayPal without a client id", "", "", loadScript(`${emu.url}/paypal/sdk/js?currency=USD`)),
      "/paypal-unknown-client-id": doc(
        "PayPal with an unknown client id",
        "",
        "",
        loadScript(`${emu.url}/paypal/sdk/js?client-id=someone-else&currency=USD&components=buttons`),
      ),
      "/paypal-ok-load": doc("PayPal loaded dynamically", "", "", loadScript(sdk)),
      "/cashfree": doc(
        "Cashfree host",
        `<script src="${emu.url}/cashfree/js/v3/cashfree.js"></script>`,
        `<button type="button" id="add">Add</button>`,
        `window.results = [];
         var cashfree = Cashfree({ mode: "sandbox" });
         window.startCheckout = function (sessionId) {
           cashfree.checkout({ paymentSessionId: sessionId, redirectTarget: "_modal" }).then(function (r) { window.results.push(r); });
         };
         window.modeError = (function () { try { Cashfree({ mode: "test" }); return null; } catch (e) { return e.message; } })();`,
      ),
      "/google": doc(
        "Google host",
        `<script src="${google.gsiClientUrl}"></script>`,
        `<button type="button" id="google">Sign in with Google</button>`,
        `window.responses = []; window.errors = [];
         var client = google.accounts.oauth2.initTokenClient({
           client_id: "genui-local-google-client",
           scope: ${JSON.stringify(SCOPE)},
           callback: function (r) { window.responses.push(r); },
           error_callback: function (e) { window.errors.push({ type: e.type }); }
         });
         document.getElementById("google").addEventListener("click", function () { client.requestAccessToken(); });
         window.missingClientId = (function () {
           try { google.accounts.oauth2.initTokenClient({ scope: "openid", callback: function () {} }); return null; }
           catch (e) { return e.message; }
         })();`,
      ),
    };
    server = http.createServer((req, res) => {
      const html = pages[req.url ?? ""];
      res
        .writeHead(html ? 200 : 404, {
          "content-type": "text/html; charset=utf-8",
          // Like a strict SPA policy: the SDKs' origins for scripts and frames, no inline styles at all.
          "content-security-policy": `default-src 'none'; script-src 'unsafe-inline' ${emu.url} ${google.url}; style-src 'self'; frame-src ${emu.url}`,
        })
        .end(html ?? "no");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hostUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await emu?.close();
    await google?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const open = async (path: string, opts: { bypassCSP?: boolean } = {}) => {
    const context = await browser.newContext({ viewport: { width: 800, height: 900 }, bypassCSP: opts.bypassCSP ?? false });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The SDKs must work under the page's strict policy: any refusal it reports is a failure.
    context.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    // As billing does server-side: the page's createOrder asks "the server" for a PayPal order.
    await page.exposeFunction("newPaypalOrder", async () => {
      const order = await paypalApi.createOrder({
        requestId: randomUUID(),
        amount: "25.00",
        currency: "USD",
        referenceId: "topup",
        customId: "wallet-e2e",
      });
      created.push(order.id);
      return order.id;
    });
    await page.goto(hostUrl + path);
    return { page, errors };
  };
  const axeViolations = (page: Page) => describedAxeViolations(page, { iframes: false });

  // --- PayPal ---

  const paypalButton = (page: Page) => page.getByRole("button", { name: "PayPal", exact: true });
  /** Clicks the PayPal button and answers the checkout popup once it shows the order. */
  const openPaypalPopup = async (page: Page) => {
    await eventually(
      () => read(page, "rendered"),
      (r) => r,
    );
    const popupOpened = page.waitForEvent("popup");
    await paypalButton(page).click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/paypal\/checkoutnow\?token=[A-Z0-9]{17}&popup=1$/);
    const orderID = new URL(popup.url()).searchParams.get("token")!;
    expect(created).toContain(orderID);
    return { popup, orderID };
  };
  const paypalEvents = (page: Page, n = 1) =>
    eventually(
      () => read(page, "events"),
      (e) => e.length >= n,
    );

  it("when the PayPal SDK renders, then a yellow 45 px button named PayPal appears, and approving in the popup calls onApprove with the order", async () => {
    const { page, errors } = await open("/paypal");
    const button = paypalButton(page);
    await button.waitFor();
    const look = await button.evaluate((el) => {
      const b = el as unknown as {
        getBoundingClientRect(): { height: number; width: number };
        parentElement: { parentElement: unknown };
      };
      const cs = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el);
      const container = (b.parentElement.parentElement as { getBoundingClientRect(): { width: number } }).getBoundingClientRect();
      return {
        tag: (el as unknown as { tagName: string }).tagName,
        background: cs.backgroundColor,
        color: cs.color,
        radius: cs.borderTopLeftRadius,
        height: b.getBoundingClientRect().height,
        fullWidth: Math.abs(b.getBoundingClientRect().width - container.width) < 1,
      };
    });
    expect(look).toEqual({
      tag: "BUTTON",
      background: "rgb(255, 196, 57)",
      color: "rgb(0, 48, 135)",
      radius: "4px",
      height: 45,
      fullWidth: true,
    });
    await page.keyboard.press("Tab");
    expect(
      await button.evaluate(
        (el) => (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement === el,
      ),
    ).toBe(true);
    expect(await button.evaluate((el) => (el as unknown as { style: { boxShadow: string } }).style.boxShadow)).toContain(
      "rgb(11, 87, 208)",
    );
    await page.screenshot({ path: screenshotPath("paypal-sdk-button") });

    const { popup, orderID } = await openPaypalPopup(page);
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Approve payment" }).click();
    await closed;
    const [event] = await paypalEvents(page);
    const order = await paypalApi.getOrder(orderID);
    const payer = (order.raw as { payer: { payer_id: string } }).payer;
    expect(event).toEqual({ kind: "approve", orderID, payerID: payer.payer_id });
    expect(order.status).toBe("APPROVED");
    expect((await paypalApi.captureOrder(orderID, `capture-${orderID}`)).status).toBe("COMPLETED");
    // The popup's polling must not turn the finished approval into a cancel afterwards.
    await page.waitForTimeout(1_200);
    expect(await read(page, "events")).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("when the buyer declines in the PayPal popup, then onApprove still gets the order and the capture is refused as declined", async () => {
    const { page, errors } = await open("/paypal");
    const { popup, orderID } = await openPaypalPopup(page);
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Decline" }).click();
    await closed;
    const [event] = await paypalEvents(page);
    expect(event).toEqual({ kind: "approve", orderID, payerID: expect.stringMatching(/^[A-Z0-9]{13}$/) });
    const refused = await paypalApi.captureOrder(orderID, `capture-${orderID}`).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ status: 422, issue: "INSTRUMENT_DECLINED" });
    expect(errors).toEqual([]);
  });

  it("when the PayPal popup is closed without a decision, then onCancel gets the order id", async () => {
    const { page, errors } = await open("/paypal");
    const { popup, orderID } = await openPaypalPopup(page);
    await popup.close();
    expect(await paypalEvents(page)).toEqual([{ kind: "cancel", orderID }]);
    expect((await paypalApi.getOrder(orderID)).status).toBe("CREATED");
    expect(errors).toEqual([]);
  });

  it("when createOrder rejects, then onError gets its error and the popup closes", async () => {
    const { page } = await open("/paypal");
    await eventually(
      () => read(page, "rendered"),
      (r) => r,
    );
    await page.evaluate(() => {
      (globalThis as unknown as HostWindow).createMode = "fail";
    });
    const popupOpened = page.waitForEvent("popup");
    await paypalButton(page).click();
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent("close");
    expect(await paypalEvents(page)).toEqual([{ kind: "error", message: "Minimum top-up is $10." }]);
  });

  it("when the PayPal SDK is loaded without a client id or with an unknown one, then the script fails to load and paypal stays undefined", async () => {
    for (const path of ["/paypal-no-client-id", "/paypal-unknown-client-id"]) {
      const { page } = await open(path);
      const state = await eventually(
        () => loadState(page),
        (s) => s.loaded || s.loadError,
      );
      expect({ path, ...state }).toEqual({ path, loaded: false, loadError: true, hasPaypal: false });
    }
    const { page } = await open("/paypal-ok-load");
    expect(
      await eventually(
        () => loadState(page),
        (s) => s.loaded || s.loadError,
      ),
    ).toEqual({ loaded: true, loadError: false, hasPaypal: true });
  });

  // --- Cashfree ---

  const cashfreeOrder = () =>
    cashfreeApi.createOrder({
      orderId: `ord_${randomUUID().replace(/-/g, "").slice(0, 20)}`,
      amount: 850.25,
      currency: "INR",
      customerId: "user_e2e",
      customerPhone: "9999999999",
    });
  const startCheckout = (page: Page, sessionId: string) =>
    page.evaluate((id) => (globalThis as unknown as HostWindow).startCheckout(id), sessionId);
  const cashfreeResults = (page: Page) =>
    eventually(
      () => read(page, "results"),
      (r) => r.length > 0,
    );
  const checkoutDialog = (page: Page) => page.getByRole("dialog", { name: "Cashfree checkout" });

  it("when Cashfree checkout opens as a modal and the person pays, then it resolves paymentDetails, the modal goes and the order is PAID", async () => {
    const { page, errors } = await open("/cashfree");
    expect(await read(page, "modeError")).toBe("Cashfree: mode must be 'sandbox' or 'production'");
    const order = await cashfreeOrder();
    await startCheckout(page, order.paymentSessionId!);
    const dialog = checkoutDialog(page);
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const overlay = await dialog.evaluate((el) => {
      const parent = (el as unknown as { parentElement: unknown }).parentElement;
      const cs = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(parent);
      return { position: cs.position, zIndex: cs.zIndex, background: cs.backgroundColor };
    });
    expect(overlay).toEqual({ position: "fixed", zIndex: "2147483000", background: "rgba(15, 23, 42, 0.6)" });
    await expect(
      dialog
        .getByRole("button", { name: "Close checkout" })
        .evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
    ).resolves.toBe(true);
    const frame = page.frameLocator('iframe[title="Cashfree payment page"]');
    await frame.getByRole("heading", { name: "Pay with Cashfree" }).waitFor();
    await page.screenshot({ path: screenshotPath("cashfree-sdk-modal") });
    await frame.getByRole("button", { name: "Pay", exact: true }).click();
    expect(await cashfreeResults(page)).toEqual([{ paymentDetails: { paymentMessage: "Payment finished. Check status." } }]);
    await dialog.waitFor({ state: "detached" });
    expect((await cashfreeApi.getOrder(order.orderId)).status).toBe("PAID");
    expect(errors).toEqual([]);
  });

  it("when the payment fails in the Cashfree modal, then it resolves a payment_failed error and the modal goes", async () => {
    const { page } = await open("/cashfree");
    const order = await cashfreeOrder();
    await startCheckout(page, order.paymentSessionId!);
    await page.frameLocator('iframe[title="Cashfree payment page"]').getByRole("button", { name: "Fail payment" }).click();
    expect(await cashfreeResults(page)).toEqual([
      { error: { message: "Payment failed", code: "payment_failed", type: "payment_error" } },
    ]);
    await checkoutDialog(page).waitFor({ state: "detached" });
    expect((await cashfreeApi.getOrder(order.orderId)).status).toBe("ACTIVE");
  });

  it("when the Cashfree modal is closed (button or Escape), then it resolves payment_cancelled and focus returns", async () => {
    const { page } = await open("/cashfree");
    const order = await cashfreeOrder();
    const cancelled = { error: { message: "Payment cancelled by the user", code: "payment_cancelled", type: "user_dropped" } };
    await page.getByRole("button", { name: "Add" }).focus();
    await startCheckout(page, order.paymentSessionId!);
    await checkoutDialog(page).getByRole("button", { name: "Close checkout" }).click();
    expect(await cashfreeResults(page)).toEqual([cancelled]);
    await checkoutDialog(page).waitFor({ state: "detached" });
    expect(
      await page
        .getByRole("button", { name: "Add" })
        .evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
    ).toBe(true);

    await startCheckout(page, order.paymentSessionId!);
    await checkoutDialog(page).waitFor();
    await page.keyboard.press("Escape");
    expect(
      await eventually(
        () => read(page, "results"),
        (r) => r.length > 1,
      ),
    ).toEqual([cancelled, cancelled]);
  });

  it("when Cashfree checkout gets an unknown or missing session, then it resolves paymentSessionId is invalid and leaves no modal", async () => {
    const { page } = await open("/cashfree");
    await startCheckout(page, "session_does_not_exist");
    const invalid = {
      error: { message: "paymentSessionId is invalid", code: "payment_session_id_invalid", type: "invalid_request_error" },
    };
    expect(await cashfreeResults(page)).toEqual([invalid]);
    await checkoutDialog(page).waitFor({ state: "detached" });
    await startCheckout(page, "");
    expect(
      await eventually(
        () => read(page, "results"),
        (r) => r.length > 1,
      ),
    ).toEqual([invalid, invalid]);
  });

  // --- Google Identity Services ---

  const openConsent = async (page: Page) => {
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    const popup = await popupOpened;
    await popup.getByRole("heading", { name: "Sign in with Google (local stand-in)" }).waitFor();
    const url = new URL(popup.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "genui-local-google-client",
      scope: SCOPE,
      response_type: "token",
      popup: "1",
    });
    return popup;
  };

  it("when a preset Google account continues in the popup, then callback gets a Bearer token that the userinfo endpoint accepts", async () => {
    const { page, errors } = await open("/google");
    expect(await read(page, "missingClientId")).toBe("Missing required parameter client_id.");
    const popup = await openConsent(page);
    await popup.screenshot({ path: screenshotPath("google-sim-consent") });
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: /google\.user@genui\.dev/ }).click();
    await closed;
    const [response] = await eventually(
      () => read(page, "responses"),
      (r) => r.length > 0,
    );
    expect(response).toEqual({
      access_token: expect.stringMatching(/^fake-google\./),
      token_type: "Bearer",
      expires_in: 3599,
      scope: SCOPE,
    });
    const info = await fetch(google.userinfoUrl, { headers: { authorization: `Bearer ${response!.access_token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      email: "google.user@genui.dev",
      email_verified: true,
      name: "Demo Google User",
      sub: expect.stringMatching(/^sim-[0-9a-f]{16}$/),
    });
    expect(await read(page, "errors")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("when another Google account is typed in and continued, then its token names that person", async () => {
    const { page } = await open("/google");
    const popup = await openConsent(page);
    await popup.getByLabel("Name").fill("Grace Hopper");
    await popup.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await popup.getByLabel("Email verified").uncheck();
    await popup.getByRole("button", { name: "Continue" }).click();
    const [response] = await eventually(
      () => read(page, "responses"),
      (r) => r.length > 0,
    );
    const info = await fetch(google.userinfoUrl, { headers: { authorization: `Bearer ${response!.access_token}` } });
    expect(await info.json()).toMatchObject({ email: "grace@example.com", email_verified: false, name: "Grace Hopper" });
  });

  it("when the person cancels in the Google popup, then callback gets access_denied", async () => {
    const { page } = await open("/google");
    const popup = await openConsent(page);
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Cancel" }).click();
    await closed;
    expect(
      await eventually(
        () => read(page, "responses"),
        (r) => r.length > 0,
      ),
    ).toEqual([{ error: "access_denied", error_description: "The user denied access." }]);
    await page.waitForTimeout(1_200);
    expect(await read(page, "errors")).toEqual([]);
  });

  it("when the Google popup is closed, then error_callback gets popup_closed; when it cannot open, popup_failed_to_open", async () => {
    const { page } = await open("/google");
    const popup = await openConsent(page);
    await popup.close();
    expect(
      await eventually(
        () => read(page, "errors"),
        (e) => e.length > 0,
      ),
    ).toEqual([{ type: "popup_closed" }]);

    await page.evaluate(() => {
      (globalThis as unknown as HostWindow).open = () => null;
    });
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    expect(
      await eventually(
        () => read(page, "errors"),
        (e) => e.length > 1,
      ),
    ).toEqual([{ type: "popup_closed" }, { type: "popup_failed_to_open" }]);
    expect(await read(page, "responses")).toEqual([]);
  });

  // --- Accessibility ---

  it("when the PayPal button, the Cashfree modal and the Google consent page are shown, then axe finds no WCAG violations", async () => {
    const paypalPage = (await open("/paypal", { bypassCSP: true })).page;
    await paypalButton(paypalPage).waitFor();
    expect(await axeViolations(paypalPage)).toEqual([]);

    const cashfreePage = (await open("/cashfree", { bypassCSP: true })).page;
    await startCheckout(cashfreePage, (await cashfreeOrder()).paymentSessionId!);
    await checkoutDialog(cashfreePage).waitFor();
    expect(await axeViolations(cashfreePage)).toEqual([]);

    const googlePage = (await open("/google", { bypassCSP: true })).page;
    const consent = await openConsent(googlePage);
    expect(await axeViolations(consent)).toEqual([]);
  });
});
