import { TermsOfService } from "../../features/legal/components/terms-of-service";
import { useTitle } from "../../lib/use-title";

export default function Page() {
  useTitle("Terms of Service");
  return <TermsOfService />;
}
