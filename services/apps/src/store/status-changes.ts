import { HeardChanges } from "@genui/chassis";
import type { AppRecord } from "./app.repository";

/**
 * Status changes heard before they are in the store (the chassis's `HeardChanges`, the one race guard of every cache
 * of apps): the key directory and the owners' app lists ask `behind(app)` before keeping what they read.
 */
export class StatusChanges extends HeardChanges {
  /** Whether a record read from the store predates a change heard for its app (then it must not be cached). */
  behindRecord(app: Pick<AppRecord, "_id" | "statusAt">): boolean {
    return this.behind(app._id, new Date(app.statusAt).getTime());
  }
}
