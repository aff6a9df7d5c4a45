import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { EditorPanel, Workspace, WorkspacePage } from "../../../components/ui/workspace";
import type { AiAnswer } from "../api";
import type { TemplateEditorState } from "../use-template-editor";
import { AskAiPanel } from "./ask-ai-panel";
import { ModeToggle, type EditorMode } from "./mode-toggle";
import { SaveTemplateDialog } from "./save-template-dialog";
import { TemplateStatusBadge } from "./template-status-badge";

const Head = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
  .back {
    font-size: 14px;
    width: fit-content;
  }
  .title {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    min-width: 0;
  }
  h1 {
    font-size: clamp(24px, 3.5vw, 30px);
    margin: 0;
    overflow-wrap: anywhere;
  }
  .meta {
    margin: 0;
    color: var(--fg-muted);
    font-size: 14px;
    overflow-wrap: anywhere;
  }
  .unsaved {
    font-size: 13px;
    color: var(--fg-muted);
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  .actions {
    display: flex;
    gap: 8px;
  }
`;

const Center = styled.div`
  display: grid;
  place-items: center;
  gap: 16px;
  padding: 96px 24px;
  text-align: center;
  h1 {
    font-size: 26px;
    margin: 0;
  }
  p {
    margin: 0;
    color: var(--fg-muted);
    max-width: 440px;
  }
`;

export interface TemplateEditorProps {
  state: TemplateEditorState;
  /** The app's website, when the dashboard handed it over. */
  appUrl?: string;
  /** The code editor (Code mode) and its keyboard help. */
  codeEditor: ReactNode;
  codeHint?: ReactNode;
  /** The live preview. */
  preview: ReactNode;
  /** An AI answer arrived (its code is already the editor's). */
  onAnswer(answer: AiAnswer): void;
}

/**
 * SPEC §2 Template editor: AI / Code toggle, Clear, Save, the "Ask AI..." prompt area, the code editor and the live
 * preview; "Enter your template details" on Save. The toggle switches the left-hand side; the preview always shows.
 */
export function TemplateEditor({ state, appUrl, codeEditor, codeHint, preview, onAnswer }: TemplateEditorProps) {
  const { template, loading, failed, code } = state;
  const [mode, setMode] = useState<EditorMode | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const codeHeading = useId();
  const aiHeading = useId();

  // A blank template starts in AI mode (describe it), one with code in Code mode.
  const initialMode: EditorMode | null = template ? (template.code.trim() ? "code" : "ai") : null;
  useEffect(() => {
    if (initialMode && mode === null) setMode(initialMode);
  }, [initialMode, mode]);

  if (loading) {
    return (
      <Center>
        <Spinner size={28} label="Loading the template" />
      </Center>
    );
  }
  if (failed || !template) {
    return (
      <Center>
        <h1>Template not found</h1>
        <p>
          It may have been deleted, or this link names a template of another account. Your templates are listed under each app on
          the dashboard.
        </p>
        <ButtonLink to="/dashboard" $variant="primary" $size="md">
          Back to dashboard
        </ButtonLink>
      </Center>
    );
  }

  const current = mode ?? initialMode ?? "code";
  const name = template.name.trim() || "Untitled template";
  return (
    <WorkspacePage>
      <Head>
        <Link className="back" to="/dashboard">
          ← Dashboard
        </Link>
        <div className="title">
          <h1>{name}</h1>
          <TemplateStatusBadge status={template.status} />
          {state.dirty && <span className="unsaved">Unsaved changes</span>}
        </div>
        <p className="meta">
          Template editor{appUrl ? ` · ${appUrl}` : ""}
          {template.description ? ` · ${template.description}` : ""}
        </p>
      </Head>
      <Toolbar>
        <ModeToggle value={current} onChange={setMode} />
        <div className="actions">
          <Button variant="ghost" onClick={() => state.setCode("")} disabled={!code || state.asking}>
            Clear
          </Button>
          <Button onClick={() => state.canSave() && setDialogOpen(true)} disabled={state.asking}>
            Save
          </Button>
        </div>
      </Toolbar>
      <Workspace>
        {current === "ai" ? (
          <AskAiPanel
            headingId={aiHeading}
            code={code}
            busy={state.asking}
            onAsk={async (prompt) => {
              const answer = await state.ask(prompt);
              if (answer) onAnswer(answer);
              return answer !== null;
            }}
          />
        ) : (
          <EditorPanel aria-labelledby={codeHeading} $chrome={260}>
            <h2 id={codeHeading}>Code</h2>
            <div className="editor">{codeEditor}</div>
            {codeHint}
          </EditorPanel>
        )}
        {preview}
      </Workspace>
      <SaveTemplateDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        initialName={template.name}
        initialDescription={template.description}
        toggleStatus={state.toggleStatus}
        saving={state.saving}
        onSave={state.save}
      />
    </WorkspacePage>
  );
}
