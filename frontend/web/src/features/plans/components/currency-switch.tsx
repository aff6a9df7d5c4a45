import styled from "styled-components";
import { CURRENCIES, type Currency } from "../api";

const Group = styled.fieldset`
  border: 0;
  margin: 0 auto;
  padding: 4px;
  display: inline-flex;
  gap: 4px;
  border-radius: 999px;
  background: var(--bg-muted);
  border: 1px solid var(--border);
  legend {
    padding: 0;
  }
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 8px 18px;
    border-radius: 999px;
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
  /* The native radio stays for keyboard and screen readers; the whole pill shows its state. */
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
`;

const SYMBOL: Record<Currency, string> = { USD: "$", INR: "₹" };

/** SPEC §4: USD or INR (a radio group: arrow keys move between the two). */
export function CurrencySwitch({ value, onChange }: { value: Currency; onChange(c: Currency): void }) {
  return (
    <Group>
      <legend className="visually-hidden">Currency</legend>
      {CURRENCIES.map((c) => (
        <label key={c}>
          <input type="radio" name="currency" value={c} checked={value === c} onChange={() => onChange(c)} />
          <span aria-hidden="true">{SYMBOL[c]}</span>
          {c}
        </label>
      ))}
    </Group>
  );
}
