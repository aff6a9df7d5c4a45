import type { AppStatus } from "@genui/contracts/http";
import type { AppComponent, AppTheme } from "@genui/ui-runtime/appearance";
import {
  DistributedLock,
  outboxInsert,
  outboxSchemaFields,
  outboxUpdate,
  type DocumentLock,
  type OutboxFields,
  type Redis,
  type SealedEvent,
} from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

/** The contract's values (@genui/contracts/http). */
export type { AppStatus };

export interface AppRecord extends OutboxFields {
  _id: string;
  ownerId: string;
  url: string;
  /** `url` for live apps, `deleted:<id>` once deleted, so the owner can register the same website again. */
  urlKey: string;
  status: AppStatus;
  /** When the status last changed at its source (billing's event time); older events never overwrite newer. */
  statusAt: Date;
  /** Billing's subscription of this app, once billing activated it. */
  subscriptionId?: string;
  /** SHA-256 of the API key, for lookup. */
  keyHash: string;
  /** AES-256-GCM sealed API key, for the owner's copy button. */
  keySealed: string;
  /** SHA-256 of the publishable key (pages); absent on apps made before publishable keys, until given one. */
  pubKeyHash?: string;
  /** The sealed publishable key (associated data `<id>/publishable`). */
  pubKeySealed?: string;
  /** What the publishable key may spend per UTC day, micro-dollars (absent: the default). */
  dailySpendCapMicros?: number;
  /** Keep the app's chat completions when a request does not say `store` (absent: off). */
  storeCompletions?: boolean;
  /**
   * The event id of the last credentials revocation (identity.user.credentials_revoked) that replaced the secret /
   * publishable key, so a redelivered revocation replaces each key once.
   */
  keyRevokedFor?: string;
  pubKeyRevokedFor?: string;
  /** The app's look (brand theme and the developer's own components); absent until the owner first sets either. */
  appearance?: StoredAppearance;
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date;
}

/**
 * The app's look as stored. The component declarations are kept as JSON text: their props are JSON Schemas, whose keys
 * (`$defs`, `$ref`, a property named `a.b` or `__proto__`) the store refuses or drops as field names. The theme's
 * keys are all tokens of AppTheme, so it is kept as an object.
 */
export interface StoredAppearance {
  /** Raised by exactly 1 by every change of the theme or a component. */
  version: number;
  theme: AppTheme;
  /** `AppComponent[]` as JSON. */
  componentsJson: string;
  updatedAt: Date;
}

/** The app's look as its use cases see it. */
export interface AppearanceRecord {
  version: number;
  theme: AppTheme;
  components: AppComponent[];
  updatedAt: Date;
}

/** Stored → used. The declarations were checked before they were written (`changeAppearance` writes only those). */
export const appearanceFromStore = (a: StoredAppearance): AppearanceRecord => {
  const components: unknown = JSON.parse(a.componentsJson || "[]");
  return {
    version: a.version,
    theme: a.theme ?? {},
    components: Array.isArray(components) ? (components as AppComponent[]) : [],
    updatedAt: a.updatedAt,
  };
};
/** Used → stored. */
export const appearanceToStore = (a: AppearanceRecord): StoredAppearance => ({
  version: a.version,
  theme: a.theme,
  componentsJson: JSON.stringify(a.components),
  updatedAt: a.updatedAt,
});

const appSchema = new Schema<AppRecord>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    url: { type: String, required: true },
    urlKey: { type: String, required: true },
    status: { type: String, required: true, enum: ["pending", "active", "cancelled"] },
    statusAt: { type: Date, required: true },
    subscriptionId: { type: String },
    keyHash: { type: String, required: true },
    keySealed: { type: String, required: true },
    pubKeyHash: { type: String },
    pubKeySealed: { type: String },
    dailySpendCapMicros: { type: Number },
    storeCompletions: { type: Boolean },
    keyRevokedFor: { type: String },
    pubKeyRevokedFor: { type: String },
    // A plain object (minimize: false keeps an empty theme `{}` as it was set).
    appearance: { type: Schema.Types.Mixed },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deletedAt: { type: Date },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);
