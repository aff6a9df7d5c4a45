import type { Screen } from "./schema";
import { StreamedContent, type StreamedAnswer } from "./stream-content";
import type { EvaluatorSession } from "./worker/client";

/** What a streamed answer being drawn reports; the embed and the SPA's chat each decide what to do with it. */
export interface StreamedScreenEvents {
  /** A code prefix evaluated to this screen (the code that gave it alongside). */
  prefix(screen: Screen, code: string): void;
  /** The text is complete: its code, repaired code when the server repaired it, and the server's screen (`json`). */
  complete(answer: StreamedAnswer): void;
  /**
   * The sandbox failed (it could not start, or died): no further prefix is evaluated; the answer itself goes on to
   * `complete` unless the caller stops it.
   */
  sandboxFailed(error: unknown): void;
}

/**
 * One streamed answer drawn as it grows (`delta.content` pieces of `{"code":"…","json":…}`): pieces go in with
 * `push`; the code so far goes to a sandbox session, one prefix at a time and always the latest (prefixes that came
 * while the sandbox was busy are skipped, never queued); a repair pass restarts the code in a fresh session; once the
 * text is complete, `complete` reports it. `push` and `end` throw `ContentLayoutError` when the text is not in that
 * layout or ends before it is complete. Without a sandbox (`openSession` undefined) only the complete answer is
 * reported. Used by `<genui-screen>`/`<GenUI stream>` and by the SPA's chat.
 */
export class StreamedScreen {
  private readonly reader = new StreamedContent();
  private session?: EvaluatorSession;
  private sessionFor?: "code" | "repaired";
  private pending = "";
  private evaluated = "";
  private busy = false;
  private over = false;
  private broken = false;

  constructor(
    private readonly events: StreamedScreenEvents,
    private readonly openSession?: () => EvaluatorSession,
  ) {}

  /** The content text so far. */
  get text(): string {
    return this.reader.text;
  }

  /** Complete, or closed. */
  get done(): boolean {
    return this.over;
  }

  push(piece: string): void {
    if (this.over) return;
    this.advance(this.reader.push(piece));
  }

  /** The source ended: the text must be complete by now. */
  end(): void {
    if (this.over) return;
    this.advance(this.reader.end());
  }

  /** Stops drawing (the end, an error, an abort or a newer answer) and frees the sandbox session. */
  close(): void {
    this.over = true;
    this.closeSession();
  }

  private advance(state: StreamedAnswer): void {
    if (state.complete) {
      this.close();
      this.events.complete(state);
      return;
    }
    const kind = state.repairedCode !== undefined ? "repaired" : "code";
    if (kind !== this.sessionFor) {
      this.closeSession();
      this.sessionFor = kind;
      this.evaluated = "";
    }
    this.pending = state.current;
    void this.kick();
  }

  private async kick(): Promise<void> {
    if (this.busy || this.over || this.broken || !this.openSession) return;
    const code = this.pending;
    if (code === this.evaluated || code.trim() === "") return;
    this.busy = true;
    this.evaluated = code;
    let session: EvaluatorSession | undefined;
    let screen: Screen | undefined;
    try {
      session = this.session ??= this.openSession();
      const { result } = await session.push(code);
      // A prefix cut mid-statement does not evaluate yet: the last screen stays.
      if (result.ok) screen = result.screen;
    } catch (e) {
      this.busy = false;
      this.broken = true;
      if (!this.over) this.events.sandboxFailed(e);
      return;
    }
    this.busy = false;
    if (this.over) return;
    // A screen of a session that was replaced meanwhile (a repair began) is stale; the latest code is next either way.
    if (screen && session === this.session) this.events.prefix(screen, code);
    void this.kick();
  }

  private closeSession(): void {
    this.session?.close();
    this.session = undefined;
  }
}
