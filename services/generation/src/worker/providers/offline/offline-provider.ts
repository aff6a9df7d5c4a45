import type { GenerateRequest, Provider, ProviderEvent } from "../provider";
import { countChatTokens, countTokens } from "../tokens";
import { hash32, plan } from "@genui/planner";
import { pieces } from "./chunks";

/**
 * The built-in generator: no network and no model weights. The planner (@genui/planner) composes the screen for the
 * conversation — or edits the last one, or answers an action — and this provider streams its UI code in token-sized pieces at a model-like pace, with reasoning first when
 * asked for, and ends with honest token counts of what it emitted.
 */

export interface OfflineProviderOptions {
  /** Output pace in tokens per second; 0 streams as fast as the consumer reads. Default 400. */
  tokensPerSecond?: number;
  /** Wait before the first piece, like a model's time to first token. Default 0. */
  firstTokenDelayMs?: number;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** The offline provider ("offline"): composes screens from the conversation and streams them like a model. */
export class OfflineProvider implements Provider {
  /** Its code is the planner's, from rules (see Provider.ownCode). */
  readonly ownCode = true;
  readonly name = "offline";
  private readonly tokensPerSecond: number;
  private readonly firstTokenDelayMs: number;

  constructor(opts: OfflineProviderOptions = {}) {
    this.tokensPerSecond = Math.max(0, opts.tokensPerSecond ?? 400);
    this.firstTokenDelayMs = Math.max(0, opts.firstTokenDelayMs ?? 0);
  }

  // `req.internet` is not used: this generator has no network access, so there is nothing to search; the screen is
  // composed from the conversation alone. `req.model` does not change the output either.
  async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
    const { signal } = req;
    const inputTokens = countChatTokens(req.messages);
    const budget = Math.max(0, req.maxOutputTokens);
    let reasoning = "";
    let code = "";
    const usage = (): ProviderEvent => ({ type: "usage", inputTokens, outputTokens: countTokens(reasoning) + countTokens(code) });
    if (signal.aborted) {
      yield usage();
      return;
    }
    // The app's own published template when the request fits one (consistent screens across chats), else planned —
    // with the app's own components where they take a role the planner composes (a product card, a pricing tier, a hero).
    const composed = plan(req.messages, {
      ...(req.templates ? { templates: req.templates } : {}),
      ...(req.components?.length ? { components: req.components } : {}),
    });
    const seed = hash32(composed.code);
    const started = Date.now() + this.firstTokenDelayMs;
    let paced = 0;
    // Waits until the moment a model at this rate would have produced `tokens` more; false once aborted.
    const pace = async (tokens: number): Promise<boolean> => {
      paced += tokens;
      const wait = this.tokensPerSecond > 0 ? started + (paced / this.tokensPerSecond) * 1000 - Date.now() : started - Date.now();
      if (wait >= 1) await sleep(wait, signal);
      return !signal.aborted;
    };

    let reasoningTokens = 0;
    if (req.thinking) {
      for (const line of composed.reasoning) {
        const tokens = countTokens(reasoning + line);
        if (tokens > budget) {
          yield usage();
          return;
        }
        if (!(await pace(tokens - reasoningTokens))) {
          yield usage();
          return;
        }
        reasoning += line;
        reasoningTokens = tokens;
        yield { type: "reasoning", text: line };
      }
    }

    // Token counts of pieces add up to at least the count of their concatenation in practice, so the running sum is
    // a safe estimate; the exact count is taken only when the estimate nears the limit.
    const fits = reasoningTokens + countTokens(composed.code) <= budget;
    let estimate = reasoningTokens;
    for (const piece of pieces(composed.code, seed)) {
      if (!fits && estimate + piece.tokens > budget) {
        const exact = reasoningTokens + countTokens(code + piece.text);
        if (exact > budget) break;
        estimate = exact - piece.tokens;
      }
      if (!(await pace(piece.tokens))) break;
      code += piece.text;
      estimate += piece.tokens;
      yield { type: "code", text: piece.text };
    }
    yield usage();
  }
}
