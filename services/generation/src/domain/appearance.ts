import type { PublishedAppearance } from "@genui/contracts/http";
import {
  APP_PACKAGE,
  repairScreen,
  validateScreen,
  type AppComponent,
  type AppComponentChecker,
  type AppTheme,
  type ComponentNode,
  type EvalResult,
} from "@genui/ui-runtime";

/**
 * An app's look as generation uses it (apps owns it: `apps.appearance.get`): its brand theme — served to renderers,
 * sent along with MCP results, A2UI surfaces and AG-UI runs — and the developer's own components — in the model's
 * prompt, used by the built-in generator, and what every screen made for the app is validated and repaired against.
 * `version` is raised by every change of either (0: never set).
 */
export interface AppAppearance {
  version: number;
  theme: AppTheme;
  components: AppComponent[];
}

/** What a generation job carries of the app's look (domain/messages.ts): its components, by version. */
export interface JobAppearance {
  version: number;
  components: AppComponent[];
}

/** What a screen's consumer is told of the app's look (MCP `_meta`, A2UI's theme, AG-UI's state): theme and version. */
export interface ThemeAppearance {
  version: number;
  theme: AppTheme;
}

export const jobAppearance = (a: AppAppearance): JobAppearance => ({ version: a.version, components: a.components });
export const themeAppearance = (a: AppAppearance | undefined): ThemeAppearance =>
  a ? { version: a.version, theme: a.theme } : { version: 0, theme: {} };

/** What `GET /apps/api/v1/appearance` answers: the theme, and of each component what a renderer needs. */
export function publishedAppearance(a: AppAppearance): PublishedAppearance {
  return {
    object: "genui.appearance",
    version: a.version,
    theme: a.theme,
    components: a.components.map((c) => ({ name: c.name, description: c.description, props: c.props, fallback: c.fallback })),
  };
}

/**
 * The entity tag of an app's look: its id and version (each change makes a new version, and no two apps share a tag).
 * Strong: the same version is the same bytes.
 */
export const appearanceETag = (appId: string, version: number): string => `"${appId}.v${version}"`;

/** Whether an `If-None-Match` header names `etag` (a list, weak tags compared weakly, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t.replace(/^W\//, "") === bare);
}

const hasAppNodes = (nodes: readonly ComponentNode[] | undefined): boolean =>
  !!nodes?.some((n) => n.package === APP_PACKAGE || hasAppNodes(n.content));

/**
 * A screen the sandbox made (validated and repaired against GenUI's catalogue, which passes the app's own components
 * unchecked) checked against the app's components as well: a declared one with its declared props keeps its place,
 * its fallback attached; any other is replaced by its declared fallback (an undeclared one by a card). What was wrong
 * with them joins the issues (a model is asked once to put it right) and the repairs.
 */
export function checkComponents(r: EvalResult, checker: AppComponentChecker | undefined): EvalResult {
  if (!r.ok || !checker || !hasAppNodes(r.screen.screen.v1)) return r;
  const strict = validateScreen(r.screen, { components: checker });
  const fixed = repairScreen(r.screen, { components: checker });
  const known = new Set(r.issues.map((i) => `${i.path}\u0000${i.message}`));
  const issues = strict.ok ? r.issues : [...r.issues, ...strict.issues.filter((i) => !known.has(`${i.path}\u0000${i.message}`))];
  return { ok: true, screen: fixed.screen, issues, repairs: [...r.repairs, ...fixed.repairs] };
}
