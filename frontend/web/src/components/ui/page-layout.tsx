import type { ReactNode } from "react";
import styled, { css } from "styled-components";
import { Container } from "./layout";

const Page = styled(Container)<{ $dense: boolean; $stackAt: number }>`
  ${(p) =>
    p.$dense
      ? css`
          padding-top: 40px;
          padding-bottom: 24px;
          @media (max-width: ${p.$stackAt}px) {
            padding-top: 28px;
          }
        `
      : css`
          padding-top: 48px;
          padding-bottom: 72px;
          @media (max-width: 640px) {
            padding-top: 32px;
            padding-bottom: 48px;
          }
        `}
`;

const Head = styled.header<{ $width: number; $titleGap: number; $dense: boolean; $stackAt: number }>`
  max-width: ${(p) => p.$width}px;
  margin-bottom: 32px;
  h1 {
    font-size: clamp(32px, 5vw, 44px);
    margin-bottom: ${(p) => p.$titleGap}px;
  }
  ${(p) =>
    p.$dense &&
    css`
      @media (max-width: ${p.$stackAt}px) {
        margin-bottom: 16px;
      }
    `}
`;

const Columns = styled.div<{ $columns: string; $gap: number; $stackedGap: number; $stackAt: number }>`
  display: grid;
  grid-template-columns: ${(p) => p.$columns};
  gap: ${(p) => p.$gap}px;
  align-items: start;
  @media (max-width: ${(p) => p.$stackAt}px) {
    grid-template-columns: minmax(0, 1fr);
    gap: ${(p) => p.$stackedGap}px;
  }
`;

/** The lead paragraph under a page's title. */
export const PageLead = styled.p`
  font-size: 17px;
  color: var(--fg-muted);
  margin: 0;
`;

export interface PageLayoutProps {
  title: string;
  /** Under the title: the page's lead, and whatever else introduces it (a date). */
  intro: ReactNode;
  /** A column before the content (a section navigation). */
  nav?: ReactNode;
  /** A column after the content (details beside a form). */
  aside?: ReactNode;
  /** The two tracks side by side, in page order, e.g. `240px minmax(0, 1fr)`. */
  columns: string;
  /** The gap between the columns side by side and stacked (px). */
  gap: number;
  stackedGap: number;
  /** Up to this width (px) the columns stack. */
  stackAt: number;
  /** The head's measure (px). */
  headWidth?: number;
  /** The space under the title (px). */
  titleGap?: number;
  /** A long read whose sections bring their own spacing: less padding around the page, and under the head when stacked. */
  dense?: boolean;
  className?: string;
  children: ReactNode;
}

/** A text page (docs, legal, contact): a title with its intro above two columns that stack on narrow screens. */
export function PageLayout({
  title,
  intro,
  nav,
  aside,
  columns,
  gap,
  stackedGap,
  stackAt,
  headWidth = 760,
  titleGap = 12,
  dense = false,
  className,
  children,
}: PageLayoutProps) {
  return (
    <Page className={className} $dense={dense} $stackAt={stackAt}>
      <Head $width={headWidth} $titleGap={titleGap} $dense={dense} $stackAt={stackAt}>
        <h1>{title}</h1>
        {intro}
      </Head>
      <Columns $columns={columns} $gap={gap} $stackedGap={stackedGap} $stackAt={stackAt}>
        {nav}
        {children}
        {aside}
      </Columns>
    </Page>
  );
}
