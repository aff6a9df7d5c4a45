import styled from "styled-components";

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

/** The code side: a heading, the editor filling the window's height (a fixed height when stacked), a hint. */
export const EditorPanel = styled.section`
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
    height: max(420px, calc(100dvh - var(--header-h) - 240px));
    min-height: 0;
  }
  @media (max-width: 960px) {
    .editor {
      height: 360px;
    }
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--fg-muted);
  kbd {
    font-size: 12px;
    padding: 0 4px;
    border: 1px solid var(--border-strong);
    border-radius: 4px;
    background: var(--bg-muted);
  }
`;

/** Keyboard help for the editor: Tab indents inside Monaco, so say how to leave it. */
export function EditorHint() {
  return (
    <Hint>
      <kbd>Ctrl</kbd>+<kbd>Space</kbd> suggests components and options. <kbd>Tab</kbd> indents; press <kbd>Ctrl</kbd>+<kbd>M</kbd>{" "}
      (<kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>M</kbd> on a Mac) to make <kbd>Tab</kbd> move focus instead.
    </Hint>
  );
}
