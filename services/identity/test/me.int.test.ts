import { IDENTITY_HEADER, createLogger, signIdentity, type RunningService } from "@genui/chassis";
import { TEST_IDENTITY_SECRET, freshName, testInfra } from "@genui/testkit";
import argon2 from "argon2";
import { loadIdentityConfig } from "../src/config";
import { seedDemoUser } from "../src/demo-seed";
import { startIdentity } from "../src/service";
import { UserRepository } from "../src/store/user.repository";

describe("identity: GET /accounts/api/v1/me/", () => {
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
      DEMO_EMAIL: "Demo@GenUI.dev",
      DEMO_PASSWORD: "demo-password",
    });
    identity = await startIdentity(config, createLogger("identity", "silent"));
    users = new UserRepository(identity.ctx.mongo!);
    const demo = await users.findByEmail("demo@genui.dev");
    demoId = demo!._id;
  });
  afterAll(async () => {
    await identity.ctx.mongo!.dropDatabase();
    const jsm = await identity.ctx.bus!.nc.jetstreamManager();
    await jsm.streams.delete(identity.ctx.bus!.streamName("IDENTITY"));
    await identity.stop();
  });

  const me = (headers: Record<string, string> = {}) => fetch(`${identity.url}/accounts/api/v1/me/`, { headers });

  it("when the demo account is seeded, then its password is stored only as an argon2id hash", async () => {
    const demo = await users.findByEmail("demo@genui.dev");
    expect(demo?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(demo!.passwordHash!, "demo-password")).toBe(true);
  });

  it("when no signed user comes with the request, then 401 with a message", async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "Authentication credentials were not provided." });
  });

  it("when the identity is forged or expired, then 401", async () => {
    expect((await me({ [IDENTITY_HEADER]: signIdentity(demoId, "f".repeat(40)) })).status).toBe(401);
    expect((await me({ [IDENTITY_HEADER]: signIdentity(demoId, TEST_IDENTITY_SECRET, 30, Date.now() - 60_000) })).status).toBe(
      401,
    );
  });

  it("when the BFF signs a known user, then the user comes back", async () => {
    const res = await me({ [IDENTITY_HEADER]: signIdentity(demoId, TEST_IDENTITY_SECRET) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: demoId, email: "demo@genui.dev", name: "Demo Developer", picture: null });
  });

  it("when the signed user no longer exists, then 401", async () => {
    expect((await me({ [IDENTITY_HEADER]: signIdentity("gone-user", TEST_IDENTITY_SECRET) })).status).toBe(401);
  });

  it("when the demo seed runs again, then the existing account is left as it was", async () => {
    const before = await users.findByEmail("demo@genui.dev");
    await seedDemoUser(users, "demo@genui.dev", "another-password", createLogger("t", "silent"));
    expect(await users.findByEmail("demo@genui.dev")).toEqual(before);
  });
});
