import type { Logger, Redis } from "@genui/chassis";
import type { Connection } from "mongoose";
import { WalletRepository } from "../store/wallet.repository";
import { Holds } from "../store/holds.store";
import { Wallets, walletLock } from "./wallets";

/**
 * The wallets the reconciliation job (jobs/reconcile.ts) proves, on the connections that one-off process opened
 * itself: it runs without the service (`main.ts reconcile`), so its use case is built here rather than in service.ts.
 */
export function reconciliationWallets(mongo: Connection, redis: Redis, redisKeyPrefix: string, logger: Logger): Wallets {
  return new Wallets(new WalletRepository(mongo), logger, walletLock(redis, redisKeyPrefix), new Holds(redis, redisKeyPrefix));
}
