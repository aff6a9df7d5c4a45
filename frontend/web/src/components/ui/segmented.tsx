import { useId, type ReactNode } from "react";
import styled, { css } from "styled-components";

/** `pill`: round and roomy (page-level choices); `compact`: a toolbar's height. */
export type SegmentedSize = "pill" | "compact";

const SIZES = {
  pill: css`
    padding: 4px;
    gap: 4px;
    border-radius: 999px;
    label {
      gap: 6px;
      padding: 8px 18px;
      border-radius: 999px;
    }
  `,
  compact: css`
    padding: 3px;
    gap: 2px;
    border-radius: 10px;
    label {
      height: 32px;
      padding: 0 14px;
      border-radius: 7px;
      font-size: 14px;
    }
  `,
};

const Group = styled.fieldset<{ $size: SegmentedSize }>`
  border: 1px solid var(--border);
  margin: 0;
  min-inline-size: 0;
  display: inline-flex;
  background: var(--bg-muted);
  legend {
    padding: 0;
  }
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
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
    outline-offset: 2px;
  }
  /* The native radio stays for keyboard and screen readers (arrow keys move the choice); the whole segment shows its
     state. */
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  ${({ $size }) => SIZES[$size]}
`;

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** Shown before the label and hidden from assistive technology (the label names the option). */
  decoration?: ReactNode;
}

/**
 * A segmented control: one choice among a few, built on a fieldset of native radio buttons so the group is named by
 * its legend and the keyboard behaves like any radio group.
 */
export function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
  size = "pill",
  className,
}: {
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange(value: T): void;
  size?: SegmentedSize;
  className?: string;
}) {
  const name = useId();
  return (
    <Group $size={size} className={className}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.decoration !== undefined && <span aria-hidden="true">{o.decoration}</span>}
          {o.label}
        </label>
      ))}
    </Group>
  );
}
