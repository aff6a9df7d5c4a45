import { useEffect, useId, useRef, type ReactNode } from "react";
import styled from "styled-components";

const StyledDialog = styled.dialog`
  width: min(480px, calc(100vw - 32px));
  max-height: calc(100dvh - 32px);
  padding: 0;
  border: 1px solid var(--border);
  border-radius: 14px;
  background: var(--surface);
  color: var(--fg);
  box-shadow: var(--shadow-lg);
  overflow: auto;
  &::backdrop {
    background: rgb(2 6 23 / 0.6);
  }
`;

const Body = styled.div`
  padding: 24px;
  display: grid;
  gap: 16px;
`;

const Title = styled.h2`
  font-size: 20px;
  margin: 0;
`;

const Description = styled.p`
  margin: 0;
  color: var(--fg-muted);
  font-size: 15px;
`;

export const DialogFooter = styled.div`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** false: outside clicks and Escape cannot close it (SPEC: Delete Template, the login dialog). */
  dismissible?: boolean;
  /** Dialogs that must speak up (confirmations) use alertdialog. */
  role?: "dialog" | "alertdialog";
  testId?: string;
}

/**
 * A modal built on the native <dialog> (focus trapped, the rest of the page inert), closed by Escape and by clicks on
 * the backdrop unless `dismissible` is false.
 *
 * A dialog that must not be dismissed stays open whatever the browser does with Escape: Chromium closes a modal
 * <dialog> on Escape without a cancelable `cancel` event when the page has had no user activation yet (its close
 * watcher's abuse rule), so preventing `cancel` alone is not enough. It is marked `closedby="none"`, its Escape key
 * presses are cancelled, and should it close anyway it is shown again.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  dismissible = true,
  role = "dialog",
  testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  /** Whether the dialog is meant to be open (the element can be closed behind our back, e.g. by the browser). */
  const wanted = useRef(open);
  wanted.current = open;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (dismissible) onCloseRef.current();
    };
    // Closed without our say (Escape without a cancelable cancel event): a dismissible dialog tells its owner; one
    // that must stay is shown again.
    const onClosed = () => {
      if (!wanted.current) return;
      if (dismissible) onCloseRef.current();
      else if (el.isConnected && !el.open) el.showModal();
    };
    el.addEventListener("cancel", onCancel);
    el.addEventListener("close", onClosed);
    return () => {
      el.removeEventListener("cancel", onCancel);
      el.removeEventListener("close", onClosed);
    };
  }, [dismissible]);

  // Escape is a close request wherever focus is (the dialog, or the page's body after a click on the backdrop).
  useEffect(() => {
    if (!open || dismissible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") e.preventDefault();
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [open, dismissible]);

  if (!open) return <StyledDialog ref={ref} aria-hidden="true" hidden />;
  return (
    <StyledDialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      closedby={dismissible ? undefined : "none"}
      data-testid={testId}
      onMouseDown={(e) => {
        // A press on the backdrop lands on the <dialog> element itself (the content fills the box).
        if (dismissible && e.target === e.currentTarget) onClose();
      }}
    >
      <Body>
        <div>
          <Title id={titleId}>{title}</Title>
          {description && <Description id={descId}>{description}</Description>}
        </div>
        {children}
      </Body>
    </StyledDialog>
  );
}
