import { useLayoutEffect, useRef, type ReactNode } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";

/** SPEC §9: the chat textarea grows to at most 200 px. */
export const TEXTAREA_MAX_HEIGHT = 200;

const Box = styled.form`
  display: grid;
  gap: 8px;
  padding: 10px;
  border: 1px solid var(--border-strong);
  border-radius: 14px;
  background: var(--surface);
  box-shadow: var(--shadow);
  textarea {
    width: 100%;
    border: 0;
    resize: none;
    background: transparent;
    color: var(--fg);
    font-size: 16px;
    line-height: 1.5;
    padding: 4px 6px;
    max-height: ${TEXTAREA_MAX_HEIGHT}px;
    overflow-y: auto;
    &:focus-visible {
      outline: none;
    }
    &::placeholder {
      color: var(--fg-muted);
      opacity: 1;
    }
  }
  &:focus-within {
    border-color: var(--focus);
    box-shadow: 0 0 0 1px var(--focus);
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
  .send {
    margin-left: auto;
  }
`;

export interface ComposerProps {
  value: string;
  onChange(v: string): void;
  onSend(): void;
  busy: boolean;
  disabled: boolean;
  placeholder?: string;
  tools?: ReactNode;
  label?: string;
}

/** "Ask anything": Enter sends, Shift+Enter adds a line; send is disabled when blank, busy or in error (SPEC §5). */
export function Composer({
  value,
  onChange,
  onSend,
  busy,
  disabled,
  placeholder = "Ask anything",
  tools,
  label = "Message",
}: ComposerProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, TEXTAREA_MAX_HEIGHT)}px`;
  }, [value]);
  const blocked = !value.trim() || busy || disabled;
  return (
    <Box
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) onSend();
      }}
    >
      <textarea
        ref={ref}
        rows={1}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (!blocked) onSend();
          }
        }}
      />
      <Row>
        {tools}
        <Button type="submit" size="sm" className="send" disabled={blocked} busy={busy}>
          {busy ? "Generating…" : "Send"}
        </Button>
      </Row>
    </Box>
  );
}
