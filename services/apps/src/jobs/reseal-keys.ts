import { connectMongo, createLogger, createRedis } from "@genui/chassis";
import { keySealer, type AppsConfig } from "../config";
import { resealKeysOn } from "../use-cases/reseal-keys";

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
    const r = await resealKeysOn(mongo, redis, keySealer(config), config).run();
    for (const f of r.failed) out.write(`CANNOT OPEN ${f}\n`);
    out.write(
      `${r.apps} apps: ${r.resealed} keys re-sealed with key ${r.keyId}, ${r.current} already sealed with it, ` +
        `${r.changed} replaced meanwhile, ${r.failed.length} could not be opened\n`,
    );
    return r.failed.length ? 1 : 0;
  } finally {
    await mongo.close();
    await redis.quit().catch(() => redis.disconnect());
  }
}
