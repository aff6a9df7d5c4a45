import { randomUUID } from "node:crypto";
import { conflict, notFound, validationFailed, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import { KeySealer, generateApiKey, hashApiKey } from "./domain/api-key";
import { normaliseWebsiteUrl } from "./domain/url";
import type { KeyDirectory } from "./key-directory";
import type { OwnerAppsCache } from "./owner-apps-cache";
import type { AppRecord, AppRepository } from "./store/app.repository";

/** An app as its owner sees it. */
export interface AppView {
  id: string;
  url: string;
  api_key: string;
  status: string;
  /** Billing's subscription id (for `POST billing/api/v1/subscription/{id}/cancel/`); null until activated. */
  subscription_id: string | null;
  created_at: string;
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
  ) {}

  view(app: AppRecord): AppView {
    return {
      id: app._id,
      url: app.url,
      api_key: this.sealer.open(app.keySealed, app._id),
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
      createdAt: now,
      updatedAt: now,
    };
    const event = this.bus.envelope(EVENTS.appCreated, { appId: id, ownerId, url: app.url, status: app.status });
    this.lists.invalidateOwner(ownerId);
    if (!(await this.repo.insert(app, [event]))) throw validationFailed({ url: ["You already have an app for this website."] });
    this.lists.invalidateOwner(ownerId);
    this.keys.issued(key);
    this.outbox.flushSoon(id);
    return this.view(app);
  }

  async list(ownerId: string, page: number, pageSize: number): Promise<{ results: AppView[]; count: number }> {
    const { results, count } = await this.lists.page(ownerId, page, pageSize);
    return { results: results.map((a) => this.view(a)), count };
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
    this.lists.invalidateOwner(ownerId);
    if (outcome === "missing") throw notFound();
    if (outcome === "active")
      throw conflict("An app with an active subscription cannot be deleted. Cancel the subscription first.", "APPS.APP_ACTIVE");
    this.keys.invalidate(id);
    this.outbox.flushSoon(id);
  }

  async rotateKey(ownerId: string, id: string): Promise<AppView> {
    const app = await this.owned(ownerId, id);
    const key = generateApiKey();
    const event = this.bus.envelope(EVENTS.appKeyRotated, { appId: id, ownerId });
    const sealed = this.sealer.seal(key, id);
    if (!(await this.repo.rotateKey(ownerId, id, app.keyHash, hashApiKey(key), sealed, [event])))
      throw conflict("The key was changed at the same moment; reload and try again.", "APPS.KEY_CHANGED");
    this.lists.invalidateOwner(ownerId);
    this.keys.invalidate(id);
    this.keys.issued(key);
    this.outbox.flushSoon(id);
    return this.view({ ...app, keyHash: hashApiKey(key), keySealed: sealed });
  }
}
