import type { Locator, Page } from "playwright-core";
import { credit } from "../support/developer";
import {
  openAddBalance,
  browserSuite,
  callInPage,
  describedAxeViolations,
  shoot,
  signUpInPage,
  type Theme,
} from "../support/pages";
import { DEMO } from "../support/stack";

/** Resolves once the page has painted two more frames: whatever a key press or click set off has been drawn. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** The blocking login dialog of a page that needs an account, and its e-mail field. */
const LOGIN_DIALOGS = [
  { path: "/chat", name: "Sign in to chat" },
  { path: "/genui", name: "Sign in to use GenUI" },
] as const;

/** Still open, drawn, and its form still usable (not a greyed-out page with no way to sign in). */
async function expectBlockingDialog(dialog: Locator): Promise<void> {
  // Counted first: a closed <dialog> leaves the accessibility tree, and waiting for it would only time out.
  expect(await dialog.count()).toBe(1);
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
  expect(await dialog.isVisible()).toBe(true);
  const email = dialog.getByLabel("Email", { exact: true });
  expect(await email.isVisible()).toBe(true);
  expect(await email.isEditable()).toBe(true);
}

const openTopUp = openAddBalance;

const PURCHASE = "Thanks for the purchase, we are still processing your payment. Credits will be updated shortly.";

