import type { MouseEvent, ReactNode } from "react";
import styled from "styled-components";
import { PageLayout, PageLead } from "../../../components/ui/page-layout";
import { EFFECTIVE_DATE } from "../legal";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const EffectiveDate = styled.p`
  color: var(--fg-muted);
  font-size: 15px;
  margin-bottom: 16px;
`;

const Toc = styled.nav`
  position: sticky;
  top: calc(var(--header-h) + 24px);
  max-height: calc(100dvh - var(--header-h) - 48px);
  overflow-y: auto;
  padding: 16px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--bg-subtle);
  h2 {
    font-size: 13px;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--fg-muted);
    margin: 0 0 10px;
  }
  ol {
    margin: 0;
    padding-left: 22px;
    display: grid;
    gap: 6px;
    font-size: 14.5px;
    line-height: 1.45;
  }
  li::marker {
    color: var(--fg-muted);
  }
  a {
    color: var(--fg);
    text-decoration: none;
    &:hover {
      color: var(--accent-text);
      text-decoration: underline;
    }
  }
  @media (max-width: 899px) {
    position: static;
    max-height: none;
    overflow: visible;
  }
`;

const Body = styled.article`
  max-width: 760px;
  min-width: 0;
  font-size: 16px;
  line-height: 1.75;
  section {
    scroll-margin-top: calc(var(--header-h) + 24px);
  }
  section + section {
    margin-top: 40px;
  }
  h2 {
    font-size: 24px;
    margin-bottom: 12px;
    &:focus {
      outline: none;
    }
  }
  h3 {
    font-size: 18px;
    margin: 24px 0 8px;
  }
  p,
  ul,
  ol {
    margin: 0 0 14px;
  }
  ul,
  ol {
    padding-left: 22px;
  }
  li + li {
    margin-top: 6px;
  }
  strong {
    font-weight: 650;
  }
  code {
    font-size: 0.9em;
    padding: 0.1em 0.35em;
    border-radius: 5px;
    background: var(--bg-muted);
    border: 1px solid var(--border);
  }
  address {
    font-style: normal;
  }
`;

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Scrolls to a section (smoothly unless reduced motion), keeps the hash in the address, and moves focus there. */
function jump(e: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
  e.preventDefault();
  target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  target.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  history.replaceState(history.state, "", `#${id}`);
}

/** A legal page (SPEC §2 Legal): title, effective date, table of contents and numbered sections. */
export function LegalDocument({ title, lead, sections }: { title: string; lead: ReactNode; sections: LegalSection[] }) {
  return (
    <PageLayout
      title={title}
      titleGap={8}
      intro={
        <>
          <EffectiveDate>
            Effective date: <time dateTime="2025-05-14">{EFFECTIVE_DATE}</time>
          </EffectiveDate>
          <PageLead>{lead}</PageLead>
        </>
      }
      nav={
        <Toc aria-labelledby="legal-toc">
          <h2 id="legal-toc">Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={(e) => jump(e, s.id)}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </Toc>
      }
      columns="240px minmax(0, 1fr)"
      gap={56}
      stackedGap={32}
      stackAt={899}
    >
      <Body>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`} tabIndex={-1}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </Body>
    </PageLayout>
  );
}
