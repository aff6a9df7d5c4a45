import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { PlusIcon, TrashIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/layout";
import { ApiError } from "../../../lib/api-client";
import { createTemplate, deleteTemplate, previewPath, useTemplates, type App, type Template } from "../api";
import { ConfirmDialog } from "./confirm-dialog";
import { TemplateStatusBadge } from "./status-badge";

const Panel = styled.div`
  container-type: inline-size;
  padding: 16px;
  background: var(--bg-subtle);
  border-radius: 8px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  h3 {
    font-size: 16px;
    margin: 0;
  }
`;

/** SPEC §2/§9: 1, 2 or 3 columns, by the panel's own width. */
const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  @container (min-width: 520px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @container (min-width: 820px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const CardBox = styled.article`
  position: relative;
  height: 100%;
  display: grid;
  align-content: start;
  gap: 8px;
  padding: 16px;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  transition: border-color 0.15s;
  &:hover {
    border-color: var(--border-strong);
  }
  h4 {
    margin: 0;
    padding-right: 36px;
    font-size: 15px;
    overflow-wrap: anywhere;
  }
  h4 a {
    color: var(--fg);
    text-decoration: none;
    /* The whole card opens the editor. */
    &::after {
      content: "";
      position: absolute;
      inset: 0;
      border-radius: var(--radius);
    }
    &:focus-visible {
      outline: none;
    }
    &:focus-visible::after {
      outline: 2px solid var(--focus);
      outline-offset: 2px;
    }
  }
  &:hover h4 a {
    text-decoration: underline;
  }
  p {
    margin: 0;
    color: var(--fg-muted);
    font-size: 14px;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    font-size: 13px;
    color: var(--fg-muted);
  }
`;

/** Shown on hover and on keyboard focus; always on touch screens and narrow windows, which have no hover. */
const DeleteButton = styled.button`
  position: absolute;
  top: 8px;
  right: 8px;
  z-index: 1;
  width: 32px;
  height: 32px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid var(--border);
  border-radius: 6px;
  background: var(--surface);
  color: var(--danger);
  cursor: pointer;
  opacity: 0;
  transition: opacity 0.15s;
  svg {
    width: 16px;
    height: 16px;
  }
  &:hover {
    background: var(--danger-soft);
    border-color: var(--danger);
  }
  ${CardBox}:hover &, ${CardBox}:focus-within &, &:focus-visible {
    opacity: 1;
  }
  @media (hover: none), (max-width: 640px) {
    opacity: 1;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px 12px;
`;

/** Why the Template button is off (the app's quota), or the server's refusal when a create raced past it. */
const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: 13px;
  color: ${(p) => (p.$error ? "var(--danger)" : "var(--fg-muted)")};
`;

const Empty = styled.p`
  margin: 0;
  padding: 16px;
  text-align: center;
  color: var(--fg-muted);
  border: 1px dashed var(--border-strong);
  border-radius: 8px;
`;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "Updated 5 minutes ago" within a week, a date after that. */
export function updatedLabel(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return "";
  const s = Math.round((at - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 45) return "Updated just now";
  if (abs < 3600) return `Updated ${relative.format(Math.round(s / 60), "minute")}`;
  if (abs < 86400) return `Updated ${relative.format(Math.round(s / 3600), "hour")}`;
  if (abs < 7 * 86400) return `Updated ${relative.format(Math.round(s / 86400), "day")}`;
  return `Updated ${absolute.format(at)}`;
}

export const templateName = (t: Template): string => t.name.trim() || "Untitled template";

function TemplateCard({ app, template, onDelete }: { app: App; template: Template; onDelete(): void }) {
  const name = templateName(template);
  return (
    <CardBox aria-label={name}>
      <h4>
        <Link to={previewPath(app.id, template.id)} state={{ app, template }}>
          {name}
        </Link>
      </h4>
      {template.description && <p>{template.description}</p>}
      <div className="meta">
        <TemplateStatusBadge status={template.status} />
        <time dateTime={template.updated_at} title={new Date(template.updated_at).toLocaleString()}>
          {updatedLabel(template.updated_at)}
        </time>
      </div>
      <DeleteButton type="button" aria-label={`Delete template ${name}`} onClick={onDelete}>
        <TrashIcon />
      </DeleteButton>
    </CardBox>
  );
}

/** An expanded app row: its templates (SPEC §2), a Template button that creates one and opens the editor. */
export function TemplatesPanel({ app, headingId }: { app: App; headingId: string }) {
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useTemplates(app.id);
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<Template | null>(null);
  const [deleting, setDeleting] = useState(false);
  /** The server's refusal of a create for the app's quota (another tab or call took the last place). */
  const [refusal, setRefusal] = useState<string | null>(null);

  const create = async () => {
    setCreating(true);
    setRefusal(null);
    try {
      const template = await createTemplate(app.id);
      void mutate();
      navigate(previewPath(app.id, template.id), { state: { app, template } });
    } catch (err) {
      // SPEC §8: template failures are swallowed; the busy flag clears. The quota's refusal is shown: it says what to do.
      console.error("template create failed", err);
      if (err instanceof ApiError && err.field("code") === "APPS.TEMPLATE_LIMIT_REACHED") {
        setRefusal(err.message);
        void mutate();
      }
      setCreating(false);
    }
  };

  const remove = async () => {
    if (!target) return;
    setDeleting(true);
    try {
      await deleteTemplate(app.id, target.id);
    } catch (err) {
      console.error("template delete failed", err);
    } finally {
      setDeleting(false);
      setTarget(null);
      setRefusal(null);
      void mutate();
    }
  };

  const templates = data?.results ?? [];
  // The service's quota of templates per app (the list answers it as `limit`).
  const atLimit = data !== undefined && data.count >= data.limit;
  const noteId = `${headingId}-limit`;
  return (
    <Panel role="region" aria-labelledby={headingId}>
      <Head>
        <h3 id={headingId}>
          Templates<span className="visually-hidden"> for {app.url}</span>
        </h3>
        <Actions>
          {refusal ? (
            <Note id={noteId} role="alert" $error data-testid="templates-limit-note">
              {refusal}
            </Note>
          ) : (
            atLimit && (
              <Note id={noteId} data-testid="templates-limit-note">
                {data.count} of {data.limit} templates — delete one to create another
              </Note>
            )
          )}
          <Button
            size="sm"
            variant="outline"
            busy={creating}
            disabled={atLimit}
            aria-describedby={atLimit || refusal ? noteId : undefined}
            onClick={() => void create()}
          >
            {!creating && <PlusIcon width={16} height={16} />}
            Template
          </Button>
        </Actions>
      </Head>
      {isLoading ? (
        <Grid aria-busy="true" aria-label="Loading templates">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton $h={96} />
            </li>
          ))}
        </Grid>
      ) : error && !data ? (
        <Empty>
          Templates could not be loaded.{" "}
          <Button size="sm" variant="link" onClick={() => void mutate()}>
            Try again
          </Button>
        </Empty>
      ) : templates.length === 0 ? (
        <Empty>No templates yet</Empty>
      ) : (
        <Grid aria-labelledby={headingId}>
          {templates.map((t) => (
            <li key={t.id}>
              <TemplateCard app={app} template={t} onDelete={() => setTarget(t)} />
            </li>
          ))}
        </Grid>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Delete Template"
        description={target ? `“${templateName(target)}” will be deleted. This cannot be undone.` : ""}
        dismissLabel="Cancel"
        confirmLabel="Delete"
        busy={deleting}
        dismissible={false}
        onClose={() => setTarget(null)}
        onConfirm={() => void remove()}
      />
    </Panel>
  );
}
