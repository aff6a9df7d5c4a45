import { randomUUID } from "node:crypto";
import OpenAI, { AuthenticationError } from "openai";
import { MessageBus, RemoteError, connectNats, createLogger, type RunningService } from "@genui/chassis";
import { create, toBinary } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  COMMANDS,
  CredentialsRevokedReason,
  EVENTS,
  EventEnvelopeSchema,
  REPLY_ERRORS,
  UserCredentialsRevokedSchema,
} from "@genui/contracts";
import type { FakeGoogleProfile } from "@genui/sims";
import { TEST_IDENTITY_SECRET, testInfra } from "@genui/testkit";
import { loadAppsConfig } from "../../services/apps/src/config";
import { startApps } from "../../services/apps/src/service";
import { BrowserClient } from "../support/client";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { signUp } from "../support/signup";
import { GOOGLE_CLIENT_ID, startStack, type Stack } from "../support/stack";
import type { AppRow } from "../support/wire";
import { verifyKeyQuestion } from "@genui/contracts/keys";

// The pre-hijack leftover: an attacker holds a password account for the victim's e-mail (its sign-up link confirmed
// through an inbox the attacker could read then, which the test stack's mailbox plays; or made before sign-up links),
// makes an app and copies its keys. The victim later proves the address with Google and takes the account over; the
// keys the attacker copied must stop working, or the attacker spends the victim's balance through them.

const API = "/apps/api/v1";

interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

