import type { Redis } from "@genui/chassis";

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
