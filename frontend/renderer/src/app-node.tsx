import { lazy, Suspense, useMemo } from "react";
import type { ComponentNode, JsonValue } from "@genui/ui-runtime";
import { ResetBoundary } from "./boundary";
import { useRenderer, type GenUIComponentApi, type RootProps } from "./context";
import { SkeletonLines } from "./components/feedback";
import { cx, isNodeLike, isObject } from "./util";

/**
 * The developer's own components: a node `{ package: "app", component: "ProductCard", props }` is drawn by the React
 * component the page passed for that name (`components={{ ProductCard }}`), with its props and `genui`; without one
 * (the iframe, the web component, a page that passes none), or when that component throws, by the node's `fallback`
 * (a built-in subtree the server attaches), or a card made from its props when it has none.
 */

/** The `package` of a developer's component (@genui/ui-runtime's APP_PACKAGE; a test keeps them the same). */
export const APP_PACKAGE = "app";

/**
 * A card from the node's props (@genui/ui-runtime's fallbackNode), for a node that came without a fallback. Loaded on
 * first use: the catalogue it knows is not part of the renderer's main chunk (screens checked by the server always
 * carry their fallback).
 */
const MadeFallback = lazy(() => import("./app-fallback"));

function Fallback({ node, root }: { node: ComponentNode; root: RootProps }) {
  const { NodeView } = useRenderer();
  if (isNodeLike(node.fallback)) return <NodeView node={node.fallback} />;
  return (
    <Suspense fallback={<SkeletonLines root={root} lines={3} label="Loading" />}>
      <MadeFallback node={node} />
    </Suspense>
  );
}

const ACTION_TYPES = ["onPress", "onChangeText", "onLongPress"] as const;

/** One app node: the page's component for it, or its fallback. */
export function AppNodeView({ node, root }: { node: ComponentNode; root: RootProps }) {
  const { components, fire, theme } = useRenderer();
  const Own =
    components && Object.prototype.hasOwnProperty.call(components, node.component) ? components[node.component] : undefined;
  const genui = useMemo<GenUIComponentApi>(
    () => ({
      name: node.name,
      theme,
      action: (type, value) =>
        fire(node, ACTION_TYPES.includes(type as never) ? type! : "onPress", {
          report: true,
          ...(value !== undefined ? { value: value as JsonValue } : {}),
        }),
    }),
    [node, theme, fire],
  );
  const fallback = <Fallback node={node} root={root} />;
  if (!Own) return fallback;
  // `style` is GenUI's (the wrapper's); every other prop is the component's own.
  const { style: _style, ...props } = isObject(node.props) ? node.props : {};
  void _style;
  return (
    <ResetBoundary
      resetKey={node}
      fallback={fallback}
      onError={(error) => console.error(`GenUI: the component “${node.component}” threw; its fallback is shown`, error)}
    >
      <div {...root} className={cx("gu-app", root.className)}>
        <Own {...props} genui={genui} />
      </div>
    </ResetBoundary>
  );
}
