import type { TemplateStatus } from "@genui/contracts/http";
import { DistributedLock, type DocumentLock, type Redis } from "@genui/chassis";
import { Schema, type Connection, type Model } from "mongoose";

/** The contract's values (@genui/contracts/http). */
export type { TemplateStatus };

export interface TemplateRecord {
  _id: string;
  appId: string;
  ownerId: string;
  name: string;
  description: string;
  code: string;
  status: TemplateStatus;
  createdAt: Date;
  updatedAt: Date;
}

const templateSchema = new Schema<TemplateRecord>(
  {
    _id: { type: String, required: true },
    appId: { type: String, required: true },
    ownerId: { type: String, required: true },
    name: { type: String, default: "" },
    description: { type: String, default: "" },
    code: { type: String, default: "" },
    status: { type: String, required: true, enum: ["draft", "publish", "pause"] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
templateSchema.index({ appId: 1, createdAt: -1 });

/** The lock on template documents every copy of apps takes. */
export const templateLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:template:`);

/**
 * The lock on an app's template quota: a create counts the app's templates and inserts under it, in every copy of
 * apps, so concurrent creates cannot all see room for one more.
 */
export const appTemplatesLock = (redis: Redis, config: { REDIS_KEY_PREFIX: string }): DocumentLock =>
  new DistributedLock(redis, `${config.REDIS_KEY_PREFIX}lock:app-templates:`, 15_000, 30_000);

export class TemplateRepository {
  readonly model: Model<TemplateRecord>;

  /**
   * Edits of one template (two tabs, two copies of the service) run one at a time under its id, across copies: the
   * local store does not isolate concurrent updates of one document, and one edit's fields would be lost.
   */
  constructor(
    conn: Connection,
    private readonly lock: DocumentLock,
  ) {
    this.model =
      (conn.models.Template as Model<TemplateRecord> | undefined) ??
      conn.model<TemplateRecord>("Template", templateSchema, "templates");
  }

  init() {
    return this.model.init();
  }

  async create(t: TemplateRecord): Promise<void> {
    await this.model.create(t);
  }

  /** How many templates the app has. */
  count(appId: string): Promise<number> {
    return this.model.countDocuments({ appId }).exec();
  }

  find(appId: string, id: string): Promise<TemplateRecord | null> {
    return this.model.findOne({ _id: id, appId }).lean<TemplateRecord>().exec();
  }

  /** An app's published templates, newest first (what generation follows). */
  published(appId: string, limit: number): Promise<TemplateRecord[]> {
    return this.model
      .find({ appId, status: "publish" })
      .sort({ updatedAt: -1, _id: -1 })
      .limit(limit)
      .lean<TemplateRecord[]>()
      .exec();
  }

  async page(appId: string, page: number, pageSize: number): Promise<{ results: TemplateRecord[]; count: number }> {
    const [results, count] = await Promise.all([
      this.model
        .find({ appId })
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<TemplateRecord[]>()
        .exec(),
      this.model.countDocuments({ appId }).exec(),
    ]);
    return { results, count };
  }

  async update(
    appId: string,
    id: string,
    set: Partial<Pick<TemplateRecord, "name" | "description" | "code" | "status">>,
  ): Promise<TemplateRecord | null> {
    const res = await this.lock.run(id, () =>
      this.model.updateOne({ _id: id, appId }, { $set: { ...set, updatedAt: new Date() } }).exec(),
    );
    if (res.matchedCount === 0) return null;
    return this.find(appId, id);
  }

  async delete(appId: string, id: string): Promise<boolean> {
    return (await this.lock.run(id, () => this.model.deleteOne({ _id: id, appId }).exec())).deletedCount === 1;
  }

  /** Removes every template of a deleted app (idempotent). */
  async deleteForApp(appId: string): Promise<number> {
    return (await this.model.deleteMany({ appId }).exec()).deletedCount;
  }
}
