import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import {
  browserSuite,
  describedAxeViolations,
  horizontalOverflow,
  settledTop,
  shoot,
  type BrowserSuite,
  type Theme,
} from "../support/pages";

/** A page of the site at `width` px in `theme`, once its heading shows. */
async function openAt(suite: BrowserSuite, path: string, width = 1280, theme: Theme = "light"): Promise<Page> {
  const { page } = await suite.visit(path, { width, height: 900, theme });
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

const form = (page: Page) => page.getByRole("form", { name: "Send us a message" });

async function fill(page: Page, v: { email: string; phone: string; subject?: string; message?: string; country?: string }) {
  await form(page).getByLabel("Email").fill(v.email);
  if (v.country) await form(page).getByRole("combobox", { name: "Country code" }).selectOption(v.country);
  await form(page).getByRole("textbox", { name: "Phone number" }).fill(v.phone);
  await form(page)
    .getByLabel("Subject")
    .fill(v.subject ?? "Question about the API");
  await form(page)
    .getByLabel("Message")
    .fill(v.message ?? "How do I render a streamed screen?");
}

describe("the legal pages and the contact form in Chromium", () => {
  const suite = browserSuite();

  const LEGAL = [
    {
      path: "/privacy",
      title: "Privacy Policy",
      must: ["sessionid", "csrftoken", "ui-theme", "is_logged_in", "PayPal", "Cashfree"],
    },
    { path: "/terms", title: "Terms of Service", must: ["the amount you paid us in the 3 months", "7 days", "$10"] },
    { path: "/refund", title: "Refund Policy", must: ["7 days", "5 business days", "PayPal", "Cashfree"] },
  ];

  it.each(LEGAL)(
    "when a visitor opens $path, then it shows its title, the effective date 14-05-2025, its key terms and the company's contact",
    async ({ path, title, must }) => {
      const page = await openAt(suite, path);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect(await page.title()).toBe(`${title} · GenUI`);
      expect(await page.getByText("Effective date: 14-05-2025").isVisible()).toBe(true);
      const body = (await page.locator("main").textContent()) ?? "";
      for (const phrase of must) expect({ phrase, found: body.includes(phrase) }).toEqual({ phrase, found: true });
      expect(body).toContain("GenUI Technologies Private Limited");
      expect(body).toContain("Bengaluru, Karnataka 560025");
      expect(await page.getByRole("main").getByRole("link", { name: "support@genui.dev" }).first().getAttribute("href")).toBe(
        "mailto:support@genui.dev",
      );
      await page.close();
    },
  );

  it("when a reader picks an entry of a legal page's contents, then that section scrolls into view below the header", async () => {
    const page = await openAt(suite, "/refund");
    const toc = page.getByRole("navigation", { name: "Contents" });
    const entries = await toc.getByRole("link").allTextContents();
    expect(entries).toEqual(
      expect.arrayContaining(["What can be refunded", "When we answer", "How refunds are paid", "Contact us"]),
    );
    await toc.getByRole("link", { name: "How refunds are paid" }).click();
    const top = await settledTop(page.getByRole("heading", { level: 2, name: "6. How refunds are paid" }));
    expect(top).toBeGreaterThanOrEqual(64);
    expect(top).toBeLessThan(200);
    expect(new URL(page.url()).hash).toBe("#how-refunds-are-paid");
    await page.close();
  });

  it.each(["light", "dark"] as const)(
    "when the legal pages are shown in the %s theme, then axe finds no violations",
    async (theme) => {
      for (const { path } of LEGAL)
        for (const width of [1280, 375]) {
          const page = await openAt(suite, path, width, theme);
          await shoot(page, `legal${path.replace("/", "-")}-${theme}-${width}`, { fullPage: width !== 375 });
          expect({ path, width, violations: await describedAxeViolations(page) }).toEqual({ path, width, violations: [] });
          await page.close();
        }
    },
    300_000,
  );

  it("when a visitor sends a message, then Submit is busy while it is sent, the form gives way to a thank-you naming their e-mail, and they can send another", async () => {
    const page = await openAt(suite, "/contact");
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    expect(await form(page).getByRole("combobox", { name: "Country code" }).inputValue()).toBe("IN");
    await fill(page, { email, phone: "098765 43210" });
    // Hold the request (it still goes to the server) to see the busy state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let payload: Record<string, unknown> | undefined;
    await page.route("**/contact/api/v1/create/", async (route) => {
      payload = route.request().postDataJSON() as Record<string, unknown>;
      await held;
      await route.continue();
    });
    await form(page).getByRole("button", { name: "Submit" }).click();
    const submit = form(page).getByRole("button", { name: "Submit" });
    await page.waitForFunction(() => document.querySelector('button[type="submit"]')?.getAttribute("aria-busy") === "true");
    expect(await submit.isDisabled()).toBe(true);
    release();
    const status = page.getByRole("status").filter({ hasText: "Message sent" });
    await status.waitFor();
    expect(payload).toEqual({
      email,
      phoneNumber: "+919876543210",
      subject: "Question about the API",
      message: "How do I render a streamed screen?",
    });
    expect(await status.textContent()).toContain(`Thanks! Your message has been sent. We'll reply to ${email} soon.`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Message sent");
    await shoot(page, "contact-sent-light-1280", { fullPage: false });
    await page.getByRole("button", { name: "Send another message" }).click();
    expect(await form(page).getByLabel("Email").inputValue()).toBe(email);
    expect(await form(page).getByLabel("Subject").inputValue()).toBe("");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("subject");
    await page.close();
  });

  it("when the server refuses the e-mail and the phone number, then each error shows under its field, and each clears once corrected and sent again", async () => {
    const page = await openAt(suite, "/contact");
    await fill(page, { email: "not-an-email", phone: "12", country: "GB" });
    await form(page).getByRole("button", { name: "Submit" }).click();
    const emailError = form(page).getByText("Enter a valid email address.");
    const phoneError = form(page).getByText("Enter a phone number with its country code: + then 8 to 15 digits.");
    await emailError.waitFor();
    await phoneError.waitFor();
    expect(await form(page).getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await form(page).getByRole("textbox", { name: "Phone number" }).getAttribute("aria-describedby")).toBe(
      await phoneError.getAttribute("id"),
    );
    // Focus goes to the first field to fix.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    await shoot(page, "contact-errors-light-1280", { fullPage: false });

    // Only the e-mail is corrected: its error goes, the phone's stays after the retry.
    await form(page)
      .getByLabel("Email")
      .fill(`fixed-${randomUUID().slice(0, 8)}@example.com`);
    await form(page).getByRole("textbox", { name: "Phone number" }).fill("13");
    await form(page).getByRole("button", { name: "Submit" }).click();
    await page.waitForFunction(() => document.querySelector('button[type="submit"]')?.getAttribute("aria-busy") !== "true");
    await phoneError.waitFor();
    expect(await emailError.count()).toBe(0);
    expect(await form(page).getByLabel("Email").getAttribute("aria-invalid")).toBeNull();

    await form(page).getByRole("textbox", { name: "Phone number" }).fill("7700 900123");
    await form(page).getByRole("button", { name: "Submit" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent" }).waitFor();
    await page.close();
  });

  it("when the message cannot reach the server, then the form stays filled in and says so calmly", async () => {
    const page = await openAt(suite, "/contact");
    await fill(page, { email: "offline@example.com", phone: "9876543210" });
    await page.route("**/contact/api/v1/create/", (route) => route.abort("internetdisconnected"));
    await form(page).getByRole("button", { name: "Submit" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Your message could not be sent." });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("support@genui.dev");
    expect(await form(page).getByRole("button", { name: "Submit" }).isEnabled()).toBe(true);
    expect(await form(page).getByLabel("Message").inputValue()).toBe("How do I render a streamed screen?");
    await page.close();
  });

  it("when the contact page is shown in either theme, then it offers the support e-mail and the business address, and axe finds no violations", async () => {
    for (const theme of ["light", "dark"] as const)
      for (const width of [1280, 375]) {
        const page = await openAt(suite, "/contact", width, theme);
        const mail = page.getByRole("main").getByRole("link", { name: "support@genui.dev" });
        expect(await mail.getAttribute("href")).toBe("mailto:support@genui.dev");
        expect(await page.getByRole("main").locator("address").textContent()).toContain("Bengaluru, Karnataka 560025");
        await shoot(page, `contact-${theme}-${width}`);
        expect({ theme, width, violations: await describedAxeViolations(page) }).toEqual({ theme, width, violations: [] });
        // The error state too.
        await fill(page, { email: "bad", phone: "1" });
        await form(page).getByRole("button", { name: "Submit" }).click();
        await form(page).getByText("Enter a valid email address.").waitFor();
        await shoot(page, `contact-errors-${theme}-${width}`);
        expect({ theme, width, state: "errors", violations: await describedAxeViolations(page) }).toEqual({
          theme,
          width,
          state: "errors",
          violations: [],
        });
        await page.close();
      }
  }, 300_000);

  it("when the screen is 360 px wide, then no page overflows sideways", async () => {
    for (const path of ["/contact", "/privacy", "/terms", "/refund"]) {
      const page = await openAt(suite, path, 360);
      const overflow = await horizontalOverflow(page);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      await page.close();
    }
  });
});

describe("the contact form's rate limit in Chromium", () => {
  const suite = browserSuite({ bffEnv: { CONTACT_RATE_PER_IP: "2/600" } });

  it("when a visitor sends more messages than the limit allows, then the next one is refused with the server's message and the form keeps its text", async () => {
    const page = await openAt(suite, "/contact");
    for (let i = 0; i < 2; i++) {
      await fill(page, { email: "busy@example.com", phone: "9876543210", subject: `Message ${i + 1}` });
      await form(page).getByRole("button", { name: "Submit" }).click();
      await page.getByRole("button", { name: "Send another message" }).click();
    }
    await fill(page, { email: "busy@example.com", phone: "9876543210", subject: "Message 3" });
    await form(page).getByRole("button", { name: "Submit" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Too many messages from this address." });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Try again in about 10 minutes\./);
    expect(await form(page).getByLabel("Subject").inputValue()).toBe("Message 3");
    await shoot(page, "contact-rate-limited-light-1280", { fullPage: false });
    expect(await describedAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
