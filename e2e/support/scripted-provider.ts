import type { GenerateRequest, Provider, ProviderEvent } from "../../services/generation/src/worker/providers/provider";

/**
 * A provider for pipeline tests: answers with the given code pieces (one `text("…")` line each by default), waiting
 * `delayMs` between them, honouring the abort signal, and reporting one token per piece.
 */
export class ScriptedProvider implements Provider {
  readonly name = "scripted";
  readonly started: string[] = [];

  constructor(
    private readonly opts: {
      pieces?: (req: GenerateRequest) => string[];
      delayMs?: number;
      /** Throw this after `failAfter` pieces. */
      fail?: Error;
      failAfter?: number;
    } = {},
  ) {}

  static lines(n: number): string[] {
    return Array.from({ length: n }, (_, i) => `text("line ${i + 1}")\n`);
  }

  async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
    this.started.push(req.messages.at(-1)?.content ?? "");
    const pieces = this.opts.pieces?.(req) ?? ScriptedProvider.lines(20);
    let out = 0;
    let wake: (() => void) | undefined;
    const onAbort = () => wake?.();
    req.signal.addEventListener("abort", onAbort, { once: true });
    for (const [i, text] of pieces.entries()) {
      if (req.signal.aborted) break;
      if (this.opts.fail && i === (this.opts.failAfter ?? 0)) throw this.opts.fail;
      if (this.opts.delayMs)
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, this.opts.delayMs);
          wake = () => (clearTimeout(t), resolve());
        });
      if (req.signal.aborted) break;
      out++;
      yield { type: "code", text };
    }
    req.signal.removeEventListener("abort", onAbort);
    yield { type: "usage", inputTokens: 10, outputTokens: out };
  }
}
