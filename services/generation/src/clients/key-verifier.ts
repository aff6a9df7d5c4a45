import { KeyOwnerCache, RemoteError, type MessageBus } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { keyHash, keyKindOf, type KeyOwner } from "@genui/contracts/keys";

/**
 * Verifies API keys with apps (`apps.keys.verify`), remembering answers briefly: every published call
 * needs one, and a request/reply per call would dominate the added latency. Answers live 5 s (unknown keys 2 s) and
 * are dropped at once when any event about the app passes by (rotation, spend cap, settings, deletion, subscription changes:
 * events/app-changes.watcher.ts), so a rotated key stops working within one event's travel time.
 *
 * billing's subscription events reach this process as soon as apps', whose consumer writes the new status
 * a moment later: an answer fetched in between carries the old status. Such an answer (its `statusAtMs` older than
 * the change heard) serves its request but is not kept, so no copy holds a cancelled app's key as active for 5 s.
 */
export class KeyVerifier {
  private readonly cache = new KeyOwnerCache<KeyOwner>({ knownMs: 5_000, unknownMs: 2_000, max: 50_000 });

  constructor(private readonly bus: MessageBus) {}

  /**
   * The key's owner, or undefined for a key no app has. A read, so the bus asks again through a restart of NATS or of
   * apps (BUS_REQUEST_RETRY_MS, each try with its own timeout); throws RemoteError when apps still cannot answer.
   */
  async verify(apiKey: string): Promise<KeyOwner | undefined> {
    // A shape no key has is nobody's (and never asked about); only the hash leaves this process.
    const kind = keyKindOf(apiKey);
    if (!kind) return undefined;
    const hash = keyHash(apiKey);
    return this.cache.get(hash, async () => {
      try {
        const res = await this.bus.request(COMMANDS.verifyKey, { keyHash: hash, kind }, { timeoutMs: 2_000 });
        return {
          appId: res.appId,
          ownerId: res.ownerId,
          status: res.status,
          websiteUrl: res.websiteUrl,
          // An older apps does not say: its keys are all secret keys.
          kind: res.kind === "publishable" ? "publishable" : res.kind === "oauth" ? "oauth" : "secret",
          allowedOrigin: res.allowedOrigin,
          dailySpendCapMicros: Number(res.dailySpendCapMicros),
          statusAtMs: Number(res.statusAtMs),
          expiresAtMs: Number(res.expiresAtMs),
          connectionId: res.connectionId,
          storeCompletions: res.storeCompletions,
        } satisfies KeyOwner;
      } catch (err) {
        if (err instanceof RemoteError && err.code === REPLY_ERRORS.KEY_NOT_FOUND) return undefined;
        throw err;
      }
    });
  }

  /** Forgets the app's remembered answers; `statusChangedAt`: a status change another context announced. */
  invalidate(appId: string, statusChangedAt?: Date): void {
    this.cache.invalidate(appId, statusChangedAt);
  }
}
