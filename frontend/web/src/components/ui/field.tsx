import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import styled, { css } from "styled-components";

const control = css`
  width: 100%;
  min-height: 42px;
  padding: 8px 12px;
  border: 1px solid var(--border-strong);
  border-radius: 8px;
  background: var(--surface);
  color: var(--fg);
  font-size: 15px;
  &::placeholder {
    color: var(--fg-muted);
    opacity: 1;
  }
  &:focus-visible {
    outline: 2px solid var(--focus);
    outline-offset: 0;
    border-color: var(--focus);
  }
  &[aria-invalid="true"] {
    border-color: var(--danger);
  }
  &:disabled {
    opacity: 0.6;
  }
`;

export const Input = styled.input`
  ${control}
`;
export const Textarea = styled.textarea`
  ${control} resize: vertical;
  min-height: 120px;
`;
export const Select = styled.select`
  ${control}
`;

const Wrap = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-size: 14px;
    font-weight: 600;
  }
`;

export const FieldError = styled.p`
  margin: 0;
  color: var(--danger);
  font-size: 14px;
`;

export const Hint = styled.p`
  margin: 0;
  color: var(--fg-muted);
  font-size: 13px;
`;

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const errId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <Wrap>
      <label htmlFor={inputId}>{label}</label>
      <Input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errId}>{error}</FieldError>}
    </Wrap>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, id, ...rest }, ref) {
    const auto = useId();
    const inputId = id ?? auto;
    const errId = `${inputId}-error`;
    return (
      <Wrap>
        <label htmlFor={inputId}>{label}</label>
        <Textarea
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          {...rest}
        />
        {hint && <Hint>{hint}</Hint>}
        {error && <FieldError id={errId}>{error}</FieldError>}
      </Wrap>
    );
  },
);
