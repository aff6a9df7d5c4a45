import styled from "styled-components";
import { Badge, Container } from "../../../components/ui/layout";
import { useSession } from "../../../lib/session";
import { ButtonLink } from "../../../components/ui/button";

const Wrap = styled.section`
  position: relative;
  padding: 88px 0 48px;
  text-align: center;
  overflow: hidden;
  isolation: isolate;
  /* A soft glow behind the headline; decorative, built from the theme's own colours. */
  &::before {
    content: "";
    position: absolute;
    inset: -20% -10% auto;
    height: 520px;
    background: radial-gradient(closest-side, var(--accent-soft), transparent);
    opacity: 0.9;
    pointer-events: none;
    z-index: -1;
  }
  @media (max-width: 640px) {
    padding: 56px 0 32px;
  }
`;

const Title = styled.h1`
  font-size: clamp(34px, 6.2vw, 64px);
  letter-spacing: -0.03em;
  line-height: 1.08;
  max-width: 900px;
  margin: 20px auto 20px;
  text-wrap: balance;
  em {
    font-style: normal;
    color: var(--accent-text);
  }
`;

const Lead = styled.p`
  max-width: 680px;
  margin: 0 auto 32px;
  font-size: clamp(17px, 2.2vw, 20px);
  color: var(--fg-muted);
  text-wrap: pretty;
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  justify-content: center;
  flex-wrap: wrap;
`;

/** SPEC §1: the tagline, the badge and the hero text; Get Started goes to the dashboard once signed in. */
export function Hero() {
  const { isLoggedIn } = useSession();
  return (
    <Wrap aria-labelledby="hero-title">
      <Container>
        <Badge>Transform your chat experiences</Badge>
        <Title id="hero-title">
          Bring chat to life with <em>real-time visualizations</em>
        </Title>
        <Lead>
          GenUI makes chat visually interactive: it turns plain text conversations into immersive experiences, with live forms,
          charts and dashboards rendered right inside the conversation.
        </Lead>
        <Actions>
          <ButtonLink to={isLoggedIn ? "/dashboard" : "/login"} $variant="primary" $size="lg">
            Get Started
          </ButtonLink>
          <ButtonLink to="/docs" $variant="outline" $size="lg">
            Explore the Docs
          </ButtonLink>
        </Actions>
      </Container>
    </Wrap>
  );
}
