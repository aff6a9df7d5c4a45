import { connectMongo, createLogger, createRedis } from "@genui/chassis";
import type { BillingConfig } from "../config";
import { reconciliationWallets } from "../use-cases/reconciliation";

/**
 * The reconciliation job: proves every wallet's balance equals the sum of its ledger entries (and that the Redis
 * mirror holds are checked against agrees). Prints one line per mismatch and a summary; answers the process's exit
 * code (1 on any mismatch). Run by `main.ts reconcile` with billing's environment: `npm run billing:reconcile`.
 */
export async function runReconcile(config: BillingConfig, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const logger = createLogger("billing-reconcile", "warn");
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const redis = createRedis(config.REDIS_URL, "billing-reconcile", logger);
  try {
    const wallets = reconciliationWallets(mongo, redis, config.REDIS_KEY_PREFIX, logger);
    const r = await wallets.reconcileAll();
    for (const m of r.mismatches)
      out.write(
        `MISMATCH wallet ${m.userId}: balance ${m.balance}, ledger ${m.ledgerSum}${m.mirror !== undefined ? `, mirror ${m.mirror}` : ""} (micro-dollars)\n`,
      );
    for (const o of r.overHold)
      out.write(`OVER HOLD ${o.key} (wallet ${o.userId}): debit ${o.debit}, hold ${o.held} (micro-dollars)\n`);
    for (const n of r.negative) out.write(`NEGATIVE wallet ${n.userId}: balance ${n.balance} (micro-dollars)\n`);
    out.write(
      `${r.wallets} wallets, ${r.entries} ledger entries, ${r.mismatches.length} mismatches, ${r.overHold.length} debits over their hold, ${r.negative.length} wallets below zero\n`,
    );
    return r.mismatches.length + r.overHold.length + r.negative.length === 0 ? 0 : 1;
  } finally {
    await mongo.close();
    redis.disconnect();
  }
}
