import styled from "styled-components";

/** The editor routes' page: wide (up to 1440 px), a column of heading, toolbar and workspace. */
export const WorkspacePage = styled.div`
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: 24px 24px 48px;
  display: grid;
  gap: 16px;
  @media (max-width: 480px) {
    padding: 16px 16px 40px;
  }
`;

/** Editor and preview side by side on wide screens, stacked (editor first) on narrow ones. */
export const Workspace = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  align-items: start;
  @media (max-width: 960px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/**
 * The code side: a heading, the editor filling the window's height (a fixed height when stacked), a hint. `$chrome` is
 * the height the page puts above and below the editor besides the site header (240 px unless told).
 */
export const EditorPanel = styled.section<{ $chrome?: number }>`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
  h2 {
    font-size: 16px;
    margin: 0;
    line-height: 32px;
  }
  .editor {
    height: max(420px, calc(100dvh - var(--header-h) - ${({ $chrome = 240 }) => $chrome}px));
    min-height: 0;
  }
  @media (max-width: 960px) {
    .editor {
      height: 360px;
    }
  }
`;
