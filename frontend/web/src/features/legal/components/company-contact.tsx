import { BusinessAddress, SupportEmailLink } from "../../../components/ui/business-address";

/** The company's postal address and support e-mail, as every legal page ends. */
export function CompanyContact() {
  return (
    <BusinessAddress>
      E-mail: <SupportEmailLink />
    </BusinessAddress>
  );
}
