import { randomUUID } from "node:crypto";
import OpenAI, { AuthenticationError } from "openai";
import { MessageBus, RemoteError, connectNats, createLogger, type RunningService } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { TEST_IDENTITY_SECRET, testInfra } from "@genui/testkit";
import { loadAppsTemplatesConfig } from "../services/apps-templates/src/config";
import { startAppsTemplates } from "../services/apps-templates/src/service";
import type { FakeGoogleProfile } from "../services/identity/src/dev/fake-google";
import { BrowserClient } from "./support/client";
import { newDeveloper } from "./support/developer";
import { eventually } from "./support/eventually";
import { GOOGLE_CLIENT_ID, startStack, type Stack } from "./support/stack";
import type { AppRow } from "./support/wire";

// The pre-hijack leftover: an attacker signs up with the victim's e-mail and a password (never proven), makes an app
// and copies its keys. The victim later proves the address with Google and takes the account over; the keys the
// attacker copied must stop working, or the attacker spends the victim's balance through them.

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
  /** What every apps-templates copy answers for a key (the queue group spreads requests over both copies). */
  const verifyAnswers = async (apiKey: string, times = 24): Promise<string[]> => {
    const out: string[] = [];
    for (let i = 0; i < times; i++)
      out.push(
        await bus.request(COMMANDS.verifyKey, { apiKey }).then(
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
    // A second apps-templates copy on the same database and bus: both answer apps.keys.verify and cache keys.
    second = await startAppsTemplates(
      loadAppsTemplatesConfig({
        HTTP_PORT: "0",
        LOG_LEVEL: "silent",
        INTERNAL_IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        MONGO_URL: testInfra().mongoUrl,
        MONGO_DB: stack.apps.ctx.mongo!.name,
        NATS_URL: testInfra().natsUrl,
        NATS_SUBJECT_PREFIX: stack.prefix,
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
    // The copied keys work before the takeover, and every apps-templates copy has them cached.
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
    // Neither apps-templates copy still answers for them.
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
});
