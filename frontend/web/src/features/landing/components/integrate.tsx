import { useState } from "react";
import styled from "styled-components";
import { CodeBlock, type CodeLanguage } from "../../../components/ui/code-block";
import { Container, Section, SectionLead, SectionTitle } from "../../../components/ui/layout";
import { Tabs } from "../../../components/ui/tabs";
import { ButtonLink } from "../../../components/ui/button";

/** The three programs shown (the route passes the docs' snippets for this site's origin). */
export interface IntegrationSnippets {
  curl: string;
  python: string;
  javascript: string;
}

const TABS: { id: keyof IntegrationSnippets; label: string; language: CodeLanguage }[] = [
  { id: "curl", label: "Curl", language: "bash" },
  { id: "python", label: "Python", language: "python" },
  { id: "javascript", label: "Javascript", language: "javascript" },
];

const Body = styled.div`
  max-width: 860px;
  margin: 0 auto;
  display: grid;
  gap: 24px;
  justify-items: center;
  > div:first-child {
    width: 100%;
    min-width: 0;
  }
  [role="tablist"] {
    margin: 0 auto;
  }
`;

/** "Easy to Integrate": one request with any OpenAI client, in three languages. */
export function Integrate({ snippets }: { snippets: IntegrationSnippets }) {
  const [tab, setTab] = useState<string>("curl");
  return (
    <Section aria-labelledby="integrate-title" style={{ background: "var(--bg-subtle)" }}>
      <Container>
        <SectionTitle id="integrate-title">Easy to Integrate</SectionTitle>
        <SectionLead>
          The API speaks the OpenAI chat format: point any OpenAI client at GenUI, and every answer carries UI code and a screen
          ready to render.
        </SectionLead>
        <Body>
          <Tabs
            label="Code examples"
            value={tab}
            onChange={setTab}
            items={TABS.map((t) => ({
              id: t.id,
              label: t.label,
              content: <CodeBlock code={snippets[t.id]} language={t.language} label={`${t.label} example`} />,
            }))}
          />
          <ButtonLink to="/docs" $variant="outline" $size="md">
            View Full Documentation
          </ButtonLink>
        </Body>
      </Container>
    </Section>
  );
}
