import { MonitorIcon, MoonIcon, SunIcon } from "../../components/ui/icons";
import { Tooltip } from "../../components/ui/tooltip";
import { useTheme, type ThemePreference } from "../../lib/theme";
import styled from "styled-components";

const Group = styled.div`
  display: inline-flex;
  padding: 2px;
  border: 1px solid var(--border);
  border-radius: 999px;
  background: var(--bg-subtle);
`;

const Option = styled.button`
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: var(--fg-muted);
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  &[aria-checked="true"] {
    background: var(--surface);
    color: var(--fg);
    box-shadow: var(--shadow);
  }
  svg {
    width: 16px;
    height: 16px;
  }
`;

const OPTIONS: { value: ThemePreference; label: string; icon: typeof SunIcon }[] = [
  { value: "light", label: "Light theme", icon: SunIcon },
  { value: "dark", label: "Dark theme", icon: MoonIcon },
  { value: "system", label: "System theme", icon: MonitorIcon },
];

/** Light / dark / system (SPEC §1), as a radio group so the current choice is announced. */
export function ThemeToggle() {
  const { preference, setPreference } = useTheme();
  return (
    <Group role="radiogroup" aria-label="Theme">
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <Tooltip key={value} content={label}>
          <Option
            type="button"
            role="radio"
            aria-checked={preference === value}
            aria-label={label}
            data-theme-option={value}
            onClick={() => setPreference(value)}
          >
            <Icon />
          </Option>
        </Tooltip>
      ))}
    </Group>
  );
}
