import type { Redis } from "@genui/chassis";
import { ServedBy } from "@genui/contracts/http";

/** Redis key where workers say which provider serves the models (read by the API for its models lists). */
export const providerKey = (prefix: string): string => `${prefix}gen:provider`;

const LABELS: Record<string, string> = {
  offline:
    "Built-in offline generator: composes screens from your request with rules and templates, no language model (this deployment has no model upstream configured).",
  "openai-upstream": "An OpenAI-compatible language model, prompted with the UI code reference.",
};

/** Announces the worker's provider every 20 s (expiring after 60 s, so a stale announcement disappears). */
export function announceProvider(redis: Redis, prefix: string, provider: string): () => void {
  const say = () =>
    void redis
      .set(providerKey(prefix), JSON.stringify({ provider, label: LABELS[provider] ?? provider }), "EX", 60)
      .catch(() => undefined);
  say();
  const timer = setInterval(say, 20_000);
  return () => clearInterval(timer);
}

/** What serves the models, as the workers announce it, read by the API process (its models lists). */
export class ProviderAnnouncements {
  private served: { at: number; value: ServedBy | undefined } = { at: 0, value: undefined };

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** A known answer is held 10 s; none yet (workers still starting) is asked again next time. */
  async current(): Promise<ServedBy | undefined> {
    if (!this.served.value || Date.now() - this.served.at > 10_000) {
      const raw = await this.redis.get(providerKey(this.prefix)).catch(() => null);
      this.served = { at: Date.now(), value: raw ? parseServedBy(raw) : undefined };
    }
    return this.served.value;
  }
}

/** An announcement that is not the contract's shape (another version's, damaged) counts as none. */
function parseServedBy(raw: string): ServedBy | undefined {
  try {
    const parsed = ServedBy.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
