import { useEffect } from "react";
import styled from "styled-components";
import { PageLayout } from "../../../components/ui/page-layout";
import { DOC_SECTIONS } from "../sections";
import { useCurrentSection } from "../use-current-section";
import { SnippetLanguageProvider } from "./code-tabs";
import { DocsNav } from "./docs-nav";
import { Lead } from "./prose";
import { ApiCalling } from "./sections/api-calling";
import { Introduction } from "./sections/introduction";
import { Rendering } from "./sections/rendering";
import { SystemPrompt } from "./sections/system-prompt";
import { ToolCalling } from "./sections/tool-calling";
import { UsingInAgents } from "./sections/using-in-agents";

/** The height of the section bar that the navigation becomes on narrow screens (the sections scroll clear of it). */
const Frame = styled(PageLayout)`
  --docs-nav-h: 53px;
`;

const Sidebar = styled.div`
  align-self: stretch;
  @media (max-width: 899px) {
    display: contents;
  }
`;

const Article = styled.div`
  min-width: 0;
  max-width: 860px;
`;

const IDS = DOC_SECTIONS.map((s) => s.id);

/** /docs (SPEC §2 Docs): the sections with a navigation that scrolls to each and marks the one being read. */
export function DocsPage() {
  const origin = window.location.origin;
  const { current, select } = useCurrentSection(IDS);

  // A link to /docs#tool-calling opens at that section.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if ((IDS as string[]).includes(id)) select(id);
  }, [select]);

  return (
    <SnippetLanguageProvider>
      <Frame
        title="Documentation"
        intro={
          <Lead>
            Call the GenUI API with the OpenAI clients you already use, render its screens in your chat, and build them into
            agents.
          </Lead>
        }
        nav={
          <Sidebar>
            <DocsNav items={DOC_SECTIONS} current={current} onSelect={select} />
          </Sidebar>
        }
        columns="220px minmax(0, 1fr)"
        gap={56}
        stackedGap={24}
        stackAt={899}
        dense
      >
        <Article>
          <Introduction origin={origin} />
          <ApiCalling origin={origin} />
          <Rendering origin={origin} />
          <SystemPrompt origin={origin} />
          <ToolCalling origin={origin} />
          <UsingInAgents origin={origin} />
        </Article>
      </Frame>
    </SnippetLanguageProvider>
  );
}
