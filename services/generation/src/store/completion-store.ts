import { mongooseLib } from "@genui/chassis";
import type { Connection, Model, QueryFilter, Schema } from "mongoose";
import type { CompletionMetadata, PageQuery, StoredCompletion, StoredMessage } from "../domain/stored-completions";

/**
 * The stored completions (domain/stored-completions.ts) in generation's database: one document per completion, its
 * id the completion's (`chatcmpl-…`), so a retried job writes the same document again. Every read names the app and
 * leaves out what has expired; expired documents are also deleted by `purgeExpired` (the local store, FerretDB 1.24,
 * has no TTL indexes: "Index option expireAfterSeconds is not implemented yet").
 */

interface CompletionDoc {
  _id: string;
  requestId: string;
  appId: string;
  ownerId: string;
  model: string;
  createdMs: number;
  messages: StoredMessage[];
  content: string;
  reasoning?: string;
  finishReason: "stop" | "length";
  inputTokens: number;
  outputTokens: number;
  /** Kept as JSON text: a metadata key may be any string, and the store refuses or drops some as field names. */
  metadataJson: string | null;
  /** The pairs again as `["key","value"]` JSON strings, for the list's filter (every pair given must be among them). */
  metadataPairs: string[];
  expiresAt: Date;
}

let schema: Schema<CompletionDoc> | undefined;
/** The documents' schema, built on first use: mongoose is loaded with the store's connection, not with this module. */
function completionSchema(): Schema<CompletionDoc> {
  if (schema) return schema;
  const { Schema: MongooseSchema } = mongooseLib();
  const messageSchema = new MongooseSchema<StoredMessage>(
    { role: { type: String, required: true }, content: { type: String, default: "" }, name: { type: String } },
    { _id: false, versionKey: false },
  );
  schema = new MongooseSchema<CompletionDoc>(
    {
      _id: { type: String, required: true },
      requestId: { type: String, required: true },
      appId: { type: String, required: true },
      ownerId: { type: String, required: true },
      model: { type: String, required: true },
      createdMs: { type: Number, required: true },
      messages: { type: [messageSchema], default: [] },
      content: { type: String, required: true },
      reasoning: { type: String },
      finishReason: { type: String, required: true, enum: ["stop", "length"] },
      inputTokens: { type: Number, required: true },
      outputTokens: { type: Number, required: true },
      metadataJson: { type: String, default: null },
      metadataPairs: { type: [String], default: [] },
      expiresAt: { type: Date, required: true },
    },
    { versionKey: false },
  );
  // The list: an app's completions by creation time (the id breaks ties), in either direction.
  schema.index({ appId: 1, createdMs: 1, _id: 1 });
  // The purge of expired completions.
  schema.index({ expiresAt: 1 });
  return schema;
}

const pair = (k: string, v: string) => JSON.stringify([k, v]);
const pairsOf = (m: CompletionMetadata | null): string[] => Object.entries(m ?? {}).map(([k, v]) => pair(k, v));

function toDoc(c: StoredCompletion): CompletionDoc {
  return {
    _id: c.id,
    requestId: c.requestId,
    appId: c.appId,
    ownerId: c.ownerId,
    model: c.model,
    createdMs: c.createdMs,
    messages: c.messages.map((m) => ({ role: m.role, content: m.content, ...(m.name !== undefined ? { name: m.name } : {}) })),
    content: c.content,
    ...(c.reasoning ? { reasoning: c.reasoning } : {}),
    finishReason: c.finishReason,
    inputTokens: c.usage.inputTokens,
    outputTokens: c.usage.outputTokens,
    metadataJson: c.metadata ? JSON.stringify(c.metadata) : null,
    metadataPairs: pairsOf(c.metadata),
    expiresAt: c.expiresAt,
  };
}

