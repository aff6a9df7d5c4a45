import { ContactPage } from "../../features/contact/components/contact-page";
import { useTitle } from "../../lib/use-title";

export default function Page() {
  useTitle("Contact");
  return <ContactPage />;
}
