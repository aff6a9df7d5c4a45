import { requestCost as billingCost } from "@genui/contracts";
import type { KeyOwner } from "@genui/contracts/keys";
import { oauthTokenRoute, publishableKeyOriginMismatch, publishableKeyRoute, secretKeyInBrowser } from "./errors";

/** Who may call with an API key and what a request may cost: the facts and rules the API process decides with. */

/** Whose app an API key opens, as apps answers it. */
export type { KeyOwner } from "@genui/contracts/keys";

/** A model as generation uses it (billing's plan catalogue is the source of truth). */
export interface CatalogueModel {
  id: string;
  slug: string;
  name: string;
  description: string;
  features: string[];
  inputLimit: number;
  outputLimit: number;
  isDefault: boolean;
  /** USD micro-dollars per 1M tokens (0 from an older billing: nothing can then be priced). */
  inputPrice: number;
  outputPrice: number;
}

/**
 * What a request with an API key wants to do: only `retrieve`, `appearance` (the app's look, for renderers) and
 * `completion` (reading one stored completion by its id, to draw its screen — not listing them, their messages, their
 * changes or a stream) are open to publishable keys; `mcp` (the MCP server) is open to secret keys and OAuth access
 * tokens, the only thing those tokens open.
 */
export type KeyUse = "retrieve" | "appearance" | "completion" | "chat" | "models" | "mcp";

/** What a publishable key may do (from its app's origin). */
const PUBLISHABLE_USES: ReadonlySet<KeyUse> = new Set<KeyUse>(["retrieve", "appearance", "completion"]);

/** What a request may cost at the model's prices: billing's formula (@genui/contracts), never one of our own. */
export const requestCost = (model: CatalogueModel, inputTokens: number, outputTokens: number): number =>
  billingCost(inputTokens, outputTokens, model.inputPrice, model.outputPrice);

/** The UTC day a spend belongs to, and the seconds until the next one starts. */
export function utcDay(now = Date.now()): { day: string; secondsLeft: number } {
  const d = new Date(now);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return { day: d.toISOString().slice(0, 10), secondsLeft: Math.max(1, Math.ceil((next - now) / 1000)) };
}

/**
 * Which key may be used how. Secret keys: anything, but never from a browser (a request carrying an Origin header:
 * browsers add it to cross-origin requests and to every POST; servers' HTTP clients do not). Publishable keys: only
 * retrieve, the app's look and a stored completion's read, only from the app's own origin.
 */
export function checkKeyUse(owner: KeyOwner, origin: string | undefined, use: KeyUse): void {
  if (owner.kind === "oauth") {
    // An agent host's token, granted by the owner for this app: the MCP server only, from wherever the host runs
    // (a browser-based host sends an Origin; the consent already said which host holds it).
    if (use !== "mcp") throw oauthTokenRoute();
    return;
  }
  if (owner.kind === "secret") {
    if (origin !== undefined) throw secretKeyInBrowser();
    return;
  }
  if (!PUBLISHABLE_USES.has(use)) throw publishableKeyRoute();
  if (origin !== owner.allowedOrigin) throw publishableKeyOriginMismatch(owner.allowedOrigin, origin);
}
