import { requireIdentity, userId } from "@genui/chassis";
import { Router } from "express";
import type { Subscriptions } from "../use-cases/subscriptions";

/** `{id}` is the subscription id the app list carries as `subscription_id` (`sub_<app id>`). Owner only; else 404. */
export function subscriptionRoutes(subscriptions: Subscriptions): Router {
  const router = Router();
  router.post("/billing/api/v1/subscription/:id/cancel/", requireIdentity, async (req, res) => {
    res.json(await subscriptions.cancel(userId(req), String(req.params.id)));
  });
  return router;
}
