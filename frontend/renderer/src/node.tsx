import type { ReactNode } from "react";
import type { ComponentNode } from "@genui/ui-runtime";
import { APP_PACKAGE, AppNodeView } from "./app-node";
import { ResetBoundary } from "./boundary";
import type { RootProps } from "./context";
import { Notice } from "./notice";
import { rendererFor } from "./registry";
import { animationOf, isNodeLike, isObject, sanitizeStyle } from "./util";

/** One component's error stays inside it: a notice replaces it, the rest of the screen renders. */
export function NodeBoundary({ node, children }: { node: ComponentNode; children: ReactNode }) {
  return (
    <ResetBoundary resetKey={node} fallback={<Notice>Could not show “{node.name}”.</Notice>}>
      {children}
    </ResetBoundary>
  );
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
