import styled from "styled-components";
import { Container, Section } from "../../../components/ui/layout";
import { ButtonLink } from "../../../components/ui/button";

const Panel = styled.div`
  border-radius: 20px;
  padding: clamp(32px, 6vw, 64px) clamp(20px, 5vw, 56px);
  text-align: center;
  background: linear-gradient(135deg, var(--accent-soft), var(--bg-muted));
  border: 1px solid var(--border);
  h2 {
    font-size: clamp(24px, 4vw, 36px);
    margin-bottom: 12px;
    text-wrap: balance;
  }
  p {
    color: var(--fg-muted);
    max-width: 560px;
    margin: 0 auto 28px;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  justify-content: center;
  flex-wrap: wrap;
`;

/** SPEC §2: the closing call to action. */
export function ClosingBanner() {
  return (
    <Section aria-labelledby="closing-title">
      <Container>
        <Panel>
          <h2 id="closing-title">Ready to enhance your chat experience?</h2>
          <p>Create an app, get your API key and render your first generated screen in minutes.</p>
          <Actions>
            <ButtonLink to="/login" $variant="primary" $size="lg">
              Get Api Key
            </ButtonLink>
            <ButtonLink to="/docs" $variant="outline" $size="lg">
              Read the Docs
            </ButtonLink>
          </Actions>
        </Panel>
      </Container>
    </Section>
  );
}
