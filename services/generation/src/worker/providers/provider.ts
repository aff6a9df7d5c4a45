import type { AppComponent } from "@genui/ui-runtime";
import type { AppTemplate, ChatTurn } from "../../domain/messages";

/**
 * What a model provider is to the generation worker: given a conversation, it streams UI code (the DSL of
 * @genui/ui-runtime) and, for thinking models, reasoning text; it ends with honest token counts. The worker evaluates
 * the code in the sandbox, validates it and relays the screen so far; providers never see the wire format.
 */

export type { AppTemplate, ChatTurn };

export interface GenerateRequest {
  /** The model slug the client asked for (e.g. "genui-pluto-0.1"). */
  model: string;
  messages: ChatTurn[];
  /** Stream reasoning ("Thinking" models when the client asked for thoughts). */
  thinking: boolean;
  /** The client allowed web search ("Internet"). */
  internet: boolean;
  /** The most output tokens this request may produce, over all its calls (billing held their price). */
  maxOutputTokens: number;
  /**
   * The most input tokens the calls of this request may send, all together (billing held their price). The first call
   * of `generate` is sent without counting (the hold was computed from it); every further call — a tool round, a
   * repair — is counted first and not sent when it would go beyond: a ProviderError `budget_exhausted`. Unset: no
   * limit.
   */
  maxInputTokens?: number;
  /** The app's published templates (none for requests without an app). */
  templates?: AppTemplate[];
  /**
   * The app's own components (none for requests without an app): a model is told about them, the built-in generator
   * draws those with a role where it composes that role. Whatever is answered is checked against them by the worker.
   */
  components?: AppComponent[];
  /** Aborted when the client went away or the job was cancelled: stop promptly and return what was produced. */
  signal: AbortSignal;
}

export type ProviderEvent =
  /** The next piece of UI code (append to what came before). */
  | { type: "code"; text: string }
  /** The next piece of reasoning text (only when `thinking`). */
  | { type: "reasoning"; text: string }
  /** Token counts of the whole request so far; the last one seen is billed. */
  | { type: "usage"; inputTokens: number; outputTokens: number };

/** A provider failure the client may see (upstream down, refused, timed out). */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    /** "upstream_error" | "upstream_timeout" | "upstream_refused" | "budget_exhausted" (the request's own limits) */
    readonly code: string,
    /** Worth retrying the job (network errors, 5xx, 429). */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export interface Provider {
  /** Shown in logs and metrics ("offline", "openai-upstream"). */
  readonly name: string;
  /** Streams the answer. Must end (return) promptly once `req.signal` is aborted. */
  generate(req: GenerateRequest): AsyncIterable<ProviderEvent>;
  /**
   * Asks once for a corrected answer when the code did not evaluate or validate: `code` is the full answer given,
   * `errors` what the sandbox and validator said. Providers whose code is always valid may omit it.
   */
  repair?(req: GenerateRequest, code: string, errors: string[]): AsyncIterable<ProviderEvent>;
  /**
   * The provider writes the code itself from rules (no model, nothing a prompt can turn into a long computation): a
   * final evaluation of its code stopped at the sandbox's deadline was slowed by a loaded machine (the deadline is
   * wall-clock time), and is run once more rather than failing the answer.
   */
  readonly ownCode?: boolean;
}
