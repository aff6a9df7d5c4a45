import { type Logger, type RunningService } from "@genui/chassis";
import type { IdentityConfig } from "./config";
/** Starts the identity service in this process (main.ts and the integration tests both use it). */
export declare function startIdentity(config: IdentityConfig, logger?: Logger): Promise<RunningService>;
//# sourceMappingURL=service.d.ts.map