appSchema.index({ ownerId: 1, urlKey: 1 }, { unique: true });
appSchema.index({ ownerId: 1, createdAt: -1 });
appSchema.index({ keyHash: 1 }, { unique: true });
// Not unique: older apps have none yet (256 random bits do not collide).
appSchema.index({ pubKeyHash: 1 });

const LIVE = { deletedAt: { $exists: false } };
/**
 * Left out of every read of apps but their own: the outbox, and the appearance (up to 256 KB, read only by
 * `appearanceOf` and `changeAppearance`; the key directory and the owners' app lists keep records in memory).
 */
const NO_OUTBOX = { outbox: 0, appearance: 0 } as const;

/** The lock on app documents every copy of apps (and the reseal-keys job) takes. */
export const appLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:app:`);

/**
 * The lock on an owner's app quota: a create counts the owner's live apps and inserts under it, in every copy of
 * apps, so concurrent creates cannot all see room for one more. It waits longer than the document locks: a
 * burst of one owner's creates queues on it.
 */
export const ownerAppsLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:owner-apps:`, 15_000, 30_000);

export class AppRepository {
  readonly model: Model<AppRecord>;
  /** Told about every status change this process makes (for caches). */
  onChange?: (appId: string) => void;
  /**
   * Every update of an app document runs under its id, and the outbox relay takes the same lock. It must hold across every copy
   * of the service (a DistributedLock): the local store does not isolate concurrent updates of one document.
   */
  readonly lock: DocumentLock;

  constructor(conn: Connection, lock: DocumentLock) {
    this.lock = lock;
    this.model = (conn.models.App as Model<AppRecord> | undefined) ?? conn.model<AppRecord>("App", appSchema, "apps");
  }

  init() {
    return this.model.init();
  }

  /** Inserts with its events; false when the owner already has this website. */
  async insert(app: AppRecord, events: SealedEvent[]): Promise<boolean> {
    try {
      await this.model.create({ ...app, ...outboxInsert(events) });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return false;
      throw err;
    }
  }

  /** The owner's live app (another owner's app is as good as missing). */
  findOwned(ownerId: string, id: string): Promise<AppRecord | null> {
    return this.model
      .findOne({ _id: id, ownerId, ...LIVE })
      .select(NO_OUTBOX)
      .lean<AppRecord>()
      .exec();
  }

  /** A live app, whoever owns it (the key directory and the authorization server read it by id). */
  findLive(id: string): Promise<AppRecord | null> {
    return this.model
      .findOne({ _id: id, ...LIVE })
      .select(NO_OUTBOX)
      .lean<AppRecord>()
      .exec();
  }

  /** Every live app of an owner, newest first. */
  allLive(ownerId: string): Promise<AppRecord[]> {
    return this.model
      .find({ ownerId, ...LIVE })
      .select(NO_OUTBOX)
      .sort({ createdAt: -1, _id: -1 })
      .lean<AppRecord[]>()
      .exec();
  }

