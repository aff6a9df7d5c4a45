import { randomUUID } from "node:crypto";
import argon2 from "argon2";
import type { Logger } from "@genui/chassis";
import { normaliseEmail } from "./domain/email";
import type { UserRepository } from "./store/user.repository";

/** Makes sure the local platform's demo account exists; never touches an existing account. */
export async function seedDemoUser(users: UserRepository, email: string, password: string, logger: Logger): Promise<void> {
  const normalised = normaliseEmail(email);
  if (await users.findByEmail(normalised)) return;
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  const created = await users.insert({
    _id: randomUUID(),
    email: normalised,
    name: "Demo Developer",
    passwordHash,
    createdAt: new Date(),
  });
  if (created) logger.info({ email: normalised }, "demo account created");
}
