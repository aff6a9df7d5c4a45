import { requireIdentity, unauthorized, userId } from "@genui/chassis";
import { Router } from "express";
import { toPublicUser, type UserRepository } from "../store/user.repository";

export function meRoutes(users: UserRepository): Router {
  const router = Router();
  router.get("/accounts/api/v1/me/", requireIdentity, async (req, res) => {
    const user = await users.findById(userId(req));
    // A signed identity for a user that no longer exists is as good as none.
    if (!user) throw unauthorized("User not found.");
    res.json(toPublicUser(user));
  });
  return router;
}
