import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import styled from "styled-components";

const Wrap = styled.div`
  position: relative;
  display: inline-block;
`;

const List = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 4px);
  z-index: 50;
  min-width: 200px;
  padding: 4px;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 8px;
  box-shadow: var(--shadow-lg);
`;

const Item = styled.button<{ $danger?: boolean }>`
  display: block;
  width: 100%;
  text-align: left;
  padding: 8px 12px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  cursor: pointer;
  font-size: 14px;
  color: ${(p) => (p.$danger ? "var(--danger)" : "var(--fg)")};
  &:hover,
  &:focus-visible {
    background: var(--bg-muted);
    outline: none;
  }
`;

export interface MenuItem {
  label: string;
  onSelect(): void;
  danger?: boolean;
}

/** A menu button (WAI-ARIA pattern): arrows move, Escape and outside clicks close, focus returns to the button. */
export function Menu({ label, trigger, items }: { label: string; trigger: ReactNode; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const first = wrap.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const entries = Array.from(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape") {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      entries[(at + 1) % entries.length]?.focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      entries[(at - 1 + entries.length) % entries.length]?.focus();
    } else if (e.key === "Tab") setOpen(false);
  };

  return (
    <Wrap ref={wrap} onKeyDown={open ? onKeyDown : undefined} onClick={(e) => e.stopPropagation()}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        style={{
          border: 0,
          background: "transparent",
          cursor: "pointer",
          width: 36,
          height: 36,
          borderRadius: 8,
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        {trigger}
      </button>
      {open && (
        <List role="menu" id={id} aria-label={label}>
          {items.map((item) => (
            <Item
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              $danger={item.danger}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </Item>
          ))}
        </List>
      )}
    </Wrap>
  );
}
