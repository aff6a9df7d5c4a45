import type { Request, Response } from "express";
import { requireIdentity, userId, type Handlers } from "@genui/chassis";
import type { Subscriptions } from "../use-cases/subscriptions";

/** `{id}` is the subscription id the app list carries as `subscription_id` (`sub_<app id>`). Owner only; else 404. */
export function subscriptionHandlers(subscriptions: Subscriptions): Pick<Handlers<"billing">, "billing.cancelSubscription"> {
  return {
    "billing.cancelSubscription": [
      requireIdentity,
      async (req: Request, res: Response) => {
        res.json(await subscriptions.cancel(userId(req), String(req.params.id)));
      },
    ],
  };
}
