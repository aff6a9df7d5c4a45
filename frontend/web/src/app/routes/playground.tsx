import { preloadCodeEditor } from "../../features/editor";
import { Playground } from "../../features/editor/components/playground";
import { useTitle } from "../../lib/use-title";

// Monaco is a chunk of its own: start fetching it with this page, not after the page has rendered.
preloadCodeEditor();

/** SPEC §2 /playground: code editor left, live preview right; no login. */
export default function PlaygroundPage() {
  useTitle("Playground");
  return <Playground />;
}
