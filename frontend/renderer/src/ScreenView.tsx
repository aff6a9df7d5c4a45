import { useCallback, useEffect, useInsertionEffect, useMemo, useRef, useSyncExternalStore, type CSSProperties } from "react";
import {
  brandErrorMessage,
  type Action,
  type ActionEvent,
  type ActionType,
  type AppTheme,
  type ComponentNode,
  type JsonValue,
  type Screen,
} from "@genui/ui-runtime";
import { addFontStylesheet, brandStyle, checkBrand, paletteOf, type CheckedBrand } from "./brand";
import { ResetBoundary } from "./boundary";
import { Children, RendererContext, ValueStore, type AppComponents, type FireOptions, type RendererApi } from "./context";
import { NodeView } from "./node";
import { Notice } from "./notice";
import { injectStyles, type ThemeName } from "./styles";
import { actionList, cx, isHttpUrl, isNodeLike, isObject, isScreenLike, num, sanitizeStyle, str } from "./util";

/** A screen hook, reported to the host with the screen's name. */
export interface LifecycleEvent {
  type: "onStart" | "onResume" | "onPause" | "onEnd";
  component: { name: string; value: unknown };
}

export interface ScreenViewProps {
  screen: Screen | null | undefined;
  /** Default "auto" (follows prefers-color-scheme); without this prop the screen's `screenProps.theme` decides. */
  theme?: "light" | "dark" | "auto";
  onAction?: (e: ActionEvent | LifecycleEvent) => void;
  className?: string;
  /**
   * The app's brand theme (tokens for light and dark, radius, density, fonts; see @genui/ui-runtime's AppTheme), as
   * the host merged it (app theme and any per-embed override) and checked it (`checkTheme`). Applied inline on the
   * screen's root; a theme whose text would be unreadable is not applied (console.error says why). `theme` still
   * picks light or dark.
   */
  brand?: AppTheme | null;
  /**
   * The developer's own components by declared name, drawn in place of the screen's app nodes (`custom("ProductCard",
   * {…})`) with their props and `genui` (see AppComponentRenderProps). An app node without one, or whose component
   * throws, shows its built-in fallback.
   */
  components?: AppComponents;
}

// Theme --------------------------------------------------------------------------------------------------------------

const DARK_QUERY = "(prefers-color-scheme: dark)";
const canMatch = () => typeof window !== "undefined" && typeof window.matchMedia === "function";
function subscribeDark(cb: () => void): () => void {
  if (!canMatch()) return () => undefined;
  const mq = window.matchMedia(DARK_QUERY);
  mq.addEventListener?.("change", cb);
  return () => mq.removeEventListener?.("change", cb);
}
const prefersDark = () => canMatch() && window.matchMedia(DARK_QUERY).matches;

// Screen index (for `set`) ----------------------------------------------------------------------------------------------

function indexNodes(nodes: unknown, into = new Map<string, ComponentNode>(), depth = 0): Map<string, ComponentNode> {
  if (!Array.isArray(nodes) || depth > 64) return into;
  for (const n of nodes) {
    if (!isNodeLike(n)) continue;
    if (typeof n.name === "string" && !into.has(n.name)) into.set(n.name, n);
    indexNodes(n.content, into, depth + 1);
  }
  return into;
}

function ScreenBody({ screen }: { screen: Screen }) {
  return <Children nodes={screen.screen.v1} />;
}

// ScreenView -----------------------------------------------------------------------------------------------------------

/**
 * Draws a screen JSON v1. Keeps each input's value by component name, runs actions (`event` → host, `set` → another
 * component's value, `navigate` → new tab), reports lifecycle hooks, and never takes the page down: unknown or failing
 * components become notices and an invalid screen leaves the last good one on display.
 */
