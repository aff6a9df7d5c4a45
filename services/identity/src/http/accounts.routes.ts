import { requireIdentity, requireService, unauthorized, userId, type IdentitySecret } from "@genui/chassis";
import { Router, type Response } from "express";
import type { Accounts, SignIn } from "../use-cases/accounts";
import { confirmSignupInput, googleLoginInput, passwordLoginInput, registerInput } from "../domain/validation";
import type { UserRepository } from "../store/user.repository";

/** Internal header of sign-in answers: the user's session epoch, for the BFF (bff/src/session/session-epochs.ts). */
export const SESSION_EPOCH_HEADER = "x-genui-session-epoch";

const answer = (res: Response, status: number, s: SignIn) => {
  res.setHeader(SESSION_EPOCH_HEADER, String(s.sessionEpoch));
  res.status(status).json(s.user);
};

/**
 * Account routes. Sign-up, its confirmation and both sign-ins are internal: only the BFF (signed service header) calls them, and it
 * makes the browser session from the answer; `me` answers for the signed user the BFF forwards.
 */
export function accountRoutes(accounts: Accounts, users: UserRepository, secret: IdentitySecret): Router {
  const router = Router();
  const bffOnly = requireService(secret, ["bff"]);

  router.post("/accounts/api/v1/register/", bffOnly, async (req, res) => {
    res.status(202).json(await accounts.register(registerInput.parse(req.body ?? {})));
  });

  router.post("/accounts/api/v1/register/confirm/", bffOnly, async (req, res) => {
    const { token } = confirmSignupInput.parse(req.body ?? {});
    answer(res, 201, await accounts.confirmSignup(token));
  });

  router.post("/accounts/api/v1/login-password/", bffOnly, async (req, res) => {
    const { email, password } = passwordLoginInput.parse(req.body ?? {});
    answer(res, 200, await accounts.verifyPassword(email, password));
  });

  router.post("/accounts/api/v1/login-google/", bffOnly, async (req, res) => {
    answer(res, 200, await accounts.googleLogin(googleLoginInput.parse(req.body ?? {})));
  });

  router.get("/accounts/api/v1/me/", requireIdentity, async (req, res) => {
    const user = await users.publicProfile(userId(req));
    // A signed identity for a user that no longer exists is as good as none.
    if (!user) throw unauthorized("User not found.");
    res.json(user);
  });

  return router;
}
