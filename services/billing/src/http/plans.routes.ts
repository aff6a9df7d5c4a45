import type { Request, Response } from "express";
import { validationFailed, type Handlers } from "@genui/chassis";
import { PlansQuery } from "@genui/contracts/http";
import { CURRENCIES, type Catalogue, type Currency } from "../domain/catalogue";

/** Public: the model plans with prices in the asked currency (USD when none is asked). */
export function planHandlers(catalogue: Catalogue): Pick<Handlers<"billing">, "billing.listPlans"> {
  return {
    "billing.listPlans": (req: Request, res: Response) => {
      // A query the contract does not read (e.g. the currency twice) is an unknown currency.
      const query = PlansQuery.safeParse(req.query);
      const raw = query.success ? query.data.currency : "?";
      const currency = raw === undefined || raw === "" ? "USD" : raw.trim().toUpperCase();
      if (!(CURRENCIES as readonly string[]).includes(currency))
        throw validationFailed({ currency: [`Unknown currency: use one of ${CURRENCIES.join(", ")}.`] });
      res.setHeader("cache-control", "public, max-age=60");
      res.json(catalogue.view(currency as Currency));
    },
  };
}
