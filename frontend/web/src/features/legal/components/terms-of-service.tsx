import { Link } from "react-router-dom";
import { SITE } from "../../../lib/site";
import { LIABILITY_CAP_MONTHS, REFUND_WINDOW_DAYS } from "../legal";
import { CompanyContact } from "./company-contact";
import { LegalDocument, type LegalSection } from "./legal-document";

const sections: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement",
    body: (
      <>
        <p>
          These terms are an agreement between you and <strong>{SITE.company}</strong> (“{SITE.name}”, “we”, “us”) about your use
          of the {SITE.name} website, dashboard, API and embeddable components (the “Service”). By creating an account or using
          the Service you accept them, together with our <Link to="/privacy">Privacy Policy</Link> and{" "}
          <Link to="/refund">Refund Policy</Link>.
        </p>
        <p>
          If you use the Service for an organisation, you accept these terms on its behalf and confirm you may do so. You must be
          18 or older.
        </p>
      </>
    ),
  },
  {
    id: "the-service",
    title: "The Service",
    body: (
      <p>
        {SITE.name} generates user interfaces for chat: you send a conversation to the API and the model (such as{" "}
        <code>{SITE.model}</code>) answers with UI code and a screen that our components render in your product. The features,
        models, limits and prices are described in the <Link to="/docs">documentation</Link> and on the{" "}
        <Link to="/pricing">pricing page</Link>.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>Give accurate information and keep your e-mail address current: we use it to reach you.</li>
        <li>
          Keep your password safe and do not share your account. You are responsible for what happens under it; tell us at once if
          you suspect someone else has used it.
        </li>
        <li>One person or organisation may hold several apps; all plans allow unlimited apps.</li>
      </ul>
    ),
  },
  {
    id: "apps-and-keys",
    title: "Apps and API keys",
    body: (
      <ul>
        <li>Each app is registered for a website and has its own API key. Only the keys of active apps are accepted.</li>
        <li>
          Treat keys like passwords. Keep them on your servers where you can; a key placed in a web page can be read by its
          visitors. You are responsible for all usage made with your keys, including by people you let use your product.
        </li>
        <li>We may disable a key that has leaked, is being abused or puts the Service at risk, and will tell you when we do.</li>
        <li>Respect the published limits, such as 600 requests per minute per key.</li>
      </ul>
    ),
  },
  {
    id: "billing",
    title: "Balance, prices and payment",
    body: (
      <>
        <ul>
          <li>
            The Service is <strong>pay as you go</strong>: you add a prepaid balance and each request is charged for the tokens it
            uses, at the per-model prices on the <Link to="/pricing">pricing page</Link>. There is no fixed fee.
          </li>
          <li>
            Your balance is kept in US dollars. You pay a top-up with PayPal in US dollars, or through Cashfree Payments in Indian
            rupees at the amount shown before you pay. The minimum top-up is $10.
          </li>
          <li>
            While a request runs, its maximum possible cost is held on your balance; when it ends, only the tokens used are
            charged. A request that fails on our side is not charged. A request that cannot be covered by your balance is refused.
          </li>
          <li>
            We may change prices. Changes apply to requests made after they take effect and are announced on the pricing page in
            advance; they never change what you were charged before.
          </li>
          <li>Prices do not include taxes that apply to you; where the law requires, taxes are added.</li>
          <li>
            A balance has no cash value, cannot be transferred and does not earn interest. Unused top-ups can be refunded within{" "}
            {REFUND_WINDOW_DAYS} days as the <Link to="/refund">Refund Policy</Link> describes.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You must not use the Service, or let others use it through your product, to:</p>
        <ul>
          <li>break the law or infringe anyone's rights, including intellectual property and privacy;</li>
          <li>
            create deceptive interfaces — for example screens that imitate another organisation's sign-in or payment pages — or
            content that is harmful, hateful, sexual involving minors, or promotes violence;
          </li>
          <li>send malware, or try to escape the sandbox, probe or break the Service's security, or access others' data;</li>
          <li>overload the Service, get around its limits, or share one key among unrelated customers to avoid them;</li>
          <li>copy or reverse-engineer the Service, except as the law allows; or</li>
          <li>resell raw access to the API as a service of its own without our written agreement.</li>
        </ul>
      </>
    ),
  },
  {
    id: "content",
    title: "Your content and generated UI",
    body: (
      <>
        <p>
          You keep all rights in what you send to the Service — prompts, messages, data, templates (“Input”). You give us the
          right to process Input only to provide, secure and improve the reliability of the Service for you.
        </p>
        <p>
          As between you and us, you own the UI code and screens generated for you (“Output”), to the extent the law allows.
          Output is produced automatically: it may be inaccurate, incomplete, or similar to Output produced for others. Review it
          before you show it to your users; you are responsible for Output you publish and for your product's compliance with the
          law.
        </p>
      </>
    ),
  },
  {
    id: "our-property",
    title: "Our property",
    body: (
      <p>
        The Service, its models, renderer, components, documentation and brand belong to {SITE.name} and its licensors. We give
        you a limited, non-exclusive, non-transferable right to use them, including our embeddable components in your products, to
        use the Service under these terms. Feedback you send us may be used without obligation to you.
      </p>
    ),
  },
  {
    id: "third-parties",
    title: "Third-party services",
    body: (
      <p>
        Payments are handled by PayPal and Cashfree Payments, and sign-in with Google by Google, under their own terms. We are not
        responsible for their services, but we will help you with any problem a payment through them causes on our side.
      </p>
    ),
  },
  {
    id: "changes-to-service",
    title: "Availability and changes",
    body: (
      <p>
        We work to keep the Service available and fast, but we do not promise it will be uninterrupted or error-free, and there
        may be maintenance windows. We may change, add or retire features and models; when a change takes away something you rely
        on, we will tell you in advance where we reasonably can.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <>
        <p>
          You may stop using the Service and ask us to close your account at any time. We may suspend or close an account that
          breaches these terms, that is used for fraud, or where the law requires it; we will tell you why unless the law or
          security prevents us.
        </p>
        <p>
          When an account is closed, its keys stop working. Unused balance is handled under the{" "}
          <Link to="/refund">Refund Policy</Link>. Sections that by their nature should survive — such as payment obligations,
          disclaimers and limitation of liability — survive closure.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        Except as these terms expressly say, the Service is provided “as is” and “as available”. To the extent the law allows, we
        disclaim all implied warranties, including of merchantability, fitness for a particular purpose and non-infringement, and
        any warranty that Output will be accurate or suitable.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          To the extent the law allows, {SITE.name}'s total liability for all claims arising from or relating to the Service or
          these terms is limited to <strong>the amount you paid us in the {LIABILITY_CAP_MONTHS} months</strong> before the event
          giving rise to the claim.
        </p>
        <p>
          We are not liable for indirect, incidental, special or consequential losses, or for lost profits, revenue, data or
          goodwill, even if we were told they were possible. Nothing in these terms limits liability that cannot be limited by
          law, such as for fraud.
        </p>
      </>
    ),
  },
  {
    id: "indemnity",
    title: "Indemnity",
    body: (
      <p>
        You will defend and indemnify {SITE.name} against claims by third parties arising from your product, your Input, Output
        you publish, or your breach of these terms, and pay the resulting reasonable costs and damages.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law and disputes",
    body: (
      <p>
        These terms are governed by the laws of India. Before going to court, write to us so we can try to settle the matter
        within 30 days. The courts of Bengaluru, Karnataka have exclusive jurisdiction, except that either party may seek urgent
        relief wherever it is available.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms. The effective date at the top shows the latest version; significant changes are announced by
        e-mail or on the dashboard at least 15 days before they apply. If you keep using the Service after that, the new terms
        apply; if you do not agree, you may close your account.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact us",
    body: (
      <>
        <p>Questions about these terms:</p>
        <CompanyContact />
      </>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead={`The agreement that governs your use of ${SITE.name}: accounts, API keys, payment, acceptable use and liability.`}
      sections={sections}
    />
  );
}