/** The metadata as it was written (`toDoc`): its string pairs. */
function metadataOf(json: string): CompletionMetadata {
  const v: unknown = JSON.parse(json);
  if (typeof v !== "object" || v === null || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function fromDoc(d: CompletionDoc): StoredCompletion {
  return {
    id: d._id,
    requestId: d.requestId,
    appId: d.appId,
    ownerId: d.ownerId,
    model: d.model,
    createdMs: d.createdMs,
    messages: (d.messages ?? []).map((m) => ({
      role: m.role,
      content: m.content ?? "",
      ...(typeof m.name === "string" ? { name: m.name } : {}),
    })),
    content: d.content,
    ...(d.reasoning ? { reasoning: d.reasoning } : {}),
    finishReason: d.finishReason,
    usage: { inputTokens: d.inputTokens, outputTokens: d.outputTokens },
    metadata: d.metadataJson ? metadataOf(d.metadataJson) : null,
    expiresAt: new Date(d.expiresAt),
  };
}

/** What a list may filter by (every metadata pair given must match). */
export interface CompletionFilter {
  model?: string;
  metadata?: CompletionMetadata;
}

export class CompletionStore {
  readonly model: Model<CompletionDoc>;

  constructor(conn: Connection) {
    this.model =
      (conn.models.StoredCompletion as Model<CompletionDoc> | undefined) ??
      conn.model<CompletionDoc>("StoredCompletion", completionSchema(), "stored_completions");
  }

  init() {
    return this.model.init();
  }

  /** Keeps a completion; the same completion again (a retried job) replaces it. */
  async keep(c: StoredCompletion): Promise<void> {
    const { _id, ...doc } = toDoc(c);
    await this.model.replaceOne({ _id }, doc, { upsert: true }).exec();
  }

  private live(appId: string, now: Date): QueryFilter<CompletionDoc> {
    return { appId, expiresAt: { $gt: now } };
  }

  /** The app's completion, unless it expired. */
  async get(appId: string, id: string, now = new Date()): Promise<StoredCompletion | undefined> {
    const d = await this.model
      .findOne({ _id: id, ...this.live(appId, now) })
      .lean<CompletionDoc>()
      .exec();
    return d ? fromDoc(d) : undefined;
  }

  /**
   * A page of the app's live completions in creation order (`asc` or `desc`), after `after` (a completion of the page
   * before), at most `limit + 1` of them (the one beyond says more follow). `after` is given as the completion itself
   * (its creation time places the page).
   */
  async page(
    appId: string,
    query: Omit<PageQuery, "after"> & { after?: Pick<StoredCompletion, "id" | "createdMs"> },
    filter: CompletionFilter,
    now = new Date(),
  ): Promise<StoredCompletion[]> {
    const asc = query.order === "asc";
    const q: QueryFilter<CompletionDoc> = { ...this.live(appId, now) };
    if (filter.model !== undefined) q.model = filter.model;
    const pairs = pairsOf(filter.metadata ?? null);
    if (pairs.length) q.metadataPairs = { $all: pairs };
    if (query.after) {
      const { id, createdMs } = query.after;
      const beyond = asc ? "$gt" : "$lt";
      q.$or = [{ createdMs: { [beyond]: createdMs } }, { createdMs, _id: { [beyond]: id } }];
    }
    const docs = await this.model
      .find(q)
      .sort(asc ? { createdMs: 1, _id: 1 } : { createdMs: -1, _id: -1 })
      .limit(query.limit + 1)
      .lean<CompletionDoc[]>()
      .exec();
    return docs.map(fromDoc);
  }

  /** Replaces the metadata of the app's live completion; undefined when there is none. */
  async setMetadata(
    appId: string,
    id: string,
    metadata: CompletionMetadata | null,
    now = new Date(),
  ): Promise<StoredCompletion | undefined> {
    const d = await this.model
      .findOneAndUpdate(
        { _id: id, ...this.live(appId, now) },
        { $set: { metadataJson: metadata ? JSON.stringify(metadata) : null, metadataPairs: pairsOf(metadata) } },
        { returnDocument: "after" },
      )
      .lean<CompletionDoc>()
      .exec();
    return d ? fromDoc(d) : undefined;
  }

  /** Deletes the app's live completion; false when there was none. */
  async delete(appId: string, id: string, now = new Date()): Promise<boolean> {
    const res = await this.model.deleteOne({ _id: id, ...this.live(appId, now) }).exec();
    return res.deletedCount === 1;
  }

  /** Deletes every completion of an app (it was deleted). */
  async deleteApp(appId: string): Promise<number> {
    const res = await this.model.deleteMany({ appId }).exec();
    return res.deletedCount;
  }

  /** Deletes what has expired. */
  async purgeExpired(now = new Date()): Promise<number> {
    const res = await this.model.deleteMany({ expiresAt: { $lte: now } }).exec();
    return res.deletedCount;
  }
}
