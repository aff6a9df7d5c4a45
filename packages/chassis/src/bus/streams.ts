import { STREAMS } from "@genui/contracts";
import { RetentionPolicy, StorageType, nanos } from "nats";
import { isStreamMissing } from "./codec";
import type { BusCore } from "./core";

/** Stream setup: each stream is created (and kept up to date) by its owner, at boot. */
export class StreamSetup {
  constructor(private readonly core: BusCore) {}

  /** Creates the stream if missing (or updates its subjects). Only the stream's owner calls it, at boot. */
  async ensureStream(key: keyof typeof STREAMS): Promise<void> {
    const def = STREAMS[key];
    const jsm = await this.core.jsm();
    const name = this.core.streamName(def.name);
    const subjects = def.subjects.map((s) => this.core.subject(s));
    const config = {
      name,
      subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(2 * 60_000),
      max_age: nanos(7 * 24 * 3600_000),
      num_replicas: this.core.opts.streamReplicas ?? 1,
    };
    try {
      const info = await jsm.streams.info(name);
      const same = info.config.subjects.length === subjects.length && subjects.every((s) => info.config.subjects.includes(s));
      if (!same || info.config.num_replicas !== config.num_replicas)
        await jsm.streams.update(name, { ...info.config, subjects, num_replicas: config.num_replicas });
    } catch (err) {
      if (isStreamMissing(err)) {
        await jsm.streams.add(config);
        return;
      }
      throw err;
    }
  }

  async ensureAllStreams(): Promise<void> {
    for (const key of Object.keys(STREAMS) as (keyof typeof STREAMS)[]) await this.ensureStream(key);
  }
}