/** Rough edges a new user met on a first visit (login dialog, balance, top-up, toasts, contact form, landing video). */
describe("a new user's first impressions in Chromium", () => {
  const suite = browserSuite({ payments: true });

  for (const { path, name } of LOGIN_DIALOGS) {
    it(`when a logged-out visitor presses Escape on ${path} before clicking anything, or clicks the backdrop, then the login dialog stays`, async () => {
      const { page, errors } = await suite.visit(path);
      const dialog = page.getByRole("dialog", { name });
      await dialog.getByLabel("Email", { exact: true }).waitFor();
      // Not even closed and shown again (that would flicker and move focus).
      await dialog.evaluate((d) => {
        const w = window as unknown as { dialogCloses: number };
        w.dialogCloses = 0;
        d.addEventListener("close", () => w.dialogCloses++);
      });
      // First thing on the page: Escape (the browser grants no user activation for it).
      await page.keyboard.press("Escape");
      await painted(page);
      await expectBlockingDialog(dialog);
      // The backdrop (outside the dialog's box), then Escape again now that the page has been clicked.
      await page.mouse.click(5, 5);
      await painted(page);
      await expectBlockingDialog(dialog);
      await page.keyboard.press("Escape");
      await painted(page);
      await expectBlockingDialog(dialog);
      // Escape from inside the form too.
      await dialog.getByLabel("Email", { exact: true }).click();
      await page.keyboard.press("Escape");
      await painted(page);
      await expectBlockingDialog(dialog);
      expect(await page.evaluate(() => (window as unknown as { dialogCloses: number }).dialogCloses)).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  it("when the login dialog shows, then it has one heading, which names it, in both themes at desktop and phone sizes", async () => {
    for (const { path, name } of LOGIN_DIALOGS)
      for (const theme of ["light", "dark"] as Theme[])
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          const { page } = await suite.visit(path, { theme, width, height });
          const dialog = page.getByRole("dialog", { name });
          await dialog.getByLabel("Email", { exact: true }).waitFor();
          const headings = dialog.getByRole("heading");
          expect({ path, headings: await headings.allInnerTexts() }).toEqual({ path, headings: [name] });
          await shoot(page, `first-login-dialog${path.replace("/", "-")}-${theme}-${width}x${height}`, { fullPage: false });
          if (path === "/chat")
            expect({ path, theme, width, violations: await describedAxeViolations(page) }).toEqual({
              path,
              theme,
              width,
              violations: [],
            });
          // Signing up from the dialog: still one heading, the dialog's.
          await dialog.getByRole("button", { name: "Create an account" }).click();
          await dialog.getByRole("button", { name: "Create account", exact: true }).waitFor();
          expect(await dialog.getByRole("heading").allInnerTexts()).toEqual([name]);
          if (width === 1280 && theme === "light")
            await shoot(page, `first-login-dialog${path.replace("/", "-")}-sign-up-light-1280x800`, { fullPage: false });
          await page.close();
        }
  }, 180_000);

  it("when the balance has fractions of a cent, then the dashboard shows it rounded to cents, also for a user who pays in INR", async () => {
    const { page } = await suite.openPage();
    const user = await signUpInPage(page, suite.url());
    await credit(suite.stack, user.id, 24_928_400);
    await page.goto(suite.url("/dashboard"));
    const balance = page.getByTestId("balance");
    await balance.filter({ hasText: "$" }).waitFor();
    expect(await balance.innerText()).toBe("$24.93");

    // The same user chooses to pay in INR: the balance is still dollars, to the cent; the rupee price too.
    await callInPage(page, "POST", "/billing/api/v1/currency/", { currency: "INR" });
    const dialog = await openTopUp(suite, page);
    expect(await balance.innerText()).toBe("$24.93");
    await dialog.locator('input[name="pay-currency"][value="INR"]:checked').waitFor();
    await dialog.getByLabel("Amount (USD)").fill("12.5");
    const quote = dialog.getByTestId("topup-quote");
    await quote.getByText(/^You pay ₹/).waitFor();
    expect(await quote.innerText()).toMatch(/^You pay ₹[\d,]+\.\d\d \(1 USD = [\d.]+ INR\) for \$12\.50 of credits\.$/);
    expect(await dialog.getByRole("button", { name: /^Add ₹[\d,]+\.\d\d$/ }).count()).toBe(1);
  });

  it("when a USD amount is under $10, then PayPal is disabled and the minimum shows; after a paid top-up PayPal stays disabled until the amount changes", async () => {
    const { page } = await suite.openPage();
    await signUpInPage(page, suite.url());
    const dialog = await openTopUp(suite, page);
    const amount = dialog.getByLabel("Amount (USD)");
    await amount.fill("5");
    const paypal = dialog.getByRole("button", { name: "PayPal" });
    await paypal.waitFor();
    expect(await paypal.isDisabled()).toBe(true);
    const hint = dialog.getByText("The minimum top-up is $10.");
    expect(await hint.isVisible()).toBe(true);
    expect((await amount.getAttribute("aria-describedby"))?.split(" ")).toContain(await hint.getAttribute("id"));
    await shoot(page, "first-topup-below-minimum-light", { fullPage: false });
    expect(await describedAxeViolations(page)).toEqual([]);
    // A click on the disabled button opens no checkout.
    let popups = 0;
    page.on("popup", () => popups++);
    await paypal.click({ force: true });
    await painted(page);
    expect(popups).toBe(0);

    await amount.fill("10");
    await dialog.getByTestId("topup-quote").getByText("You pay $10.00").waitFor();
    await page.waitForFunction(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-testid="paypal-buttons"] button');
      return !!b && !b.matches(":disabled");
    });
    const [popup] = await Promise.all([page.waitForEvent("popup"), paypal.click()]);
    await popup.getByRole("button", { name: "Approve payment" }).click();
    await dialog.getByTestId("topup-notice").getByText(PURCHASE).waitFor();
    await page.getByTestId("balance").filter({ hasText: "$10.00" }).waitFor();
    // Paid: the same top-up cannot be paid again by accident.
    expect(await paypal.isDisabled()).toBe(true);
    await shoot(page, "first-topup-paid-light", { fullPage: false });
    await amount.fill("15");
    await dialog.getByTestId("topup-quote").getByText("You pay $15.00").waitFor();
    expect(await paypal.isDisabled()).toBe(false);
  });

  it("when an INR amount is under $10, then Add is disabled; after a paid top-up it stays disabled until the amount changes", async () => {
    const { page } = await suite.openPage({ theme: "dark" });
    await signUpInPage(page, suite.url());
    const dialog = await openTopUp(suite, page);
    await dialog.getByRole("radio", { name: "INR · Cashfree" }).check();
    const amount = dialog.getByLabel("Amount (USD)");
    await amount.fill("9.99");
    await page.waitForFunction(() => typeof (window as unknown as { Cashfree?: unknown }).Cashfree === "function");
    const add = dialog.getByRole("button", { name: /^Add ₹/ });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    expect(await dialog.getByText("The minimum top-up is $10.").isVisible()).toBe(true);
    await shoot(page, "first-topup-below-minimum-dark", { fullPage: false });
    expect(await describedAxeViolations(page)).toEqual([]);

    await amount.fill("10");
    await dialog
      .getByTestId("topup-quote")
      .getByText(/for \$10\.00 of credits/)
      .waitFor();
    await dialog.getByRole("button", { name: /^Add ₹/, disabled: false }).waitFor();
    await add.click();
    await page.getByRole("dialog", { name: "Cashfree checkout" }).waitFor();
    await page
      .frameLocator('[data-genui-cashfree-emulator="modal"] iframe')
      .getByRole("button", { name: "Pay", exact: true })
      .click();
    const again = page.getByRole("dialog", { name: "Add Balance" });
    await again.getByTestId("topup-notice").getByText(PURCHASE).waitFor();
    await page.getByTestId("balance").filter({ hasText: "$10.00" }).waitFor();
    expect(await again.getByRole("button", { name: /^Add ₹/ }).isDisabled()).toBe(true);
    await shoot(page, "first-topup-paid-dark", { fullPage: false });
    await again.getByLabel("Amount (USD)").fill("11");
    await again
      .getByTestId("topup-quote")
      .getByText(/for \$11\.00 of credits/)
      .waitFor();
    await again.getByRole("button", { name: /^Add ₹/, disabled: false }).waitFor();
  });

  it("when the login form is sent empty and then refused, then the earlier 'Please fill in all fields.' toast is gone once the newer error shows", async () => {
    const { page } = await suite.visit("/login");
    const fillIn = page.getByTestId("toast").filter({ hasText: "Please fill in all fields." });
    const signIn = page.getByRole("button", { name: "Sign in", exact: true });
    await signIn.click();
    await fillIn.waitFor();
    // The same complaint again replaces the first rather than stacking a second.
    await signIn.click();
    await painted(page);
    expect(await fillIn.count()).toBe(1);
    await page.getByLabel("Email", { exact: true }).fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await signIn.click();
    await page.getByTestId("form-errors").getByText("Unable to log in with provided credentials.").waitFor();
    expect(await fillIn.count()).toBe(0);
  });

  it("when the contact form's phone help is followed, then the server accepts the number, and the help states the server's rule", async () => {
    const { page } = await suite.visit("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    const phone = form.getByRole("textbox", { name: "Phone number" });
    await phone.waitFor();
    const hintId = await phone.getAttribute("aria-describedby");
    const hint = (await page.locator(`[id="${hintId}"]`).innerText()).trim();
    // The server's rule: "+" then 8 to 15 digits counting the country code; spaces and dashes are dropped.
    expect(hint).toMatch(/8 to 15 digits/);
    expect(hint).toMatch(/country code/);
    expect(hint).toMatch(/spaces/);
    expect(hint).toMatch(/dashes/);
    expect(hint).not.toMatch(/without it/);

    await form.getByLabel("Email").fill("first-visit@example.com");
    await form.getByLabel("Subject").fill("Hello");
    await form.getByLabel("Message").fill("A first message.");
    // Too few digits with the code (+91 and 5 digits = 7): the server's message under the field.
    await phone.fill("98765");
    await form.getByRole("button", { name: "Submit" }).click();
    await form.getByText("Enter a phone number with its country code: + then 8 to 15 digits.").waitFor();
    // As the help says: the code from the list, the rest typed with spaces and dashes.
    await form.getByRole("combobox", { name: "Country code" }).selectOption("GB");
    await phone.fill("7700-900 123");
    await form.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent" }).waitFor();
  });

  it("when the landing page shows the demo video, then its caption and label describe the chat generating a screen", async () => {
    const { page } = await suite.visit("/");
    const caption = page.locator("figure figcaption").first();
    await caption.waitFor();
    const text = await caption.innerText();
    expect(text).toMatch(/chat/i);
    expect(text).toMatch(/screen/i);
    expect(text).not.toMatch(/code on the left/i);
    const label = (await page.locator("video").getAttribute("aria-label")) ?? "";
    expect(label).toMatch(/chat/i);
    expect(label).not.toMatch(/typing UI code/i);
  });
});
