import { randomUUID } from "node:crypto";
import { notFound, validationFailed, type DocumentLock, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { App, AppPage } from "@genui/contracts/http";
import { KeySealer, generateApiKey, generatePublishableKey, hashApiKey, publishableSealId } from "../domain/api-key";
import { normaliseWebsiteUrl } from "../domain/url";
import { DEFAULT_DAILY_SPEND_CAP_MICROS, capAsText, type AppSettingsInput } from "../domain/validation";
import type { KeyDirectory } from "../store/key-directory";
import type { OwnerAppsCache } from "../store/owner-apps-cache";
import type { AppRecord, AppRepository } from "../store/app.repository";
import { APPS_ERRORS, appsError } from "../domain/errors";
import { appLimitReached } from "../domain/quotas";
import { underQuota } from "./quota-lock";

/** An app as its owner sees it: the contract's App (SPEC §3). */
export type AppView = App;

/**
 * A revocation of the owner's credentials (identity.user.credentials_revoked) that a key rotation carries out: its
 * event id makes the rotation happen once per key, and the key_rotated events name it as their cause.
 */
export interface KeyRevocation {
  eventId: string;
  correlationId: string;
}

/** The app use cases: create, list, delete, rotate the key. Every one acts only on the signed user's apps. */
export class Apps {
  constructor(
    private readonly repo: AppRepository,
    private readonly sealer: KeySealer,
    private readonly bus: MessageBus,
    private readonly outbox: OutboxRelay<AppRecord>,
    private readonly keys: KeyDirectory,
    private readonly lists: OwnerAppsCache,
    /** Serialises each owner's creates across every copy (`ownerAppsLock`). */
    private readonly quotaLock: DocumentLock,
    /** Live apps an owner may have (APPS_MAX_PER_OWNER). */
    private readonly maxApps: number,
  ) {}

  view(app: AppRecord): AppView {
    return {
      id: app._id,
      url: app.url,
      api_key: this.sealer.open(app.keySealed, app._id),
      publishable_key: app.pubKeySealed ? this.sealer.open(app.pubKeySealed, publishableSealId(app._id)) : null,
      allowed_origin: new URL(app.url).origin,
      daily_spend_cap: capAsText(app.dailySpendCapMicros ?? DEFAULT_DAILY_SPEND_CAP_MICROS),
      store_completions: app.storeCompletions === true,
      status: app.status,
      subscription_id: app.subscriptionId ?? null,
      created_at: app.createdAt.toISOString(),
    };
  }

  async create(ownerId: string, rawUrl: string): Promise<AppView> {
    const checked = normaliseWebsiteUrl(rawUrl);
    if (!checked.ok) throw validationFailed({ url: [checked.message] });
    const id = randomUUID();
    const key = generateApiKey();
    const pubKey = generatePublishableKey();
    const now = new Date();
    const app: AppRecord = {
      _id: id,
      ownerId,
      url: checked.url,
      urlKey: checked.url,
      status: "pending",
      statusAt: now,
      keyHash: hashApiKey(key),
      keySealed: this.sealer.seal(key, id),
      pubKeyHash: hashApiKey(pubKey),
      pubKeySealed: this.sealer.seal(pubKey, publishableSealId(id)),
      dailySpendCapMicros: DEFAULT_DAILY_SPEND_CAP_MICROS,
      createdAt: now,
      updatedAt: now,
    };
    const event = this.bus.envelope(EVENTS.appCreated, { appId: id, ownerId, url: app.url, status: app.status });
    // Counted and inserted under the owner's quota lock: concurrent creates (any copy) see each other's inserts.
    await underQuota(this.quotaLock, ownerId, async () => {
      if ((await this.repo.countLive(ownerId)) >= this.maxApps) throw appLimitReached(this.maxApps);
      this.lists.invalidateOwner(ownerId);
      const inserted = await this.repo.insert(app, [event]);
      await this.lists.written(ownerId);
      if (!inserted) throw validationFailed({ url: ["You already have an app for this website."] });
    });
    this.keys.issued(key);
    this.keys.issued(pubKey);
    this.outbox.flushSoon(id);
    return this.view(app);
  }

  /** One page of the owner's apps, their count and how many they may have (`limit`, for the dashboard). */
  async list(ownerId: string, page: number, pageSize: number): Promise<AppPage> {
    const { results, count } = await this.lists.page(ownerId, page, pageSize);
    const complete = await Promise.all(results.map((a) => (a.pubKeyHash ? a : this.givePublishableKey(a))));
    return { results: complete.map((a) => this.view(a)), count, limit: this.maxApps };
  }

  /**
   * Gives an app made before publishable keys its first one (the startup migration does them all; this covers an
   * app listed before it got there). When another instance was first, its key is the one read back.
   */
  async givePublishableKey(app: AppRecord): Promise<AppRecord> {
    const pubKey = generatePublishableKey();
    const sealed = this.sealer.seal(pubKey, publishableSealId(app._id));
    const added = await this.repo.addPublishableKey(app._id, hashApiKey(pubKey), sealed);
    await this.lists.written(app.ownerId);
    if (added) {
      this.keys.issued(pubKey);
      return { ...app, pubKeyHash: hashApiKey(pubKey), pubKeySealed: sealed };
    }
    return (await this.repo.findOwned(app.ownerId, app._id)) ?? app;
  }

  /** The startup migration: every live app without a publishable key gets one. Returns how many were given. */
  async migratePublishableKeys(batch = 200): Promise<number> {
    let given = 0;
    for (;;) {
      const apps = await this.repo.withoutPublishableKey(batch);
      if (apps.length === 0) return given;
      for (const app of apps) {
        await this.givePublishableKey(app);
        given++;
      }
    }
  }

  async owned(ownerId: string, id: string): Promise<AppRecord> {
    const app = await this.repo.findOwned(ownerId, id);
    if (!app) throw notFound();
    return app;
  }

  async delete(ownerId: string, id: string): Promise<void> {
    const event = this.bus.envelope(EVENTS.appDeleted, { appId: id, ownerId });
    this.lists.invalidateOwner(ownerId);
    const outcome = await this.repo.softDelete(ownerId, id, [event]);
    await this.lists.written(ownerId);
    if (outcome === "missing") throw notFound();
    if (outcome === "active")
      throw appsError(
        APPS_ERRORS.APP_ACTIVE,
        "An app with an active subscription cannot be deleted. Cancel the subscription first.",
      );
    this.keys.invalidate(id);
    this.outbox.flushSoon(id);
  }

  /** The envelope context of a rotation: a revocation's rotations are caused by (and correlate with) its event. */
  private static causedBy(revocation?: KeyRevocation) {
    return revocation ? { causationId: revocation.eventId, correlationId: revocation.correlationId } : {};
  }

  /** A new secret key; the old one stops working at once (the key_rotated event clears every cache of it). */
  async rotateKey(ownerId: string, id: string, revocation?: KeyRevocation): Promise<AppView> {
    const app = await this.owned(ownerId, id);
    const key = generateApiKey();
    const event = this.bus.envelope(EVENTS.appKeyRotated, { appId: id, ownerId, kind: "secret" }, Apps.causedBy(revocation));
    const sealed = this.sealer.seal(key, id);
    if (!(await this.repo.rotateKey(ownerId, id, app.keyHash, hashApiKey(key), sealed, [event], revocation?.eventId)))
      throw appsError(APPS_ERRORS.KEY_CHANGED, "The key was changed at the same moment; reload and try again.");
    await this.lists.written(ownerId);
    this.keys.invalidate(id);
    this.keys.issued(key);
    this.outbox.flushSoon(id);
    return this.view({ ...app, keyHash: hashApiKey(key), keySealed: sealed });
  }

  /** A new publishable key; the old one stops working at once (pages must be updated). */
  async rotatePublishableKey(ownerId: string, id: string, revocation?: KeyRevocation): Promise<AppView> {
    const app = await this.owned(ownerId, id);
    const pubKey = generatePublishableKey();
    const event = this.bus.envelope(EVENTS.appKeyRotated, { appId: id, ownerId, kind: "publishable" }, Apps.causedBy(revocation));
    const sealed = this.sealer.seal(pubKey, publishableSealId(id));
    if (
      !(await this.repo.rotatePublishableKey(
        ownerId,
        id,
        app.pubKeyHash,
        hashApiKey(pubKey),
        sealed,
        [event],
        revocation?.eventId,
      ))
    )
      throw appsError(APPS_ERRORS.KEY_CHANGED, "The key was changed at the same moment; reload and try again.");
    await this.lists.written(ownerId);
    this.keys.invalidate(id);
    this.keys.issued(pubKey);
    this.outbox.flushSoon(id);
    return this.view({ ...app, pubKeyHash: hashApiKey(pubKey), pubKeySealed: sealed });
  }

  /**
   * Replaces both keys of every live app of the owner, through the same rotations as the owner's own, because whoever
   * held the revoked credentials may have copied them. Each key is replaced once per revocation (a redelivery skips
   * the keys already replaced). Returns how many keys were replaced.
   */
  async revokeAllKeys(ownerId: string, revocation: KeyRevocation): Promise<number> {
    let replaced = 0;
    for (const app of await this.repo.allLive(ownerId)) {
      if (app.keyRevokedFor !== revocation.eventId) {
        await this.rotateKey(ownerId, app._id, revocation);
        replaced++;
      }
      if (app.pubKeyRevokedFor !== revocation.eventId) {
        await this.rotatePublishableKey(ownerId, app._id, revocation);
        replaced++;
      }
    }
    return replaced;
  }

  /**
   * billing subscribed the app (at `at`): it is active, unless a newer status is recorded. Answers whether the status
   * changed; this copy's key and list caches drop the app either way.
   */
  async markActive(appId: string, at: Date, subscriptionId?: string): Promise<boolean> {
    const changed = await this.repo.setStatus(appId, "active", at, subscriptionId);
    this.keys.invalidate(appId);
    this.lists.invalidateApp(appId);
    return changed;
  }

  /**
   * billing ended the app's subscription (at `at`): it is cancelled, unless a newer status is recorded. Answers whether
   * the status changed; this copy's key cache drops the app either way.
   */
  async markCancelled(appId: string, at: Date, subscriptionId?: string): Promise<boolean> {
    const changed = await this.repo.setStatus(appId, "cancelled", at, subscriptionId);
    this.keys.invalidate(appId);
    return changed;
  }

  /** Sets the publishable key's daily spend cap (micro-dollars). */
  setDailySpendCap(ownerId: string, id: string, micros: number): Promise<AppView> {
    return this.update(ownerId, id, { dailySpendCapMicros: micros });
  }

  /**
   * Changes the owner's settings of the app that are given: the publishable key's daily spend cap (micro-dollars;
   * `apps.app.spend_cap_changed`) and whether its chat completions are kept by default (`apps.app.settings_changed`).
   * Every copy's key answers drop the app when the event passes by, so the next request sees the change.
   */
  async update(ownerId: string, id: string, settings: AppSettingsInput): Promise<AppView> {
    const events = [
      ...(settings.dailySpendCapMicros !== undefined
        ? [
            this.bus.envelope(EVENTS.appSpendCapChanged, {
              appId: id,
              ownerId,
              dailySpendCapMicros: BigInt(settings.dailySpendCapMicros),
            }),
          ]
        : []),
      ...(settings.storeCompletions !== undefined
        ? [this.bus.envelope(EVENTS.appSettingsChanged, { appId: id, ownerId, storeCompletions: settings.storeCompletions })]
        : []),
    ];
    this.lists.invalidateOwner(ownerId);
    if (!(await this.repo.setSettings(ownerId, id, settings, events))) throw notFound();
    await this.lists.written(ownerId);
    this.keys.invalidate(id);
    this.outbox.flushSoon(id);
    const app = await this.owned(ownerId, id);
    return this.view(app.pubKeyHash ? app : await this.givePublishableKey(app));
  }
}
