import type { Balance } from "@genui/contracts/http";
import { requireIdentity, userId } from "@genui/chassis";
import { Router } from "express";
import { toDollars } from "../domain/pricing";
import type { Wallets } from "../use-cases/wallets";

/** The signed user's balance in dollars (credits are US dollars). */
export function balanceRoutes(wallets: Wallets): Router {
  const router = Router();
  router.get("/billing/api/v1/balance", requireIdentity, async (req, res) => {
    const w = await wallets.get(userId(req));
    res.json({ balance: toDollars(w.balance), currency: "USD" } satisfies Balance);
  });
  return router;
}
