import { DocsPage } from "../../features/docs/components/docs-page";
import { useTitle } from "../../lib/use-title";

export default function Page() {
  useTitle("Documentation");
  return <DocsPage />;
}
