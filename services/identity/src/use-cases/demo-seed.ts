import type { Logger } from "@genui/chassis";
import type { Accounts } from "./accounts";
import { normaliseEmail } from "../domain/email";
import type { UserRepository } from "../store/user.repository";

/** Makes sure the local platform's demo account exists (registered like any user); never touches an existing one. */
export async function seedDemoUser(
  accounts: Accounts,
  users: UserRepository,
  email: string,
  password: string,
  logger: Logger,
): Promise<void> {
  const normalised = normaliseEmail(email);
  if (await users.findByEmail(normalised)) return;
  try {
    await accounts.createPasswordUser({ email: normalised, password, name: "Demo Developer" });
    logger.info({ email: normalised }, "demo account created");
  } catch (err) {
    // Another instance seeded it at the same moment.
    if (!(await users.findByEmail(normalised))) throw err;
  }
}
