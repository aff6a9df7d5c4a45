import type { Page } from "playwright-core";
import {
  browserSuite,
  chooseTheme,
  describedAxeViolations,
  linkHref,
  overflowsHorizontally,
  shoot,
  signUpInPage,
} from "../support/pages";
import { DEMO } from "../support/stack";

/** Fills the login form's e-mail and password and presses Sign in. */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Once Google's script is ready, presses 'Sign in with Google' and returns the consent popup it opens, loaded. */
async function openGooglePopup(page: Page): Promise<Page> {
  await page.waitForFunction(
    () => !!(window as unknown as { google?: { accounts?: { oauth2?: unknown } } }).google?.accounts?.oauth2,
  );
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Sign in with Google" }).click(),
  ]);
  await popup.waitForLoadState();
  return popup;
}

/** The shell, sign-in (password, sign-up, Google through its stand-in), logout, the 401 path, theme, 404 and errors. */
describe("the SPA shell and sign-in in Chromium", () => {
  const suite = browserSuite();

  const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });

  it("when a visitor opens the site, then the header has every link, the logo goes home and the footer has its groups, address and this year", async () => {
    const { page, errors } = await suite.visit("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Pricing", "Docs", "Playground", "Chat", "GenUI", "Contact"])
      await nav.getByRole("link", { name }).waitFor();
    expect(await linkHref(page, "GenUI home")).toBe("/");
    expect(await page.getByRole("button", { name: "Log Out" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Dashboard" }).count()).toBe(0);
    const footer = page.locator("footer");
    for (const [group, links] of [
      ["Product", ["Pricing", "Documentation"]],
      ["Resources", ["Contact", "Refund"]],
      ["Legal", ["Privacy Policy", "Terms of Service"]],
    ] as const) {
      const g = footer.getByRole("navigation", { name: group });
      for (const l of links) await g.getByRole("link", { name: l }).waitFor();
    }
    expect(await footer.getByRole("group", { name: "Business address" }).count()).toBe(0);
    expect(await footer.locator("address").innerText()).toContain("India");
    expect(await page.getByTestId("copyright").innerText()).toBe(`© ${new Date().getFullYear()} GenUI. All rights reserved.`);
    expect(errors).toEqual([]);
  });

  it("when a logged-out visitor clicks Get Api Key, then the browser loads /login as a full page", async () => {
    const { page } = await suite.visit("/pricing");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole("button", { name: "Get Api Key" }).first().click();
    await page.waitForURL(suite.url("/login"));
    await page.getByRole("heading", { name: "Sign in to GenUI" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
  });

  it("when fields are empty or wrong, then SPEC's toast or the server's message shows under the form and typing clears it", async () => {
    const { page } = await suite.visit("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await toast(page, "Login failed").filter({ hasText: "Please fill in all fields." }).waitFor();
    await submitLogin(page, DEMO.email, "not-the-password");
    const errs = page.getByTestId("form-errors");
    await errs.getByText("Unable to log in with provided credentials.").waitFor();
    await page.getByLabel("Password", { exact: true }).press("x");
    await errs.waitFor({ state: "detached" });
  });

  it("when the demo user signs in, then 'Login successful!' shows, the dashboard opens and the header offers Log Out and Dashboard elsewhere", async () => {
    const { page, errors } = await suite.visit("/login");
    await submitLogin(page, DEMO.email, DEMO.password);
    await toast(page, "Login successful!").filter({ hasText: "Redirecting to your dashboard..." }).waitFor();
    await page.waitForURL(suite.url("/dashboard"));
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("is_logged_in"))).toBe("1");
    await page.getByRole("button", { name: "Log Out" }).waitFor();
    expect(await page.getByRole("button", { name: "Dashboard" }).count()).toBe(0);
    expect(await linkHref(page, "GenUI home")).toBe("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await page.getByRole("button", { name: "Dashboard" }).click();
    await page.waitForURL(suite.url("/dashboard"));
    await page.goto(suite.url("/docs"));
    await page.getByRole("button", { name: "Get Api Key" }).first().click();
    await page.waitForURL(suite.url("/dashboard"));
    // Signed in, /login leads to the dashboard.
    await page.goto(suite.url("/login"));
    await page.waitForURL(suite.url("/dashboard"));
    expect(errors).toEqual([]);
  });

  it("when a signed-in user logs out, then the button reads 'Logging out...' while disabled, storage is cleared but the theme kept, and the site root opens", async () => {
    const { page } = await suite.openPage({ theme: "dark" });
    await signUpInPage(page, suite.url());
    await page.evaluate(() => localStorage.setItem("draft-note", "x"));
    await page.goto(suite.url("/dashboard"));
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // Hold the logout answer for a moment so the in-between state can be seen (the real call then goes through).
    await page.route("**/accounts/api/v1/logout/", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByRole("button", { name: "Log Out" }).click();
    const busy = page.getByRole("button", { name: "Logging out..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.waitForURL(suite.url("/"));
    await page.getByRole("button", { name: "Get Api Key" }).first().waitFor();
    expect(
      await page.evaluate(() => ({
        flag: localStorage.getItem("is_logged_in"),
        theme: localStorage.getItem("ui-theme"),
        other: localStorage.getItem("draft-note"),
      })),
    ).toEqual({
      flag: "0",
      theme: "dark",
      other: null,
    });
    const me = await page.evaluate(async () => (await fetch("/accounts/api/v1/me/", { credentials: "include" })).status);
    expect(me).toBe(401);
  });

  it("when the session ends behind the SPA's back, then the next call's 401 logs the user out and sends them to the site root", async () => {
    const { page } = await suite.openPage();
    await signUpInPage(page, suite.url());
    await page.goto(suite.url("/pricing"));
    await page.getByRole("button", { name: "Log Out" }).waitFor();
    // The session dies elsewhere (another tab logged out, or it expired): only the cookie's server side is gone.
    await page.evaluate(async () => {
      const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "");
      await fetch("/accounts/api/v1/logout/", { method: "POST", credentials: "include", headers: { "x-csrftoken": csrf } });
    });
    expect(await page.evaluate(() => localStorage.getItem("is_logged_in"))).toBe("1");
    await page.getByRole("button", { name: "Dashboard" }).click();
    await page.waitForURL(suite.url("/"));
    await page.getByRole("button", { name: "Get Api Key" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Log Out" }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("is_logged_in"))).toBe("0");
  });

  it("when a visitor creates an account, then the inbox gets a link that signs them in on the dashboard; the same e-mail again looks the same and gets a note instead", async () => {
    const { page } = await suite.openPage();
    const email = `new-${Date.now()}@genui.dev`;
    const mail = suite.stack.mail;
    await page.goto(suite.url("/login"));
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Name (optional)").fill("Asha Rao");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page
      .getByTestId("form-errors")
      .getByText("This password is too short. It must contain at least 8 characters.")
      .waitFor();
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Create account" }).click();
    const sent = page.getByTestId("signup-sent");
    await sent.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await sent.getByText(email).waitFor();
    await sent.getByText("it works once, for 24 hours.", { exact: false }).waitFor();
    await shoot(page, "signup-check-inbox");
    // Still signed out: the account does not exist until the link is opened.
    expect(await page.evaluate(() => localStorage.getItem("is_logged_in"))).not.toBe("1");

    // "Send the link again" mails a second link; the mail's link, opened in the browser, finishes the sign-up.
    await sent.getByRole("button", { name: "Send the link again" }).click();
    await toast(page, "Email sent again").waitFor();
    const second = await mail.waitFor(email, { after: 1 });
    expect(second.subject).toBe("Confirm your email to finish signing up for GenUI");
    const link = second.links.find((l) => l.includes("/confirm-email#token="))!;
    await page.goto(link);
    await toast(page, "Account created!").waitFor();
    await page.waitForURL(suite.url("/dashboard"));
    await page.getByText(`Signed in as ${email}`).waitFor();
    // The token left the address bar and the history.
    expect(page.url()).not.toContain("token=");

    // The link again (another browser): it has been used.
    const other = await suite.openPage();
    await other.page.goto(link);
    await other.page.getByRole("heading", { name: "This link does not work" }).waitFor();
    await other.page
      .getByTestId("confirm-error")
      .getByText("This sign-up link has expired or has already been used. Sign in, or sign up again for a new link.")
      .waitFor();
    await shoot(other.page, "signup-link-used");

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(suite.url("/"));
    await page.goto(suite.url("/login"));
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a-good-password");
    await page.getByRole("button", { name: "Create account" }).click();
    // The page cannot tell a taken address from a new one; the inbox's owner is told.
    await page.getByTestId("signup-sent").getByRole("heading", { name: "Check your inbox" }).waitFor();
    const note = await mail.waitFor(email, { match: (m) => m.subject === "You already have a GenUI account" });
    expect(note.links.some((l) => l.includes("/confirm-email"))).toBe(false);
  });

  it("when Google's script loads, then 'Sign in with Google' goes through Google's consent popup and lands on the dashboard", async () => {
    const { page } = await suite.visit("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
    const popup = await openGooglePopup(page);
    await popup.getByRole("button", { name: /Demo Google User/ }).click();
    await toast(page, "Google Sign In successful!").filter({ hasText: "Redirecting to your dashboard..." }).waitFor();
    await page.waitForURL(suite.url("/dashboard"));
    await page.getByText("Signed in as google.user@genui.dev").waitFor();
  });

  it("when the Google popup is closed or cancelled, then nothing happens and the form stays usable", async () => {
    const { page } = await suite.visit("/login");
    const popup = await openGooglePopup(page);
    await popup.getByRole("button", { name: "Cancel" }).click();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(suite.url("/login"));
    expect(await page.getByRole("button", { name: "Sign in with Google" }).isEnabled()).toBe(true);
    expect(await page.getByTestId("toast").count()).toBe(0);
  });

  it("when a route's code cannot be loaded, then the routing error screen reads 'Unexpected Application Error!'", async () => {
    const { page } = await suite.visit("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.route(/\/assets\/terms-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await page.getByRole("heading", { name: "Unexpected Application Error!" }).waitFor();
    await shoot(page, "route-error-1280-light");
  });

  it("when an unknown path opens, then the 404 text and a Return to Home link show", async () => {
    const { page } = await suite.visit("/no/such/page");
    await page.getByRole("heading", { name: "Oops! The page you're looking for doesn't exist." }).waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(suite.url("/"));
  });

  it("when the theme is system, then it follows the OS; choosing light or dark is stored in ui-theme and survives a reload", async () => {
    const { page } = await suite.openPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(suite.url());
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe("dark");
    expect(await page.getByRole("radio", { name: "System theme" }).getAttribute("aria-checked")).toBe("true");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    await chooseTheme(page, "dark");
    expect(await theme()).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("ui-theme"))).toBe("dark");
    await page.reload();
    expect(await theme()).toBe("dark");
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe("rgb(11, 16, 32)");
    await chooseTheme(page, "light");
    expect(await theme()).toBe("light");
    await chooseTheme(page, "system");
    expect(await page.evaluate(() => localStorage.getItem("ui-theme"))).toBe("system");
    expect(await theme()).toBe("light");
  });

  it("when a pointer rests on a control, then its tooltip opens after 700 ms, and the next one within 300 ms opens at once", async () => {
    const { page } = await suite.visit("/");
    const tip = page.getByRole("tooltip");
    // The page's own clock: when the pointer entered each control and when its tooltip showed. A loaded machine can
    // only make the page's timers fire later, never sooner, so the delays are read there, not from this process.
    await page.evaluate(() => {
      const log = { enter: {} as Record<string, number>, open: {} as Record<string, number> };
      (window as unknown as { tipLog: typeof log }).tipLog = log;
      let over = "";
      document.addEventListener(
        "pointerover",
        (e) => {
          const label = (e.target as Element).closest("[aria-label]")?.getAttribute("aria-label") ?? "";
          if (label !== over && !(label in log.enter)) log.enter[label] = performance.now();
          over = label;
        },
        true,
      );
      new MutationObserver(() => {
        for (const t of document.querySelectorAll('[role="tooltip"]'))
          if (t.textContent && !(t.textContent in log.open)) log.open[t.textContent] = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const delay = (label: string) =>
      page.evaluate((l) => {
        const log = (window as unknown as { tipLog: { enter: Record<string, number>; open: Record<string, number> } }).tipLog;
        return log.open[l]! - log.enter[l]!;
      }, label);
    await page.getByRole("radio", { name: "Light theme" }).hover();
    await tip.filter({ hasText: "Light theme" }).waitFor({ timeout: 10_000 });
    expect(await delay("Light theme")).toBeGreaterThanOrEqual(690);
    // Straight on to the next control: it opens at once (well before another 700 ms).
    await page.getByRole("radio", { name: "Dark theme" }).hover();
    await tip.filter({ hasText: "Dark theme" }).waitFor({ timeout: 10_000 });
    expect(await delay("Dark theme")).toBeLessThan(500);
    await page.mouse.move(5, 400);
    // Past the 300 ms skip delay by the page's clock: a page timer set now fires after the tooltip's own.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
    await page.getByRole("radio", { name: "System theme" }).hover();
    await tip.filter({ hasText: "System theme" }).waitFor({ timeout: 10_000 });
    expect(await delay("System theme")).toBeGreaterThanOrEqual(690);
  });

  it("when the screen is 360 px wide, then the menu toggle holds the same links, Escape closes it, and nothing scrolls sideways", async () => {
    const { page } = await suite.openPage({ width: 360, height: 740 });
    await signUpInPage(page, suite.url());
    await page.goto(suite.url("/pricing"));
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Pricing", "Docs", "Playground", "Chat", "GenUI", "Contact"])
      await mobile.getByRole("link", { name }).waitFor();
    await page.locator("#mobile-menu").getByRole("button", { name: "Log Out" }).waitFor();
    await page.locator("#mobile-menu").getByRole("button", { name: "Dashboard" }).waitFor();
    await shoot(page, "menu-360-light");
    await page.keyboard.press("Escape");
    await mobile.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await mobile.getByRole("link", { name: "Docs" }).click();
    await page.waitForURL(suite.url("/docs"));
    await mobile.waitFor({ state: "detached" });
    expect(await overflowsHorizontally(page)).toBe(false);
  });

  for (const theme of ["light", "dark"] as const) {
    for (const width of [1280, 375]) {
      it(`when the login, dashboard-login and 404 pages render at ${width} px in the ${theme} theme, then axe finds no violations`, async () => {
        const { page } = await suite.openPage({ width, theme });
        for (const [path, name] of [
          ["/login", "login"],
          ["/dashboard", "dashboard-logged-out"],
          ["/nope", "not-found"],
        ] as const) {
          await page.goto(suite.url(path));
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          await page.waitForLoadState("networkidle");
          await shoot(page, `${name}-${width}-${theme}`);
          expect(await describedAxeViolations(page)).toEqual([]);
          expect(await overflowsHorizontally(page)).toBe(false);
        }
      });
    }
  }
});

describe("sign-in when Google's script cannot be reached", () => {
  // Port 9 (discard) refuses connections on loopback: the script fails to load, as when Google is blocked.
  const suite = browserSuite({ bffEnv: { GOOGLE_SCRIPT_URL: "http://127.0.0.1:9/gsi/client" } });

  it("when the Google script fails to load, then the page says so, the Google button is disabled and password sign-in still works", async () => {
    const { page } = await suite.visit("/login");
    await page.getByTestId("google-unavailable").getByText("Google sign-in is unavailable right now").waitFor();
    expect(await page.getByRole("button", { name: "Sign in with Google" }).isDisabled()).toBe(true);
    await shoot(page, "login-google-unreachable-1280-light");
    await submitLogin(page, DEMO.email, DEMO.password);
    await page.waitForURL(suite.url("/dashboard"));
  });
});
