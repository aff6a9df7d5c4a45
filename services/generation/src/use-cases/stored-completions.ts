import { isOutage, type Logger } from "@genui/chassis";
import { completionNotFound, unavailable } from "../domain/errors";
import type { GenerationJob } from "../domain/messages";
import {
  afterNotFound,
  checkCompletionId,
  completionExpiry,
  completionView,
  listPage,
  messagesPage,
  storedAnswerContent,
  storedCompletionId,
  type CompletionMetadata,
  type PageQuery,
  type StoredCompletion,
} from "../domain/stored-completions";
import type { CompletionFilter, CompletionStore } from "../store/completion-store";

/**
 * Stored completions (domain/stored-completions.ts): what the published API's routes do with them for the app whose
 * key asks (another app's completion is not found), and what the worker keeps when an answer is finished.
 */

/** How often every API process deletes what has expired (reads never answer it in between). */
const PURGE_EVERY_MS = 15 * 60_000;

/** A store that does not answer: 503 with Retry-After (the clients retry), never a 500. */
async function reaching<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isOutage(err)) throw unavailable("The store of completions");
    throw err;
  }
}

export class StoredCompletions {
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly store: CompletionStore,
    private readonly logger: Logger,
  ) {}

  private async found(appId: string, id: string): Promise<StoredCompletion> {
    const c = await reaching(() => this.store.get(appId, checkCompletionId(id)));
    if (!c) throw completionNotFound(id);
    return c;
  }

  /** The app's stored completion as OpenAI answers it (with its metadata). */
  async get(appId: string, id: string) {
    return completionView(await this.found(appId, id));
  }

  /** A page of the app's stored completions; `after` must be one of them (still stored: otherwise 404 on `after`). */
  async list(appId: string, page: PageQuery, filter: CompletionFilter) {
    let after: StoredCompletion | undefined;
    if (page.after !== undefined) {
      const id = checkCompletionId(page.after, "after");
      after = await reaching(() => this.store.get(appId, id));
      if (!after) throw afterNotFound(id);
    }
    const items = await reaching(() =>
      this.store.page(appId, { limit: page.limit, order: page.order, ...(after ? { after } : {}) }, filter),
    );
    return listPage(items.map(completionView), page.limit);
  }

  /** A page of the messages of the app's stored completion's request. */
  async messages(appId: string, id: string, page: PageQuery) {
    return messagesPage(await this.found(appId, id), page);
  }

  /** Replaces the metadata of the app's stored completion (null: none) and answers the completion. */
  async update(appId: string, id: string, metadata: CompletionMetadata | null) {
    const c = await reaching(() => this.store.setMetadata(appId, checkCompletionId(id), metadata));
    if (!c) throw completionNotFound(id);
    return completionView(c);
  }

  /** Deletes the app's stored completion. */
  async delete(appId: string, id: string) {
    if (!(await reaching(() => this.store.delete(appId, checkCompletionId(id))))) throw completionNotFound(id);
    return { object: "chat.completion.deleted" as const, id, deleted: true as const };
  }

  /** A deleted app's completions go with it (every copy hears the deletion; deleting twice is harmless). */
  async forgetApp(appId: string): Promise<number> {
    return this.store.deleteApp(appId);
  }

  /** Deletes what has expired now and then (at once, then every PURGE_EVERY_MS). */
  startPurging(everyMs = PURGE_EVERY_MS): void {
    const purge = () =>
      void this.store
        .purgeExpired()
        .then((n) => n && this.logger.info({ purged: n }, "expired stored completions deleted"))
        .catch((err: unknown) => this.logger.warn({ err }, "expired stored completions not purged (tried again later)"));
    purge();
    this.purgeTimer = setInterval(purge, everyMs);
    this.purgeTimer.unref();
  }

  stopPurging(): void {
    clearInterval(this.purgeTimer);
  }
}

/** The finished answer the worker keeps. */
export interface FinishedAnswer {
  code: string;
  firstCode?: string;
  json: unknown;
  finishReason: "stop" | "length";
  usage: { inputTokens: number; outputTokens: number };
  /** The reasoning the stream sent, if any. */
  reasoning?: string;
}

/** The longest the worker waits for the store before it sends the answer's end anyway (the write goes on). */
const KEEP_WAIT_MS = 3_000;

/**
 * The worker's side: a finished answer of a job that asked for it is stored before the client hears the answer's end
 * (so a read right after the answer finds it), on every copy the same document. A store that fails or is slow never
 * fails or holds up the answer: it is logged, and the answer goes out.
 */
export class CompletionKeeper {
  constructor(
    private readonly store: Pick<CompletionStore, "keep">,
    private readonly retentionDays: number,
    private readonly logger: Logger,
    private readonly waitMs = KEEP_WAIT_MS,
  ) {}

  /** Whose completions a job's answer joins: the one it names (the signed-in chat's user), else its app's. */
  static partitionOf(d: GenerationJob): string {
    return d.store?.partition ?? d.appId;
  }

  /** The stored completion of a job's finished answer. */
  static completionOf(d: GenerationJob, a: FinishedAnswer, retentionDays: number, now = Date.now()): StoredCompletion {
    return {
      id: storedCompletionId(d.requestId),
      requestId: d.requestId,
      appId: CompletionKeeper.partitionOf(d),
      ownerId: d.userId,
      model: d.model,
      createdMs: d.enqueuedAt,
      messages: d.store?.messages ?? [],
      content: storedAnswerContent(a.code, a.json, a.firstCode),
      ...(a.reasoning ? { reasoning: a.reasoning } : {}),
      finishReason: a.finishReason,
      usage: { inputTokens: a.usage.inputTokens, outputTokens: a.usage.outputTokens },
      metadata: d.store?.metadata ?? null,
      expiresAt: completionExpiry(retentionDays, now),
    };
  }

  /** Keeps the answer when the job asked for it (an app's request, or the signed-in chat's, with `store`); never throws. */
  async keep(d: GenerationJob, a: FinishedAnswer): Promise<void> {
    if (!d.store || !CompletionKeeper.partitionOf(d)) return;
    const c = CompletionKeeper.completionOf(d, a, this.retentionDays);
    let timer: NodeJS.Timeout | undefined;
    const writing = this.store.keep(c).then(
      () => "kept" as const,
      (err: unknown) => {
        this.logger.warn({ err, requestId: d.requestId }, "the completion was not stored (the answer goes out)");
        return "failed" as const;
      },
    );
    const waited = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), this.waitMs)));
    const outcome = await Promise.race([writing, waited]);
    clearTimeout(timer);
    if (outcome === "late")
      this.logger.warn({ requestId: d.requestId }, "the store is slow: the answer goes out before its completion is stored");
  }
}

/**
 * The reasoning a streamed answer sends (`delta.reasoning`), collected as it is published, for its stored completion:
 * `out.publish` is wrapped, and every chunk still goes out as it did.
 */
export function keepReasoning(out: { publish(chunk: { type: string; reasoning?: string }): void }): { text: string } {
  const kept = { text: "" };
  const publish = out.publish.bind(out);
  out.publish = (chunk) => {
    if (chunk.type === "delta" && typeof chunk.reasoning === "string") kept.text += chunk.reasoning;
    publish(chunk);
  };
  return kept;
}
