import type { ReactNode } from "react";
import styled, { css } from "styled-components";

/** SPEC §8: green success, yellow warning, red error, gray default. */
export type BannerType = "success" | "warning" | "error" | "default";

const tones = {
  success: css`
    background: var(--success-soft);
    border-color: var(--success);
    color: var(--fg);
  `,
  warning: css`
    background: var(--warning-soft);
    border-color: #ca8a04;
    color: var(--fg);
  `,
  error: css`
    background: var(--danger-soft);
    border-color: var(--danger);
    color: var(--fg);
  `,
  default: css`
    background: var(--gray-soft);
    border-color: var(--border-strong);
    color: var(--fg);
  `,
};

const Box = styled.div<{ $type: BannerType }>`
  border: 1px solid;
  border-left-width: 4px;
  border-radius: 8px;
  padding: 12px 16px;
  font-size: 15px;
  ${(p) => tones[p.$type]}
`;

export function Banner({ type = "default", children, testId }: { type?: BannerType; children: ReactNode; testId?: string }) {
  return (
    <Box $type={type} role={type === "error" ? "alert" : "status"} data-type={type} data-testid={testId}>
      {children}
    </Box>
  );
}
