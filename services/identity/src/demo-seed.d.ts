import type { Logger } from "@genui/chassis";
import type { UserRepository } from "./store/user.repository";
/** Makes sure the local platform's demo account exists; never touches an existing account. */
export declare function seedDemoUser(users: UserRepository, email: string, password: string, logger: Logger): Promise<void>;
//# sourceMappingURL=demo-seed.d.ts.map