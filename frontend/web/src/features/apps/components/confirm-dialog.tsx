import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogFooter } from "../../../components/ui/dialog";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The button that keeps things as they are ("Cancel", "Close"). */
  dismissLabel: string;
  /** The destructive action's label. */
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  /** false: neither Escape nor an outside click closes it (SPEC: Delete Template). */
  dismissible?: boolean;
}

/** A confirmation (role alertdialog): focus starts on the safe button, the action is red and shows a spinner. */
export function ConfirmDialog({
  open,
  title,
  description,
  dismissLabel,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  dismissible = true,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={title}
      description={description}
      role="alertdialog"
      dismissible={dismissible && !busy}
    >
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {dismissLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
