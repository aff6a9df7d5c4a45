import type { FakeGoogleProfile } from "@genui/sims";
import { BrowserClient } from "../support/client";
import { signUp } from "../support/signup";
import { GOOGLE_CLIENT_ID, startStack, type Stack } from "../support/stack";

// Attacks on Google sign-in and on linking a Google account to a password account, through the BFF, with the local
// Google stand-in playing Google (its tokens verify through the same code as Google's: tokeninfo, published keys).

const REJECTED_ACCESS = { access_token: ["Google did not accept this sign-in. Please try again."] };
const REJECTED_CREDENTIAL = { credential: ["Google did not accept this sign-in. Please try again."] };
const UNVERIFIED = {
  non_field_errors: ["Google has not verified the email address of this Google account, so it cannot be used to sign in here."],
};
const INVALID = { non_field_errors: ["Unable to log in with provided credentials."] };
const ANOTHER_SITE = "another-site.apps.googleusercontent.com";

describe("Google sign-in security", () => {
  let stack: Stack;
  let n = 0;
  const client = () => new BrowserClient(stack.bff.url);
  /** A fresh Google user (verified e-mail unless told otherwise). */
  const person = (over: Partial<FakeGoogleProfile> = {}): FakeGoogleProfile => {
    n += 1;
    return { sub: `g-sec-${n}`, email: `person${n}@example.com`, email_verified: true, name: `Person ${n}`, ...over };
  };
  const accessToken = (p: FakeGoogleProfile, clientId = GOOGLE_CLIENT_ID) => stack.google.mintAccessToken(p, { clientId });
  const googleLogin = (c: BrowserClient, body: Record<string, string>) => c.post("/accounts/api/v1/login-google/", body);

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  describe("access tokens (what the SPA's Google button sends)", () => {
    it("when an access token Google issued to another site's client is sent, then sign-in is refused and no account or session is made", async () => {
      const c = client();
      const p = person();
      const res = await googleLogin(c, { access_token: accessToken(p, ANOTHER_SITE) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(REJECTED_ACCESS);
      expect(c.cookies.has("sessionid")).toBe(false);
      expect((await c.get("/accounts/api/v1/me/")).status).toBe(401);
      // The same person through our own client is a new account: nothing was made by the refused attempt.
      const own = await googleLogin(client(), { access_token: accessToken(p) });
      expect(own.status).toBe(200);
    });

    it("when another site's token names the e-mail of a password account, then the account is not linked and its password still works", async () => {
      const victim = { email: `owner${++n}@example.com`, password: "owner password 1" };
      expect((await signUp(client(), victim)).status).toBe(201);
      const stolen = accessToken(person({ email: victim.email }), ANOTHER_SITE);
      const res = await googleLogin(client(), { access_token: stolen });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(REJECTED_ACCESS);
      expect((await client().post("/accounts/api/v1/login-password/", victim)).status).toBe(200);
    });

    it("when Google has not verified the token's e-mail, then no account is made for it", async () => {
      const c = client();
      const res = await googleLogin(c, { access_token: accessToken(person({ email_verified: false })) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(UNVERIFIED);
      expect(c.cookies.has("sessionid")).toBe(false);
    });

    it("when a token was granted without the email scope, then sign-in is refused", async () => {
      const token = stack.google.mintAccessToken(person(), { clientId: GOOGLE_CLIENT_ID, scope: "openid" });
      const res = await googleLogin(client(), { access_token: token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(REJECTED_ACCESS);
    });

    it("when an expired token is sent, then sign-in is refused", async () => {
      const token = stack.google.mintAccessToken(person(), { clientId: GOOGLE_CLIENT_ID, expiresIn: -1 });
      const res = await googleLogin(client(), { access_token: token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(REJECTED_ACCESS);
    });
  });

  describe("ID tokens (the Google Identity Services credential)", () => {
    const idToken = (p: FakeGoogleProfile, o: Partial<Parameters<Stack["google"]["mintIdToken"]>[1]> = {}) =>
      stack.google.mintIdToken(p, { clientId: GOOGLE_CLIENT_ID, ...o });

    it("when a credential signed by Google for our client is sent, then the person is signed in", async () => {
      const c = client();
      const p = person({ picture: "https://img/p.png" });
      const res = await googleLogin(c, { credential: idToken(p) });
      expect(res.status).toBe(200);
      const user = (await res.json()) as { id: string };
      expect(user).toMatchObject({ email: p.email, name: p.name, picture: "https://img/p.png" });
      expect(await (await c.get("/accounts/api/v1/me/")).json()).toEqual(user);
      // The same Google user by access token is the same account.
      const again = await googleLogin(client(), { access_token: accessToken(p) });
      expect(((await again.json()) as { id: string }).id).toBe(user.id);
    });

    it("when a credential is for another client id, from another issuer, expired or tampered with, then each is refused", async () => {
      const p = person();
      const valid = idToken(p);
      const [head, , sig] = valid.split(".");
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(valid.split(".")[1]!, "base64url").toString()), email: "boss@example.com" }),
      );
      const hour = 3600;
      const attempts = {
        "another client": idToken(p, { clientId: ANOTHER_SITE }),
        "another issuer": idToken(p, { iss: "https://accounts.evil.example" }),
        expired: idToken(p, { issuedAt: Math.floor(Date.now() / 1000) - 3 * hour, expiresIn: hour }),
        "bad signature": `${head}.${forged.toString("base64url")}.${sig}`,
        "not a JWT": "not-a-jwt",
      };
      for (const [what, credential] of Object.entries(attempts)) {
        const c = client();
        const res = await googleLogin(c, { credential });
        expect({ what, status: res.status, body: await res.json() }).toEqual({ what, status: 400, body: REJECTED_CREDENTIAL });
        expect(c.cookies.has("sessionid")).toBe(false);
      }
    });

    it("when a credential's e-mail is not verified or says nothing about it, then sign-in is refused", async () => {
      for (const credential of [idToken(person({ email_verified: false })), idToken(person(), { omitEmailVerified: true })]) {
        const res = await googleLogin(client(), { credential });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(UNVERIFIED);
      }
    });
  });

  // A password account's sign-up was confirmed through the address's inbox, but that proves only who could read the
  // inbox then (a shared or since-recovered mailbox, a recycled address, an account made before sign-up links), not
  // who owns the address when Google proves it. The test stack's mailbox plays that inbox: the "attacker" below holds
  // a confirmed password account for the victim's e-mail, and Google's proof must still revoke it.
  describe("account pre-hijacking", () => {
    it("when someone else holds a password account for the victim's e-mail and the victim signs in with Google, then the password holder is locked out and the victim is in", async () => {
      const email = `victim${++n}@example.com`;
      const attacker = client();
      const reg = await signUp(attacker, {
        email,
        password: "attacker password",
        name: "Not the victim",
      });
      expect(reg.status).toBe(201);
      const account = (await reg.json()) as { id: string };
      // A second signed-in session of the attacker (another browser).
      const attacker2 = client();
      expect((await attacker2.post("/accounts/api/v1/login-password/", { email, password: "attacker password" })).status).toBe(
        200,
      );
      expect((await attacker.get("/accounts/api/v1/me/")).status).toBe(200);

      const victim = client();
      const google = person({ email });
      const res = await googleLogin(victim, { access_token: accessToken(google) });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: account.id, email });

      for (const session of [attacker, attacker2]) expect((await session.get("/accounts/api/v1/me/")).status).toBe(401);
      const again = await client().post("/accounts/api/v1/login-password/", { email, password: "attacker password" });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual(INVALID);
      expect(await (await victim.get("/accounts/api/v1/me/")).json()).toMatchObject({ id: account.id, email });
      // The victim's own later sign-ins keep working.
      const later = client();
      expect((await googleLogin(later, { access_token: accessToken(google) })).status).toBe(200);
    });

    it("when the victim signs in with Google again later, then the password holder's old session stays dead and the victim's earlier session lives", async () => {
      const email = `victim${++n}@example.com`;
      const attacker = client();
      expect((await signUp(attacker, { email, password: "attacker password" })).status).toBe(201);
      const google = person({ email });
      const first = client();
      expect((await googleLogin(first, { access_token: accessToken(google) })).status).toBe(200);
      const second = client();
      expect((await googleLogin(second, { access_token: accessToken(google) })).status).toBe(200);
      expect((await attacker.get("/accounts/api/v1/me/")).status).toBe(401);
      expect((await first.get("/accounts/api/v1/me/")).status).toBe(200);
      expect((await second.get("/accounts/api/v1/me/")).status).toBe(200);
    });
  });
});
