import { KeyOwnerCache } from "@genui/chassis";
import { keyKindOf, type KeyKind, type KeyOwner } from "@genui/contracts/keys";
import { hashApiKey } from "../domain/api-key";
import { DEFAULT_DAILY_SPEND_CAP_MICROS } from "../domain/validation";
import type { AppRecord, AppRepository } from "./app.repository";
import type { StatusChanges } from "./status-changes";

/**
 * Whose key it is, as apps.keys.verify answers it: the app's owner and settings; an OAuth access token adds its expiry
 * and its connection (`expiresAtMs` 0 and `connectionId` "" for API keys, which do not expire).
 */
export function ownerOfApp(app: AppRecord, kind: KeyKind, token?: { expiresAtMs: number; connectionId: string }): KeyOwner {
  return {
    appId: app._id,
    ownerId: app.ownerId,
    status: app.status,
    websiteUrl: app.url,
    kind,
    allowedOrigin: new URL(app.url).origin,
    dailySpendCapMicros: app.dailySpendCapMicros ?? DEFAULT_DAILY_SPEND_CAP_MICROS,
    statusAtMs: new Date(app.statusAt).getTime(),
    expiresAtMs: token?.expiresAtMs ?? 0,
    connectionId: token?.connectionId ?? "",
    storeCompletions: app.storeCompletions === true,
  };
}

/**
 * Answers "whose key is this?" from memory: every published API call asks it. Entries live 60 s (unknown keys
 * 5 s) and are dropped at once when this process changes an app, or when any instance's event about the app
 * (status, rotation, spend cap, deletion, an agent host disconnected) passes by on NATS. OAuth access tokens are
 * looked up by `oauthOwners` (the authorization server's use case, set by the composition root); an expired one is
 * nobody's even while its answer is remembered.
 */
export class KeyDirectory {
  private readonly cache: KeyOwnerCache<KeyOwner>;
  /** The owner of an OAuth access token by its hash (unset: no token is anybody's). */
  oauthOwners?: (hash: string) => Promise<KeyOwner | undefined>;

  constructor(
    private readonly apps: AppRepository,
    changes: StatusChanges,
  ) {
    this.cache = new KeyOwnerCache<KeyOwner>({ knownMs: 60_000, unknownMs: 5_000, max: 100_000 }, changes);
  }

  /** The owner of the key with this hash (`kind`: which of the app's keys it would be), if any. */
  async verify(hash: string, kind: KeyKind): Promise<KeyOwner | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    const owner = await this.cache.get(`${kind}:${hash}`, async () => {
      if (kind === "oauth") return this.oauthOwners?.(hash);
      const app = kind === "secret" ? await this.apps.findByKeyHash(hash) : await this.apps.findByPubKeyHash(hash);
      return app ? ownerOfApp(app, kind) : undefined;
    });
    return owner && owner.expiresAtMs > 0 && owner.expiresAtMs <= Date.now() ? undefined : owner;
  }

  /** Forgets what is known about an app's keys. */
  invalidate(appId: string): void {
    this.cache.invalidate(appId);
  }

  /** Forgets that a key was unknown (it was just issued). */
  issued(apiKey: string): void {
    const kind = keyKindOf(apiKey);
    if (kind) this.cache.issued(`${kind}:${hashApiKey(apiKey)}`);
  }
}
