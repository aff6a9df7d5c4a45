import { LockTimeoutError, notFound, validationFailed, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Appearance } from "@genui/contracts/http";
import { APP_COMPONENT_LIMITS, checkTheme, type AppComponent, type AppTheme } from "@genui/ui-runtime/appearance";
import { checkAppComponent } from "@genui/ui-runtime/node";
import {
  MAX_APPEARANCE_BYTES,
  appearanceBusy,
  appearanceChanged,
  appearanceSizeMessage,
  componentLimitMessage,
  nameMismatchMessage,
  type PutComponentInput,
  type UpdateThemeInput,
} from "../domain/appearance";
import type { AppRecord, AppRepository, AppearanceRecord } from "../store/app.repository";

/** An app's look as its owner sees it: the contract's Appearance (version 0, `{}` and `[]` when never set). */
export type AppearanceView = Appearance;

export const appearanceView = (appId: string, a: AppearanceRecord | undefined): AppearanceView => ({
  app_id: appId,
  version: a?.version ?? 0,
  theme: a?.theme ?? {},
  components: a?.components ?? [],
  updated_at: a ? a.updatedAt.toISOString() : null,
});

/** What generation reads of an app's look (apps.appearance.get). */
export interface AppearanceForGeneration {
  version: number;
  theme: AppTheme;
  components: AppComponent[];
}

/** The fields of a declaration a form shows errors under (`role.props.title` is under `role`). */
const DECLARATION_FIELDS = new Set(["name", "description", "props", "example", "fallback", "role", "non_field_errors"]);

/**
 * A declaration's field errors as a form shows them: a key the declaration does not have (an unknown field sent)
 * has no place in the form, so its message goes to `non_field_errors`, naming it.
 */
function declarationErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (DECLARATION_FIELDS.has(key.split(".")[0]!)) (out[key] ??= []).push(...messages);
    else (out.non_field_errors ??= []).push(...messages.map((m) => `${JSON.stringify(key)}: ${m}`));
  }
  return out;
}

/** What the use cases need of the app repository (the unit tests give an in-memory one). */
export type AppearanceStore = Pick<AppRepository, "appearanceOf" | "changeAppearance">;

/** The look's next state, from the one read under the app's lock (refusals throw; nothing is then written). */
type Change = (current: { version: number; theme: AppTheme; components: AppComponent[] }) => {
  theme: AppTheme;
  components: AppComponent[];
};

/**
 * An app's look: its brand theme and the developer's own components (issue 36), one document on the app, versioned:
 * every accepted change raises `version` by exactly 1 and publishes apps.app.appearance_changed through the app's
 * outbox. Every change runs under the app's lock (the store does not isolate concurrent updates, and a component's
 * checks depend on the app's other components). Only the owner's live app is seen: another owner's is a 404.
 */
export class Appearances {
  constructor(
    private readonly repo: AppearanceStore,
    private readonly bus: Pick<MessageBus, "envelope">,
    private readonly outbox: Pick<OutboxRelay<AppRecord>, "flushSoon">,
  ) {}

  async get(ownerId: string, appId: string): Promise<AppearanceView> {
    const found = await this.repo.appearanceOf(appId, ownerId);
    if (!found) throw notFound();
    return appearanceView(appId, found.appearance);
  }

  /**
   * The look generation follows: a live app's (with `ownerId`, only that owner's). Null when there is no such app;
   * version 0 with an empty theme and no components when never set.
   */
  async forGeneration(appId: string, ownerId?: string): Promise<AppearanceForGeneration | null> {
    const found = await this.repo.appearanceOf(appId, ownerId);
    if (!found) return null;
    const a = found.appearance;
    return { version: a?.version ?? 0, theme: a?.theme ?? {}, components: a?.components ?? [] };
  }

