import { launchBrowser } from "@genui/testkit";
import type { Browser, Locator, Page } from "playwright-core";
import { axeViolations, describeViolations, openPage, overflowsHorizontally, shoot, signUpInPage } from "./support/pages";
import { PAYMENT_CREDS, startStack, type Stack } from "./support/stack";

const PURCHASE = "Thanks for the purchase, we are still processing your payment. Credits will be updated shortly.";

/** Add Balance through the real billing service and the local PayPal / Cashfree emulator's browser SDKs. */
describe("topping up the balance in Chromium", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ payments: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function openDialog(page: Page): Promise<Locator> {
    await page.goto(`${stack.bff.url}/dashboard`);
    await page.getByTestId("balance").filter({ hasText: "$" }).waitFor();
    await page.getByRole("button", { name: "Credits" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Balance" });
    await dialog.waitFor();
    return dialog;
  }

  for (const theme of ["light", "dark"] as const) {
    for (const width of [1280, 375]) {
      it(`when the dashboard and the Add Balance dialog show at ${width} px in the ${theme} theme, then axe finds no violations and nothing scrolls sideways`, async () => {
        const { page, context } = await openPage(browser, { width, theme });
        await signUpInPage(page, stack.bff.url);
        await page.goto(`${stack.bff.url}/dashboard`);
        await page.getByTestId("balance").filter({ hasText: "$0.00" }).waitFor();
        await page.getByText("No apps created yet").waitFor();
        await shoot(page, `dashboard-${width}-${theme}`);
        expect(describeViolations(await axeViolations(page))).toEqual([]);
        expect(await overflowsHorizontally(page)).toBe(false);
        const dialog = await openDialog(page);
        await dialog.getByLabel("Amount (USD)").fill("25");
        await dialog.getByRole("button", { name: "PayPal" }).waitFor();
        await shoot(page, `topup-dialog-${width}-${theme}`);
        expect(describeViolations(await axeViolations(page))).toEqual([]);
        await context.close();
      });
    }
  }

  it("when the amount is typed, then only digits are accepted, no payment shows for 0, and one quote is asked 600 ms after the last keystroke", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const quotes: number[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/billing/api/v1/currency/exchange-rate/")) quotes.push(Date.now());
    });
    const dialog = await openDialog(page);
    const amount = dialog.getByLabel("Amount (USD)");
    expect(await amount.getAttribute("placeholder")).toBe("Minimum of $10");
    await amount.pressSequentially("a1b2.345", { delay: 40 });
    expect(await amount.inputValue()).toBe("12.34");
    const typedAt = Date.now();
    await dialog.getByTestId("topup-quote").getByText("You pay $12.34").waitFor();
    expect(quotes).toHaveLength(1);
    expect(quotes[0]! - typedAt).toBeGreaterThanOrEqual(500);
    await amount.fill("0");
    await page.waitForTimeout(800);
    expect(await dialog.getByTestId("paypal-buttons").count()).toBe(0);
    await context.close();
  });

  it("when a USD top-up is approved in PayPal's popup, then the green notice shows and the balance becomes $20.00; closing resets the dialog", async () => {
    const { page, context, errors } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const dialog = await openDialog(page);
    expect(await page.getByTestId("balance").innerText()).toBe("$0.00");
    await dialog.getByLabel("Amount (USD)").fill("20");
    await dialog.getByTestId("topup-quote").getByText("You pay $20.00").waitFor();
    const paypal = dialog.getByRole("button", { name: "PayPal" });
    await paypal.waitFor();
    await shoot(page, "topup-paypal-1280-light");
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    const [popup] = await Promise.all([page.waitForEvent("popup"), paypal.click()]);
    await popup.getByRole("button", { name: "Approve payment" }).click();
    const notice = dialog.getByTestId("topup-notice");
    await notice.getByText(PURCHASE).waitFor();
    expect(await notice.getAttribute("data-type")).toBe("success");
    await page.getByTestId("balance").filter({ hasText: "$20.00" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Credits" }).click();
    expect(await page.getByRole("dialog", { name: "Add Balance" }).getByLabel("Amount (USD)").inputValue()).toBe("");
    expect(await page.getByTestId("topup-notice").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when PayPal declines the payment, then the red 'Sorry, your transaction could not be processed.' shows and nothing is credited", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Amount (USD)").fill("15");
    const paypal = dialog.getByRole("button", { name: "PayPal" });
    await paypal.waitFor();
    const [popup] = await Promise.all([page.waitForEvent("popup"), paypal.click()]);
    await popup.getByRole("button", { name: "Decline" }).click();
    const notice = dialog.getByTestId("topup-notice");
    await notice.getByText("Sorry, your transaction could not be processed.").waitFor();
    expect(await notice.getAttribute("data-type")).toBe("error");
    await page.waitForTimeout(500);
    expect(await page.getByTestId("balance").innerText()).toBe("$0.00");
    await context.close();
  });

  it("when the PayPal popup is closed without paying, then a gray notice says nothing was charged", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Amount (USD)").fill("12");
    const paypal = dialog.getByRole("button", { name: "PayPal" });
    await paypal.waitFor();
    const [popup] = await Promise.all([page.waitForEvent("popup"), paypal.click()]);
    await popup.getByRole("button", { name: "Approve payment" }).waitFor();
    await popup.close();
    const notice = dialog.getByTestId("topup-notice");
    await notice.getByText("Payment cancelled. You have not been charged.").waitFor();
    expect(await notice.getAttribute("data-type")).toBe("default");
    await context.close();
  });

  it("when the amount is under the minimum, then the server's message shows in the dialog", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const dialog = await openDialog(page);
    await dialog.getByLabel("Amount (USD)").fill("5");
    const paypal = dialog.getByRole("button", { name: "PayPal" });
    await paypal.waitFor();
    const popupPromise = page.waitForEvent("popup");
    await paypal.click();
    await dialog.getByTestId("order-error").getByText("Minimum top-up is $10.").waitFor();
    // The SDK closes its popup when the order cannot be created.
    const popup = await popupPromise;
    if (!popup.isClosed()) await popup.waitForEvent("close");
    await context.close();
  });

  it("when the user pays in INR, then Cashfree's modal takes the payment, the status is checked and the balance grows by the dollars bought", async () => {
    const { page, context, errors } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const dialog = await openDialog(page);
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByLabel("Amount (USD)").fill("10");
    await dialog
      .getByTestId("topup-quote")
      .getByText(/You pay ₹[\d,]+\.\d\d \(1 USD = [\d.]+ INR\) for \$10\.00 of credits\./)
      .waitFor();
    const add = dialog.getByRole("button", { name: /^Add ₹/ });
    await add.waitFor();
    await page.waitForFunction(() => typeof (window as unknown as { Cashfree?: unknown }).Cashfree === "function");
    await shoot(page, "topup-cashfree-1280-light");
    await add.click();
    const modal = page.getByRole("dialog", { name: "Cashfree checkout" });
    await modal.waitFor();
    await page
      .frameLocator('[data-genui-cashfree-emulator="modal"] iframe')
      .getByRole("button", { name: "Pay", exact: true })
      .click();
    const notice = page.getByRole("dialog", { name: "Add Balance" }).getByTestId("topup-notice");
    await notice.getByText(PURCHASE).waitFor();
    expect(await notice.getAttribute("data-type")).toBe("success");
    await page.getByTestId("balance").filter({ hasText: "$10.00" }).waitFor();
    // The choice is remembered for the next top-up.
    await page.reload();
    await page.getByRole("button", { name: "Credits" }).click();
    expect(
      await page.getByRole("dialog", { name: "Add Balance" }).getByRole("radio", { name: "INR · Cashfree" }).isChecked(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("when the Cashfree payment fails, then the error is logged, the dialog closes and nothing is credited", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    const dialog = await openDialog(page);
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByLabel("Amount (USD)").fill("11");
    const add = dialog.getByRole("button", { name: /^Add ₹/ });
    await add.waitFor();
    await page.waitForFunction(() => typeof (window as unknown as { Cashfree?: unknown }).Cashfree === "function");
    await add.click();
    const logged = page.waitForEvent("console", (m) => m.type() === "error" && m.text().includes("Cashfree checkout ended"));
    await page
      .frameLocator('[data-genui-cashfree-emulator="modal"] iframe')
      .getByRole("button", { name: "Fail payment" })
      .click();
    await logged;
    await page.getByRole("dialog", { name: "Cashfree checkout" }).waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(await page.getByRole("dialog", { name: "Add Balance" }).count()).toBe(0);
    expect(await page.getByTestId("balance").innerText()).toBe("$0.00");
    await context.close();
  });

  it("when a Cashfree checkout returns to /dashboard?order_id=…, then its status is asked and the notice shows", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    // Pay a card order outside the dialog (as a redirect checkout does), then come back with its id.
    await page.goto(`${stack.bff.url}/dashboard`);
    const order = await page.evaluate(async () => {
      const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "");
      const headers = { "content-type": "application/json", "x-csrftoken": csrf };
      await fetch("/billing/api/v1/currency/", {
        method: "POST",
        credentials: "include",
        headers,
        body: JSON.stringify({ currency: "INR" }),
      });
      const res = await fetch("/billing/api/v1/orders/create/", {
        method: "POST",
        credentials: "include",
        headers,
        body: JSON.stringify({ amount: 10 }),
      });
      return (await res.json()) as { cashfree_order_id: string };
    });
    await stack.payments!.payCashfree(order.cashfree_order_id);
    await page.goto(`${stack.bff.url}/dashboard?order_id=${order.cashfree_order_id}`);
    const notice = page.getByTestId("order-return-notice");
    await notice.getByText(PURCHASE).waitFor();
    expect(await notice.getAttribute("data-type")).toBe("success");
    await page.waitForURL(`${stack.bff.url}/dashboard`);
    await page.getByTestId("balance").filter({ hasText: "$10.00" }).waitFor();
    await context.close();
  });
});

