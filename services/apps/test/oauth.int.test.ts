import { randomUUID } from "node:crypto";
import { RemoteError } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { keyHash, verifyKeyQuestion } from "@genui/contracts/keys";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { eventually, startHarness, type Copy, type Harness } from "./harness";

const REDIRECT = "http://127.0.0.1:5000/callback";

/**
 * The authorization server's stores for real (FerretDB or MongoDB, Redis, NATS) with two copies of apps: what may
 * happen once happens once across copies, tokens are kept only as hashes, and a disconnection reaches every copy's
 * key directory and apps.keys.verify at once.
 */
describe("OAuth grants across two copies of apps (real store, Redis and NATS)", () => {
  let h: Harness;
  let a: Copy;
  let b: Copy;

  beforeAll(async () => {
    h = await startHarness();
    [a, b] = h.copies as [Copy, Copy];
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** An owner with an active app and a registered public client. */
  async function setup() {
    const ownerId = randomUUID();
    const app = await a.apps.create(ownerId, `https://${randomUUID().slice(0, 8)}.example.com`);
    await a.apps.markActive(app.id, new Date());
    const client = await a.oauth.register({
      client_id: randomUUID(),
      client_id_issued_at: Math.floor(Date.now() / 1000),
      redirect_uris: [REDIRECT],
      client_name: "Integration Host",
      token_endpoint_auth_method: "none",
    } as OAuthClientInformationFull);
    /** A code for the app, approved by its owner on copy `on`. */
    const code = async (on: Copy = a) => {
      const consent = new URL(
        await on.oauth.startAuthorization(client, { redirectUri: REDIRECT, codeChallenge: "ch", state: "s" }),
      );
      const { redirect_to } = await on.oauth.decide(ownerId, consent.searchParams.get("request")!, {
        approve: true,
        app_id: app.id,
      });
      return new URL(redirect_to).searchParams.get("code")!;
    };
    return { ownerId, app, client, code };
  }

  const verify = (token: string) =>
    h.caller.request(COMMANDS.verifyKey, verifyKeyQuestion(token)).then(
      (owner) => owner,
      (err: unknown) => (err instanceof RemoteError ? err.code : Promise.reject(err)),
    );

  it("when both copies exchange one code at once, then exactly one gets tokens", async () => {
    const { client, code } = await setup();
    for (let i = 0; i < 5; i++) {
      const c = await code();
      const outcomes = await Promise.allSettled([a.oauth.exchangeCode(client, c), b.oauth.exchangeCode(client, c)]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
        errorCode: "invalid_grant",
      });
    }
  });

  it("when both copies rotate one refresh token at once, then one gets tokens and the replay ends the connection", async () => {
    const { client, code } = await setup();
    const first = await a.oauth.exchangeCode(client, await code());
    const outcomes = await Promise.allSettled([
      a.oauth.refresh(client, first.refresh_token!),
      b.oauth.refresh(client, first.refresh_token!),
    ]);
    const won = outcomes.filter(
      (o): o is PromiseFulfilledResult<Awaited<ReturnType<Copy["oauth"]["refresh"]>>> => o.status === "fulfilled",
    );
    // Never two: at most one rotation gets tokens. Which one ends first is a race — the replay may revoke the
    // connection before the other rotation has issued its tokens, and then neither gets any (a clean-clone run saw it).
    expect(won.length).toBeLessThanOrEqual(1);
    // The other presented a used token: the whole connection is revoked, any winner's new tokens with it.
    for (const w of won) {
      expect(
        await eventually(
          () => verify(w.value.access_token),
          (v) => v === REPLY_ERRORS.KEY_NOT_FOUND,
          60_000,
        ),
      ).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
      await expect(a.oauth.refresh(client, w.value.refresh_token!)).rejects.toMatchObject({ errorCode: "invalid_grant" });
    }
    expect(outcomes.some((o) => o.status === "rejected")).toBe(true);
  });

  it("when a token is issued, then only its hash is stored, and apps.keys.verify answers it with its expiry and connection", async () => {
    const { app, ownerId, client, code } = await setup();
    const tokens = await a.oauth.exchangeCode(client, await code());
    const stored = await a.grantRepo.tokens.find({ appId: app.id }).lean().exec();
    expect(stored.map((t) => t._id).sort()).toEqual([keyHash(tokens.access_token), keyHash(tokens.refresh_token!)].sort());
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token.slice(7));
    const [connection] = await a.oauth.connections(ownerId, app.id);
    expect(await verify(tokens.access_token)).toMatchObject({
      appId: app.id,
      ownerId,
      status: "active",
      kind: "oauth",
      connectionId: connection!.id,
      expiresAtMs: expect.any(BigInt),
    });
    const answer = (await verify(tokens.access_token)) as { expiresAtMs: bigint };
    expect(Number(answer.expiresAtMs)).toBeGreaterThan(Date.now() + 3_500_000);
    // A refresh token is no key.
    expect(await verify(tokens.refresh_token!)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
  });

  it("when one copy disconnects a host, then the other copy's key directory and apps.keys.verify forget its token at once", async () => {
    const { app, ownerId, client, code } = await setup();
    const tokens = await b.oauth.exchangeCode(client, await code(b));
    const hash = keyHash(tokens.access_token);
    // Both copies remember the answer (60 s), and the command (copy a) answers it.
    expect(await b.keys.verify(hash, "oauth")).toMatchObject({ appId: app.id });
    expect(await a.keys.verify(hash, "oauth")).toMatchObject({ appId: app.id });
    expect(await verify(tokens.access_token)).toMatchObject({ kind: "oauth" });
    const [connection] = await b.oauth.connections(ownerId, app.id);
    await b.oauth.disconnect(ownerId, app.id, connection!.id);
    expect(
      await eventually(
        () => a.keys.verify(hash, "oauth"),
        (v) => v === undefined,
        60_000,
      ),
    ).toBeUndefined();
    expect(await b.keys.verify(hash, "oauth")).toBeUndefined();
    expect(await verify(tokens.access_token)).toBe(REPLY_ERRORS.KEY_NOT_FOUND);
    const rotated = await eventually(
      () => h.events.filter((e) => e.subject === "apps.app.key_rotated" && e.payload.appId === app.id),
      (list) => list.length > 0,
    );
    expect(rotated[0]!.payload).toMatchObject({ appId: app.id, ownerId, kind: "oauth" });
    expect(await a.grantRepo.tokens.countDocuments({ connectionId: connection!.id }).exec()).toBe(0);
    expect(await a.oauth.connections(ownerId, app.id)).toEqual([]);
  });
});
