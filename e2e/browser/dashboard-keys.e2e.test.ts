import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { eventually } from "../support/eventually";
import { browserSuite, callInPage, describedAxeViolations, shoot, signUpInPage } from "../support/pages";
import type { AppRow } from "../support/wire";

type InPage = { navigator: { clipboard: { readText(): Promise<string> } } };

/**
 * The dashboard's Keys dialog (More → Keys): the publishable key, the stored completions setting and the daily spend
 * cap, against the real stack.
 */
describe("the dashboard's Keys dialog in Chromium", () => {
  const suite = browserSuite();

  async function dashboardWithApp(): Promise<{ page: Page; app: AppRow }> {
    const { page } = await suite.visit("/terms", {
      height: 900,
      permissions: ["clipboard-read", "clipboard-write"],
      bypassCSP: true,
    });
    await signUpInPage(page, suite.url(), `keys-${randomUUID()}@genui.dev`);
    const url = `https://${randomUUID().slice(0, 8)}.example.com`;
    const created = await callInPage<AppRow>(page, "POST", "/apps/api/v1/create/", { url });
    expect(created.status).toBe(201);
    await page.goto(suite.url("/dashboard"));
    await page.getByRole("heading", { name: "Your Apps", level: 2 }).waitFor();
    return { page, app: created.body };
  }

  const listed = async (page: Page, id: string) =>
    (await callInPage<{ results: AppRow[] }>(page, "GET", "/apps/api/v1/list/")).body.results.find((a) => a.id === id)!;

  const openKeys = async (page: Page, app: AppRow) => {
    await page
      .locator("tr.app", { hasText: app.url })
      .getByRole("button", { name: `More actions for ${app.url}` })
      .click();
    await page.getByRole("menuitem", { name: "Keys" }).click();
    const dialog = page.getByRole("dialog", { name: "Keys" });
    await dialog.waitFor();
    return dialog;
  };

  it("when the owner opens Keys, then the publishable key is shown whole and copies, beside the app's origin and the secret key's short form", async () => {
    const { page, app } = await dashboardWithApp();
    // SPEC's columns stay: the table still shows the secret key's first 10 characters.
    await page
      .locator("tr.app", { hasText: app.url })
      .getByText(`${app.api_key.slice(0, 10)}…`)
      .waitFor();
    const dialog = await openKeys(page, app);
    expect(app.publishable_key).toMatch(/^gk_pub_/);
    await expect(dialog.getByTestId("publishable key").textContent()).resolves.toBe(app.publishable_key);
    await expect(dialog.getByTestId("secret key").textContent()).resolves.toBe(`${app.api_key.slice(0, 10)}…`);
    await dialog.locator("strong", { hasText: new URL(app.url).origin }).waitFor();
    await dialog.getByRole("button", { name: "Copy publishable key" }).click();
    await dialog.getByRole("status").filter({ hasText: "Copied to clipboard" }).first().waitFor({ state: "attached" });
    expect(await page.evaluate(() => (globalThis as unknown as InPage).navigator.clipboard.readText())).toBe(app.publishable_key);
    expect(await describedAxeViolations(page)).toEqual([]);
    await shoot(page, "dashboard-keys-dialog", { fullPage: false });
  });

  it("when the owner edits the daily spend cap, then bad values show the server's field error and a good one is saved", async () => {
    const { page, app } = await dashboardWithApp();
    let dialog = await openKeys(page, app);
    const field = dialog.getByLabel("Daily spend cap (USD)");
    await expect(field.inputValue()).resolves.toBe("1.00");
    for (const [bad, message] of [
      ["-1", "Ensure this value is greater than or equal to 0."],
      ["0.001", "Ensure that there are no more than 2 decimal places."],
      ["lots", "A valid number is required."],
      ["20000", "Ensure this value is less than or equal to 10000."],
    ] as const) {
      await field.fill(bad);
      await dialog.getByRole("button", { name: "Save cap" }).click();
      await dialog.getByText(message).waitFor();
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    }
    expect((await listed(page, app.id)).daily_spend_cap).toBe("1.00");
    await field.fill("2.5");
    await dialog.getByRole("button", { name: "Save cap" }).click();
    await page.getByText("Daily spend cap saved").waitFor();
    await expect(field.inputValue()).resolves.toBe("2.50");
    expect((await listed(page, app.id)).daily_spend_cap).toBe("2.50");
    // Reopened, the dialog shows the stored cap.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });
    dialog = await openKeys(page, app);
    await expect(dialog.getByLabel("Daily spend cap (USD)").inputValue()).resolves.toBe("2.50");
  });

  it("when the owner switches stored completions on and off, then the app keeps the setting and the dialog shows it", async () => {
    const { page, app } = await dashboardWithApp();
    expect(app.store_completions).toBe(false);
    let dialog = await openKeys(page, app);
    const box = dialog.getByRole("checkbox", { name: "Store completions by default" });
    await expect(box.isChecked()).resolves.toBe(false);
    await box.check();
    await page.getByText("Completions are stored").waitFor();
    await expect(box.isChecked()).resolves.toBe(true);
    expect((await listed(page, app.id)).store_completions).toBe(true);
    // The cap is another setting: saving the switch left it as it was.
    expect((await listed(page, app.id)).daily_spend_cap).toBe("1.00");
    expect(await describedAxeViolations(page)).toEqual([]);
    await shoot(page, "dashboard-keys-stored-completions", { fullPage: false });
    // Reopened, the dialog shows the stored setting; switched off, it is off.
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });
    dialog = await openKeys(page, app);
    const again = dialog.getByRole("checkbox", { name: "Store completions by default" });
    await expect(again.isChecked()).resolves.toBe(true);
    await again.uncheck();
    await page.getByText("Completions are not stored").waitFor();
    expect((await listed(page, app.id)).store_completions).toBe(false);
  });

  it("when the owner rotates the publishable key, then the new key is shown and listed, and the secret key is unchanged", async () => {
    const { page, app } = await dashboardWithApp();
    const dialog = await openKeys(page, app);
    await dialog.getByRole("button", { name: "Rotate publishable key" }).click();
    await page.getByText("Publishable key rotated").waitFor();
    const shown = await eventually(
      async () => (await dialog.getByTestId("publishable key").textContent()) ?? "",
      (t) => t !== app.publishable_key,
    );
    const now = await listed(page, app.id);
    expect(shown).toBe(now.publishable_key);
    expect(now.publishable_key).not.toBe(app.publishable_key);
    expect(now.api_key).toBe(app.api_key);
  });
});
