import { AnswerLog, type AnswerStart, type KeyClaim } from "../store/answer-log";
import type { RelayedAnswer } from "../transport/answer-relay";
import type { Admission } from "./admission";

export type { AnswerStart, KeyClaim };

/** Whose Idempotency-Keys a request's is among: its app's (published API) or its signed-in user's. */
const scopeOf = (owner: ResumeOwner): string => (owner.kind === "app" ? `app:${owner.appId}` : `user:${owner.userId}`);

/** Who asks to resume: the app (published API, its key already checked) or the signed-in user (the SPA's chat). */
export type ResumeOwner = { kind: "app"; appId: string; ownerId: string } | { kind: "user"; userId: string };

/**
 * Streamed answers a client can resume after a dropped connection (docs/api.md "Resuming a stream"): how each was
 * opened and who reads it now (store/answer-log.ts), and following one again from its kept pieces (Admission.follow).
 */
export class ResumableAnswers {
  constructor(
    private readonly admission: Admission,
    private readonly log: AnswerLog,
  ) {}

  /** A reader's token: one per request that opens or resumes an answer. */
  reader(): string {
    return AnswerLog.reader();
  }

  /** Records how a streamed answer was opened and that `reader` reads it (before its first event is written). */
  open(requestId: string, start: AnswerStart, reader: string): Promise<void> {
    return this.log.open(requestId, start, reader);
  }

  /** Whether `reader` still reads the answer (nobody resumed it since its connection dropped). */
  isReader(requestId: string, reader: string): Promise<boolean> {
    return this.log.isReader(requestId, reader);
  }

  /**
   * The answer `requestId` followed again for `owner`, who now reads it as `reader`; undefined when there is none for
   * them (never streamed, another app's or user's, or its events expired).
   */
  async resume(
    requestId: string,
    owner: ResumeOwner,
    reader: string,
  ): Promise<{ answer: RelayedAnswer; start: AnswerStart } | undefined> {
    const start = await this.log.start(requestId);
    const mine =
      start &&
      (owner.kind === "app"
        ? start.route === "chat" && start.appId === owner.appId
        : start.route === "auth-chat" && start.userId === owner.userId);
    if (!start || !mine) return undefined;
    await this.log.claim(requestId, reader);
    const answer = await this.admission.follow(requestId, start);
    return answer ? { answer, start } : undefined;
  }

  /** Takes `key` for a streamed request of `owner` about to start, or says which answer it already started. */
  claimKey(owner: ResumeOwner, key: string): Promise<KeyClaim> {
    return this.log.claimKey(scopeOf(owner), key);
  }

  bindKey(owner: ResumeOwner, key: string, requestId: string): Promise<void> {
    return this.log.bindKey(scopeOf(owner), key, requestId);
  }

  releaseKey(owner: ResumeOwner, key: string): Promise<void> {
    return this.log.releaseKey(scopeOf(owner), key);
  }
}
