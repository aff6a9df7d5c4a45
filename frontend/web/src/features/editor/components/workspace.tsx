import styled from "styled-components";

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