export function ScreenView({ screen, theme, onAction, className, brand, components }: ScreenViewProps) {
  const candidate = isScreenLike(screen) ? screen : null;
  const lastGood = useRef<Screen | null>(null);
  const shown = candidate ?? lastGood.current;
  const name = shown?.name;

  useInsertionEffect(() => injectStyles(), []);

  // One value store per screen name: another screen starts from its own values.
  const store = useMemo(() => new ValueStore(), [name]);
  const index = useMemo(() => indexNodes(shown?.screen.v1), [shown]);

  // What event handlers and hooks see. Updated in a passive effect declared before the lifecycle effect, so that
  // effect's cleanup (onEnd) still sees the screen that is ending.
  const live = useRef({ store, index, screen: shown, onAction });
  useEffect(() => {
    live.current = { store, index, screen: shown, onAction };
  });

  const emit = useCallback((e: ActionEvent | LifecycleEvent) => {
    try {
      live.current.onAction?.(e);
    } catch (err) {
      console.error("GenUI: onAction threw", err);
    }
  }, []);

  const applySet = useCallback((set: unknown) => {
    if (!isObject(set) || typeof set.name !== "string") return;
    const { store: s, index: idx } = live.current;
    s.write(set.name, (set.value ?? null) as JsonValue, idx.get(set.name)?.value);
  }, []);

  const fire = useCallback(
    (node: ComponentNode, type: ActionType, opts: FireOptions = {}) => {
      const action = node[type] as Action | undefined;
      const current = "value" in opts ? opts.value : live.current.store.read(node);
      const report = (value: JsonValue | undefined) => emit({ type, component: { name: node.name, value } });
      if (action === undefined || action === null) {
        if (opts.report) report(current);
        return;
      }
      if (typeof action === "string") return report(current);
      if (!isObject(action)) return;
      if (action.set !== undefined) applySet(action.set);
      if (action.navigate !== undefined && isHttpUrl(action.navigate) && typeof window !== "undefined") {
        window.open(action.navigate, "_blank", "noopener");
      }
      if (action.event !== undefined || (action.set === undefined && action.navigate === undefined)) {
        report(action.value !== undefined ? action.value : current);
      }
    },
    [emit, applySet],
  );

  const runHook = useCallback(
    (type: LifecycleEvent["type"], s: Screen | null | undefined) => {
      if (!s) return;
      for (const action of actionList(s[type])) {
        if (typeof action === "string") {
          emit({ type, component: { name: s.name, value: action } });
          continue;
        }
        if (!isObject(action)) continue;
        // navigate is ignored here: a new tab needs a user gesture.
        if (action.set !== undefined) applySet(action.set);
        if (action.event !== undefined || (action.set === undefined && action.navigate === undefined)) {
          emit({ type, component: { name: s.name, value: action.value !== undefined ? action.value : action.event } });
        }
      }
    },
    [emit, applySet],
  );

  // onStart when a screen (by name) is shown, onEnd when it goes (another name, or unmount).
  useEffect(() => {
    if (name === undefined) return;
    runHook("onStart", live.current.screen);
    return () => runHook("onEnd", live.current.screen);
  }, [name, runHook]);

  useEffect(() => {
    if (name === undefined || typeof document === "undefined") return;
    const onVisibility = () => runHook(document.visibilityState === "hidden" ? "onPause" : "onResume", live.current.screen);
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [name, runHook]);

  // Theme: the prop, else the screen's, else auto.
  const dark = useSyncExternalStore(subscribeDark, prefersDark, () => false);
  const sp = isObject(shown?.props) && isObject(shown.props.screenProps) ? shown.props.screenProps : undefined;
  const requested = theme ?? str(sp?.theme) ?? "auto";
  const resolved: ThemeName = requested === "dark" || (requested !== "light" && dark) ? "dark" : "light";

  // The brand, checked once per distinct theme (a host may pass an equal object on every render).
  const brandKey = brand ? JSON.stringify(brand) : "";
  const checked = useMemo<CheckedBrand | null>(() => (brandKey ? checkBrand(JSON.parse(brandKey)) : null), [brandKey]);
  useEffect(() => {
    if (checked && !checked.ok) console.error(brandErrorMessage(checked.errors));
  }, [checked]);
  const fonts = checked?.ok ? checked.resolved.stylesheet : undefined;
  useInsertionEffect(() => {
    if (fonts && typeof document !== "undefined") addFontStylesheet(document, fonts);
  }, [fonts]);
  const brandVars = useMemo(() => (checked?.ok ? brandStyle(checked, resolved) : undefined), [checked, resolved]);
  const palette = paletteOf(checked, resolved);

  const api = useMemo<RendererApi>(
    () => ({ store, theme: resolved, palette, components, fire, NodeView }),
    [store, resolved, palette, components, fire],
  );

  const style: CSSProperties = {
    ...brandVars,
    padding: num(sp?.padding),
    gap: num(sp?.gap),
    maxWidth: num(sp?.maxWidth),
    ...sanitizeStyle({ background: sp?.background }),
    ...sanitizeStyle(isObject(shown?.props) ? shown.props.style : undefined),
  };
  const title = str(sp?.title);
  const previous = lastGood.current;
  const onRendered = useCallback((s: Screen) => {
    lastGood.current = s;
  }, []);

  return (
    <div
      className={cx("gu-root", className)}
      data-theme={resolved}
      style={style}
      role={title ? "region" : undefined}
      aria-label={title || undefined}
    >
      <RendererContext.Provider value={api}>
        {shown && (
          <ResetBoundary
            resetKey={shown}
            onCommitted={() => onRendered(shown)}
            fallback={
              previous && previous !== shown ? (
                <ResetBoundary resetKey={previous} fallback={<Notice>This screen could not be shown.</Notice>}>
                  <ScreenBody screen={previous} />
                </ResetBoundary>
              ) : (
                <Notice>This screen could not be shown.</Notice>
              )
            }
          >
            <ScreenBody screen={shown} />
          </ResetBoundary>
        )}
      </RendererContext.Provider>
    </div>
  );
}
