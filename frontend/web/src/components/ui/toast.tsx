import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import styled, { css } from "styled-components";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** ms; default 5000. */
  duration?: number;
}

interface ToastItem extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string;
}

/** Shows a toast; the answer dismisses it (e.g. when a newer message makes it stale). */
export type ShowToast = (t: ToastInput) => () => void;

const ToastContext = createContext<ShowToast | undefined>(undefined);

/**
 * The toast region is a manual popover, re-shown on each toast, so it sits in the top layer above an open modal
 * dialog (e.g. "App name required" while Create App is open). Polite announcements; failures are assertive.
 */
const Region = styled.div`
  position: fixed;
  inset: auto 16px 16px auto;
  margin: 0;
  padding: 0;
  border: 0;
  background: transparent;
  overflow: visible;
  width: min(380px, calc(100vw - 32px));
  display: grid;
  gap: 8px;
  &:not(:popover-open) {
    display: none;
  }
`;

const variantCss = {
  default: css`
    border-color: var(--border);
  `,
  success: css`
    border-color: var(--success);
    border-left: 4px solid var(--success);
  `,
  destructive: css`
    border-color: var(--danger);
    border-left: 4px solid var(--danger);
  `,
};

const Item = styled.div<{ $variant: ToastVariant }>`
  background: var(--surface);
  color: var(--fg);
  border: 1px solid;
  border-radius: 10px;
  box-shadow: var(--shadow-lg);
  padding: 12px 40px 12px 16px;
  position: relative;
  ${(p) => variantCss[p.$variant]}
  strong {
    display: block;
    font-size: 15px;
  }
  p {
    margin: 2px 0 0;
    font-size: 14px;
    color: var(--fg-muted);
  }
`;

const Close = styled.button`
  position: absolute;
  top: 6px;
  right: 6px;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  cursor: pointer;
  color: var(--fg-muted);
  &:hover {
    background: var(--bg-muted);
  }
`;

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const regionRef = useRef<HTMLDivElement>(null);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);

  const toast = useCallback<ShowToast>(
    (t) => {
      const item: ToastItem = {
        id: nextId++,
        title: t.title,
        description: t.description,
        variant: t.variant ?? "default",
        duration: t.duration ?? 5000,
      };
      setItems((list) => [...list.slice(-3), item]);
      const timer = setTimeout(() => dismiss(item.id), item.duration);
      return () => {
        clearTimeout(timer);
        dismiss(item.id);
      };
    },
    [dismiss],
  );

  useEffect(() => {
    const el = regionRef.current;
    if (!el || typeof el.showPopover !== "function") return;
    if (items.length === 0) {
      if (el.matches(":popover-open")) el.hidePopover();
      return;
    }
    // Re-show so the region is the newest top-layer element (above any modal opened since).
    if (el.matches(":popover-open")) el.hidePopover();
    el.showPopover();
  }, [items]);

  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Region ref={regionRef} popover="manual" aria-label="Notifications" role="region">
        {items.map((t) => (
          <Item key={t.id} $variant={t.variant} role={t.variant === "destructive" ? "alert" : "status"} data-testid="toast">
            <strong>{t.title}</strong>
            {t.description && <p>{t.description}</p>}
            <Close type="button" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
              ×
            </Close>
          </Item>
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast outside ToastProvider");
  return ctx;
}
