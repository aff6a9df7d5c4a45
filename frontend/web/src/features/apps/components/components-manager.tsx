import { useState } from "react";
import { APP_COMPONENT_LIMITS, type AppComponent } from "@genui/ui-runtime";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { PlusIcon } from "../../../components/ui/icons";
import { Badge } from "../../../components/ui/layout";
import { useToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { deleteComponent, putComponent, type App, type Appearance } from "../api";
import { NEW_COMPONENT, componentForm } from "../appearance";
import { ComponentForm } from "./component-form";
import { ConfirmDialog } from "./confirm-dialog";
import { FallbackPreview } from "./fallback-preview";

const Root = styled.div`
  container-type: inline-size;
  display: grid;
  gap: 16px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  p {
    margin: 0;
    font-size: 14px;
    color: var(--fg-muted);
    max-width: 640px;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  @container (min-width: 760px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: grid;
  align-content: start;
  gap: 10px;
  padding: 16px;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  min-width: 0;
  h4 {
    margin: 0;
    font-size: 15px;
    font-family: var(--mono);
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    font-size: 14px;
    color: var(--fg-muted);
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .actions {
    display: flex;
    gap: 8px;
  }
  .caption {
    font-size: 13px;
    font-weight: 600;
    color: var(--fg-muted);
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: 16px;
  text-align: center;
  font-size: 14px;
  color: var(--fg-muted);
  border: 1px dashed var(--border-strong);
  border-radius: 8px;
`;

const ROLE_WORDS: Record<string, string> = { "product-card": "product card", "pricing-tier": "pricing tier", hero: "hero" };

type Editing = { component: AppComponent | null; key: number } | null;

/** The server's field names without the body's `component.` prefix, when it sends one. */
const formFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.startsWith("component.") ? k.slice("component.".length) : k, v]));

interface Props {
  app: App;
  base: Appearance;
  onSaved(appearance: Appearance): void;
  onStale(): void;
  stale: boolean;
  /** Whether the form is open (the parent keeps the base while it is). */
  onDirty(dirty: boolean): void;
}

/**
 * The app's own components: each with its description, fallback, role and a preview of the fallback; declare, edit
 * (the same form) and delete (confirmed). Field errors from the server show under their fields.
 */
export function ComponentsManager({ app, base, onSaved, onStale, stale, onDirty }: Props) {
  const toast = useToast();
  const [editing, setEditingState] = useState<Editing>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [target, setTarget] = useState<AppComponent | null>(null);
  const [deleting, setDeleting] = useState(false);
  const components = base.components;
  const full = components.length >= APP_COMPONENT_LIMITS.perApp;

  const setEditing = (next: Editing) => {
    setEditingState(next);
    setErrors({});
    setNotice(null);
    onDirty(next !== null);
  };

  const failure = (err: unknown, what: string): void => {
    if (err instanceof ApiError && err.status === 409) onStale();
    else if (err instanceof ApiError && err.status === 400) {
      const fields = formFields(err.fieldErrors());
      setErrors(fields);
      if (Object.keys(fields).length === 0) setNotice(err.message);
    } else if (err instanceof ApiError && err.status === 404) setNotice("This app no longer exists (deleted elsewhere).");
    else setNotice(err instanceof Error ? `${what}: ${err.message}` : `${what}. Please try again.`);
  };

  const save = async (component: AppComponent) => {
    setSaving(true);
    setErrors({});
    setNotice(null);
    try {
      const updated = await putComponent(app.id, component, base.version);
      onSaved(updated);
      toast({
        title: editing?.component ? `${component.name} saved` : `${component.name} declared`,
        description: "New screens of this app may use it.",
        variant: "success",
      });
      setEditing(null);
    } catch (err) {
      failure(err, "The component was not saved");
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!target) return;
    setDeleting(true);
    try {
      const updated = await deleteComponent(app.id, target.name);
      onSaved(updated);
      toast({
        title: `${target.name} deleted`,
        description: "Screens already made with it show its fallback.",
        variant: "success",
      });
      if (editing?.component?.name === target.name) setEditing(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) toast({ title: `${target.name} was already deleted` });
      else
        toast({
          title: `${target.name} was not deleted`,
          description: err instanceof Error ? err.message : "Please try again.",
          variant: "destructive",
        });
    } finally {
      setDeleting(false);
      setTarget(null);
    }
  };

  return (
    <Root>
      <Head>
        <p>
          Your own React components, for the model to use where they fit (with <code>custom()</code> in UI code). Pages that
          render with <code>@genui/react-renderer</code> or <code>{"<GenUI json components>"}</code> draw them with your code;
          everywhere else draws the fallback. {components.length} of {APP_COMPONENT_LIMITS.perApp} declared.
        </p>
        <Button
          size="sm"
          onClick={() => setEditing({ component: null, key: Date.now() })}
          disabled={full || editing !== null || stale}
          title={full ? `At most ${APP_COMPONENT_LIMITS.perApp} components per app` : undefined}
        >
          <PlusIcon width={16} height={16} />
          Add component
        </Button>
      </Head>
      {editing && (
        <ComponentForm
          key={editing.key}
          editing={editing.component}
          initial={editing.component ? componentForm(editing.component) : NEW_COMPONENT}
          errors={errors}
          notice={notice}
          saving={saving}
          brand={base.theme}
          onSubmit={(c) => void save(c)}
          onCancel={() => setEditing(null)}
          onEdited={(field) => {
            if (Object.keys(errors).some((k) => k === field || k.startsWith(`${field}.`)))
              setErrors((prev) =>
                Object.fromEntries(Object.entries(prev).filter(([k]) => k !== field && !k.startsWith(`${field}.`))),
              );
          }}
        />
      )}
      {components.length === 0 ? (
        <Empty>No components declared yet: screens use GenUI's components only.</Empty>
      ) : (
        <List aria-label={`Components of ${app.url}`}>
          {components.map((c) => (
            <Item key={c.name} aria-labelledby={`component-${app.id}-${c.name}`} data-component={c.name}>
              <h4 id={`component-${app.id}-${c.name}`}>{c.name}</h4>
              <p>{c.description}</p>
              <div className="meta">
                <Badge $tone="gray">Falls back to {c.fallback}</Badge>
                {c.role && <Badge $tone="accent">Role: {ROLE_WORDS[c.role.name] ?? c.role.name}</Badge>}
                <Badge $tone="gray">{Object.keys((c.props as { properties?: object }).properties ?? {}).length} props</Badge>
              </div>
              <span className="caption">Fallback, drawn from the example</span>
              <FallbackPreview name={c.name} fallback={c.fallback} example={c.example} brand={base.theme} />
              <div className="actions">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing({ component: c, key: Date.now() })}
                  disabled={editing !== null || stale}
                  aria-label={`Edit ${c.name}`}
                >
                  Edit
                </Button>
                <Button size="sm" variant="outline" onClick={() => setTarget(c)} disabled={stale} aria-label={`Delete ${c.name}`}>
                  Delete
                </Button>
              </div>
            </Item>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={target !== null}
        title={target ? `Delete ${target.name}?` : "Delete component?"}
        description={
          target
            ? `The model stops using ${target.name}; screens already made with it show its fallback (${target.fallback}).`
            : ""
        }
        dismissLabel="Cancel"
        confirmLabel="Delete"
        busy={deleting}
        onClose={() => setTarget(null)}
        onConfirm={() => void remove()}
      />
    </Root>
  );
}
