import type { ReactNode } from "react";
import { SITE } from "../../lib/site";

/** The business's postal address from lib/site.ts, a line each; `children` follow the last line inside the address. */
export function BusinessAddress({ label, children }: { label?: string; children?: ReactNode }) {
  return (
    <address aria-label={label}>
      {SITE.address.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
      {children}
    </address>
  );
}

/** A mailto link to the support e-mail from lib/site.ts. */
export function SupportEmailLink({ className }: { className?: string }) {
  return (
    <a className={className} href={`mailto:${SITE.supportEmail}`}>
      {SITE.supportEmail}
    </a>
  );
}
