import {
  IDENTITY_HEADER,
  KeyedMutex,
  SERVICE_HEADER,
  createLogger,
  signIdentity,
  signService,
  type RunningService,
} from "@genui/chassis";
import { TEST_IDENTITY_SECRET, freshName, testInfra } from "@genui/testkit";
import argon2 from "argon2";
import { loadIdentityConfig } from "../src/config";
import { startIdentity } from "../src/service";
import { UserRepository } from "../src/store/user.repository";

describe("identity service", () => {
  let identity: RunningService;
  let users: UserRepository;
  let demoId: string;

  beforeAll(async () => {
    const config = loadIdentityConfig({
      HTTP_PORT: "0",
      LOG_LEVEL: "silent",
      INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      MONGO_URL: testInfra().mongoUrl,
      MONGO_DB: freshName("identity"),
      NATS_URL: testInfra().natsUrl,
      NATS_SUBJECT_PREFIX: `${freshName()}.`,
      REDIS_URL: testInfra().redisUrl,
      REDIS_KEY_PREFIX: `${freshName()}:`,
      DEMO_EMAIL: "Demo@GenUI.dev",
      DEMO_PASSWORD: "demo-password",
      GOOGLE_USERINFO_URL: "http://127.0.0.1:9/v1/userinfo",
      GOOGLE_TOKENINFO_URL: "http://127.0.0.1:9/tokeninfo",
      GOOGLE_CERTS_URL: "http://127.0.0.1:9/oauth2/v1/certs",
      GOOGLE_CLIENT_ID: "genui-test-google-client",
      ARGON2_MEMORY_KIB: "8192",
      ARGON2_ITERATIONS: "1",
    });
    identity = await startIdentity(config, createLogger("identity", "silent"));
    users = new UserRepository(identity.ctx.mongo!, new KeyedMutex());
    demoId = (await users.findByEmail("demo@genui.dev"))!._id;
  });
  afterAll(async () => {
    await identity.ctx.mongo!.dropDatabase();
    const jsm = await identity.ctx.bus!.nc.jetstreamManager();
    await jsm.streams.delete(identity.ctx.bus!.streamName("IDENTITY"));
    await identity.stop();
  });

  const me = (headers: Record<string, string> = {}) => fetch(`${identity.url}/accounts/api/v1/me/`, { headers });
  const asBff = (path: string, body: string) =>
    fetch(`${identity.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SERVICE_HEADER]: signService("bff", TEST_IDENTITY_SECRET) },
      body,
    });

  it("when the demo account is seeded, then its password is stored only as an argon2id hash and its event left the outbox", async () => {
    const raw = await users.model.findById(demoId).lean();
    expect(raw?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(raw!.passwordHash!, "demo-password")).toBe(true);
    const until = Date.now() + 5_000;
    while ((await users.model.findById(demoId).lean())?.outboxPending !== 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(await users.model.findById(demoId).lean()).toMatchObject({ outboxPending: 0, outbox: {} });
  });

  it("when no signed user comes with `me`, then 401; forged or expired, 401; a known signed user, the user", async () => {
    expect((await me()).status).toBe(401);
    expect((await me({ [IDENTITY_HEADER]: signIdentity(demoId, "f".repeat(40)) })).status).toBe(401);
    expect((await me({ [IDENTITY_HEADER]: signIdentity(demoId, TEST_IDENTITY_SECRET, 30, Date.now() - 60_000) })).status).toBe(
      401,
    );
    const ok = await me({ [IDENTITY_HEADER]: signIdentity(demoId, TEST_IDENTITY_SECRET) });
    expect(await ok.json()).toEqual({ id: demoId, email: "demo@genui.dev", name: "Demo Developer", picture: null });
    expect((await me({ [IDENTITY_HEADER]: signIdentity("gone-user", TEST_IDENTITY_SECRET) })).status).toBe(401);
  });

  it("when an internal route is called with a user's signature or another service's name, then 401", async () => {
    for (const header of [
      signIdentity(demoId, TEST_IDENTITY_SECRET),
      signService("billing", TEST_IDENTITY_SECRET),
      signService("bff", "x".repeat(40)),
    ]) {
      const res = await fetch(`${identity.url}/accounts/api/v1/register/`, {
        method: "POST",
        headers: { "content-type": "application/json", [SERVICE_HEADER]: header },
        body: JSON.stringify({ email: "new@genui.dev", password: "password123" }),
      });
      expect(res.status).toBe(401);
    }
    expect(await users.findByEmail("new@genui.dev")).toBeNull();
  });

  it("when bodies are malformed or of the wrong shape, then 400 and nothing stored", async () => {
    expect((await asBff("/accounts/api/v1/register/", "[1,2,3]")).status).toBe(400);
    expect((await asBff("/accounts/api/v1/register/", '"just a string"')).status).toBe(400);
    const wrongTypes = await asBff("/accounts/api/v1/register/", JSON.stringify({ email: { $gt: "" }, password: 12345678 }));
    expect(wrongTypes.status).toBe(400);
    expect(await wrongTypes.json()).toEqual({ email: ["Not a valid string."], password: ["Not a valid string."] });
    const injection = await asBff(
      "/accounts/api/v1/login-password/",
      JSON.stringify({ email: { $ne: null }, password: { $ne: null } }),
    );
    expect(injection.status).toBe(400);
    expect(await users.model.countDocuments()).toBe(1);
  });

  it("when no mail provider is configured (SMTP_URL empty), then sign-up and its confirmation answer 503 and store nothing", async () => {
    for (const [path, body] of [
      ["/accounts/api/v1/register/", { email: "nomail@genui.dev", password: "password123" }],
      ["/accounts/api/v1/register/confirm/", { token: "A".repeat(43) }],
    ] as const) {
      const res = await asBff(path, JSON.stringify(body));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: "Sign-up by email is not available right now. Sign in with Google." });
    }
    expect(await users.findByEmail("nomail@genui.dev")).toBeNull();
    expect(await identity.ctx.mongo!.collection("signups").countDocuments()).toBe(0);
  });

  it("when Google's endpoint cannot be reached, then 503 with a message, not a 500", async () => {
    for (const body of [{ access_token: "anything" }, { credential: "a.b.c" }]) {
      const res = await asBff("/accounts/api/v1/login-google/", JSON.stringify(body));
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: "Google sign-in is unavailable right now. Please try again later." });
    }
  });

  it("when the configuration is for production, then the Google stand-in and the demo account are refused", () => {
    expect(() =>
      loadIdentityConfig({
        NODE_ENV: "production",
        INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        MONGO_URL: "mongodb://x",
        NATS_URL: "nats://x",
        REDIS_URL: "redis://x",
        GOOGLE_USERINFO_URL: "http://127.0.0.1:8109/v1/userinfo",
        DEMO_EMAIL: "demo@genui.dev",
      }),
    ).toThrow(/GOOGLE_USERINFO_URL: must be https:\/\/openidconnect.googleapis.com\/v1\/userinfo in production[\s\S]*DEMO_EMAIL/);
  });
});
