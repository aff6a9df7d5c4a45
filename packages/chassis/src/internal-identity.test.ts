import { IdentityError, signIdentity, verifyIdentity } from "./internal-identity";

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
    const [v, , sig] = signIdentity("user-1", secret).split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "admin", iat: 1, exp: 9_999_999_999 })).toString("base64url");
    expect(() => verifyIdentity(`${v}.${forged}.${sig}`, secret)).toThrow("bad signature");
  });

  it("when the token has expired, then it is rejected", () => {
    const token = signIdentity("user-1", secret, 60, Date.now() - 61_000);
    expect(() => verifyIdentity(token, secret)).toThrow("identity expired");
  });

  it("when the token is garbage, then it is rejected as malformed", () => {
    expect(() => verifyIdentity("nonsense", secret)).toThrow("malformed identity");
    expect(() => verifyIdentity("v1.%%%.abc", secret)).toThrow(IdentityError);
  });
});
