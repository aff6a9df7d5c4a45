import { useId } from "react";
import styled from "styled-components";

export type EditorMode = "ai" | "code";

const Group = styled.div`
  display: inline-flex;
  padding: 3px;
  gap: 2px;
  border-radius: 10px;
  background: var(--bg-muted);
  border: 1px solid var(--border);
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
    height: 32px;
    padding: 0 14px;
    border-radius: 7px;
    font-size: 14px;
    font-weight: 600;
    color: var(--fg-muted);
    cursor: pointer;
    user-select: none;
  }
  label:has(input:checked) {
    background: var(--surface);
    color: var(--fg);
    box-shadow: var(--shadow);
  }
  label:has(input:focus-visible) {
    outline: 2px solid var(--focus);
    outline-offset: 1px;
  }
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
`;

const MODES: { id: EditorMode; label: string }[] = [
  { id: "ai", label: "AI" },
  { id: "code", label: "Code" },
];

/** SPEC §2: the toggle between AI and Code modes — a segmented control built on native radio buttons. */
export function ModeToggle({ value, onChange }: { value: EditorMode; onChange(mode: EditorMode): void }) {
  const name = useId();
  return (
    <Group role="radiogroup" aria-label="Editing mode">
      {MODES.map((m) => (
        <label key={m.id}>
          <input type="radio" name={name} value={m.id} checked={value === m.id} onChange={() => onChange(m.id)} />
          {m.label}
        </label>
      ))}
    </Group>
  );
}