  async page(ownerId: string, page: number, pageSize: number): Promise<{ results: AppRecord[]; count: number }> {
    const filter = { ownerId, ...LIVE };
    const [results, count] = await Promise.all([
      this.model
        .find(filter)
        .select(NO_OUTBOX)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AppRecord[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { results, count };
  }

  /** How many live apps the owner has (read from the store, not a cache: other copies' creates count). */
  countLive(ownerId: string): Promise<number> {
    return this.model.countDocuments({ ownerId, ...LIVE }).exec();
  }

  findByKeyHash(keyHash: string): Promise<AppRecord | null> {
    return this.model
      .findOne({ keyHash, ...LIVE })
      .select(NO_OUTBOX)
      .lean<AppRecord>()
      .exec();
  }

  findByPubKeyHash(pubKeyHash: string): Promise<AppRecord | null> {
    return this.model
      .findOne({ pubKeyHash, ...LIVE })
      .select(NO_OUTBOX)
      .lean<AppRecord>()
      .exec();
  }

  /** Live apps made before publishable keys (the migration gives each one). */
  withoutPublishableKey(limit: number): Promise<AppRecord[]> {
    return this.model
      .find({ pubKeyHash: { $exists: false }, ...LIVE })
      .select(NO_OUTBOX)
      .limit(limit)
      .lean<AppRecord[]>()
      .exec();
  }

  /** Gives an app its first publishable key; false when it already has one (another instance was first). */
  async addPublishableKey(id: string, pubKeyHash: string, pubKeySealed: string): Promise<boolean> {
    const res = await this.lock.run(id, () =>
      this.model.updateOne({ _id: id, pubKeyHash: { $exists: false }, ...LIVE }, { $set: { pubKeyHash, pubKeySealed } }).exec(),
    );
    return res.modifiedCount === 1;
  }

  /**
   * Replaces the publishable key (guarded by the old hash, so two rotations never both win). With `revokedFor` (a
   * credentials revocation's event id) it is also guarded by, and records, that revocation: it replaces a key once.
   */
  async rotatePublishableKey(
    ownerId: string,
    id: string,
    oldHash: string | undefined,
    pubKeyHash: string,
    pubKeySealed: string,
    events: SealedEvent[],
    revokedFor?: string,
  ): Promise<boolean> {
    const o = outboxUpdate(events);
    const once = revokedFor ? { pubKeyRevokedFor: { $ne: revokedFor } } : {};
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne(
          { _id: id, ownerId, pubKeyHash: oldHash ?? { $exists: false }, ...once, ...LIVE },
          {
            $set: {
              pubKeyHash,
              pubKeySealed,
              updatedAt: new Date(),
              ...(revokedFor ? { pubKeyRevokedFor: revokedFor } : {}),
              ...o.$set,
            },
            $inc: o.$inc,
          },
        )
        .exec(),
    );
    return res.modifiedCount === 1;
  }

  /** Sets the publishable key's daily spend cap with its event; false when the app is missing. */
  setDailySpendCap(ownerId: string, id: string, micros: number, events: SealedEvent[]): Promise<boolean> {
    return this.setSettings(ownerId, id, { dailySpendCapMicros: micros }, events);
  }

  /** Sets the owner's settings of an app given (spend cap, stored completions) with their events; false when missing. */
  async setSettings(
    ownerId: string,
    id: string,
    settings: Pick<AppRecord, "dailySpendCapMicros" | "storeCompletions">,
    events: SealedEvent[],
  ): Promise<boolean> {
    const o = outboxUpdate(events);
    const given = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne({ _id: id, ownerId, ...LIVE }, { $set: { ...given, updatedAt: new Date(), ...o.$set }, $inc: o.$inc })
        .exec(),
    );
    return res.matchedCount === 1;
  }

  /**
   * A live app's look: `{ appearance }` (undefined when never set), or null when the app is missing or, with
   * `ownerId`, another owner's.
   */
  async appearanceOf(id: string, ownerId?: string): Promise<{ appearance?: AppearanceRecord } | null> {
    const app = await this.model
      .findOne({ _id: id, ...(ownerId !== undefined ? { ownerId } : {}), ...LIVE }, { _id: 1, appearance: 1 })
      .lean<Pick<AppRecord, "_id" | "appearance">>()
      .exec();
    if (!app) return null;
    return app.appearance ? { appearance: appearanceFromStore(app.appearance) } : {};
  }

  /**
   * Changes the owner's app's look under the app's lock: `change` is given the look read under the lock (undefined
   * when never set) and answers the next one with its events, or throws to refuse (then nothing is written). The
   * write is also guarded by the version read, so a change that outlived its lock never overwrites a newer one:
   * it answers "conflict". "missing" when the app is not the owner's live app.
   */
  async changeAppearance(
    ownerId: string,
    id: string,
    change: (current: AppearanceRecord | undefined) => { appearance: AppearanceRecord; events: SealedEvent[] },
  ): Promise<{ appearance: AppearanceRecord } | "missing" | "conflict"> {
    return this.lock.run(id, async () => {
      const found = await this.appearanceOf(id, ownerId);
      if (!found) return "missing";
      const next = change(found.appearance);
      const o = outboxUpdate(next.events);
      const res = await this.model
        .updateOne(
          {
            _id: id,
            ownerId,
            ...LIVE,
            "appearance.version": found.appearance ? found.appearance.version : { $exists: false },
          },
          {
            $set: { appearance: appearanceToStore(next.appearance), updatedAt: next.appearance.updatedAt, ...o.$set },
            $inc: o.$inc,
          },
        )
        .exec();
      return res.modifiedCount === 1 ? { appearance: next.appearance } : "conflict";
    });
  }

  /** Marks a non-active app deleted (single-document guard) with its event; null when missing or active. */
  async softDelete(ownerId: string, id: string, events: SealedEvent[]): Promise<"deleted" | "active" | "missing"> {
    const o = outboxUpdate(events);
    const now = new Date();
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne(
          { _id: id, ownerId, status: { $ne: "active" }, ...LIVE },
          {
            $set: { deletedAt: now, updatedAt: now, urlKey: `deleted:${id}`, ...o.$set },
            $inc: o.$inc,
            // The app's look goes with it (nothing reads a deleted app's).
            $unset: { appearance: 1 },
          },
        )
        .exec(),
    );
    if (res.modifiedCount === 1) return "deleted";
    return (await this.findOwned(ownerId, id)) ? "active" : "missing";
  }

