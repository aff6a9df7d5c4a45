import { useMemo } from "react";
import { Link } from "react-router-dom";
import { Container, Section, SectionLead, SectionTitle } from "../../components/ui/layout";
import { chatSnippets } from "../../features/docs";
import { ClosingBanner, DemoWindow, Hero, HowItWorks, Integrate } from "../../features/landing";
import { PlanCards, usePlans } from "../../features/plans";
import { useTitle } from "../../lib/use-title";

function ModelPlans() {
  const state = usePlans("USD");
  return (
    <Section aria-labelledby="plans-title">
      <Container>
        <SectionTitle id="plans-title">Model plans</SectionTitle>
        <SectionLead>
          Pay as you go for the requests you make and the tokens they use. <Link to="/pricing">See pricing in USD or INR</Link>.
        </SectionLead>
        <PlanCards state={state} />
      </Container>
    </Section>
  );
}

/** SPEC §2 Landing: hero, demo video, How It Works, Easy to Integrate, model plans, closing banner. */
export default function LandingPage() {
  useTitle("");
  const snippets = useMemo(() => chatSnippets(window.location.origin), []);
  return (
    <>
      <Hero />
      <DemoWindow />
      <HowItWorks />
      <Integrate snippets={snippets} />
      <ModelPlans />
      <ClosingBanner />
    </>
  );
}
