import { ReplyFailure, type MessageBus } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import type { PublishedTemplates } from "../use-cases/published-templates";

/** How many of an app's newest published templates generation gets: a few are enough to set a style. */
const PUBLISHED_FOR_GENERATION = 5;

/** apps.templates.list_published: generation asks for an app's published templates per request. */
export function serveListPublishedTemplates(bus: MessageBus, published: PublishedTemplates) {
  return bus.serve(COMMANDS.listPublishedTemplates, async (req) => {
    if (!req.appId) return { templates: [] };
    // Signed-in callers name apps by id: another user's app (or none) is the same answer, so ids are not probed.
    const found = await published.newest(req.appId, req.ownerId, PUBLISHED_FOR_GENERATION);
    if (!found) throw new ReplyFailure(REPLY_ERRORS.APP_NOT_FOUND, "no such app of this user");
    return { templates: found.map((t) => ({ id: t._id, name: t.name, description: t.description, code: t.code })) };
  });
}
