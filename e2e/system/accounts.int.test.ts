import { createLogger, MessageBus, connectNats, type ReceivedEvent } from "@genui/chassis";
import { EVENTS, SignUpMethod, type UserRegisteredSchema } from "@genui/contracts";
import type { FakeGoogleProfile } from "@genui/sims";
import { testInfra } from "@genui/testkit";
import { randomUUID } from "node:crypto";
import { BrowserClient } from "../support/client";
import { signUp, signupToken, startSignup } from "../support/signup";
import { DEMO, GOOGLE_CLIENT_ID, startStack, type Stack } from "../support/stack";

const REQUIRED = "This field is required.";
const INVALID = { non_field_errors: ["Unable to log in with provided credentials."] };

async function until(fn: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!fn() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
}

describe("accounts through the BFF", () => {
  let stack: Stack;
  let bus: MessageBus;
  const registered: ReceivedEvent<typeof UserRegisteredSchema>[] = [];
  const client = () => new BrowserClient(stack.bff.url);

  beforeAll(async () => {
    stack = await startStack();
    const logger = createLogger("events", "silent");
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "events", logger), {
      prefix: stack.prefix,
      source: "test",
      logger,
    });
    await bus.consume(EVENTS.userRegistered, "test-observer", async (e) => void registered.push(e));
  });
  afterAll(async () => {
    await bus.close();
    await stack.stop();
  });

  describe("sign-up", () => {
    const LINK_INVALID = {
      token: ["This sign-up link has expired or has already been used. Sign in, or sign up again for a new link."],
    };

    it("when a visitor signs up, then 202 and no session; the mailed link creates the account, signs it in, and identity.user.registered is published once", async () => {
      const c = client();
      const before = stack.mail.messages("ada@example.com").length;
      const res = await c.post("/accounts/api/v1/register/", {
        email: " Ada@Example.com ",
        password: "analytical engine",
        name: "Ada",
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({
        email: "ada@example.com",
        message: "Check your inbox: we sent a link to finish creating your account.",
        expiresInMinutes: 1440,
      });
      expect((await c.get("/accounts/api/v1/me/")).status).toBe(401);
      expect(await stack.identity.ctx.mongo!.collection("users").countDocuments({ email: "ada@example.com" })).toBe(0);
      const mail = await stack.mail.waitFor("ada@example.com", { after: before });
      expect(mail.subject).toBe("Confirm your email to finish signing up for GenUI");
      expect(mail.text).toContain("Hi Ada,");
      const token = signupToken(mail)!;
      expect(mail.links[0]).toBe(`${stack.bff.url}/confirm-email#token=${token}`);
      // Only the token's hash is stored.
      const stored = await stack.identity.ctx.mongo!.collection("signups").findOne({ email: "ada@example.com" });
      expect(JSON.stringify(stored)).not.toContain(token);

      const confirmed = await c.post("/accounts/api/v1/register/confirm/", { token });
      expect(confirmed.status).toBe(201);
      const user = (await confirmed.json()) as { id: string };
      expect(user).toEqual({ id: expect.any(String), email: "ada@example.com", name: "Ada", picture: null });
      expect(await (await c.get("/accounts/api/v1/me/")).json()).toEqual(user);
      // The chosen password works.
      expect(
        (await client().post("/accounts/api/v1/login-password/", { email: "ada@example.com", password: "analytical engine" }))
          .status,
      ).toBe(200);
      await until(() => registered.some((e) => e.payload.userId === user.id));
      await new Promise((r) => setTimeout(r, 300));
      const mine = registered.filter((e) => e.payload.userId === user.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.payload).toMatchObject({ email: "ada@example.com", method: SignUpMethod.PASSWORD });

      // A link works once.
      const again = await client().post("/accounts/api/v1/register/confirm/", { token });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual(LINK_INVALID);
    });

    it("when an address already has an account (in any case), then the same 202 answer as a new one, a mail that says so without a link, and the account unchanged", async () => {
      const fresh = `fresh-${randomUUID()}@genui.dev`;
      const taken = await client().post("/accounts/api/v1/register/", { email: "DEMO@genui.dev", password: "another password" });
      const unknown = await client().post("/accounts/api/v1/register/", { email: fresh, password: "another password" });
      expect(taken.status).toBe(202);
      expect(unknown.status).toBe(202);
      const shape = async (r: Response, email: string) => {
        const body = (await r.json()) as { email: string };
        expect(body.email).toBe(email);
        return { ...body, email: "<address>" };
      };
      expect(await shape(taken, DEMO.email)).toEqual(await shape(unknown, fresh));
      // The same headers but for the ones every answer has its own value of.
      const headers = (r: Response) =>
        [...r.headers.keys()].filter((h) => !["date", "set-cookie", "x-request-id", "etag", "content-length"].includes(h)).sort();
      expect(headers(taken)).toEqual(headers(unknown));

      const note = await stack.mail.waitFor(DEMO.email, { match: (m) => m.subject === "You already have a GenUI account" });
      expect(note.text).toContain(`${stack.bff.url}/login`);
      expect(signupToken(note)).toBeUndefined();
      expect(note.text).not.toContain("/confirm-email");
      // Nothing stored for that address can create or change an account.
      const login = await client().post("/accounts/api/v1/login-password/", DEMO);
      expect(login.status).toBe(200);
      expect(
        (await client().post("/accounts/api/v1/login-password/", { email: DEMO.email, password: "another password" })).status,
      ).toBe(400);
    });

    it("when a sign-up is repeated before its link is used, then each link works until the account exists, and none after", async () => {
      const email = `twice-${randomUUID()}@genui.dev`;
      const first = await startSignup(
        stack.mail,
        email,
        async () => (await client().post("/accounts/api/v1/register/", { email, password: "first password" })).status,
      );
      const second = await startSignup(
        stack.mail,
        email,
        async () => (await client().post("/accounts/api/v1/register/", { email, password: "second password" })).status,
      );
      expect(first.token).toBeDefined();
      expect(second.token).not.toBe(first.token);
      const c = client();
      expect((await c.post("/accounts/api/v1/register/confirm/", { token: second.token })).status).toBe(201);
      // The account has the password of the link that was opened.
      expect((await client().post("/accounts/api/v1/login-password/", { email, password: "second password" })).status).toBe(200);
      const stale = await client().post("/accounts/api/v1/register/confirm/", { token: first.token });
      expect(stale.status).toBe(400);
      expect(await stale.json()).toEqual(LINK_INVALID);
      expect(await stack.identity.ctx.mongo!.collection("users").countDocuments({ email })).toBe(1);
    });

    it("when the same link is opened twice at once, then one account and one session; the other gets the link error", async () => {
      const email = `race-${randomUUID()}@genui.dev`;
      const { token } = await startSignup(
        stack.mail,
        email,
        async () => (await client().post("/accounts/api/v1/register/", { email, password: "password123" })).status,
      );
      const answers = await Promise.all(
        [client(), client(), client()].map((c) => c.post("/accounts/api/v1/register/confirm/", { token })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
      expect(await stack.identity.ctx.mongo!.collection("users").countDocuments({ email })).toBe(1);
    });

    it("when a link's token is unknown, malformed, missing or not a string, then clear 400s and nothing stored", async () => {
      const users = await stack.identity.ctx.mongo!.collection("users").countDocuments();
      const unknown = await client().post("/accounts/api/v1/register/confirm/", { token: "A".repeat(43) });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual(LINK_INVALID);
      const missing = await client().post("/accounts/api/v1/register/confirm/", {});
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({ token: [REQUIRED] });
      const operator = await client().post("/accounts/api/v1/register/confirm/", { token: { $ne: "" } });
      expect(operator.status).toBe(400);
      expect(await operator.json()).toEqual({ token: ["Not a valid string."] });
      const long = await client().post("/accounts/api/v1/register/confirm/", { token: "x".repeat(600) });
      expect(long.status).toBe(400);
      expect(await stack.identity.ctx.mongo!.collection("users").countDocuments()).toBe(users);
    });

    it("when fields are missing, invalid, malformed JSON or too large, then clear 4xx answers", async () => {
      const empty = await client().post("/accounts/api/v1/register/", {});
      expect(await empty.json()).toEqual({ email: [REQUIRED], password: [REQUIRED] });
      const bad = await client().post("/accounts/api/v1/register/", { email: "nope", password: "short" });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        email: ["Enter a valid email address."],
        password: ["This password is too short. It must contain at least 8 characters."],
      });
      const malformed = await client().post("/accounts/api/v1/register/", "{not json");
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ message: "Request body is not valid JSON." });
      const huge = await client().post("/accounts/api/v1/register/", { email: "a@b.dev", password: "x".repeat(2_000_000) });
      expect(huge.status).toBe(413);
    });
  });

  describe("password sign-in", () => {
    it("when the demo account signs in, then the session cookie is HttpOnly, SameSite=Lax, and `me` answers the user", async () => {
      const c = client();
      const res = await c.post("/accounts/api/v1/login-password/", { email: "Demo@GenUI.dev", password: DEMO.password });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email: DEMO.email, name: "Demo Developer" });
      const cookie = res.headers.getSetCookie().find((s) => s.startsWith("sessionid="))!;
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      const me = await c.get("/accounts/api/v1/me/");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: DEMO.email });
    });

    it("when the request came through an HTTPS proxy, then the session and CSRF cookies are Secure", async () => {
      const c = new BrowserClient(stack.bff.url);
      const csrf = await c.request("GET", "/get-csrf/", undefined, { "x-forwarded-proto": "https" });
      expect(csrf.headers.getSetCookie().find((s) => s.startsWith("csrftoken="))).toContain("Secure");
      const res = await c.request("POST", "/accounts/api/v1/login-password/", DEMO, { "x-forwarded-proto": "https" });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((s) => s.startsWith("sessionid="))).toMatch(/; Secure/);
      const plain = await new BrowserClient(stack.bff.url).post("/accounts/api/v1/login-password/", DEMO);
      expect(plain.headers.getSetCookie().find((s) => s.startsWith("sessionid="))).not.toMatch(/Secure/);
    });

    it("when the password is wrong or the e-mail unknown, then the same non-field error and no session", async () => {
      const wrong = client();
      const a = await wrong.post("/accounts/api/v1/login-password/", { email: DEMO.email, password: "not the password" });
      expect(a.status).toBe(400);
      expect(await a.json()).toEqual(INVALID);
      expect(wrong.cookies.has("sessionid")).toBe(false);
      const b = await client().post("/accounts/api/v1/login-password/", { email: "nobody@genui.dev", password: "whatever123" });
      expect(b.status).toBe(400);
      expect(await b.json()).toEqual(INVALID);
    });

    it("when fields are empty, then field errors for each", async () => {
      const res = await client().post("/accounts/api/v1/login-password/", { email: "", password: "" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ email: [REQUIRED], password: [REQUIRED] });
    });

    it("when the CSRF header is missing or mismatched, then 403 and no session", async () => {
      const res = await fetch(`${stack.bff.url}/accounts/api/v1/login-password/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEMO),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "CSRF Failed: CSRF token missing." });
      const c = client();
      await c.csrf();
      const mismatched = await c.request("POST", "/accounts/api/v1/login-password/", DEMO, { "x-csrftoken": "x".repeat(43) });
      expect(mismatched.status).toBe(403);
      expect(c.cookies.has("sessionid")).toBe(false);
    });

    it("when someone plants a session id before sign-in, then sign-in issues a new one and the old one is dead", async () => {
      const c = client();
      expect((await signUp(c, { email: "first@genui.dev", password: "first password" })).status).toBe(201);
      const planted = c.cookies.get("sessionid")!;
      const res = await c.post("/accounts/api/v1/login-password/", DEMO);
      expect(res.status).toBe(200);
      expect(c.cookies.get("sessionid")).not.toBe(planted);
      const old = new BrowserClient(stack.bff.url);
      old.cookies.set("sessionid", planted);
      expect((await old.get("/accounts/api/v1/me/")).status).toBe(401);
      expect(await (await c.get("/accounts/api/v1/me/")).json()).toMatchObject({ email: DEMO.email });
    });

    it("when a user logs out, then the old cookie no longer works anywhere", async () => {
      const c = client();
      await c.post("/accounts/api/v1/login-password/", DEMO);
      const stolen = c.cookies.get("sessionid")!;
      const out = await c.post("/accounts/api/v1/logout/");
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ message: "Logged out." });
      expect(c.cookies.has("sessionid")).toBe(false);
      const thief = new BrowserClient(stack.bff.url);
      thief.cookies.set("sessionid", stolen);
      expect((await thief.get("/accounts/api/v1/me/")).status).toBe(401);
    });

    it("when a logged-out visitor calls a protected route, then 401 JSON from the BFF", async () => {
      const res = await client().get("/accounts/api/v1/me/");
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: "Authentication credentials were not provided." });
    });

    it("when identity's internal sign-in routes are called directly without the BFF's signature, then 401", async () => {
      const res = await fetch(`${stack.identity.url}/accounts/api/v1/login-password/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEMO),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: "This route is internal." });
    });
  });

  describe("Google sign-in", () => {
    const token = (over: Partial<FakeGoogleProfile> = {}) =>
      stack.google.mintAccessToken(
        {
          sub: "g-100",
          email: "grace@gmail.com",
          email_verified: true,
          name: "Grace",
          picture: "https://img/g.png",
          ...over,
        },
        { clientId: GOOGLE_CLIENT_ID },
      );

    it("when a new Google user signs in twice, then one account is made, registered once, and reused", async () => {
      const c = client();
      const first = await c.post("/accounts/api/v1/login-google/", { access_token: token() });
      expect(first.status).toBe(200);
      const user = (await first.json()) as { id: string };
      expect(user).toMatchObject({ email: "grace@gmail.com", name: "Grace", picture: "https://img/g.png" });
      expect(await (await c.get("/accounts/api/v1/me/")).json()).toEqual(user);
      const again = await client().post("/accounts/api/v1/login-google/", { access_token: token() });
      expect(((await again.json()) as { id: string }).id).toBe(user.id);
      await until(() => registered.some((e) => e.payload.userId === user.id));
      await new Promise((r) => setTimeout(r, 300));
      expect(registered.filter((e) => e.payload.userId === user.id).map((e) => e.payload.method)).toEqual([SignUpMethod.GOOGLE]);
    });

    it("when Google vouches for the e-mail of a password account, then the accounts are linked", async () => {
      const reg = await signUp(client(), { email: "linus@example.com", password: "password123" });
      const existing = (await reg.json()) as { id: string };
      const res = await client().post("/accounts/api/v1/login-google/", {
        access_token: token({ sub: "g-200", email: "Linus@example.com", picture: "https://img/l.png" }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: existing.id, email: "linus@example.com", picture: "https://img/l.png" });
    });

    it("when Google does not vouch for that e-mail, then no link and a clear error", async () => {
      expect((await signUp(client(), { email: "mallory@example.com", password: "password123" })).status).toBe(201);
      const res = await client().post("/accounts/api/v1/login-google/", {
        access_token: token({ sub: "g-300", email: "mallory@example.com", email_verified: false }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        non_field_errors: ["An account with this email already exists. Sign in with your email and password."],
      });
    });

    it("when Google rejects the token or none is sent, then field errors and no session", async () => {
      const c = client();
      const rejected = await c.post("/accounts/api/v1/login-google/", { access_token: "not-a-google-token" });
      expect(rejected.status).toBe(400);
      expect(await rejected.json()).toEqual({ access_token: ["Google did not accept this sign-in. Please try again."] });
      const missing = await c.post("/accounts/api/v1/login-google/", {});
      expect(await missing.json()).toEqual({ access_token: [REQUIRED] });
      expect(c.cookies.has("sessionid")).toBe(false);
    });
  });

  describe("contact", () => {
    const good = {
      email: "buyer@corp.com",
      phoneNumber: "+91 98765 43210",
      subject: "Pricing",
      message: "Do you offer volume discounts?",
    };

    it("when a visitor sends a valid message, then it is stored and returned", async () => {
      const res = await client().post("/contact/api/v1/create/", good);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({
        id: expect.any(String),
        email: "buyer@corp.com",
        phoneNumber: "+919876543210",
        subject: "Pricing",
        message: "Do you offer volume discounts?",
        createdAt: expect.any(String),
      });
      const stored = await stack.identity.ctx.mongo!.collection("contacts").countDocuments({ email: "buyer@corp.com" });
      expect(stored).toBe(1);
    });

    it("when fields are invalid, then field errors and nothing is stored", async () => {
      const res = await client().post("/contact/api/v1/create/", { email: "x", phoneNumber: "12345", subject: "", message: "" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        email: ["Enter a valid email address."],
        phoneNumber: ["Enter a phone number with its country code: + then 8 to 15 digits."],
        subject: ["This field may not be blank."],
        message: ["This field may not be blank."],
      });
      expect(await stack.identity.ctx.mongo!.collection("contacts").countDocuments({ email: "x" })).toBe(0);
    });

    it("when the CSRF header is missing, then 403", async () => {
      const res = await fetch(`${stack.bff.url}/contact/api/v1/create/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(good),
      });
      expect(res.status).toBe(403);
    });
  });
});

describe("sign-in rate limits", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      bffEnv: {
        LOGIN_RATE_PER_EMAIL: "3/60",
        LOGIN_RATE_PER_IP: "5/60",
        CONTACT_RATE_PER_IP: "2/60",
        SIGNUP_RATE_PER_EMAIL: "3/600",
        SIGNUP_RATE_PER_IP: "4/600",
      },
    });
  });
  afterAll(() => stack.stop());

  it("when one e-mail is tried too often, then 429 with Retry-After, even with the right password", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c = new BrowserClient(stack.bff.url, `10.0.0.${i + 1}`);
      statuses.push((await c.post("/accounts/api/v1/login-password/", { email: DEMO.email, password: "wrong-password" })).status);
    }
    const blocked = await new BrowserClient(stack.bff.url, "10.0.0.9").post("/accounts/api/v1/login-password/", DEMO);
    expect(statuses).toEqual([400, 400, 400]);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await blocked.json()).toMatchObject({
      message: `Too many login attempts for this account. Try again in ${retryAfter} seconds.`,
    });
  });

  it("when one address tries too many accounts, then 429 for that address only", async () => {
    const c = new BrowserClient(stack.bff.url, "10.1.1.1");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await c.post("/accounts/api/v1/login-password/", { email: `u${i}@x.dev`, password: "password1" })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const other = await new BrowserClient(stack.bff.url, "10.1.1.2").post("/accounts/api/v1/login-password/", {
      email: "other@x.dev",
      password: "password1",
    });
    expect(other.status).toBe(400);
  });

  it("when one e-mail address is signed up too often (from anywhere), then 429 — alike for an address with an account and one without", async () => {
    const flood = async (email: string, net: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await new BrowserClient(stack.bff.url, `${net}.${i + 1}`).post("/accounts/api/v1/register/", {
          email,
          password: "password123",
        });
        statuses.push(res.status);
        if (res.status === 429) {
          const retryAfter = Number(res.headers.get("retry-after"));
          expect(retryAfter).toBeGreaterThan(0);
          expect(await res.json()).toEqual({
            code: "BFF.RATE_LIMITED",
            message: `Too many sign-ups for this email address. Try again in ${retryAfter} seconds.`,
          });
        }
      }
      return statuses;
    };
    const taken = await flood(DEMO.email, "10.3.3");
    const fresh = await flood(`nobody-${randomUUID()}@genui.dev`, "10.4.4");
    expect(taken).toEqual([202, 202, 202, 429]);
    expect(fresh).toEqual(taken);
    // Only the allowed sign-ups sent mail: the inbox got three messages, not four.
    await stack.mail.waitFor(DEMO.email, { after: 2 });
    expect(stack.mail.messages(DEMO.email)).toHaveLength(3);
  });

  it("when one client address signs up too many accounts, then 429 for that address only", async () => {
    const c = new BrowserClient(stack.bff.url, "10.5.5.5");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await c.post("/accounts/api/v1/register/", { email: `s${i}-${randomUUID()}@x.dev`, password: "password1" })).status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const other = await new BrowserClient(stack.bff.url, "10.5.5.6").post("/accounts/api/v1/register/", {
      email: `other-${randomUUID()}@x.dev`,
      password: "password1",
    });
    expect(other.status).toBe(202);
  });

  it("when one address sends too many contact messages, then 429", async () => {
    const c = new BrowserClient(stack.bff.url, "10.2.2.2");
    const body = { email: "a@b.dev", phoneNumber: "+14155550100", subject: "s", message: "m" };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await c.post("/contact/api/v1/create/", body)).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});
