import type { Redis } from "@genui/chassis";
import type { Connection } from "mongoose";
import { publishableSealId, type KeySealer } from "../domain/api-key";
import { AppRepository, appLock } from "../store/app.repository";

/** What a re-sealing pass did. */
export interface ResealSummary {
  apps: number;
  /** Keys sealed again with the current key. */
  resealed: number;
  /** Keys sealed with the current key already. */
  current: number;
  /** Keys a running service replaced meanwhile (sealed by it with its current key). */
  changed: number;
  /** `<app id> <field>: <reason>` of each key that could not be opened. */
  failed: string[];
  /** The current key's id. */
  keyId: string;
}

/**
 * Re-seals every stored key sealed by another key than the sealer's current one (see jobs/reseal-keys.ts). Each write
 * is guarded by the value it replaces and taken under the app's lock every copy of apps takes.
 */
export class ResealKeys {
  constructor(
    private readonly repo: AppRepository,
    private readonly sealer: KeySealer,
  ) {}

  async run(): Promise<ResealSummary> {
    const { repo, sealer } = this;
    let apps = 0;
    let resealed = 0;
    let current = 0;
    let changed = 0;
    const failed: string[] = [];
    for await (const app of repo.sealedKeys()) {
      apps++;
      const fields = [
        ["keySealed", app.keySealed, app._id],
        ["pubKeySealed", app.pubKeySealed, publishableSealId(app._id)],
      ] as const;
      for (const [field, sealed, aad] of fields) {
        if (!sealed) continue;
        if (!sealer.needsReseal(sealed)) {
          current++;
          continue;
        }
        let plain: string;
        try {
          plain = sealer.open(sealed, aad);
        } catch (err) {
          failed.push(`${app._id} ${field}: ${(err as Error).message}`);
          continue;
        }
        if (await repo.reseal(app._id, field, sealed, sealer.seal(plain, aad))) resealed++;
        else changed++; // rotated meanwhile: the new value was sealed by a running service with its current key
      }
    }
    return { apps, resealed, current, changed, failed, keyId: sealer.keyId };
  }
}

/**
 * The re-sealing of the one-off job (jobs/reseal-keys.ts), on the connections that process opened itself: it runs
 * without the service (`main.ts reseal-keys`), so its use case is built here rather than in service.ts.
 */
export function resealKeysOn(
  mongo: Connection,
  redis: Redis,
  sealer: KeySealer,
  config: { REDIS_KEY_PREFIX: string },
): ResealKeys {
  return new ResealKeys(new AppRepository(mongo, appLock(redis, config)), sealer);
}
