import { connectMongo, createLogger, createRedis } from "@genui/chassis";
import { keySealer, type AppsConfig } from "../config";
import { publishableSealId } from "../domain/api-key";
import { AppRepository, appLock } from "../store/app.repository";

/**
 * The last step of a key-encryption-key rotation: every stored key sealed by another key than
 * APPS_KEY_ENCRYPTION_KEY (the previous one, given as APPS_KEY_ROTATION_ENCRYPTION_KEY, or none for values sealed
 * before key ids existed) is opened and sealed again with the current key. Idempotent; safe beside running services:
 * each write is guarded by the value it replaces and taken under the app's lock every copy of apps takes
 * (the local store, FerretDB, does not isolate that guard from a concurrent key rotation on its own). Prints a summary; answers the exit code: 0 when every stored key
 * is sealed by the current key afterwards, 1 when some could not be opened (a key missing from the configuration).
 */
export async function runResealKeys(config: AppsConfig, out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const logger = createLogger("apps-reseal-keys", "warn");
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, logger);
  const redis = createRedis(config.REDIS_URL, "apps-reseal-keys", logger);
  try {
    const repo = new AppRepository(mongo, appLock(redis, config));
    const sealer = keySealer(config);
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
    for (const f of failed) out.write(`CANNOT OPEN ${f}\n`);
    out.write(
      `${apps} apps: ${resealed} keys re-sealed with key ${sealer.keyId}, ${current} already sealed with it, ` +
        `${changed} replaced meanwhile, ${failed.length} could not be opened\n`,
    );
    return failed.length ? 1 : 0;
  } finally {
    await mongo.close();
    await redis.quit().catch(() => redis.disconnect());
  }
}
