import { z } from "zod";

/** What Google's OpenID Connect userinfo endpoint says about the holder of an access token. */
export interface GoogleProfile {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

const userinfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

export class GoogleRejectedError extends Error {}
export class GoogleUnavailableError extends Error {}

/** Asks the userinfo endpoint who owns `accessToken`. Rejected tokens and outages are told apart. */
export async function fetchGoogleProfile(userinfoUrl: string, accessToken: string, timeoutMs = 5_000): Promise<GoogleProfile> {
  let res: Response;
  try {
    res = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new GoogleUnavailableError(`userinfo unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (res.status === 401 || res.status === 403 || res.status === 400)
    throw new GoogleRejectedError(`userinfo answered ${res.status}`);
  if (!res.ok) throw new GoogleUnavailableError(`userinfo answered ${res.status}`);
  const parsed = userinfoSchema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new GoogleUnavailableError("userinfo answered something that is not a profile");
  const p = parsed.data;
  return {
    sub: p.sub,
    ...(p.email ? { email: p.email } : {}),
    emailVerified: p.email_verified === true || p.email_verified === "true",
    ...(p.name ? { name: p.name } : {}),
    ...(p.picture ? { picture: p.picture } : {}),
  };
}
