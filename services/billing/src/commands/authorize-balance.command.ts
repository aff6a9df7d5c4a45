import { ReplyFailure, type MessageBus } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import type { Catalogue } from "../domain/catalogue";
import { requestCost } from "../domain/pricing";
import type { Wallets } from "../use-cases/wallets";

/** billing.balance.authorize: a hold for the most a request can cost, placed only when the wallet covers it. */
export function serveAuthorizeBalance(bus: MessageBus, wallets: Wallets, catalogue: Catalogue): void {
  bus.serve(COMMANDS.authorizeBalance, async (req) => {
    const plan = catalogue.find(req.model);
    if (!plan) throw new ReplyFailure(REPLY_ERRORS.INVALID_REQUEST, `unknown model ${req.model}`);
    if (!req.userId || !req.requestId)
      throw new ReplyFailure(REPLY_ERRORS.INVALID_REQUEST, "user id and request id are required");
    const max = requestCost(
      req.maxInputTokens,
      req.maxOutputTokens,
      plan.prices.USD.input_text_cost,
      plan.prices.USD.output_text_cost,
    );
    const r = await wallets.authorize(req.userId, req.requestId, max);
    return { ...r, heldMicros: BigInt(r.heldMicros), availableMicros: BigInt(r.availableMicros) };
  });
}
