import styled from "styled-components";
import { Container, Section, SectionLead, SectionTitle } from "../../../components/ui/layout";

/** SPEC §1: the three steps, in order. */
export const STEPS = [
  { title: "Create Your App", text: "Sign up, create an app for your website and get an API key." },
  { title: "Add to Your Chat", text: "Import the component and add it to your chat interface." },
  { title: "Create Visualizations", text: "Write JavaScript code to generate interactive visualizations in the chat." },
] as const;

const Grid = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 20px;
  @media (max-width: 860px) {
    grid-template-columns: 1fr;
  }
`;

const Step = styled.li`
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  padding: 24px;
  h3 {
    font-size: 20px;
    margin: 16px 0 8px;
  }
  p {
    margin: 0;
    color: var(--fg-muted);
  }
`;

const StepNumber = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 10px;
  background: var(--accent-soft);
  color: var(--accent-text);
  font-weight: 800;
  font-size: 18px;
`;

export function HowItWorks() {
  return (
    <Section aria-labelledby="how-title">
      <Container>
        <SectionTitle id="how-title">How It Works</SectionTitle>
        <SectionLead>From sign-up to live visualizations in your chat in three steps.</SectionLead>
        <Grid>
          {STEPS.map((s, i) => (
            <Step key={s.title}>
              <StepNumber aria-hidden="true">{i + 1}</StepNumber>
              <h3>
                <span className="visually-hidden">{`${i + 1}. `}</span>
                {s.title}
              </h3>
              <p>{s.text}</p>
            </Step>
          ))}
        </Grid>
      </Container>
    </Section>
  );
}
