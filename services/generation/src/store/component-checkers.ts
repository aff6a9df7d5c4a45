import { TtlCache } from "@genui/chassis";
import type { AppComponentChecker } from "@genui/ui-runtime";
import { createAppComponentChecker } from "@genui/ui-runtime/node";
import type { JobAppearance } from "../domain/appearance";

/**
 * The checkers of apps' components (what screens are validated and repaired with), compiled once per app and version:
 * compiling a props schema costs far more than checking props with it, and a new version is a new look.
 */
export class ComponentCheckers {
  private readonly cache = new TtlCache<string, AppComponentChecker>(10 * 60_000, 500);

  for(appId: string, appearance: JobAppearance): AppComponentChecker {
    const key = `${appId}\u0000${appearance.version}`;
    let checker = this.cache.get(key);
    if (!checker) this.cache.set(key, (checker = createAppComponentChecker(appearance.components)));
    return checker;
  }
}