describe("topping up when the providers' scripts cannot be used", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({
      payments: true,
      bffEnv: {
        PAYPAL_SDK_URL: "http://127.0.0.1:9/sdk/js",
        CASHFREE_SDK_URL: "http://127.0.0.1:9/js/v3/cashfree.js",
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("when neither SDK loads, then SPEC's script errors show for PayPal and Cashfree", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    await page.goto(`${stack.bff.url}/dashboard`);
    await page.getByRole("button", { name: "Credits" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Balance" });
    await dialog.getByLabel("Amount (USD)").fill("10");
    await dialog.getByText("Failed to load the PayPal JS SDK script.").waitFor();
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByText("Failed to load Cashfree.js").waitFor();
    await context.close();
  });
});

describe("topping up when the Cashfree script loads but does not define Cashfree", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    // Another script (PayPal's) at Cashfree's address: it loads, but window.Cashfree never appears.
    stack = await startStack({
      payments: true,
      bffEnv: { CASHFREE_SDK_URL: `{payments}/paypal/sdk/js?client-id=${PAYMENT_CREDS.paypal.clientId}&currency=USD` },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("when the script defines no Cashfree, then 'Cashfree.js not available' shows", async () => {
    const { page, context } = await openPage(browser);
    await signUpInPage(page, stack.bff.url);
    await page.goto(`${stack.bff.url}/dashboard`);
    await page.getByRole("button", { name: "Credits" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Balance" });
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByLabel("Amount (USD)").fill("10");
    await dialog.getByText("Cashfree.js not available").waitFor();
    await context.close();
  });
});
