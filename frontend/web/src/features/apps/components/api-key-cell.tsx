import styled from "styled-components";
import { CheckIcon, CopyIcon } from "../../../components/ui/icons";
import { Tooltip } from "../../../components/ui/tooltip";
import { useCopyFeedback } from "../../../lib/use-copy-feedback";
import { shortKey } from "../api";

const Wrap = styled.span`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  code {
    font-size: 14px;
    padding: 2px 6px;
    border-radius: 6px;
    background: var(--bg-muted);
    white-space: nowrap;
  }
`;

const CopyButton = styled.button`
  width: 32px;
  height: 32px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid transparent;
  border-radius: 6px;
  background: transparent;
  color: var(--fg-muted);
  cursor: pointer;
  &:hover {
    background: var(--bg-muted);
    color: var(--fg);
  }
  &[data-copied="true"] {
    color: var(--success);
  }
  svg {
    width: 16px;
    height: 16px;
  }
`;

/** A small chip under the button; the live region stays mounted so the change is announced. */
const Feedback = styled.span`
  position: absolute;
  top: calc(100% + 4px);
  right: 0;
  z-index: 5;
  white-space: nowrap;
  font-size: 13px;
  font-weight: 600;
  &:not(:empty) {
    padding: 4px 8px;
    border-radius: 6px;
    background: var(--fg);
    color: var(--bg);
    box-shadow: var(--shadow);
  }
`;

/** The key's first 10 characters and an ellipsis, and a button that copies the whole key. */
export function ApiKeyCell({ apiKey, appUrl }: { apiKey: string; appUrl: string }) {
  const { copied, copy } = useCopyFeedback();

  return (
    <Wrap>
      <code>{shortKey(apiKey)}</code>
      <Tooltip content="Copy API key">
        <CopyButton
          type="button"
          aria-label={`Copy API key for ${appUrl}`}
          data-copied={copied}
          onClick={() => void copy(apiKey)}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </CopyButton>
      </Tooltip>
      <Feedback role="status">{copied ? "Copied to clipboard" : ""}</Feedback>
    </Wrap>
  );
}
