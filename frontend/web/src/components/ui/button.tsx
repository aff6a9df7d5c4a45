import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Link } from "react-router-dom";
import styled, { css } from "styled-components";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const variants = {
  primary: css`
    background: var(--accent);
    color: var(--accent-fg);
    border-color: var(--accent);
    &:hover:not(:disabled) {
      background: var(--accent-hover);
      border-color: var(--accent-hover);
    }
  `,
  secondary: css`
    background: var(--bg-muted);
    color: var(--fg);
    border-color: var(--bg-muted);
    &:hover:not(:disabled) {
      border-color: var(--border-strong);
    }
  `,
  outline: css`
    background: transparent;
    color: var(--fg);
    border-color: var(--border-strong);
    &:hover:not(:disabled) {
      background: var(--bg-muted);
    }
  `,
  ghost: css`
    background: transparent;
    color: var(--fg);
    border-color: transparent;
    &:hover:not(:disabled) {
      background: var(--bg-muted);
    }
  `,
  danger: css`
    background: #b91c1c;
    color: #ffffff;
    border-color: #b91c1c;
    &:hover:not(:disabled) {
      background: #991b1b;
    }
  `,
  link: css`
    background: transparent;
    color: var(--accent-text);
    border-color: transparent;
    padding-inline: 0;
    text-decoration: underline;
  `,
};

const sizes = {
  sm: css`
    height: 32px;
    padding: 0 12px;
    font-size: 14px;
  `,
  md: css`
    height: 40px;
    padding: 0 16px;
    font-size: 15px;
  `,
  lg: css`
    height: 48px;
    padding: 0 24px;
    font-size: 16px;
  `,
  icon: css`
    height: 40px;
    width: 40px;
    padding: 0;
  `,
};

export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 1px solid transparent;
  border-radius: 8px;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  white-space: nowrap;
  transition:
    background 0.15s,
    border-color 0.15s,
    color 0.15s;
  ${(p) => variants[p.$variant]}
  ${(p) => sizes[p.$size]}
  ${(p) => p.$block && "width: 100%;"}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $block?: boolean }>`
  ${buttonStyles}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", block, busy, disabled, children, type = "button", ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      $block={block}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size={16} />}
      {children}
    </StyledButton>
  );
});

/** A navigation that looks like a button: a real link (it can open in a new tab and reads as a link). */
export const ButtonLink = styled(Link)<{ $variant: ButtonVariant; $size: ButtonSize; $block?: boolean }>`
  ${buttonStyles}
`;
