import { Link } from "react-router-dom";
import { SITE } from "../../../lib/site";
import { REFUND_RESPONSE_BUSINESS_DAYS, REFUND_WINDOW_DAYS } from "../legal";
import { CompanyContact } from "./company-contact";
import { LegalDocument, type LegalSection } from "./legal-document";

const sections: LegalSection[] = [
  {
    id: "overview",
    title: "Overview",
    body: (
      <p>
        {SITE.name} is pay as you go: you add a prepaid balance and each API request is charged for the tokens it uses. This
        policy explains when you can get money back. It is part of our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "What can be refunded",
    body: (
      <ul>
        <li>
          <strong>Unused top-ups:</strong> you may ask for a refund of a top-up within <strong>{REFUND_WINDOW_DAYS} days</strong>{" "}
          of paying it. We refund the part of that top-up that has not been used for requests.
        </li>
        <li>
          <strong>Duplicate or mistaken charges:</strong> if you were charged twice for one top-up, or charged an amount you did
          not approve, we refund the extra charge.
        </li>
        <li>
          <strong>Payments that never became balance:</strong> if your payment went through but the balance did not arrive, we
          credit it or, if you prefer, refund it — whenever you tell us.
        </li>
      </ul>
    ),
  },
  {
    id: "not-refundable",
    title: "What cannot be refunded",
    body: (
      <ul>
        <li>balance already used for requests — usage is charged for tokens actually generated;</li>
        <li>top-ups paid more than {REFUND_WINDOW_DAYS} days before your request;</li>
        <li>free, promotional or demo credit;</li>
        <li>
          balance of an account closed for breaching the <Link to="/terms">Terms of Service</Link>, unless the law requires
          otherwise.
        </li>
      </ul>
    ),
  },
  {
    id: "how-to-request",
    title: "How to ask for a refund",
    body: (
      <>
        <p>
          E-mail <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> from your account's e-mail address with:
        </p>
        <ul>
          <li>the e-mail address of your {SITE.name} account;</li>
          <li>the date and amount of the top-up;</li>
          <li>the payment's order number, if you have it (from PayPal's or Cashfree's receipt); and</li>
          <li>what you would like refunded, and why.</li>
        </ul>
      </>
    ),
  },
  {
    id: "response",
    title: "When we answer",
    body: (
      <p>
        We answer every refund request within <strong>{REFUND_RESPONSE_BUSINESS_DAYS} business days</strong> (Monday to Friday,
        excluding public holidays in India), either approving the refund or explaining why it cannot be given.
      </p>
    ),
  },
  {
    id: "how-refunds-are-paid",
    title: "How refunds are paid",
    body: (
      <ul>
        <li>
          Refunds go back to the payment method you used, through the same provider: <strong>PayPal</strong> refunds in US
          dollars, <strong>Cashfree Payments</strong> refunds in Indian rupees. For a rupee payment we refund the rupee amount
          paid for the unused part, not a new conversion.
        </li>
        <li>The refunded amount is taken off your balance when the refund is issued.</li>
        <li>
          Once we have issued it, the provider and your bank usually take 5 to 10 business days to show it on your statement.
        </li>
        <li>We do not charge a fee for refunds.</li>
      </ul>
    ),
  },
  {
    id: "apps-and-subscriptions",
    title: "Apps and subscriptions",
    body: (
      <p>
        Apps cost nothing in themselves: all plans allow unlimited apps. Cancelling an app's subscription or deleting an app stops
        its API key but does not change your balance; to get unused balance back, ask for a refund as described above.
      </p>
    ),
  },
  {
    id: "chargebacks",
    title: "Chargebacks",
    body: (
      <p>
        If something is wrong with a payment, please write to us first — we can usually fix it faster than a dispute with your
        bank. While a chargeback is open we may pause the account's API keys.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact us",
    body: (
      <>
        <p>Refund questions and requests:</p>
        <CompanyContact />
      </>
    ),
  },
];

export function RefundPolicy() {
  return (
    <LegalDocument
      title="Refund Policy"
      lead="When and how you can get money back for your prepaid balance."
      sections={sections}
    />
  );
}
