import { useEffect, useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogFooter } from "../../../components/ui/dialog";
import { FieldError, TextAreaField, TextField } from "../../../components/ui/field";
import type { TemplateStatus } from "../api";
import type { SaveErrors, SaveKind } from "../use-template-editor";

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

export interface SaveTemplateDialogProps {
  open: boolean;
  onClose(): void;
  initialName: string;
  initialDescription: string;
  /** What the second button does: publish, or pause a published template. */
  toggleStatus: TemplateStatus;
  saving: SaveKind | null;
  onSave(
    kind: SaveKind,
    details: { name: string; description: string },
  ): Promise<{ ok: true } | { ok: false; errors: SaveErrors }>;
}

/**
 * SPEC §2: "Enter your template details" — Name, Description (prefilled), Save (as a draft) and Publish/Pause.
 * Server field errors show under their fields; the dialog closes when the template is saved.
 */
export function SaveTemplateDialog({
  open,
  onClose,
  initialName,
  initialDescription,
  toggleStatus,
  saving,
  onSave,
}: SaveTemplateDialogProps) {
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [errors, setErrors] = useState<SaveErrors>({});

  // Prefilled each time it opens, with the template as it is then (a refresh while it is open keeps what is typed).
  useEffect(() => {
    if (!open) return;
    setName(initialName);
    setDescription(initialDescription);
    setErrors({});
  }, [open]);

  const submit = async (kind: SaveKind) => {
    setErrors({});
    const result = await onSave(kind, { name, description });
    if (result.ok) onClose();
    else setErrors(result.errors);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit("draft");
  };

  return (
    <Dialog
      open={open}
      onClose={() => saving === null && onClose()}
      title="Enter your template details"
      description="Chats of this app use its published templates when a request fits their name and description."
    >
      <Form onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          name="name"
          value={name}
          autoComplete="off"
          placeholder="e.g. Checkout summary"
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
        />
        <TextAreaField
          label="Description"
          name="description"
          value={description}
          rows={3}
          placeholder="What the screen is for and when to use it"
          error={errors.description}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((x) => ({ ...x, description: undefined }));
          }}
        />
        {errors.code && <FieldError role="alert">Code: {errors.code}</FieldError>}
        <DialogFooter>
          <Button variant="ghost" onClick={onClose} disabled={saving !== null}>
            Cancel
          </Button>
          <Button type="submit" variant="outline" busy={saving === "draft"} disabled={saving === "toggle"}>
            Save
          </Button>
          <Button
            variant={toggleStatus === "pause" ? "secondary" : "primary"}
            busy={saving === "toggle"}
            disabled={saving === "draft"}
            onClick={() => void submit("toggle")}
          >
            {toggleStatus === "pause" ? "Pause" : "Publish"}
          </Button>
        </DialogFooter>
      </Form>
    </Dialog>
  );
}
