import { setFlagsFromString } from "node:v8";

/**
 * V8's old-generation growing factor for this process: after a full collection the next one comes when the old
 * generation has grown by `percent` over what it left alive (V8's `--heap-growing-percent`; NODE_OPTIONS refuses that
 * flag, so it is set here, before the service allocates). V8 reads it each time it sets the next limit. 0 leaves
 * V8's own factor, which it derives from the heap's limit and the collector's speed.
 */
export function applyHeapGrowth(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0)
    throw new RangeError(`heap growing percent must be a whole number ≥ 0, not ${percent}`);
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
