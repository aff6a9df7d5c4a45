import { fallbackNode, type ComponentNode } from "@genui/ui-runtime";
import { useMemo } from "react";
import { useRenderer } from "./context";

/** An app node's stand-in made from its props, for a node without `fallback` (loaded lazily: see app-node.tsx). */
export default function AppFallback({ node }: { node: ComponentNode }) {
  const { NodeView } = useRenderer();
  const made = useMemo(() => fallbackNode("card", node), [node]);
  return <NodeView node={made} />;
}
