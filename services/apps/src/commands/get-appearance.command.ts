import { ReplyFailure, type MessageBus } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import type { Appearances } from "../use-cases/appearance";

/**
 * apps.appearance.get: generation asks for an app's look (its theme, for renderers, and its own components, for the
 * model's prompt, the built-in generator and validation). Version 0 with "{}" and "[]" when never set.
 */
export function serveGetAppearance(bus: MessageBus, appearances: Appearances) {
  return bus.serve(COMMANDS.getAppearance, async (req) => {
    // A signed-in caller (owner_id) names apps by id: another user's app (or none) is the same answer, so ids are not
    // probed. A key's caller names its own app, which may have been deleted since the key was verified.
    const found = req.appId ? await appearances.forGeneration(req.appId, req.ownerId || undefined) : null;
    if (!found) throw new ReplyFailure(REPLY_ERRORS.APP_NOT_FOUND, "no such app of this user");
    return {
      version: BigInt(found.version),
      themeJson: JSON.stringify(found.theme),
      componentsJson: JSON.stringify(found.components),
    };
  });
}
