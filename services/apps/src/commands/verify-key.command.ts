import { ReplyFailure, type MessageBus } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import type { AppCaches } from "../use-cases/app-caches";

/**
 * apps.keys.verify: whose key is this (the generation API asks on every published call; answered from memory). An
 * OAuth access token (kind "oauth") is answered with its expiry and connection; an expired or revoked one is unknown.
 */
export function serveVerifyKey(bus: MessageBus, caches: AppCaches) {
  return bus.serve(COMMANDS.verifyKey, async (req) => {
    const kind = req.kind === "publishable" || req.kind === "secret" || req.kind === "oauth" ? req.kind : undefined;
    const owner = kind ? await caches.verifyKey(req.keyHash, kind) : undefined;
    if (!owner) throw new ReplyFailure(REPLY_ERRORS.KEY_NOT_FOUND, "unknown API key");
    return {
      ...owner,
      dailySpendCapMicros: BigInt(owner.dailySpendCapMicros),
      statusAtMs: BigInt(owner.statusAtMs),
      expiresAtMs: BigInt(owner.expiresAtMs),
    };
  });
}
