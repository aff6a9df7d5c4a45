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
 * A modal built on the native <dialog> (focus trapped, the rest of the page inert, Escape handled by the browser),
 * closed by Escape and by clicks on the backdrop unless `dismissible` is false.
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
    el.addEventListener("cancel", onCancel);
    return () => el.removeEventListener("cancel", onCancel);
  }, [dismissible]);

  if (!open) return <StyledDialog ref={ref} aria-hidden="true" hidden />;
  return (
    <StyledDialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
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
