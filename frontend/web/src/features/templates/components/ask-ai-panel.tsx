import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { CodeBlock } from "../../../components/ui/code-block";
import { Textarea } from "../../../components/ui/field";

const Panel = styled.section`
  display: grid;
  gap: 12px;
  align-content: start;
  min-width: 0;
  h2 {
    font-size: 16px;
    margin: 0;
    line-height: 32px;
  }
  h3 {
    font-size: 14px;
    margin: 8px 0 0;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 8px;
  textarea {
    min-height: 96px;
    max-height: 240px;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  .hint {
    font-size: 13px;
    color: var(--fg-muted);
  }
`;

const Suggestions = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button {
    border: 1px solid var(--border-strong);
    background: var(--surface);
    color: var(--fg);
    border-radius: 999px;
    padding: 4px 12px;
    font-size: 13px;
    cursor: pointer;
    &:hover {
      background: var(--bg-muted);
    }
  }
`;

const Empty = styled.p`
  margin: 0;
  color: var(--fg-muted);
  font-size: 14px;
`;

const SUGGESTIONS = [
  "A sign-up form with email and password",
  "A pricing table with three plans",
  "A sales dashboard with a chart",
];

export interface AskAiPanelProps {
  code: string;
  busy: boolean;
  /** Resolves true when the code was changed (the prompt is then cleared). */
  onAsk(prompt: string): Promise<boolean>;
  headingId?: string;
}

/** SPEC §2: the "Ask AI..." prompt area. Enter sends, Shift+Enter starts a new line; the current code is shown below. */
export function AskAiPanel({ code, busy, onAsk, headingId }: AskAiPanelProps) {
  const [prompt, setPrompt] = useState("");
  const hintId = useId();
  const send = async () => {
    if (!prompt.trim() || busy) return;
    if (await onAsk(prompt)) setPrompt("");
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>Ask AI</h2>
      <Form onSubmit={onSubmit}>
        <Textarea
          aria-label="Ask AI"
          aria-describedby={hintId}
          placeholder="Ask AI..."
          value={prompt}
          disabled={busy}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="row">
          <span className="hint" id={hintId}>
            {code.trim() ? "Describe a change to this template." : "Describe the screen this template should show."} Enter sends,
            Shift+Enter adds a line.
          </span>
          <Button type="submit" busy={busy} disabled={!prompt.trim()}>
            {busy ? "Asking…" : "Send"}
          </Button>
        </div>
      </Form>
      {!code.trim() && (
        <Suggestions aria-label="Suggestions">
          {SUGGESTIONS.map((s) => (
            <li key={s}>
              <button type="button" onClick={() => setPrompt(s)} disabled={busy}>
                {s}
              </button>
            </li>
          ))}
        </Suggestions>
      )}
      <h3>Current code</h3>
      {code.trim() ? <CodeBlock code={code} language="javascript" label="Current UI code" /> : <Empty>No code yet.</Empty>}
    </Panel>
  );
}
