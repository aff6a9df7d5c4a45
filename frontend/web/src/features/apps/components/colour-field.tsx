import { useId, type ReactNode } from "react";
import styled from "styled-components";
import { FieldError, Hint, Input } from "../../../components/ui/field";

const Wrap = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
  label {
    font-size: 14px;
    font-weight: 600;
  }
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  /* The native picker, drawn as a swatch the size of the text field. */
  input[type="color"] {
    flex: none;
    width: 42px;
    height: 42px;
    padding: 3px;
    border: 1px solid var(--border-strong);
    border-radius: 8px;
    background: var(--surface);
    cursor: pointer;
    &::-webkit-color-swatch-wrapper {
      padding: 0;
    }
    &::-webkit-color-swatch {
      border: 0;
      border-radius: 5px;
    }
    &:focus-visible {
      outline: 2px solid var(--focus);
      outline-offset: 1px;
    }
  }
  ${Input} {
    min-width: 0;
    font-family: var(--mono);
    font-size: 14px;
  }
`;

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface ColourFieldProps {
  label: string;
  /** The colour as typed: "" means GenUI's default (`fallback`, shown as the placeholder and in the swatch). */
  value: string;
  fallback: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
  /** The swatch's accessible name (default: "<label> colour picker"). */
  pickerLabel?: string;
}

/**
 * A colour as a swatch (the browser's colour picker) and its #rrggbb text side by side: either edits it. Empty text
 * is GenUI's default, which the swatch and the placeholder show.
 */
export function ColourField({ label, value, fallback, onChange, error, hint, pickerLabel }: ColourFieldProps) {
  const id = useId();
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  const shown = HEX.test(value.trim()) ? value.trim().toLowerCase() : fallback.toLowerCase();
  return (
    <Wrap>
      <label htmlFor={id}>{label}</label>
      <Controls>
        <input
          type="color"
          aria-label={pickerLabel ?? `${label} colour picker`}
          value={shown}
          onChange={(e) => onChange(e.target.value)}
        />
        <Input
          id={id}
          value={value}
          placeholder={fallback}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      </Controls>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errId}>{error}</FieldError>}
    </Wrap>
  );
}