  /** Replaces the key (guarded by the old hash, so two rotations never both win; `revokedFor` as above). */
  async rotateKey(
    ownerId: string,
    id: string,
    oldHash: string,
    keyHash: string,
    keySealed: string,
    events: SealedEvent[],
    revokedFor?: string,
  ): Promise<boolean> {
    const o = outboxUpdate(events);
    const once = revokedFor ? { keyRevokedFor: { $ne: revokedFor } } : {};
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne(
          { _id: id, ownerId, keyHash: oldHash, ...once, ...LIVE },
          {
            $set: { keyHash, keySealed, updatedAt: new Date(), ...(revokedFor ? { keyRevokedFor: revokedFor } : {}), ...o.$set },
            $inc: o.$inc,
          },
        )
        .exec(),
    );
    return res.modifiedCount === 1;
  }

  /**
   * Puts events about the app into its outbox, with no other change (e.g. an agent host's tokens were revoked, which
   * live in their own documents); false when the app is missing.
   */
  async recordEvents(id: string, events: SealedEvent[]): Promise<boolean> {
    const o = outboxUpdate(events);
    const res = await this.lock.run(id, () => this.model.updateOne({ _id: id }, { $set: o.$set, $inc: o.$inc }).exec());
    return res.matchedCount === 1;
  }

  /** Every app's sealed keys (deleted apps' too), for re-sealing under a new key-encryption key. */
  sealedKeys(): AsyncIterable<Pick<AppRecord, "_id" | "keySealed" | "pubKeySealed">> {
    return this.model
      .find({}, { _id: 1, keySealed: 1, pubKeySealed: 1 })
      .sort({ _id: 1 })
      .lean<Pick<AppRecord, "_id" | "keySealed" | "pubKeySealed">>()
      .cursor();
  }

  /**
   * Replaces a sealed copy by the same key sealed anew, only if it is still the one read (a rotation of the API key
   * meanwhile wins: its new value is left alone).
   */
  async reseal(id: string, field: "keySealed" | "pubKeySealed", from: string, to: string): Promise<boolean> {
    const res = await this.lock.run(id, () => this.model.updateOne({ _id: id, [field]: from }, { $set: { [field]: to } }).exec());
    return res.modifiedCount === 1;
  }

  /** Sets the status from a billing event that happened at `at`; an older or repeated event changes nothing. */
  async setStatus(id: string, status: AppStatus, at: Date, subscriptionId?: string): Promise<boolean> {
    const res = await this.lock.run(id, () =>
      this.model
        .updateOne(
          { _id: id, statusAt: { $lt: at }, ...LIVE },
          { $set: { status, statusAt: at, updatedAt: new Date(), ...(subscriptionId ? { subscriptionId } : {}) } },
        )
        .exec(),
    );
    if (res.modifiedCount === 1) this.onChange?.(id);
    return res.modifiedCount === 1;
  }
}
