import { TtlCache, type Logger, type MessageBus } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import type { AppTemplate } from "../providers/provider";

/** The most template code sent along with one request (the newest templates first). */
const MAX_CODE = 24_000;

/**
 * An app's published templates (`apps.templates.list_published`), held 30 s per app: generation follows them so the
 * app's screens look alike across chats. When apps-templates does not answer, requests go on without them.
 */
export class AppTemplates {
  private readonly cache = new TtlCache<string, AppTemplate[]>(30_000, 10_000);

  constructor(
    private readonly bus: MessageBus,
    private readonly logger: Logger,
  ) {}

  async published(appId: string): Promise<AppTemplate[]> {
    if (!appId) return [];
    const hit = this.cache.get(appId);
    if (hit) return hit;
    try {
      const res = await this.bus.request(COMMANDS.listPublishedTemplates, { appId }, { timeoutMs: 1_000 });
      const templates: AppTemplate[] = [];
      let size = 0;
      for (const t of res.templates) {
        if (!t.code.trim() || size + t.code.length > MAX_CODE) continue;
        size += t.code.length;
        templates.push({ name: t.name, description: t.description, code: t.code });
      }
      this.cache.set(appId, templates);
      return templates;
    } catch (err) {
      this.logger.warn({ err, appId }, "published templates not available; answering without them");
      return [];
    }
  }
}