  /** Replaces the theme (tokens left out take GenUI's defaults); refused field by field (`theme.…`) when unreadable. */
  updateTheme(ownerId: string, appId: string, input: UpdateThemeInput): Promise<AppearanceView> {
    return this.change(ownerId, appId, input.version, (current) => {
      const checked = checkTheme(input.theme, "theme");
      if (!checked.ok) throw validationFailed(checked.errors);
      return { theme: checked.theme, components: current.components };
    });
  }

  /**
   * Declares the component `name`, or replaces the declaration of that name. The body's `component.name` (when sent)
   * must be `name`; the declaration is checked against the app's other components' names.
   */
  putComponent(ownerId: string, appId: string, name: string, input: PutComponentInput): Promise<AppearanceView> {
    const declared = input.component.name === undefined ? { ...input.component, name } : input.component;
    return this.change(ownerId, appId, input.version, (current) => {
      if (declared.name !== name) throw validationFailed({ name: [nameMismatchMessage(declared.name, name)] });
      const others = current.components.filter((c) => c.name !== name);
      const checked = checkAppComponent(
        declared,
        others.map((c) => c.name),
      );
      if (!checked.ok) throw validationFailed(declarationErrors(checked.errors));
      const replacing = others.length < current.components.length;
      if (!replacing && current.components.length >= APP_COMPONENT_LIMITS.perApp)
        throw validationFailed({ non_field_errors: [componentLimitMessage(APP_COMPONENT_LIMITS.perApp)] });
      const components = replacing
        ? current.components.map((c) => (c.name === name ? checked.component : c))
        : [...current.components, checked.component];
      return { theme: current.theme, components };
    });
  }

  /** Removes the component `name` (screens already made draw its fallback); a 404 when the app has none of that name. */
  deleteComponent(ownerId: string, appId: string, name: string, version?: number): Promise<AppearanceView> {
    return this.change(ownerId, appId, version, (current) => {
      if (!current.components.some((c) => c.name === name)) throw notFound(`This app has no component "${name}".`);
      return { theme: current.theme, components: current.components.filter((c) => c.name !== name) };
    });
  }

  /**
   * One change of the look under the app's lock: the version check (when `version` is sent), the change's own checks,
   * the size bound, then the write with its event. A write that lost to a newer one (its lock outlived) is refused
   * as stale when a version was sent, and made again on the newer look when not.
   */
  private async change(ownerId: string, appId: string, version: number | undefined, change: Change): Promise<AppearanceView> {
    for (let attempt = 1; ; attempt++) {
      let outcome: Awaited<ReturnType<AppearanceStore["changeAppearance"]>>;
      try {
        outcome = await this.repo.changeAppearance(ownerId, appId, (stored) => {
          const current = { version: stored?.version ?? 0, theme: stored?.theme ?? {}, components: stored?.components ?? [] };
          if (version !== undefined && version !== current.version) throw appearanceChanged(current.version);
          const next = change(current);
          const bytes = Buffer.byteLength(JSON.stringify({ theme: next.theme, components: next.components }), "utf8");
          if (bytes > MAX_APPEARANCE_BYTES) throw validationFailed({ non_field_errors: [appearanceSizeMessage(bytes)] });
          const appearance: AppearanceRecord = { ...next, version: current.version + 1, updatedAt: new Date() };
          const event = this.bus.envelope(EVENTS.appAppearanceChanged, {
            appId,
            ownerId,
            version: BigInt(appearance.version),
          });
          return { appearance, events: [event] };
        });
      } catch (err) {
        if (err instanceof LockTimeoutError) throw appearanceBusy();
        throw err;
      }
      if (outcome === "missing") throw notFound();
      if (outcome === "conflict") {
        if (version === undefined && attempt < 3) continue;
        const now = await this.repo.appearanceOf(appId, ownerId);
        if (!now) throw notFound();
        throw appearanceChanged(now.appearance?.version ?? 0);
      }
      this.outbox.flushSoon(appId);
      return appearanceView(appId, outcome.appearance);
    }
  }
}
