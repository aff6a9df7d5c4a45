import { AppError, SERVICE_HEADER, currentContext, signService, type FieldErrors } from "@genui/chassis";

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

/** identity's answer passed through to the browser as it is (field errors, messages). */
export class IdentityAnswer extends AppError {
  constructor(
    status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(
      "BFF.IDENTITY_ANSWER",
      typeof body.message === "string" ? body.message : "identity refused",
      status,
      body as FieldErrors,
    );
  }
}

/** Calls identity's internal account routes as the BFF (signed service header). */
export class IdentityClient {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  private async post(
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: Record<string, unknown>; sessionEpoch: number }> {
    const ctx = currentContext();
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
    } catch {
      throw new AppError("BFF.UPSTREAM", "Upstream service unavailable.", 502);
    }
    const parsed = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body: parsed, sessionEpoch: Number(res.headers.get(SESSION_EPOCH_HEADER) ?? 0) || 0 };
  }

  private async user(path: string, body: unknown): Promise<SignedInUser> {
    const { status, body: answer, sessionEpoch } = await this.post(path, body);
    if (status >= 200 && status < 300) return { ...(answer as unknown as SessionUser), sessionEpoch };
    if (status >= 500)
      throw new AppError(
        "BFF.UPSTREAM",
        typeof answer.message === "string" ? answer.message : "Upstream service unavailable.",
        status === 503 ? 503 : 502,
      );
    throw new IdentityAnswer(status, answer);
  }

  verifyPassword(email: unknown, password: unknown): Promise<SignedInUser> {
    return this.user("/accounts/api/v1/login-password/", { email, password });
  }

  /** Google's access token (`access_token`) or ID token (`credential`), passed on as sent. */
  googleLogin(tokens: { access_token?: unknown; credential?: unknown }): Promise<SignedInUser> {
    return this.user("/accounts/api/v1/login-google/", { access_token: tokens.access_token, credential: tokens.credential });
  }

  register(body: unknown): Promise<SignedInUser> {
    return this.user("/accounts/api/v1/register/", body);
  }
}
