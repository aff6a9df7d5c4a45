import { createHmac } from "node:crypto";
import { IdentityError, identityKeyId, identityKeyring, signIdentity, verifyIdentity } from "./internal-identity";

const secret = "s".repeat(40);

describe("internal identity", () => {
  it("when the BFF signs a user, then a service verifies the same user", () => {
    const token = signIdentity("user-1", secret, 60);
    expect(verifyIdentity(token, secret)).toMatchObject({ sub: "user-1" });
  });

  it("when the token was signed with another secret, then it is rejected", () => {
    expect(() => verifyIdentity(signIdentity("user-1", "o".repeat(40)), secret)).toThrow(IdentityError);
  });

  it("when the claims were edited after signing, then the signature no longer matches", () => {
    const [v, kid, , sig] = signIdentity("user-1", secret).split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "admin", iat: 1, exp: 9_999_999_999 })).toString("base64url");
    expect(() => verifyIdentity(`${v}.${kid}.${forged}.${sig}`, secret)).toThrow("bad signature");
  });

  it("when the token has expired, then it is rejected", () => {
    const token = signIdentity("user-1", secret, 60, Date.now() - 61_000);
    expect(() => verifyIdentity(token, secret)).toThrow("identity expired");
  });

  describe("rotation", () => {
    const previous = "p".repeat(40);
    const next = "n".repeat(40);
    const body = (sub: string) => {
      const iat = Math.floor(Date.now() / 1000);
      return Buffer.from(JSON.stringify({ sub, iat, exp: iat + 60 })).toString("base64url");
    };
    /** A token as processes signed before key ids existed: `v1.<claims>.<hmac>`. */
    const legacy = (sub: string, key: string) => {
      const b = body(sub);
      return `v1.${b}.${createHmac("sha256", key).update(`v1.${b}`).digest("base64url")}`;
    };

    it("when a token is signed, then it names its secret's key id, not the secret", () => {
      const token = signIdentity("user-1", { current: next, accepted: [previous] });
      expect(token.split(".")[1]).toBe(identityKeyId(next));
      expect(token).not.toContain(next);
      expect(identityKeyId(next)).not.toBe(identityKeyId(previous));
    });

    it("when processes roll from the previous secret to the next, then every mix of old and new configs verifies", () => {
      // 1: everyone accepts the next secret; 2: signers switch to it and accept the previous; 3: the previous is dropped.
      const step1 = identityKeyring({ INTERNAL_IDENTITY_SECRET: previous, INTERNAL_IDENTITY_ROTATION_SECRET: next });
      const step2 = identityKeyring({ INTERNAL_IDENTITY_SECRET: next, INTERNAL_IDENTITY_ROTATION_SECRET: previous });
      const step3 = identityKeyring({ INTERNAL_IDENTITY_SECRET: next });
      const before = identityKeyring({ INTERNAL_IDENTITY_SECRET: previous });
      for (const [signer, verifier] of [
        [before, step1],
        [step1, before],
        [step1, step2],
        [step2, step1],
        [step2, step3],
        [step3, step2],
      ] as const)
        expect(verifyIdentity(signIdentity("user-1", signer), verifier).sub).toBe("user-1");
    });

    it("when a step is skipped (a signer on the next secret, a verifier that never accepted it), then it is refused", () => {
      const token = signIdentity("user-1", { current: next });
      expect(() => verifyIdentity(token, { current: previous })).toThrow("bad signature");
      expect(() => verifyIdentity(signIdentity("user-1", previous), { current: next })).toThrow("bad signature");
    });

    it("when a token names one key id but is signed with another accepted secret, then it is refused", () => {
      const [v, , b, sig] = signIdentity("user-1", previous).split(".");
      expect(() => verifyIdentity(`${v}.${identityKeyId(next)}.${b}.${sig}`, { current: next, accepted: [previous] })).toThrow(
        "bad signature",
      );
    });

    it("when a legacy token without a key id arrives, then any accepted secret verifies it, and no other", () => {
      expect(verifyIdentity(legacy("user-1", previous), { current: next, accepted: [previous] }).sub).toBe("user-1");
      expect(verifyIdentity(legacy("user-1", next), { current: next }).sub).toBe("user-1");
      expect(() => verifyIdentity(legacy("user-1", previous), { current: next })).toThrow("bad signature");
    });
  });

  it("when the token is garbage, then it is rejected as malformed", () => {
    expect(() => verifyIdentity("nonsense", secret)).toThrow("malformed identity");
    expect(() => verifyIdentity("v1.%%%.abc", secret)).toThrow(IdentityError);
    expect(() => verifyIdentity("v2.abc.%%%.abc", secret)).toThrow(IdentityError);
    expect(() => verifyIdentity("v2.a.b.c.d", secret)).toThrow("malformed identity");
  });
});
