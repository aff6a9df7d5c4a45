import { Component, type ReactNode } from "react";
import type { ComponentNode } from "@genui/ui-runtime";
import { APP_PACKAGE, AppNodeView } from "./app-node";
import type { RootProps } from "./context";
import { Notice } from "./notice";
import { rendererFor } from "./registry";
import { animationOf, isNodeLike, isObject, sanitizeStyle } from "./util";

interface BoundaryProps {
  node: ComponentNode;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  node: ComponentNode;
}

/** One component's error stays inside it: a notice replaces it, the rest of the screen renders. */
export class NodeBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, node: this.props.node };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // A new node (the screen changed) gets a fresh try.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.node !== state.node ? { failed: false, node: props.node } : null;
  }

  override render(): ReactNode {
    if (this.state.failed) return <Notice>Could not show “{this.props.node.name}”.</Notice>;
    return this.props.children;
  }
}

/**
 * Renders one screen node through the registry; the developer's own components (package "app") with the page's
 * component or their fallback (app-node.tsx). Unknown types and other packages become a notice.
 */
export function NodeView({ node }: { node: unknown }) {
  if (!isNodeLike(node)) return <Notice>Skipped an invalid component.</Notice>;
  const app = node.package === APP_PACKAGE;
  const custom = typeof node.package === "string" && node.package !== "genui" && !app;
  const Comp = custom || app ? undefined : rendererFor(node.component);
  if (!Comp && !app) return <Notice>Unknown component “{custom ? `${node.package}/${node.component}` : node.component}”.</Notice>;
  const props = isObject(node.props) ? node.props : {};
  const anim = animationOf(node.animation);
  const root: RootProps = {
    className: anim.className,
    style: { ...sanitizeStyle(props.style), ...anim.style },
    "data-gu-name": typeof node.name === "string" ? node.name : undefined,
  };
  // A developer's component has a boundary of its own (it falls back to its built-in); the fallback has this one.
  if (!Comp)
    return (
      <NodeBoundary node={node}>
        <AppNodeView node={node} root={root} />
      </NodeBoundary>
    );
  return (
    <NodeBoundary node={node}>
      <Comp node={node} root={root} />
    </NodeBoundary>
  );
}
