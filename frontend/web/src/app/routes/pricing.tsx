import styled from "styled-components";
import { ButtonLink } from "../../components/ui/button";
import { Badge, Container, Section, SectionLead, SectionTitle } from "../../components/ui/layout";
import { PlanCards, useCurrencyPlans } from "../../features/plans";
import { CurrencySwitch } from "../../features/plans/components/currency-switch";
import { Faq } from "../../features/plans/components/faq";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

const Head = styled.div`
  text-align: center;
  padding: 72px 0 8px;
  h1 {
    font-size: clamp(32px, 5.4vw, 52px);
    letter-spacing: -0.02em;
    margin: 16px auto 16px;
    max-width: 760px;
    text-wrap: balance;
  }
  @media (max-width: 640px) {
    padding-top: 48px;
  }
`;

const Switch = styled.div`
  display: flex;
  justify-content: center;
  margin: 0 0 32px;
`;

const Contact = styled.div`
  text-align: center;
  margin-top: 40px;
  p {
    color: var(--fg-muted);
  }
  div {
    display: flex;
    gap: 12px;
    justify-content: center;
    flex-wrap: wrap;
  }
`;

/** SPEC §2 Pricing: plan cards with a USD/INR switch, a FAQ and a way to ask us. */
export default function PricingPage() {
  useTitle("Pricing");
  const { isLoggedIn } = useSession();
  const plans = useCurrencyPlans("USD");
  return (
    <>
      <Container>
        <Head>
          <Badge>Pay as you go</Badge>
          <h1>Simple pricing for every chat</h1>
          <SectionLead style={{ marginBottom: 32 }}>
            Pay only for the requests you make and the tokens they use. Prices are per 1M tokens, in US dollars or Indian rupees.
          </SectionLead>
        </Head>
        <Switch>
          <CurrencySwitch value={plans.currency} onChange={plans.setCurrency} />
        </Switch>
        <PlanCards state={plans} headingLevel={2} />
      </Container>
      <Section aria-labelledby="faq-title">
        <Container>
          <SectionTitle id="faq-title">Frequently asked questions</SectionTitle>
          <SectionLead>Billing, limits and payments in short.</SectionLead>
          <Faq />
          <Contact>
            <p>Still have a question? We are happy to help.</p>
            <div>
              <ButtonLink to="/contact" $variant="outline" $size="lg">
                Contact Us
              </ButtonLink>
              <ButtonLink to={isLoggedIn ? "/dashboard" : "/login"} $variant="primary" $size="lg">
                Get Api Key
              </ButtonLink>
            </div>
          </Contact>
        </Container>
      </Section>
    </>
  );
}
