import { ContactPage } from "../../features/contact";
import { useTitle } from "../../lib/use-title";

export default function Page() {
  useTitle("Contact");
  return <ContactPage />;
}
