import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  registerClient,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { AuthorizationServerMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Page } from "playwright-core";
import { newDeveloper } from "../support/developer";
import { eventually } from "../support/eventually";
import { mcpInitialize, refusedOnMcp } from "../support/mcp-oauth";
import { browserSuite, describedAxeViolations, overflowsHorizontally, shoot } from "../support/pages";
import type { AppRow } from "../support/wire";

/** What the host's redirect URI received: the query of each request to /callback, in order. */
interface Callback {
  url: string;
  received: URLSearchParams[];
  close(): Promise<void>;
}

/** The host's loopback redirect URI (RFC 8252): a small server that records what the browser brings back. */
async function startCallback(): Promise<Callback> {
  const received: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      res.writeHead(404).end();
      return;
    }
    received.push(url.searchParams);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>Test host</title><h1>Test host: you can close this window</h1>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * The MCP authorization flow in Chromium: the test plays the agent host with the official SDK's client functions in
 * node, the browser does what the user does (the authorization URL, our login page, the consent page, the dashboard).
 */
describe("connecting an agent host in the browser", () => {
  const suite = browserSuite({ generation: {} });
  let callback: Callback;
  let metadata: AuthorizationServerMetadata;

  beforeAll(async () => {
    callback = await startCallback();
    metadata = (await discoverAuthorizationServerMetadata(suite.url()))!;
  });
  afterAll(async () => {
    await callback?.close();
  });

  const initialize = (token: string) => mcpInitialize(suite.url(), token, "browser-test");

  const choice = (page: Page, url: string) => page.locator("label", { hasText: url });

  it("when the owner signs in from the consent page, picks an app and allows, then the host's token works until the owner disconnects it on the dashboard", async () => {
    const email = `host-owner-${randomUUID()}@genui.dev`;
    const owner = await newDeveloper(suite.stack, 0, { email, password: "password123" });
    // A second app whose subscription the owner cancelled: shown, but not choosable.
    const cancelledUrl = `https://${randomUUID().slice(0, 8)}.example.com`;
    const created = (await (await owner.client.post("/apps/api/v1/create/", { url: cancelledUrl })).json()) as AppRow;
    const listed = async () => ((await (await owner.client.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results;
    const subscribed = await eventually(
      async () => (await listed()).find((a) => a.id === created.id),
      (a) => !!a?.subscription_id && a.status === "active",
      60_000,
    );
    expect((await owner.client.post(`/billing/api/v1/subscription/${subscribed!.subscription_id}/cancel/`)).status).toBeLessThan(
      300,
    );
    await eventually(
      async () => (await listed()).find((a) => a.id === created.id)?.status,
      (status) => status === "cancelled",
      60_000,
    );
    const stranger = await newDeveloper(suite.stack, 0);

    // The host registers and starts the authorization (the SDK's own functions), then opens the browser there.
    const client = await registerClient(suite.url(), {
      metadata,
      clientMetadata: { redirect_uris: [callback.url], client_name: "Playwright Agent", token_endpoint_auth_method: "none" },
    });
    const state = randomUUID();
    const { authorizationUrl, codeVerifier } = await startAuthorization(suite.url(), {
      metadata,
      clientInformation: client,
      redirectUrl: callback.url,
      scope: "genui:screens",
      state,
      resource: new URL(suite.url("/mcp")),
    });
    const { page, errors } = await suite.openPage({ height: 900 });
    await page.goto(authorizationUrl.href);
    expect(new URL(page.url()).pathname).toBe("/oauth/consent");

    // Not signed in: our login form in place; signing in stays on this request.
    await page.getByText("An agent host is asking to connect to one of your apps.").waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const consent = page.getByTestId("consent");
    await consent.getByRole("heading", { name: "Connect Playwright Agent", level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get("request")).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    await expect(consent.getByTestId("consent-redirect-host").textContent()).resolves.toBe(new URL(callback.url).origin);
    await consent.getByText("Generate and update screens for the app you choose; billed to that app’s balance.").waitFor();

    // The picker: the owner's active app, the pending one disabled with why, and nothing of another tenant's.
    await choice(page, owner.url).waitFor();
    await expect(choice(page, owner.url).getByRole("radio").isEnabled()).resolves.toBe(true);
    await expect(choice(page, cancelledUrl).getByRole("radio").isDisabled()).resolves.toBe(true);
    await choice(page, cancelledUrl).getByText("Its subscription was cancelled: only active apps can be connected.").waitFor();
    await expect(consent.getByText(stranger.url).count()).resolves.toBe(0);
    await expect(consent.getByRole("radio").count()).resolves.toBe(2);
    expect(await describedAxeViolations(page)).toEqual([]);
    await shoot(page, "mcp-oauth-consent");

    await choice(page, owner.url).click();
    await consent.getByRole("button", { name: "Allow" }).click();
    // The browser lands on the host's redirect URI with the code and the state.
    await page.waitForURL((u) => u.href.startsWith(callback.url));
    const back = callback.received.at(-1)!;
    expect(back.get("state")).toBe(state);
    expect(back.get("iss")).toBe(metadata.issuer);
    const tokens = await exchangeAuthorization(suite.url(), {
      metadata,
      clientInformation: client,
      authorizationCode: back.get("code")!,
      codeVerifier,
      redirectUri: callback.url,
      resource: new URL(suite.url("/mcp")),
    });
    expect(await initialize(tokens.access_token)).toBe(200);

    // The dashboard: the app's MCP URL and its connected host; Disconnect (confirmed) ends it.
    await page.goto(suite.url("/dashboard"));
    const row = page.locator("tr.app", { hasText: owner.url });
    await row.getByRole("button", { name: `Templates of ${owner.url}` }).click();
    const panel = page.getByRole("region", { name: `Agent hosts (MCP) for ${owner.url}` });
    await expect(panel.getByTestId("mcp-url").textContent()).resolves.toBe(suite.url("/mcp"));
    const host = panel.getByRole("listitem").filter({ hasText: "Playwright Agent" });
    await host.getByText(`Returns to ${new URL(callback.url).origin}`).waitFor();
    // The MCP call above marked it used (the list is read again when the row is opened again).
    await eventually(
      async () => {
        await row.getByRole("button", { name: `Templates of ${owner.url}` }).click();
        await row.getByRole("button", { name: `Templates of ${owner.url}` }).click();
        return panel.getByRole("listitem").filter({ hasText: "Last used" }).count();
      },
      (n) => n === 1,
      60_000,
    );
    expect(await describedAxeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, "mcp-oauth-dashboard-hosts", { fullPage: false });
    await host.getByRole("button", { name: "Disconnect Playwright Agent" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect agent host?" });
    await confirm.getByText("Playwright Agent will no longer be able to generate screens").waitFor();
    await shoot(page, "mcp-oauth-disconnect-confirm", { fullPage: false });
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await panel.getByText("No agent hosts connected to this app.").waitFor();
    expect(await refusedOnMcp(suite.url(), tokens.access_token)).toBe(401);
    expect(errors).toEqual([]);
  });

  it("when the owner denies, then the host gets access_denied; the request then shows as expired", async () => {
    const email = `host-denier-${randomUUID()}@genui.dev`;
    const owner = await newDeveloper(suite.stack, 0, { email, password: "password123" });
    const client = await registerClient(suite.url(), {
      metadata,
      clientMetadata: { redirect_uris: [callback.url], client_name: "Denied Agent", token_endpoint_auth_method: "none" },
    });
    const { authorizationUrl } = await startAuthorization(suite.url(), {
      metadata,
      clientInformation: client,
      redirectUrl: callback.url,
      state: "deny-me",
    });
    // A phone's width: the sign-in in place, then the consent, without sideways scrolling.
    const { page } = await suite.openPage({ width: 390, height: 844 });
    await page.goto(authorizationUrl.href);
    await page.getByText("An agent host is asking to connect to one of your apps.").waitFor();
    await shoot(page, "mcp-oauth-consent-signin-phone", { fullPage: false });
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const consent = page.getByTestId("consent");
    // One active app: it is chosen already.
    await choice(page, owner.url).getByRole("radio", { checked: true }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await shoot(page, "mcp-oauth-consent-phone");
    const consentUrl = page.url();
    await consent.getByRole("button", { name: "Deny" }).click();
    await page.waitForURL((u) => u.href.startsWith(callback.url));
    const back = callback.received.at(-1)!;
    expect([back.get("error"), back.get("state"), back.get("code")]).toEqual(["access_denied", "deny-me", null]);
    // Back on the consent page (the browser's Back button): the request is answered, and it says so.
    await page.goto(consentUrl);
    await page.getByTestId("consent-gone").waitFor();
    await page.getByRole("heading", { name: "Request expired" }).waitFor();
    await shoot(page, "mcp-oauth-consent-expired", { fullPage: false });
  });
});
