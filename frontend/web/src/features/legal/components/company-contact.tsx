import { SITE } from "../../../lib/site";

/** The company's postal address and support e-mail, as every legal page ends. */
export function CompanyContact() {
  return (
    <address>
      {SITE.address.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
      E-mail: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
    </address>
  );
}
