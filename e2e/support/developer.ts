import { randomUUID } from "node:crypto";
import { createLogger } from "@genui/chassis";
import { Holds } from "../../services/billing/src/store/holds.store";
import { WalletRepository } from "../../services/billing/src/store/wallet.repository";
import { Wallets, walletLock } from "../../services/billing/src/use-cases/wallets";
import { BrowserClient } from "./client";
import { eventually } from "./eventually";
import { signUp } from "./signup";
import type { Stack } from "./stack";
import type { AppRow } from "./wire";

/** A signed-up developer with one app (active once billing subscribed it) and, if asked, credits. */
export interface Developer {
  client: BrowserClient;
  userId: string;
  appId: string;
  apiKey: string;
  /** The app's publishable key (for pages on the app's own origin). */
  publishableKey: string;
  /** The app's website URL (its origin is where the publishable key is accepted from). */
  url: string;
  subscriptionId: string;
}

/** Puts credits into a wallet with billing's own ledger code (top-ups are tested on their own). */
export async function credit(stack: Stack, userId: string, micros: number): Promise<void> {
  const ctx = stack.billing.ctx;
  const logger = createLogger("test-credit", "silent");
  const wallets = new Wallets(
    new WalletRepository(ctx.mongo!),
    logger,
    walletLock(ctx.redis!, stack.prefix),
    new Holds(ctx.redis!, stack.prefix),
  );
  await wallets.apply(userId, `test-credit:${userId}:${randomUUID()}`, micros, "adjustment");
}

/**
 * Signs up, creates an app (for `opts.url`, default a random https://….example.com) and waits until it is active;
 * credits the wallet with `micros` (default $1). `opts.email` / `opts.password` sign up with those (default a random
 * address and "password123").
 */
export async function newDeveloper(
  stack: Stack,
  micros = 1_000_000,
  opts: { url?: string; email?: string; password?: string } = {},
): Promise<Developer> {
  const client = new BrowserClient(stack.bff.url);
  const res = await signUp(client, {
    email: opts.email ?? `dev-${randomUUID()}@genui.dev`,
    password: opts.password ?? "password123",
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  const userId = ((await res.json()) as { id: string }).id;
  const created = await client.post("/apps/api/v1/create/", {
    url: opts.url ?? `https://${randomUUID().slice(0, 8)}.example.com`,
  });
  if (created.status !== 201) throw new Error(`app create answered ${created.status}`);
  const app = (await created.json()) as AppRow;
  const active = await eventually(
    async () =>
      ((await (await client.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results.find((a) => a.id === app.id),
    (a) => a?.status === "active" && !!a.subscription_id,
    40_000, // a loaded 2-core CI machine has taken over 15 s for the created → subscribed → activated round trip
  );
  if (active?.status !== "active" || !active.subscription_id || !active.publishable_key)
    throw new Error(`the app did not become active within 40 s (last seen: ${JSON.stringify(active ?? null)})`);
  if (micros > 0) await credit(stack, userId, micros);
  return {
    client,
    userId,
    appId: app.id,
    apiKey: app.api_key,
    publishableKey: active.publishable_key,
    url: app.url,
    subscriptionId: active.subscription_id!,
  };
}
