import { requireIdentity, requireService, userId, type Handlers, type IdentitySecret } from "@genui/chassis";
import type { Request, Response } from "express";
import type { Accounts, SignIn } from "../use-cases/accounts";
import { confirmSignupInput, googleLoginInput, passwordLoginInput, registerInput } from "../domain/validation";

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
type AccountIds = Exclude<keyof Handlers<"identity">, "identity.createContact">;

export function accountHandlers(accounts: Accounts, secret: IdentitySecret): Pick<Handlers<"identity">, AccountIds> {
  const bffOnly = requireService(secret, ["bff"]);
  return {
    "identity.register": [
      bffOnly,
      async (req: Request, res: Response) => {
        res.status(202).json(await accounts.register(registerInput.parse(req.body ?? {})));
      },
    ],

    "identity.confirmSignup": [
      bffOnly,
      async (req: Request, res: Response) => {
        const { token } = confirmSignupInput.parse(req.body ?? {});
        answer(res, 201, await accounts.confirmSignup(token));
      },
    ],

    "identity.loginPassword": [
      bffOnly,
      async (req: Request, res: Response) => {
        const { email, password } = passwordLoginInput.parse(req.body ?? {});
        answer(res, 200, await accounts.verifyPassword(email, password));
      },
    ],

    "identity.loginGoogle": [
      bffOnly,
      async (req: Request, res: Response) => {
        answer(res, 200, await accounts.googleLogin(googleLoginInput.parse(req.body ?? {})));
      },
    ],

    "identity.me": [
      requireIdentity,
      async (req: Request, res: Response) => {
        // A signed identity for a user that no longer exists is as good as none (Accounts.me answers 401).
        res.json(await accounts.me(userId(req)));
      },
    ],
  };
}
