import { TtlCache } from "@genui/chassis";
import { hashApiKey, looksLikeApiKey } from "./domain/api-key";
import type { AppRepository, AppStatus } from "./store/app.repository";

/** What apps.keys.verify answers about a key. */
export interface KeyOwner {
  appId: string;
  ownerId: string;
  status: AppStatus;
  websiteUrl: string;
}

/**
 * Answers "whose key is this?" from memory: every published API call asks it. Entries live 60 s (unknown keys
 * 5 s) and are dropped at once when this process changes an app, or when any instance's event about the app
 * (status, rotation, deletion) passes by on NATS.
 */
export class KeyDirectory {
  private readonly known = new TtlCache<string, KeyOwner>(60_000, 100_000);
  private readonly unknown = new TtlCache<string, true>(5_000, 100_000);
  private readonly hashByApp = new Map<string, string>();

  constructor(private readonly apps: AppRepository) {}

  async verify(apiKey: string): Promise<KeyOwner | undefined> {
    if (!looksLikeApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const hit = this.known.get(hash);
    if (hit) return hit;
    if (this.unknown.get(hash)) return undefined;
    const app = await this.apps.findByKeyHash(hash);
    if (!app) {
      this.unknown.set(hash, true);
      return undefined;
    }
    const owner: KeyOwner = { appId: app._id, ownerId: app.ownerId, status: app.status, websiteUrl: app.url };
    this.known.set(hash, owner);
    this.hashByApp.set(app._id, hash);
    return owner;
  }

  /** Forgets what is known about an app's key. */
  invalidate(appId: string): void {
    const hash = this.hashByApp.get(appId);
    if (hash) this.known.delete(hash);
    this.hashByApp.delete(appId);
  }

  /** Forgets that a key was unknown (it was just issued). */
  issued(apiKey: string): void {
    this.unknown.delete(hashApiKey(apiKey));
  }
}
