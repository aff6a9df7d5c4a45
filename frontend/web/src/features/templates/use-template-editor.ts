import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "../../components/ui/toast";
import { ApiError } from "../../lib/api-client";
import { askAi, updateTemplate, useTemplate, type AiAnswer, type Template, type TemplateStatus } from "./api";

export type SaveKind = "draft" | "toggle";

/** Field errors of a failed save, by field (name, description, code, or "form" for the rest). */
export type SaveErrors = Partial<Record<"name" | "description" | "code" | "form", string>>;

export interface TemplateEditorState {
  template: Template | undefined;
  /** First load in progress (nothing to show yet). */
  loading: boolean;
  /** The template could not be loaded (deleted, never existed, not the user's). */
  failed: boolean;
  code: string;
  setCode(code: string): void;
  /** The code differs from the saved template's. */
  dirty: boolean;
  /** What the Publish/Pause button sends: `pause` if the template is published, otherwise `publish` (SPEC §4). */
  toggleStatus: TemplateStatus;
  /**
   * SPEC §5: a save needs the app id, the template id and non-empty code; false (with a toast saying why) when one is
   * missing.
   */
  canSave(): boolean;
  saving: SaveKind | null;
  /** Saves the details and the code as a draft ("draft") or with the toggled status ("toggle"). */
  save(kind: SaveKind, details: { name: string; description: string }): Promise<{ ok: true } | { ok: false; errors: SaveErrors }>;
  asking: boolean;
  /** The last AI request's failure (shown in the preview's error band). */
  aiError: string | null;
  /** Asks AI to change the code as the prompt says; the answer's code replaces the code. */
  ask(prompt: string): Promise<AiAnswer | null>;
}

const TOASTS: Record<TemplateStatus, { title: string; description: string; variant: "success" | "default" }> = {
  draft: { title: "Template saved", description: "Saved as draft.", variant: "success" },
  publish: { title: "Template Published", description: "Chats of this app can now use it.", variant: "success" },
  pause: { title: "Template Paused", description: "Chats of this app no longer use it.", variant: "default" },
};

/**
 * The template editor's state: the template (navigation state first, then the server's copy), the code being edited,
 * saving (SPEC §4, §5) and AI edits (SPEC §7 auth-retrieve).
 */
export function useTemplateEditor(appId: string, templateId: string, initial?: Template): TemplateEditorState {
  const toast = useToast();
  const seed = initial && initial.id === templateId && initial.app_id === appId ? initial : undefined;
  const { data: template, error, isLoading, mutate } = useTemplate(appId, templateId, seed);
  const [code, setCodeState] = useState(seed?.code ?? "");
  const edited = useRef(false);
  const [saving, setSaving] = useState<SaveKind | null>(null);
  const [asking, setAsking] = useState(false);
  const [aiError, setAiError] = useState<string | null>(null);

  // The server's copy replaces the code until the user has changed it.
  const serverCode = template?.code;
  useEffect(() => {
    if (serverCode !== undefined && !edited.current) setCodeState(serverCode);
  }, [serverCode]);

  // SPEC §4: load failure toast.
  const failed = error !== undefined;
  useEffect(() => {
    if (!failed) return;
    toast({ title: "Cant find the template", description: "Template is either deleted or doesnt exist", variant: "destructive" });
  }, [failed, toast]);

  const setCode = useCallback((next: string) => {
    edited.current = true;
    setCodeState(next);
  }, []);

  const canSave = useCallback(() => {
    if (!appId || !templateId) {
      toast({ title: "Cannot save", description: "This address does not name an app and a template.", variant: "destructive" });
      return false;
    }
    if (!code.trim()) {
      toast({
        title: "Nothing to save",
        description: "The template has no code yet. Write some UI code, or ask AI for it, then save.",
        variant: "destructive",
      });
      return false;
    }
    return true;
  }, [appId, templateId, code, toast]);

  const toggleStatus: TemplateStatus = template?.status === "publish" ? "pause" : "publish";

  const save = useCallback<TemplateEditorState["save"]>(
    async (kind, details) => {
      if (!canSave()) return { ok: false, errors: {} };
      const status: TemplateStatus = kind === "draft" ? "draft" : toggleStatus;
      setSaving(kind);
      try {
        const saved = await updateTemplate(appId, templateId, { ...details, code, status });
        await mutate(saved, { revalidate: false });
        edited.current = saved.code !== code;
        const t = TOASTS[status];
        toast({ title: t.title, description: t.description, variant: t.variant });
        return { ok: true };
      } catch (err) {
        const fields = err instanceof ApiError ? err.fieldErrors() : {};
        const errors: SaveErrors = {};
        for (const k of ["name", "description", "code"] as const) if (fields[k]) errors[k] = fields[k];
        if (Object.keys(errors).length) return { ok: false, errors };
        // SPEC §8 swallows template failures (busy cleared); we also say so, with the server's message.
        console.error("template update failed", err);
        toast({
          title: "Template not saved",
          description: err instanceof Error ? err.message : "Please try again.",
          variant: "destructive",
        });
        return { ok: false, errors: {} };
      } finally {
        setSaving(null);
      }
    },
    [appId, templateId, code, toggleStatus, canSave, mutate, toast],
  );

  const ask = useCallback(
    async (prompt: string) => {
      if (!prompt.trim() || asking) return null;
      setAsking(true);
      setAiError(null);
      try {
        const answer = await askAi(code, prompt.trim());
        setCode(answer.code);
        return answer;
      } catch (err) {
        setAiError(`AI could not change the template: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      } finally {
        setAsking(false);
      }
    },
    [asking, code, setCode],
  );

  return {
    template,
    loading: isLoading && !template,
    failed,
    code,
    setCode,
    dirty: template !== undefined && code !== template.code,
    toggleStatus,
    canSave,
    saving,
    save,
    asking,
    aiError,
    ask,
  };
}