describe("API keys made before an account takeover", () => {
  let stack: Stack;
  let second: RunningService;
  let bus: MessageBus;
  let n = 0;

  const person = (email: string): FakeGoogleProfile => {
    n += 1;
    return { sub: `g-takeover-${n}`, email, email_verified: true, name: `Victim ${n}` };
  };
  const googleLogin = (c: BrowserClient, p: FakeGoogleProfile) =>
    c.post("/accounts/api/v1/login-google/", {
      access_token: stack.google.mintAccessToken(p, { clientId: GOOGLE_CLIENT_ID }),
    });
  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
  /** The secret key from a server: the models list (200, or the error's status). */
  const secretKeyStatus = async (apiKey: string): Promise<number> =>
    openai(apiKey)
      .models.list()
      .then(
        () => 200,
        (e: unknown) => (e instanceof AuthenticationError ? 401 : ((e as { status?: number }).status ?? 0)),
      );
  /** The publishable key from a page on the app's origin: retrieve with code. */
  const publishableCall = async (key: string, url: string) => {
    const res = await fetch(`${stack.bff.url}${API}/retrieve/`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", origin: new URL(url).origin },
      body: JSON.stringify({ code: 'heading("Hello")' }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** What every apps copy answers for a key (the queue group spreads requests over both copies). */
  const verifyAnswers = async (apiKey: string, times = 24): Promise<string[]> => {
    const out: string[] = [];
    for (let i = 0; i < times; i++)
      out.push(
        await bus.request(COMMANDS.verifyKey, verifyKeyQuestion(apiKey)).then(
          (r) => `owner:${r.appId}`,
          (e: unknown) => (e instanceof RemoteError ? e.code : String(e)),
        ),
      );
    return out;
  };
  const appsOf = async (c: BrowserClient) =>
    ((await (await c.get("/apps/api/v1/list/")).json()) as { results: AppRow[] }).results;

  beforeAll(async () => {
    stack = await startStack({ generation: {} });
    // A second apps copy on the same database and bus: both answer apps.keys.verify and cache keys.
    second = await startApps(
      loadAppsConfig({
        HTTP_PORT: "0",
        LOG_LEVEL: "silent",
        INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        MONGO_URL: testInfra().mongoUrl,
        MONGO_DB: stack.apps.ctx.mongo!.name,
        NATS_URL: testInfra().natsUrl,
        NATS_SUBJECT_PREFIX: stack.prefix,
        REDIS_URL: testInfra().redisUrl,
        REDIS_KEY_PREFIX: stack.prefix,
        APPS_KEY_ENCRYPTION_KEY: "7".repeat(64),
      }),
      createLogger("second-apps", "silent"),
    );
    const logger = createLogger("takeover-test", "silent");
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "takeover-test", logger), {
      prefix: stack.prefix,
      source: "identity",
      logger,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await second?.stop();
    await stack?.stop();
  });

  it("when an attacker pre-registered the victim's e-mail, made an app and copied its keys, and the victim then signs in with Google, then the copied keys answer 401 and the victim's dashboard shows new keys that work", async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const attacker = await newDeveloper(stack, 1_000_000, { email, password: "attacker password" });
    const bystander = await newDeveloper(stack);
    // The copied keys work before the takeover, and every apps copy has them cached.
    expect(await secretKeyStatus(attacker.apiKey)).toBe(200);
    expect((await publishableCall(attacker.publishableKey, attacker.url)).status).toBe(200);
    expect(new Set(await verifyAnswers(attacker.apiKey))).toEqual(new Set([`owner:${attacker.appId}`]));
    expect(new Set(await verifyAnswers(attacker.publishableKey))).toEqual(new Set([`owner:${attacker.appId}`]));

    const victim = new BrowserClient(stack.bff.url);
    const signedIn = await googleLogin(victim, person(email));
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { id: string }).id).toBe(attacker.userId);

    // Rotation is asynchronous (an event from identity): the old keys stop working soon after.
    expect(
      await eventually(
        () => secretKeyStatus(attacker.apiKey),
        (s) => s === 401,
      ),
    ).toBe(401);
    const oldPublishable = await eventually(
      () => publishableCall(attacker.publishableKey, attacker.url),
      (r) => r.status === 401,
    );
    expect(oldPublishable.status).toBe(401);
    expect((oldPublishable.body as ErrorBody).error.code).toBe("invalid_api_key");
    const secretDenied = await openai(attacker.apiKey)
      .chat.completions.create({ model: "genui-pluto-0.1", messages: [{ role: "user", content: "spend the balance" }] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(secretDenied).toBeInstanceOf(AuthenticationError);
    // Neither apps copy still answers for them.
    for (const old of [attacker.apiKey, attacker.publishableKey])
      expect(
        new Set(
          await eventually(
            () => verifyAnswers(old),
            (a) => a.every((x) => x === REPLY_ERRORS.KEY_NOT_FOUND),
          ),
        ),
      ).toEqual(new Set([REPLY_ERRORS.KEY_NOT_FOUND]));

    // The victim's dashboard shows the same app with new keys, and they work.
    const apps = await appsOf(victim);
    expect(apps.map((a) => a.id)).toEqual([attacker.appId]);
    const [app] = apps;
    expect(app!.api_key).toMatch(/^gk_live_/);
    expect(app!.publishable_key).toMatch(/^gk_pub_/);
    expect(app!.api_key).not.toBe(attacker.apiKey);
    expect(app!.publishable_key).not.toBe(attacker.publishableKey);
    expect(app!.status).toBe("active");
    expect(await secretKeyStatus(app!.api_key)).toBe(200);
    expect((await publishableCall(app!.publishable_key!, app!.url)).status).toBe(200);

    // Someone else's keys are untouched.
    expect(await secretKeyStatus(bystander.apiKey)).toBe(200);
    expect(((await appsOf(bystander.client))[0] ?? { api_key: "" }).api_key).toBe(bystander.apiKey);
  });

  it("when Google proves the e-mail of a password account, then identity publishes identity.user.credentials_revoked once for that user, and ordinary Google sign-ins publish none", async () => {
    const seen: { userId: string; reason: CredentialsRevokedReason; correlationId: string }[] = [];
    const observerName = `test-observer-${randomUUID().slice(0, 8)}`;
    const observer = await bus.consume(EVENTS.userCredentialsRevoked, observerName, async (e) => {
      seen.push({ userId: e.payload.userId, reason: e.payload.reason, correlationId: e.correlationId });
    });
    try {
      // An ordinary Google sign-up, signed in twice: nothing is revoked.
      const plain = person(`plain-${randomUUID().slice(0, 8)}@example.com`);
      const first = await googleLogin(new BrowserClient(stack.bff.url), plain);
      const plainId = ((await first.json()) as { id: string }).id;
      expect((await googleLogin(new BrowserClient(stack.bff.url), plain)).status).toBe(200);

      const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
      const reg = await signUp(new BrowserClient(stack.bff.url), { email, password: "attacker password" });
      expect(reg.status).toBe(201);
      const victimId = ((await reg.json()) as { id: string }).id;
      const victimGoogle = person(email);
      expect((await googleLogin(new BrowserClient(stack.bff.url), victimGoogle)).status).toBe(200);
      // Later sign-ins of the now linked account revoke nothing more.
      expect((await googleLogin(new BrowserClient(stack.bff.url), victimGoogle)).status).toBe(200);

      await eventually(
        async () => seen.filter((e) => e.userId === victimId).length,
        (k) => k > 0,
      );
      // Everything the stream holds so far has reached the observer.
      const jsm = await bus.nc.jetstreamManager();
      await eventually(
        () => jsm.consumers.info(bus.streamName("IDENTITY"), observerName),
        (i) => i.num_pending === 0 && i.num_ack_pending === 0,
      );
      expect(seen.filter((e) => e.userId === plainId)).toEqual([]);
      expect(seen.filter((e) => e.userId === victimId)).toEqual([
        { userId: victimId, reason: CredentialsRevokedReason.EMAIL_PROVEN_BY_GOOGLE, correlationId: expect.any(String) },
      ]);
    } finally {
      await observer.stop();
    }
  });

  describe("the apps consumer of identity.user.credentials_revoked", () => {
    const subject = () => bus.subject(EVENTS.userCredentialsRevoked.subject);
    const revoked = (userId: string) =>
      bus.envelope(EVENTS.userCredentialsRevoked, { userId, reason: CredentialsRevokedReason.EMAIL_PROVEN_BY_GOOGLE });
    const keysOf = async (dev: Developer) => {
      const app = (await appsOf(dev.client)).find((a) => a.id === dev.appId);
      return { secret: app?.api_key, publishable: app?.publishable_key };
    };
    /** Waits until the consumer has handled (acked or terminated) everything published so far. */
    const drained = async () => {
      const jsm = await bus.nc.jetstreamManager();
      const info = await eventually(
        () => jsm.consumers.info(bus.streamName("IDENTITY"), "apps-credentials-revoked"),
        (i) => i.num_pending === 0 && i.num_ack_pending === 0,
      );
      expect({ pending: info.num_pending, unacked: info.num_ack_pending }).toEqual({ pending: 0, unacked: 0 });
    };

    it("when a poison message arrives, then it is terminated and a later revocation is still carried out", async () => {
      const dev = await newDeveloper(stack, 0);
      await bus.js.publish(subject(), new Uint8Array([1, 2, 3, 255]));
      const noUser = create(EventEnvelopeSchema, {
        eventId: `poison-${randomUUID()}`,
        occurredAt: timestampFromDate(new Date()),
        payloadType: UserCredentialsRevokedSchema.typeName,
        payload: toBinary(UserCredentialsRevokedSchema, create(UserCredentialsRevokedSchema, {})),
      });
      await bus.js.publish(subject(), toBinary(EventEnvelopeSchema, noUser));
      await bus.publishSealed(revoked(dev.userId));
      const keys = await eventually(
        () => keysOf(dev),
        (k) => k.secret !== dev.apiKey && k.publishable !== dev.publishableKey,
      );
      expect(keys.secret).toMatch(/^gk_live_/);
      expect(keys.secret).not.toBe(dev.apiKey);
      expect(keys.publishable).not.toBe(dev.publishableKey);
      expect(await secretKeyStatus(dev.apiKey)).toBe(401);
      expect(await secretKeyStatus(keys.secret!)).toBe(200);
      await drained();
    });

    it("when the same revocation is delivered twice, then the keys are replaced once", async () => {
      const dev = await newDeveloper(stack, 0);
      const event = revoked(dev.userId);
      await bus.publishSealed(event);
      const once = await eventually(
        () => keysOf(dev),
        (k) => k.secret !== dev.apiKey && k.publishable !== dev.publishableKey,
      );
      expect(once.secret).not.toBe(dev.apiKey);
      // A second copy of the same event (as a redelivery or a second publish outside the duplicate window would be).
      await bus.js.publish(subject(), event.data);
      await drained();
      expect(await keysOf(dev)).toEqual(once);
      expect(await secretKeyStatus(once.secret!)).toBe(200);
    });
  });
});
