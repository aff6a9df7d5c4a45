import { useEffect, useId, useRef, useState } from "react";
import styled from "styled-components";
import type { ChatModel } from "../api";

const Wrap = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  height: 36px;
  padding: 0 12px;
  border: 1px solid var(--border-strong);
  border-radius: 8px;
  background: var(--surface);
  color: var(--fg);
  font-weight: 600;
  cursor: pointer;
  max-width: 100%;
  &:hover {
    background: var(--bg-muted);
  }
`;

const List = styled.ul`
  position: absolute;
  z-index: 30;
  bottom: calc(100% + 6px);
  left: 0;
  width: min(360px, calc(100vw - 32px));
  margin: 0;
  padding: 4px;
  list-style: none;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 10px;
  box-shadow: var(--shadow-lg);
`;

const Option = styled.li`
  padding: 8px 10px;
  border-radius: 8px;
  cursor: pointer;
  strong {
    display: block;
    font-size: 14px;
  }
  span {
    display: block;
    font-size: 13px;
    color: var(--fg-muted);
  }
  &[aria-selected="true"] {
    background: var(--accent-soft);
  }
  &[data-active="true"] {
    outline: 2px solid var(--focus);
    outline-offset: -2px;
  }
`;

/** SPEC §2 Chat: a model picker listing each model's name and description (a listbox popup, keyboard friendly). */
export function ModelPicker({
  models,
  value,
  onChange,
}: {
  models: ChatModel[];
  value: string | undefined;
  onChange(slug: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = models.find((m) => m.slug === value);

  useEffect(() => {
    if (!open) return;
    setActive(
      Math.max(
        0,
        models.findIndex((m) => m.slug === value),
      ),
    );
    list.current?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open, models, value]);

  const choose = (m: ChatModel | undefined) => {
    if (m) onChange(m.slug);
    setOpen(false);
    button.current?.focus();
  };

  return (
    <Wrap ref={wrap}>
      <Trigger
        ref={button}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`Model: ${current?.name ?? "Loading models…"}`}
        onClick={() => setOpen((o) => !o)}
        disabled={models.length === 0}
      >
        {current?.name ?? "Loading models…"} <span aria-hidden="true">▾</span>
      </Trigger>
      {open && (
        <List
          ref={list}
          id={id}
          role="listbox"
          aria-label="Models"
          tabIndex={-1}
          aria-activedescendant={`${id}-${active}`}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => Math.min(models.length - 1, a + 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              choose(models[active]);
            } else if (e.key === "Escape" || e.key === "Tab") {
              e.preventDefault();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          {models.map((m, i) => (
            <Option
              key={m.slug}
              id={`${id}-${i}`}
              role="option"
              aria-selected={m.slug === value}
              data-active={i === active}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(m)}
            >
              <strong>{m.name}</strong>
              <span>{m.description}</span>
            </Option>
          ))}
        </List>
      )}
    </Wrap>
  );
}
