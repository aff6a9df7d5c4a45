import { Flights, TtlCache, type Logger, type MessageBus } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import { APP_COMPONENT_LIMITS, appComponentSchema, appThemeSchema, type AppComponent, type AppTheme } from "@genui/ui-runtime";
import type { AppAppearance } from "../domain/appearance";

/** How long a change heard is remembered against reads begun before it (far longer than a read may take). */
const HEARD_MS = 60_000;

/**
 * The look of apps (`apps.appearance.get`), held a short while per app (15 s by default) and forgotten as soon as a change or the app's deletion
 * is heard (events/app-changes.watcher.ts). Every ask names the owner, so apps answers only for the caller's own apps
 * (APPS.APP_NOT_FOUND otherwise). What apps stored is read defensively: a theme or a component that does not parse is
 * left out (and logged), never a failed request.
 */
export class AppAppearances {
  private readonly cache: TtlCache<string, { ownerId: string; appearance: AppAppearance }>;
  /** The sequence number of the last change heard per app: a read begun before it is used but not kept. */
  private readonly heard = new TtlCache<string, number>(HEARD_MS, 100_000);
  private seq = 0;
  /** Asks under way: the requests that find no answer kept meanwhile share one (a burst after the answer expired). */
  private readonly flights = new Flights<string, AppAppearance>();

  constructor(
    private readonly bus: MessageBus,
    private readonly logger: Logger,
    /** How long an answer is used before apps is asked again (GEN_APPEARANCE_CACHE_MS; changes: `forget`). */
    ttlMs = 15_000,
  ) {
    this.cache = new TtlCache(ttlMs, 10_000);
  }

  /**
   * The look of `ownerId`'s app `appId`. Throws RemoteError APPS.APP_NOT_FOUND when the app is not theirs (or does
   * not exist), and the bus's errors when apps cannot answer.
   */
  async get(appId: string, ownerId: string): Promise<AppAppearance> {
    const hit = this.cache.get(appId);
    if (hit && hit.ownerId === ownerId) return hit.appearance;
    // Shared only by asks for the same owner and since the same change: one heard meanwhile starts a fresh ask.
    const key = `${appId}\u0000${ownerId}\u0000${this.heard.get(appId) ?? -1}`;
    return this.flights.run(key, async () => {
      const began = this.seq;
      const res = await this.bus.request(COMMANDS.getAppearance, { appId, ownerId }, { timeoutMs: 1_000 });
      const appearance = this.parse(appId, res);
      if ((this.heard.get(appId) ?? -1) < began) this.cache.set(appId, { ownerId, appearance });
      return appearance;
    });
  }

  /**
   * Like `get`, for a generation: undefined when the request has no app, and when apps does not answer (or no longer
   * has the app) — the generation goes on without the app's components and theme.
   */
  async current(appId: string, ownerId: string): Promise<AppAppearance | undefined> {
    if (!appId) return undefined;
    try {
      return await this.get(appId, ownerId);
    } catch (err) {
      this.logger.warn({ err, appId }, "the app's appearance is not available; answering without its components and theme");
      return undefined;
    }
  }

  /** A change of the app's look (or its deletion) was heard: the next read asks apps. */
  forget(appId: string): void {
    this.heard.set(appId, ++this.seq);
    this.cache.delete(appId);
  }

  private parse(appId: string, res: { version: bigint; themeJson: string; componentsJson: string }): AppAppearance {
    const bad = (what: string, detail: unknown) =>
      this.logger.warn({ appId, version: String(res.version), detail }, `the app's stored ${what} is not valid; left out`);
    let theme: AppTheme = {};
    try {
      const parsed = appThemeSchema.safeParse(JSON.parse(res.themeJson || "{}"));
      if (parsed.success) theme = parsed.data;
      else bad("theme", parsed.error.issues.slice(0, 3));
    } catch (err) {
      bad("theme", (err as Error).message);
    }
    const components: AppComponent[] = [];
    try {
      const list: unknown = JSON.parse(res.componentsJson || "[]");
      if (!Array.isArray(list)) bad("list of components", "not a list");
      else
        for (const item of list.slice(0, APP_COMPONENT_LIMITS.perApp)) {
          const parsed = appComponentSchema.safeParse(item);
          if (parsed.success) components.push(parsed.data);
          else bad("component", { name: (item as { name?: unknown } | null)?.name, issues: parsed.error.issues.slice(0, 3) });
        }
    } catch (err) {
      bad("list of components", (err as Error).message);
    }
    return { version: Number(res.version), theme, components };
  }
}
