import { useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogFooter } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { CheckIcon, CopyIcon } from "../../../components/ui/icons";
import { useToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { useCopyFeedback } from "../../../lib/use-copy-feedback";
import { rotatePublishableKey, shortKey, updateDailySpendCap, updateStoreCompletions, type App } from "../api";

const Sections = styled.div`
  display: grid;
  gap: 20px;
  h3 {
    margin: 0 0 4px;
    font-size: 15px;
  }
  p {
    margin: 0 0 8px;
    color: var(--fg-muted);
    font-size: 14px;
  }
`;

const KeyRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  code {
    flex: 1 1 auto;
    min-width: 0;
    overflow-wrap: anywhere;
    font-size: 13px;
    padding: 6px 8px;
    border-radius: 6px;
    background: var(--bg-muted);
  }
`;

const CapForm = styled.form`
  display: grid;
  gap: 12px;
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: var(--accent);
    cursor: inherit;
  }
  &[aria-disabled="true"] {
    opacity: 0.6;
    cursor: progress;
  }
`;

/** A key, shown in full (publishable) or shortened (secret), with a copy button and its announced feedback. */
function CopyableKey({ value, shown, label }: { value: string; shown: string; label: string }) {
  const { copied, copy } = useCopyFeedback();
  return (
    <KeyRow>
      <code data-testid={label}>{shown}</code>
      <Button size="sm" variant="outline" onClick={() => void copy(value)}>
        {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
        {copied ? "Copied" : "Copy"}
        <span className="visually-hidden"> {label}</span>
      </Button>
      <span role="status" className="visually-hidden">
        {copied ? "Copied to clipboard" : ""}
      </span>
    </KeyRow>
  );
}

/** The first server message of the field (SPEC §5), or the failure's own message. */
function capError(err: unknown): string {
  if (err instanceof ApiError) return err.fieldErrors().daily_spend_cap ?? err.message;
  return err instanceof Error ? err.message : "Something went wrong. Please try again.";
}

/**
 * The app's keys (from the More menu): the secret key for servers, the publishable key for web pages on the app's
 * origin (copy, rotate), whether the app's chat completions are stored (saved as it is switched) and the publishable
 * key's daily spend cap (edit, server field errors under the input).
 */
export function KeysDialog({ app, onClose, onChanged }: { app: App | null; onClose(): void; onChanged(): void }) {
  const toast = useToast();
  // The parent mounts one dialog per app (keyed by its id), so these start from the app's stored values.
  const [cap, setCap] = useState(app?.daily_spend_cap ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [rotated, setRotated] = useState<string | null>(null);
  const [storing, setStoring] = useState(app?.store_completions ?? false);
  const [savingStore, setSavingStore] = useState(false);
  const publishable = rotated ?? app?.publishable_key ?? null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!app || saving) return;
    setSaving(true);
    setError(undefined);
    try {
      const updated = await updateDailySpendCap(app.id, cap.trim());
      setCap(updated.daily_spend_cap);
      toast({
        title: "Daily spend cap saved",
        description: `Up to $${updated.daily_spend_cap} a day from web pages.`,
        variant: "success",
      });
      onChanged();
    } catch (err) {
      setError(capError(err));
    } finally {
      setSaving(false);
    }
  };

  const switchStoring = async (on: boolean) => {
    if (!app || savingStore) return;
    setSavingStore(true);
    setStoring(on);
    try {
      const updated = await updateStoreCompletions(app.id, on);
      setStoring(updated.store_completions);
      toast({
        title: updated.store_completions ? "Completions are stored" : "Completions are not stored",
        description: updated.store_completions
          ? "Chat completions are kept unless a request says store: false."
          : "Only requests that say store: true are kept.",
        variant: "success",
      });
      onChanged();
    } catch (err) {
      setStoring(!on);
      toast({ title: "The setting was not saved", description: capError(err), variant: "destructive" });
    } finally {
      setSavingStore(false);
    }
  };

  const rotate = async () => {
    if (!app || rotating) return;
    setRotating(true);
    try {
      const updated = await rotatePublishableKey(app.id);
      setRotated(updated.publishable_key);
      toast({
        title: "Publishable key rotated",
        description: "Update your pages: the old key no longer works.",
        variant: "success",
      });
      onChanged();
    } catch (err) {
      toast({ title: "The key was not rotated", description: capError(err), variant: "destructive" });
    } finally {
      setRotating(false);
    }
  };

  return (
    <Dialog
      open={app !== null}
      onClose={() => !saving && !rotating && onClose()}
      title="Keys"
      description={app ? app.url : undefined}
      dismissible={!saving && !rotating}
    >
      {app && (
        <Sections>
          <section aria-labelledby="keys-secret">
            <h3 id="keys-secret">Secret key</h3>
            <p>For your server only. It is refused when sent from a web page.</p>
            <CopyableKey value={app.api_key} shown={shortKey(app.api_key)} label="secret key" />
          </section>
          <section aria-labelledby="keys-publishable">
            <h3 id="keys-publishable">Publishable key</h3>
            <p>
              For web pages (<code>&lt;GenUI apiKey&gt;</code>, <code>&lt;genui-screen api-key&gt;</code>): it only renders
              screens, and only from <strong>{app.allowed_origin}</strong>.
            </p>
            {publishable ? (
              <CopyableKey value={publishable} shown={publishable} label="publishable key" />
            ) : (
              <p>Not issued yet: rotate to issue one.</p>
            )}
            <Button size="sm" variant="outline" busy={rotating} onClick={() => void rotate()} style={{ marginTop: 8 }}>
              Rotate publishable key
            </Button>
          </section>
          <section aria-labelledby="keys-store">
            <h3 id="keys-store">Stored completions</h3>
            <p>
              Keep this app&apos;s chat completions so your server can read, list and delete them through the API (
              <code>GET /chat/completions</code>); a request&apos;s own <code>store</code> wins.
            </p>
            <Toggle aria-disabled={savingStore}>
              <input
                type="checkbox"
                name="store_completions"
                checked={storing}
                disabled={savingStore}
                onChange={(e) => void switchStoring(e.target.checked)}
              />
              Store completions by default
            </Toggle>
          </section>
          <section aria-labelledby="keys-cap">
            <h3 id="keys-cap">Daily spend cap</h3>
            <CapForm onSubmit={(e) => void save(e)} noValidate>
              <TextField
                label="Daily spend cap (USD)"
                name="daily_spend_cap"
                inputMode="decimal"
                value={cap}
                onChange={(e) => {
                  setCap(e.target.value);
                  if (error) setError(undefined);
                }}
                error={error}
                hint="What screens generated from web pages may cost per day (UTC), 0 to 10000. 0 stops generation from pages; code still renders."
              />
              <DialogFooter>
                <Button variant="outline" onClick={onClose} disabled={saving || rotating}>
                  Close
                </Button>
                <Button type="submit" busy={saving}>
                  Save cap
                </Button>
              </DialogFooter>
            </CapForm>
          </section>
        </Sections>
      )}
    </Dialog>
  );
}
