import type { Request, Response } from "express";
import type { Balance } from "@genui/contracts/http";
import { requireIdentity, userId, type Handlers } from "@genui/chassis";
import { toDollars } from "../domain/pricing";
import type { Wallets } from "../use-cases/wallets";

/** The signed user's balance in dollars (credits are US dollars). */
export function balanceHandlers(wallets: Wallets): Pick<Handlers<"billing">, "billing.balance"> {
  return {
    "billing.balance": [
      requireIdentity,
      async (req: Request, res: Response) => {
        const w = await wallets.get(userId(req));
        res.json({ balance: toDollars(w.balance), currency: "USD" } satisfies Balance);
      },
    ],
  };
}
