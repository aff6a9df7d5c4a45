import { PrivacyPolicy } from "../../features/legal/components/privacy-policy";
import { useTitle } from "../../lib/use-title";

export default function Page() {
  useTitle("Privacy Policy");
  return <PrivacyPolicy />;
}
