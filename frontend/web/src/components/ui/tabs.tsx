import { useId, useRef, type ReactNode } from "react";
import styled from "styled-components";

const List = styled.div`
  display: flex;
  gap: 4px;
  padding: 4px;
  border-radius: 10px;
  background: var(--bg-muted);
  width: fit-content;
  max-width: 100%;
  overflow-x: auto;
`;

const Tab = styled.button`
  border: 0;
  padding: 8px 16px;
  border-radius: 8px;
  background: transparent;
  color: var(--fg-muted);
  font-weight: 600;
  cursor: pointer;
  &[aria-selected="true"] {
    background: var(--surface);
    color: var(--fg);
    box-shadow: var(--shadow);
  }
`;

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs (WAI-ARIA): arrow keys move between tabs, the panel is labelled by its tab. With `keepMounted` every panel
 * stays rendered (hidden but the current one), so what is typed in one survives a look at another.
 */
export function Tabs({
  items,
  value,
  onChange,
  label,
  keepMounted = false,
}: {
  items: TabItem[];
  value: string;
  onChange(id: string): void;
  label: string;
  keepMounted?: boolean;
}) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const current = items.find((i) => i.id === value) ?? items[0];
  const move = (delta: number) => {
    const at = items.findIndex((i) => i.id === value);
    const next = items[(at + delta + items.length) % items.length];
    if (!next) return;
    onChange(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${base}-tab-${next.id}`)}`)?.focus();
  };
  return (
    <div>
      <List role="tablist" aria-label={label} ref={listRef}>
        {items.map((item) => (
          <Tab
            key={item.id}
            id={`${base}-tab-${item.id}`}
            role="tab"
            type="button"
            aria-selected={item.id === current?.id}
            aria-controls={`${base}-panel-${item.id}`}
            tabIndex={item.id === current?.id ? 0 : -1}
            onClick={() => onChange(item.id)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") move(1);
              if (e.key === "ArrowLeft") move(-1);
            }}
          >
            {item.label}
          </Tab>
        ))}
      </List>
      {(keepMounted ? items : current ? [current] : []).map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          hidden={item.id !== current?.id}
          style={{ marginTop: 16 }}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
