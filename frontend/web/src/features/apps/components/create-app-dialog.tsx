import { useRef, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogFooter } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { createApp, type App } from "../api";

/** Server field errors (first message of each field, SPEC §5), or the failure's own message. */
function errorsOf(err: unknown): string[] {
  if (err instanceof ApiError) {
    const fields = Object.values(err.fieldErrors());
    return fields.length > 0 ? fields : [err.message];
  }
  return [err instanceof Error ? err.message : "Something went wrong. Please try again."];
}

/**
 * SPEC §2/§5 "Create a new app": one Website Url field; blank → toast; server errors under the input, which clears
 * (the quota of apps too, when a create races past the disabled Create App button). `onRefused` follows a refusal.
 */
export function CreateAppDialog({
  open,
  onClose,
  onCreated,
  onRefused,
}: {
  open: boolean;
  onClose(): void;
  onCreated(app: App): void;
  onRefused?(): void;
}) {
  const toast = useToast();
  const [url, setUrl] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    if (busy) return;
    setUrl("");
    setErrors([]);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = url.trim();
    if (!value) {
      toast({ title: "App name required", description: "Please enter a name for your app", variant: "destructive" });
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      const app = await createApp(value);
      setUrl("");
      toast({ title: "App created", description: `${app.url} is ready. Copy its API key below.`, variant: "success" });
      onCreated(app);
    } catch (err) {
      setErrors(errorsOf(err));
      setUrl("");
      onRefused?.();
      // Back to the emptied field, whose description now reads the error.
      window.setTimeout(() => input.current?.focus(), 0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create a new app"
      description="Register the website that will use the API key."
      dismissible={!busy}
    >
      <form onSubmit={submit} noValidate style={{ display: "grid", gap: 20 }}>
        <TextField
          ref={input}
          label="Website Url"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (errors.length) setErrors([]);
          }}
          error={errors.length ? errors.join(" ") : undefined}
          autoFocus
        />
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Create App
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
