import type { ReactNode } from "react";
import styled from "styled-components";

/** Long-form text of the docs: readable measure, inline code, lists and tables in both themes. */
export const Prose = styled.div`
  font-size: 16px;
  line-height: 1.7;
  h3 {
    font-size: 20px;
    margin: 40px 0 12px;
  }
  h4 {
    font-size: 16px;
    margin: 28px 0 8px;
  }
  p,
  ul,
  ol {
    margin: 0 0 16px;
  }
  ul,
  ol {
    padding-left: 22px;
  }
  li + li {
    margin-top: 6px;
  }
  :not(pre) > code {
    padding: 0.1em 0.35em;
    border-radius: 5px;
    background: var(--bg-muted);
    border: 1px solid var(--border);
    font-size: 0.88em;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 650;
  }
  /* Code blocks keep their distance from the text around them. */
  [data-code-tabs],
  [data-code] {
    margin: 16px 0 24px;
  }
`;

const SectionBox = styled.section`
  /* The sticky header (and on narrow screens the sticky section bar) must not cover the heading scrolled to. */
  scroll-margin-top: calc(var(--header-h) + 24px);
  padding: 8px 0 48px;
  & + & {
    border-top: 1px solid var(--border);
    padding-top: 40px;
  }
  &:last-of-type {
    min-height: calc(100dvh - var(--header-h) - 24px);
  }
  @media (max-width: 899px) {
    scroll-margin-top: calc(var(--header-h) + var(--docs-nav-h) + 16px);
  }
  > h2 {
    font-size: clamp(26px, 3.2vw, 32px);
    margin-bottom: 16px;
    &:focus {
      outline: none;
    }
  }
`;

/** One documentation section: an anchor target whose heading takes focus when chosen in the navigation. */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionBox id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      <Prose>{children}</Prose>
    </SectionBox>
  );
}

export const Lead = styled.p`
  font-size: 17px;
  color: var(--fg-muted);
`;

const CalloutBox = styled.div<{ $tone: "note" | "warning" }>`
  margin: 16px 0 24px;
  padding: 12px 16px;
  border: 1px solid ${(p) => (p.$tone === "warning" ? "#ca8a04" : "var(--accent)")};
  border-left-width: 4px;
  border-radius: 8px;
  background: ${(p) => (p.$tone === "warning" ? "var(--warning-soft)" : "var(--accent-soft)")};
  color: var(--fg);
  p:last-child {
    margin-bottom: 0;
  }
`;

/** A highlighted note within the text. */
export function Callout({ label, tone = "note", children }: { label: string; tone?: "note" | "warning"; children: ReactNode }) {
  return (
    <CalloutBox $tone={tone} role="note" aria-label={label}>
      {children}
    </CalloutBox>
  );
}

const TableScroll = styled.div`
  /* Positioned, so visually hidden text in cells scrolls (and is clipped) with the table. */
  position: relative;
  margin: 16px 0 24px;
  overflow-x: auto;
  border: 1px solid var(--border);
  border-radius: 10px;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 15px;
    line-height: 1.5;
  }
  caption {
    text-align: left;
    padding: 10px 14px;
    font-weight: 600;
    border-bottom: 1px solid var(--border);
  }
  th,
  td {
    padding: 10px 14px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid var(--border);
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  thead th {
    background: var(--bg-subtle);
    font-size: 14px;
    font-weight: 650;
    white-space: nowrap;
  }
  td:first-child code,
  th[scope="row"] code {
    white-space: nowrap;
  }
  /* Identifiers that must not break mid-word: the table scrolls sideways instead. */
  &[data-nowrap-code] code {
    white-space: nowrap;
    overflow-wrap: normal;
  }
  &[data-nowrap-code] td {
    min-width: 160px;
  }
`;

/** A table that scrolls sideways on small screens; the scroller is focusable so keyboards can scroll it too. */
export function DataTable({ label, nowrapCode, children }: { label: string; nowrapCode?: boolean; children: ReactNode }) {
  return (
    <TableScroll role="region" aria-label={label} tabIndex={0} data-nowrap-code={nowrapCode ? "" : undefined}>
      <table>{children}</table>
    </TableScroll>
  );
}
