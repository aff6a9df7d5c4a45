import { RefundPolicy } from "../../features/legal/components/refund-policy";
import { useTitle } from "../../lib/use-title";

export default function Page() {
  useTitle("Refund Policy");
  return <RefundPolicy />;
}
