import { createContext, useCallback, useContext, useSyncExternalStore, type ComponentType, type CSSProperties } from "react";
import type { ActionType, ComponentNode, JsonValue } from "@genui/ui-runtime";
import type { ThemeName } from "./styles";
import { valueKey } from "./util";

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

export interface RendererApi {
  store: ValueStore;
  theme: ThemeName;
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

/** Renders child nodes; duplicate names get distinct keys. */
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
        return <NodeView key={key} node={n} />;
      })}
    </>
  );
}
