import { eventually } from "../support/eventually";
import {
  openAddBalance,
  browserSuite,
  callInPage,
  describedAxeViolations,
  narrated,
  overflowsHorizontally,
  payPalPopup,
  shoot,
  signUpInPage,
  type BrowserSuite,
} from "../support/pages";
import { PAYMENT_CREDS } from "../support/stack";

const PURCHASE = "Thanks for the purchase, we are still processing your payment. Credits will be updated shortly.";

const openDialog = openAddBalance;

/** A new user, signed up in a new page, with the Add Balance dialog open. */
async function newUserAtDialog(suite: BrowserSuite) {
  const opened = await suite.openPage();
  await signUpInPage(opened.page, suite.url());
  return { ...opened, dialog: await openDialog(suite, opened.page) };
}

/** Add Balance through the real billing service and the local PayPal / Cashfree emulator's browser SDKs. */
describe("topping up the balance in Chromium", () => {
  const suite = browserSuite({ payments: true });

  for (const theme of ["light", "dark"] as const) {
    for (const width of [1280, 375]) {
      it(`when the dashboard and the Add Balance dialog show at ${width} px in the ${theme} theme, then axe finds no violations and nothing scrolls sideways`, async () => {
        const { page } = await suite.openPage({ width, theme });
        await signUpInPage(page, suite.url());
        await page.goto(suite.url("/dashboard"));
        await page.getByTestId("balance").filter({ hasText: "$0.00" }).waitFor();
        await page.getByText("No apps created yet").waitFor();
        await shoot(page, `dashboard-${width}-${theme}`);
        expect(await describedAxeViolations(page)).toEqual([]);
        expect(await overflowsHorizontally(page)).toBe(false);
        const dialog = await openDialog(suite, page);
        await dialog.getByLabel("Amount (USD)").fill("25");
        await dialog.getByRole("button", { name: "PayPal" }).waitFor();
        await shoot(page, `topup-dialog-${width}-${theme}`);
        expect(await describedAxeViolations(page)).toEqual([]);
      });
    }
  }

  it("when the amount is typed, then only digits are accepted, no payment shows for 0, and one quote is asked 600 ms after the last keystroke", async () => {
    const { page } = await suite.openPage();
    await signUpInPage(page, suite.url());
    const quotes: number[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/billing/api/v1/currency/exchange-rate/")) quotes.push(Date.now());
    });
    const dialog = await openDialog(suite, page);
    const amount = dialog.getByLabel("Amount (USD)");
    expect(await amount.getAttribute("placeholder")).toBe("Minimum of $10");
    // Each keystroke's wall-clock time, taken in the page (a busy test runner cannot make it late). The quote waits
    // for the last keystroke that changed the amount: "4" (the "5" after it is refused, so it restarts nothing).
    await amount.evaluate((el) =>
      el.addEventListener("keydown", (e) => {
        const w = window as unknown as { keys?: [string, number][] };
        (w.keys ??= []).push([(e as KeyboardEvent).key, performance.timeOrigin + performance.now()]);
      }),
    );
    await amount.pressSequentially("a1b2.345", { delay: 40 });
    expect(await amount.inputValue()).toBe("12.34");
    await dialog.getByTestId("topup-quote").getByText("You pay $12.34").waitFor();
    const typedAt = await page.evaluate(() => {
      const keys = (window as unknown as { keys: [string, number][] }).keys;
      return keys.filter(([key]) => key === "4").at(-1)![1];
    });
    expect(quotes).toHaveLength(1);
    // The request event reaches the test after the browser sent it, so this difference can only be larger.
    expect(quotes[0]! - typedAt).toBeGreaterThanOrEqual(550);
    await amount.fill("0");
    await page.waitForTimeout(800);
    expect(await dialog.getByTestId("paypal-buttons").count()).toBe(0);
  });

  it("when a USD top-up is approved in PayPal's popup, then the green notice shows and the balance becomes $20.00; closing resets the dialog", async () => {
    const { page, dialog, errors } = await newUserAtDialog(suite);
    expect(await page.getByTestId("balance").innerText()).toBe("$0.00");
    await dialog.getByLabel("Amount (USD)").fill("20");
    await dialog.getByTestId("topup-quote").getByText("You pay $20.00").waitFor();
    await dialog.getByRole("button", { name: "PayPal" }).waitFor();
    await shoot(page, "topup-paypal-1280-light");
    expect(await describedAxeViolations(page)).toEqual([]);
    const popup = await payPalPopup(page, dialog);
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
  });

  it("when PayPal declines the payment, then the red 'Sorry, your transaction could not be processed.' shows and nothing is credited", async () => {
    const { page, dialog } = await newUserAtDialog(suite);
    await dialog.getByLabel("Amount (USD)").fill("15");
    const popup = await payPalPopup(page, dialog);
    await popup.getByRole("button", { name: "Decline" }).click();
    const notice = dialog.getByTestId("topup-notice");
    await notice.getByText("Sorry, your transaction could not be processed.").waitFor();
    expect(await notice.getAttribute("data-type")).toBe("error");
    await page.waitForTimeout(500);
    expect(await page.getByTestId("balance").innerText()).toBe("$0.00");
  });

  it("when the PayPal popup is closed without paying, then a gray notice says nothing was charged", async () => {
    const { page, dialog } = await newUserAtDialog(suite);
    await dialog.getByLabel("Amount (USD)").fill("12");
    const popup = await payPalPopup(page, dialog);
    await popup.getByRole("button", { name: "Approve payment" }).waitFor();
    await popup.close();
    const notice = dialog.getByTestId("topup-notice");
    await notice.getByText("Payment cancelled. You have not been charged.").waitFor();
    expect(await notice.getAttribute("data-type")).toBe("default");
  });

  it("when the amount is under the minimum, then the payment buttons are disabled and the minimum is said, until a payable amount is typed", async () => {
    const { dialog } = await newUserAtDialog(suite);
    await dialog.getByLabel("Amount (USD)").fill("5");
    const paypal = dialog.getByRole("button", { name: "PayPal" });
    await paypal.waitFor();
    await dialog.getByText("Enter at least $10.00 to pay.").waitFor();
    expect(await paypal.isDisabled()).toBe(true);
    await dialog.getByLabel("Amount (USD)").fill("10");
    await dialog.getByText("The minimum top-up is $10.", { exact: false }).waitFor();
    expect(
      await eventually(
        () => paypal.isEnabled(),
        (enabled) => enabled,
        10_000,
      ),
    ).toBe(true);
  });

  it("when the user pays in INR, then Cashfree's modal takes the payment, the status is checked and the balance grows by the dollars bought", async () => {
    const { page, dialog, errors } = await newUserAtDialog(suite);
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
    const notice = page.getByRole("dialog", { name: "Add Balance" }).getByTestId("topup-notice");
    await narrated(page, async () => {
      await add.click();
      const modal = page.getByRole("dialog", { name: "Cashfree checkout" });
      await modal.waitFor();
      await page
        .frameLocator('[data-genui-cashfree-emulator="modal"] iframe')
        .getByRole("button", { name: "Pay", exact: true })
        .click();
      await notice.getByText(PURCHASE).waitFor();
    });
    expect(await notice.getAttribute("data-type")).toBe("success");
    await page.getByTestId("balance").filter({ hasText: "$10.00" }).waitFor();
    // The choice is remembered for the next top-up.
    await page.reload();
    await page.getByRole("button", { name: "Credits" }).click();
    // The stored choice is read from the wallet when the dialog opens: the INR radio turns checked once it arrives.
    await page.getByRole("dialog", { name: "Add Balance" }).locator('input[name="pay-currency"][value="INR"]:checked').waitFor();
    expect(
      await page.getByRole("dialog", { name: "Add Balance" }).getByRole("radio", { name: "INR · Cashfree" }).isChecked(),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it("when the Cashfree payment fails, then the error is logged, the dialog closes and nothing is credited", async () => {
    const { page, dialog } = await newUserAtDialog(suite);
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByLabel("Amount (USD)").fill("11");
    const add = dialog.getByRole("button", { name: /^Add ₹/ });
    await add.waitFor();
    await page.waitForFunction(() => typeof (window as unknown as { Cashfree?: unknown }).Cashfree === "function");
    await narrated(page, async () => {
      await add.click();
      const logged = page.waitForEvent("console", (m) => m.type() === "error" && m.text().includes("Cashfree checkout ended"));
      await page
        .frameLocator('[data-genui-cashfree-emulator="modal"] iframe')
        .getByRole("button", { name: "Fail payment" })
        .click();
      await logged;
    });
    await page.getByRole("dialog", { name: "Cashfree checkout" }).waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(await page.getByRole("dialog", { name: "Add Balance" }).count()).toBe(0);
    expect(await page.getByTestId("balance").innerText()).toBe("$0.00");
  });

  it("when a Cashfree checkout returns to /dashboard?order_id=…, then its status is asked and the notice shows", async () => {
    const { page } = await suite.openPage();
    await signUpInPage(page, suite.url());
    // Pay a card order outside the dialog (as a redirect checkout does), then come back with its id.
    await page.goto(suite.url("/dashboard"));
    await callInPage(page, "POST", "/billing/api/v1/currency/", { currency: "INR" });
    const { body: order } = await callInPage<{ cashfree_order_id: string }>(page, "POST", "/billing/api/v1/orders/create/", {
      amount: 10,
    });
    await suite.stack.payments!.payCashfree(order.cashfree_order_id);
    await page.goto(suite.url(`/dashboard?order_id=${order.cashfree_order_id}`));
    const notice = page.getByTestId("order-return-notice");
    await notice.getByText(PURCHASE).waitFor();
    expect(await notice.getAttribute("data-type")).toBe("success");
    await page.waitForURL(suite.url("/dashboard"));
    await page.getByTestId("balance").filter({ hasText: "$10.00" }).waitFor();
  });
});

describe("topping up when the providers' scripts cannot be used", () => {
  const suite = browserSuite({
    payments: true,
    bffEnv: {
      PAYPAL_SDK_URL: "http://127.0.0.1:9/sdk/js",
      CASHFREE_SDK_URL: "http://127.0.0.1:9/js/v3/cashfree.js",
    },
  });

  it("when neither SDK loads, then SPEC's script errors show for PayPal and Cashfree", async () => {
    const { dialog } = await newUserAtDialog(suite);
    await dialog.getByLabel("Amount (USD)").fill("10");
    await dialog.getByText("Failed to load the PayPal JS SDK script.").waitFor();
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByText("Failed to load Cashfree.js").waitFor();
  });
});

describe("topping up when the Cashfree script loads but does not define Cashfree", () => {
  // Another script (PayPal's) at Cashfree's address: it loads, but window.Cashfree never appears.
  const suite = browserSuite({
    payments: true,
    bffEnv: { CASHFREE_SDK_URL: `{payments}/paypal/sdk/js?client-id=${PAYMENT_CREDS.paypal.clientId}&currency=USD` },
  });

  it("when the script defines no Cashfree, then 'Cashfree.js not available' shows", async () => {
    const { dialog } = await newUserAtDialog(suite);
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    await dialog.getByLabel("Amount (USD)").fill("10");
    await dialog.getByText("Cashfree.js not available").waitFor();
  });
});
