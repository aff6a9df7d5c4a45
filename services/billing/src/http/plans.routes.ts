import { validationFailed } from "@genui/chassis";
import { Router } from "express";
import { CURRENCIES, type Catalogue, type Currency } from "../domain/catalogue";

/** Public: the model plans with prices in the asked currency (USD when none is asked). */
export function planRoutes(catalogue: Catalogue): Router {
  const router = Router();
  router.get("/billing/api/v1/modals/list", (req, res) => {
    const raw = req.query.currency;
    const currency = raw === undefined || raw === "" ? "USD" : typeof raw === "string" ? raw.trim().toUpperCase() : "";
    if (!(CURRENCIES as readonly string[]).includes(currency))
      throw validationFailed({ currency: [`Unknown currency: use one of ${CURRENCIES.join(", ")}.`] });
    res.setHeader("cache-control", "public, max-age=60");
    res.json(catalogue.view(currency as Currency));
  });
  return router;
}
