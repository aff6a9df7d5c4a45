import { pathOf } from "@genui/contracts/http";
import { eventually } from "../support/eventually";
import { browserSuite, callInPage, openAddBalance, payPalPopup, shoot, signUpInPage } from "../support/pages";

const PURCHASE = "Thanks for the purchase, we are still processing your payment. Credits will be updated shortly.";
const DECLINED = "Sorry, your transaction could not be processed.";
/** Billing's first poll of an open order, here long after the test's approval: the capture is the next PayPal call. */
const POLL_DELAY_MS = 30_000;

/**
 * A PayPal payment the buyer approved, whose capture fails without a refusal (PayPal answers 503 once): the approval
 * stands and billing's poll of the order captures it, so the dialog says the purchase is being processed (yellow),
 * not declined, and the credit arrives.
 */
describe("Add Balance: a capture that fails after the buyer approved", () => {
  const suite = browserSuite({ payments: true, billingEnv: { ORDER_POLL_DELAY_MS: String(POLL_DELAY_MS) } });

  it("when PayPal is unavailable at the capture, then the yellow processing notice shows (not the decline) and the poll credits the payment", async () => {
    const { page, errors } = await suite.openPage();
    await signUpInPage(page, suite.url());
    const dialog = await openAddBalance(suite, page);
    await dialog.getByLabel("Amount (USD)").fill("15");
    await dialog.getByTestId("topup-quote").getByText("You pay $15.00").waitFor();
    const popup = await payPalPopup(page, dialog);
    const approve = popup.getByRole("button", { name: "Approve payment" });
    await approve.waitFor();

    const emulator = suite.stack.payments!;
    const before = emulator.calls("paypal").length;
    emulator.failNext("paypal", 503);
    await approve.click();

    const notice = dialog.getByTestId("topup-notice");
    await notice.getByText(PURCHASE).waitFor();
    expect(await notice.getAttribute("data-type")).toBe("warning");
    await shoot(page, "topup-capture-outage-1280-light");
    expect(await notice.getByText(DECLINED).count()).toBe(0);
    // The call PayPal failed was the capture (the order's first poll comes POLL_DELAY_MS after it was made).
    const failed = emulator.calls("paypal")[before];
    expect(failed?.method).toBe("POST");
    expect(failed?.path).toMatch(/\/v2\/checkout\/orders\/[^/]+\/capture$/);

    // The order's poll finds it approved at PayPal, captures it and credits it, once.
    const balance = await eventually(
      () => callInPage<{ balance: number }>(page, "GET", pathOf("billing.balance")),
      (r) => r.status === 200 && r.body.balance === 15,
      POLL_DELAY_MS * 4,
    );
    expect(balance.body.balance).toBe(15);
    await page.reload();
    await page.getByTestId("balance").filter({ hasText: "$15.00" }).waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
