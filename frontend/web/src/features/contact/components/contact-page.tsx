import { PageLayout, PageLead } from "../../../components/ui/page-layout";
import { ContactDetails } from "./contact-details";
import { ContactForm } from "./contact-form";

/** /contact (SPEC §2 Contact). */
export function ContactPage() {
  return (
    <PageLayout
      title="Contact us"
      intro={<PageLead>Questions about the API, billing or your account? Send us a message and we'll reply by e-mail.</PageLead>}
      headWidth={680}
      aside={<ContactDetails />}
      columns="minmax(0, 1.5fr) minmax(0, 1fr)"
      gap={48}
      stackedGap={40}
      stackAt={860}
    >
      <ContactForm />
    </PageLayout>
  );
}
