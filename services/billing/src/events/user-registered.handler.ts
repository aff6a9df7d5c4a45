import { PoisonMessageError, type Consumption, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Wallets } from "../use-cases/wallets";

/** The local platform's demo account: its e-mail and the credit it starts with. */
export interface DemoCredit {
  email: string;
  micros: number;
}

/** identity.user.registered → the user's wallet (and the demo account's starting credit, once). */
export function handleUserRegistered(bus: MessageBus, wallets: Wallets, demoCredit?: DemoCredit): Promise<Consumption> {
  return bus.consume(EVENTS.userRegistered, "billing-wallets", async (e) => {
    if (!e.payload.userId) throw new PoisonMessageError("user event without user id");
    await wallets.ensure(e.payload.userId);
    // The ledger key is per user, so the credit is given once however often the event arrives.
    if (demoCredit && demoCredit.micros > 0 && e.payload.email.toLowerCase() === demoCredit.email.toLowerCase())
      await wallets.apply(e.payload.userId, `demo-credit:${e.payload.userId}`, demoCredit.micros, "adjustment", "demo");
  });
}
