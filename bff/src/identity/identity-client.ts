import {
  AppError,
  SERVICE_HEADER,
  badRequest,
  signService,
  validationFailed,
  type FieldErrors,
  type IdentitySecret,
  type RequestContext as RequestIds,
} from "@genui/chassis";
import { pathOf, type SignupStarted } from "@genui/contracts/http";
import { BFF_ERRORS, bffError } from "../errors";
import { isGatewayPage } from "../gateway-page";

/** The user identity answers with. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  picture: string | null;
}

/** A sign-in answer: the user, and the user's session epoch (identity's x-genui-session-epoch header). */
export type SignedInUser = SessionUser & { sessionEpoch: number };

/** identity's internal header (services/identity/src/http/accounts.routes.ts). */
const SESSION_EPOCH_HEADER = "x-genui-session-epoch";

/**
 * identity's refusal as the BFF's error: its code when it names one, its field errors (a 400 without a code) as they
 * are. The browser then sees what identity said, with the status the BFF's table gives the code.
 */
export function identityRefusal(status: number, body: Record<string, unknown>): AppError {
  const message = typeof body.message === "string" ? body.message : "Request refused.";
  if (typeof body.code === "string") return new AppError(body.code, message);
  if (status === 400) {
    const fields = Object.entries(body).filter(([, v]) => Array.isArray(v));
    return fields.length ? validationFailed(Object.fromEntries(fields) as FieldErrors) : badRequest(message);
  }
  return bffError(BFF_ERRORS.UPSTREAM, message);
}

/** Calls identity's internal account routes as the BFF (signed service header). */
export class IdentityClient {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: IdentitySecret,
  ) {}

  private async post(
    path: string,
    body: unknown,
    ctx: RequestIds | undefined,
  ): Promise<{ status: number; body: Record<string, unknown>; sessionEpoch: number; retryAfter?: number }> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.baseUrl), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [SERVICE_HEADER]: signService("bff", this.secret),
          ...(ctx ? { "x-request-id": ctx.requestId, "x-correlation-id": ctx.correlationId } : {}),
        },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      // The cause goes into the edge's log line of this 502 (why identity could not be reached).
      throw Object.assign(bffError(BFF_ERRORS.UPSTREAM, "Upstream service unavailable."), { cause: err });
    }
    // No copy of identity answered, a load balancer did: identity could not be reached.
    if (isGatewayPage(res.status, res.headers.get("content-type"))) {
      await res.body?.cancel();
      throw bffError(BFF_ERRORS.UPSTREAM, "Upstream service unavailable.");
    }
    const parsed = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const retryAfter = Number(res.headers.get("retry-after") ?? NaN);
    return {
      status: res.status,
      body: parsed,
      sessionEpoch: Number(res.headers.get(SESSION_EPOCH_HEADER) ?? 0) || 0,
      ...(Number.isInteger(retryAfter) && retryAfter >= 0 ? { retryAfter } : {}),
    };
  }

  private async user(path: string, body: unknown, ids: RequestIds | undefined): Promise<SignedInUser> {
    const { answer, sessionEpoch } = await this.call(path, body, ids);
    return { ...(answer as unknown as SessionUser), sessionEpoch };
  }

  /** identity's 2xx answer, or its refusal as the error the edge answers with. */
  private async call(
    path: string,
    body: unknown,
    ids: RequestIds | undefined,
  ): Promise<{ answer: Record<string, unknown>; sessionEpoch: number }> {
    const { status, body: answer, sessionEpoch, retryAfter } = await this.post(path, body, ids);
    if (status >= 200 && status < 300) return { answer, sessionEpoch };
    if (status >= 500)
      throw bffError(
        status === 503 ? BFF_ERRORS.UPSTREAM_UNAVAILABLE : BFF_ERRORS.UPSTREAM,
        typeof answer.message === "string" ? answer.message : "Upstream service unavailable.",
        status === 503 && retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : undefined,
      );
    throw identityRefusal(status, answer);
  }

  /** `ids`: the BFF request's (`requestIdsOf`), sent on to identity's. */
  verifyPassword(email: unknown, password: unknown, ids?: RequestIds): Promise<SignedInUser> {
    return this.user(pathOf("identity.loginPassword"), { email, password }, ids);
  }

  /** Google's access token (`access_token`) or ID token (`credential`), passed on as sent. */
  googleLogin(tokens: { access_token?: unknown; credential?: unknown }, ids?: RequestIds): Promise<SignedInUser> {
    return this.user(pathOf("identity.loginGoogle"), { access_token: tokens.access_token, credential: tokens.credential }, ids);
  }

  /** Starts a sign-up: identity mails the next step (the same answer whether or not the address has an account). */
  async register(body: unknown, ids?: RequestIds): Promise<SignupStarted> {
    const { answer } = await this.call(pathOf("identity.register"), body, ids);
    return {
      email: String(answer.email ?? ""),
      message: String(answer.message ?? ""),
      expiresInMinutes: Number(answer.expiresInMinutes ?? 0),
    };
  }

  /** Finishes a sign-up with its mailed link's token: the new account, signed in. */
  confirmSignup(token: unknown, ids?: RequestIds): Promise<SignedInUser> {
    return this.user(pathOf("identity.confirmSignup"), { token }, ids);
  }
}
