import { requireIdentity, requireService, unauthorized, userId } from "@genui/chassis";
import { Router } from "express";
import type { Accounts } from "../accounts";
import { googleLoginInput, passwordLoginInput, registerInput } from "../domain/validation";
import type { UserRepository } from "../store/user.repository";

/**
 * Account routes. Sign-up and both sign-ins are internal: only the BFF (signed service header) calls them, and it
 * makes the browser session from the answer; `me` answers for the signed user the BFF forwards.
 */
export function accountRoutes(accounts: Accounts, users: UserRepository, secret: string): Router {
  const router = Router();
  const bffOnly = requireService(secret, ["bff"]);

  router.post("/accounts/api/v1/register/", bffOnly, async (req, res) => {
    res.status(201).json(await accounts.register(registerInput.parse(req.body ?? {})));
  });

  router.post("/accounts/api/v1/login-password/", bffOnly, async (req, res) => {
    const { email, password } = passwordLoginInput.parse(req.body ?? {});
    res.json(await accounts.verifyPassword(email, password));
  });

  router.post("/accounts/api/v1/login-google/", bffOnly, async (req, res) => {
    res.json(await accounts.googleLogin(googleLoginInput.parse(req.body ?? {}).access_token));
  });

  router.get("/accounts/api/v1/me/", requireIdentity, async (req, res) => {
    const user = await users.publicProfile(userId(req));
    // A signed identity for a user that no longer exists is as good as none.
    if (!user) throw unauthorized("User not found.");
    res.json(user);
  });

  return router;
}
