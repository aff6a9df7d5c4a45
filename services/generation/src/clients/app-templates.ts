import { Flights, TtlCache, type Logger, type MessageBus } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import type { AppTemplate } from "../domain/messages";

/** The most template code sent along with one request (the newest templates first). */
const MAX_CODE = 24_000;

/**
 * An app's published templates (`apps.templates.list_published`), held 30 s per app and owner: generation follows
 * them so the app's screens look alike across chats. Every ask names the owner, so apps only answers for
 * the caller's own apps (APPS.APP_NOT_FOUND otherwise).
 */
export class AppTemplates {
  private readonly cache = new TtlCache<string, AppTemplate[]>(30_000, 10_000);
  /** Asks under way: the requests that find no list kept meanwhile share one (a burst after the list expired). */
  private readonly flights = new Flights<string, AppTemplate[]>();

  constructor(
    private readonly bus: MessageBus,
    private readonly logger: Logger,
  ) {}

  /**
   * The templates of `ownerId`'s app `appId`. Throws RemoteError APPS.APP_NOT_FOUND when the app is not theirs (or
   * does not exist), and the bus's errors when apps cannot answer.
   */
  async owned(appId: string, ownerId: string): Promise<AppTemplate[]> {
    if (!appId) return [];
    const key = `${ownerId}\u0000${appId}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    return this.flights.run(key, async () => {
      const res = await this.bus.request(COMMANDS.listPublishedTemplates, { appId, ownerId }, { timeoutMs: 1_000 });
      const templates: AppTemplate[] = [];
      let size = 0;
      for (const t of res.templates) {
        if (!t.code.trim() || size + t.code.length > MAX_CODE) continue;
        size += t.code.length;
        templates.push({ name: t.name, description: t.description, code: t.code });
      }
      this.cache.set(key, templates);
      return templates;
    });
  }

  /** Like `owned`, but when apps does not answer (or no longer has the app), requests go on without them. */
  async published(appId: string, ownerId: string): Promise<AppTemplate[]> {
    try {
      return await this.owned(appId, ownerId);
    } catch (err) {
      this.logger.warn({ err, appId }, "published templates not available; answering without them");
      return [];
    }
  }
}
