import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from "react";
import type { ActionType, ComponentNode, JsonValue } from "@genui/ui-runtime";
import type { ThemeName } from "./styles";
import { isNodeLike, valueKey } from "./util";

/**
 * The current value of every component, by name. A stored value is tied to the screen's value it replaced: when a
 * new screen brings a different `value` for that component, the screen's value wins again (re-initialised).
 */
export class ValueStore {
  private readonly entries = new Map<string, { value: JsonValue | undefined; base: string }>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The value on display for `node`. */
  read(node: Pick<ComponentNode, "name" | "value">): JsonValue | undefined {
    const e = this.entries.get(node.name);
    return e && e.base === valueKey(node.value) ? e.value : node.value;
  }

  /** Sets `name`'s value; `screenValue` is the value the screen currently gives that component. */
  write(name: string, value: JsonValue | undefined, screenValue: JsonValue | undefined): void {
    this.entries.set(name, { value, base: valueKey(screenValue) });
    for (const l of [...this.listeners]) l();
  }

  clear(): void {
    if (this.entries.size === 0) return;
    this.entries.clear();
    for (const l of [...this.listeners]) l();
  }
}

/** Root props every component spreads on its outermost element: style, animation class and the name. */
export interface RootProps {
  className?: string;
  style?: CSSProperties;
  "data-gu-name"?: string;
}

export interface NodeComponentProps {
  node: ComponentNode;
  root: RootProps;
}

export interface FireOptions {
  /** Report to the host even when the component has no action for this event (inputs, buttons). */
  report?: boolean;
  /** The value to report / use as the current value (defaults to the stored value). */
  value?: JsonValue | undefined;
}

/** What a developer's own component gets from GenUI besides its declared props (see AppComponentRenderProps). */
export interface GenUIComponentApi {
  /** The component's name in the screen. */
  name: string;
  /** The mode the screen is drawn in. */
  theme: ThemeName;
  /**
   * Runs the node's action for `type` (default "onPress") as a built-in button would: its `set` / `navigate`, and the
   * event the host hears, with `value` (default: the action's own value).
   */
  action(type?: "onPress" | "onChangeText" | "onLongPress", value?: JsonValue): void;
}

/**
 * The props of a developer's own component (`components={{ ProductCard }}`): the props the screen gives it (as its
 * declaration allows), and `genui`. `P` types the declared props.
 */
export type AppComponentRenderProps<P extends object = Record<string, JsonValue | undefined>> = P & { genui: GenUIComponentApi };

/**
 * The developer's own components by declared name. Typed loosely on purpose: each component types its own props
 * (`AppComponentRenderProps<{ title: string; price: number }>`), which a stricter map could not hold.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AppComponents = Readonly<Record<string, ComponentType<AppComponentRenderProps<any>>>>;

export interface RendererApi {
  store: ValueStore;
  theme: ThemeName;
  /** The colours the screen is drawn with (GenUI's, or the brand theme's) in `theme`: for charts. */
  palette: Readonly<Record<string, string>>;
  /** The developer's own components (app nodes without one show their built-in fallback). */
  components?: AppComponents;
  /** Runs the component's action for `type` (see ScreenView for the semantics). */
  fire(node: ComponentNode, type: ActionType, opts?: FireOptions): void;
  /** Renders one node (set by ScreenView; keeps the component modules free of import cycles). */
  NodeView: ComponentType<{ node: unknown }>;
}

export const RendererContext = createContext<RendererApi | null>(null);

export function useRenderer(): RendererApi {
  const api = useContext(RendererContext);
  if (!api) throw new Error("GenUI components render inside <ScreenView>");
  return api;
}

/** The component's current value and a setter (which keeps it until the screen changes that value). */
export function useNodeValue(node: ComponentNode): [JsonValue | undefined, (v: JsonValue | undefined) => void] {
  const { store } = useRenderer();
  const value = useSyncExternalStore(
    store.subscribe,
    () => store.read(node),
    () => store.read(node),
  );
  const set = useCallback((v: JsonValue | undefined) => store.write(node.name, v, node.value), [store, node.name, node.value]);
  return [value, set];
}

/**
 * The titles already on display above a component: its card's title, its tab's or section's label, the heading right
 * before it (or before the container it is in). A chart leaves out a title one of these already shows.
 */
const HeadingsContext = createContext<readonly string[]>([]);

export const useShownHeadings = (): readonly string[] => useContext(HeadingsContext);

/** Children see `title` as a heading already shown above them. */
export function UnderHeading({ title, children }: { title: string; children: ReactNode }) {
  const outer = useContext(HeadingsContext);
  const value = useMemo(() => (title.trim() ? [...outer, title] : outer), [outer, title]);
  return <HeadingsContext.Provider value={value}>{children}</HeadingsContext.Provider>;
}

/** A title's words: lower case, without punctuation or a parenthesised unit ("Revenue (USD)" → "revenue"). */
const words = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * Whether one of the headings already says `title`: the same words (a unit in brackets aside). Only the same: a
 * card "Sales and visitors" holding charts "Sales" and "Visitors" still needs each chart's own title.
 */
export function titleShown(title: string, headings: readonly string[]): boolean {
  const t = words(title);
  return t !== "" && headings.some((h) => words(h) === t);
}

/** Renders child nodes; duplicate names get distinct keys; a heading titles the component right after it. */
export function Children({ nodes }: { nodes: unknown }) {
  const { NodeView } = useRenderer();
  if (!Array.isArray(nodes)) return null;
  const seen = new Set<string>();
  return (
    <>
      {nodes.map((n: unknown, i) => {
        const name = typeof (n as ComponentNode | null)?.name === "string" ? (n as ComponentNode).name : `#${i}`;
        const key = seen.has(name) ? `${name}#${i}` : name;
        seen.add(name);
        const before: unknown = i > 0 ? nodes[i - 1] : undefined;
        const heading =
          isNodeLike(before) && before.component === "heading" && typeof before.value === "string" ? before.value : "";
        // Always wrapped (an untitled wrapper passes the outer headings on), so a heading arriving later does not
        // remount the component after it.
        return (
          <UnderHeading key={key} title={heading}>
            <NodeView node={n} />
          </UnderHeading>
        );
      })}
    </>
  );
}
