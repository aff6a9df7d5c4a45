import { useId, useMemo, useState, type FormEvent } from "react";
import {
  FALLBACK_TYPES,
  ROLES,
  ROLE_NAMES,
  roleMapping,
  type AppComponent,
  type AppTheme,
  type FallbackType,
  type RoleName,
} from "@genui/ui-runtime";
import styled from "styled-components";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { FieldError, Hint, Select, TextAreaField, TextField, Textarea } from "../../../components/ui/field";
import { declaredProps, formComponent, jsonProblem, type ComponentForm as Form } from "../appearance";
import { FallbackPreview } from "./fallback-preview";

const Box = styled.form`
  display: grid;
  gap: 16px;
  padding: 16px;
  border: 1px solid var(--border-strong);
  border-radius: var(--radius);
  background: var(--surface);
  h4 {
    margin: 0;
    font-size: 16px;
  }
`;

const Two = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @container (min-width: 720px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
  label {
    font-size: 14px;
    font-weight: 600;
  }
`;

const Code = styled(Textarea)`
  font-family: var(--mono);
  font-size: 13px;
  line-height: 1.5;
  min-height: 200px;
  tab-size: 2;
  white-space: pre;
  overflow-wrap: normal;
  overflow-x: auto;
`;

const Mapping = styled.fieldset`
  margin: 0;
  padding: 12px;
  min-width: 0;
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  border: 1px dashed var(--border-strong);
  border-radius: 8px;
  legend {
    padding: 0 6px;
    font-size: 14px;
    font-weight: 600;
  }
  label {
    font-size: 13px;
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const FALLBACK_WORDS: Record<FallbackType, string> = {
  card: "Card (title, text, details, list, a button)",
  stat: "Stat (a number with its label)",
  keyValue: "Key–value pairs",
  list: "List",
  text: "Text",
  markdown: "Markdown",
  heading: "Heading",
  button: "Button",
  alert: "Alert",
  badge: "Badge",
};

const ROLE_WORDS: Record<RoleName, string> = { "product-card": "Product card", "pricing-tier": "Pricing tier", hero: "Hero" };

/** A JSON text area with its parse problem shown as the owner types (the server's word replaces it on save). */
function JsonField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint: string;
}) {
  const id = useId();
  const shown = jsonProblem(value) ?? error;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Code
        id={id}
        value={value}
        spellCheck={false}
        autoComplete="off"
        rows={10}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      {shown && <FieldError id={`${id}-error`}>{shown}</FieldError>}
    </Field>
  );
}

export interface ComponentFormProps {
  /** The component being edited (its name is fixed), or null for a new one. */
  editing: AppComponent | null;
  initial: Form;
  /** Field errors from the server, by the form's field names. */
  errors: Record<string, string>;
  /** A problem that belongs to no field. */
  notice: string | null;
  saving: boolean;
  onSubmit(component: AppComponent): void;
  onCancel(): void;
  /** A field was edited (its server error is stale). */
  onEdited(field: string): void;
  /** The app's saved theme, for the fallback preview. */
  brand: AppTheme;
}

/**
 * Declares or edits one of the app's components: its name, a description for the model, its props (a JSON Schema)
 * and an example of them, the built-in it falls back to and, optionally, the role the built-in generator uses it for.
 */
export function ComponentForm({
  editing,
  initial,
  errors,
  notice,
  saving,
  onSubmit,
  onCancel,
  onEdited,
  brand,
}: ComponentFormProps) {
  const [form, setForm] = useState<Form>(initial);
  const [local, setLocal] = useState<Record<string, string>>({});
  const headingId = useId();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setLocal((l) => {
      const { [key]: _gone, ...rest } = l;
      void _gone;
      return rest;
    });
    onEdited(key === "roleProps" ? "role" : key);
  };

  const props = useMemo(() => declaredProps(form.props), [form.props]);
  const automatic = useMemo(() => {
    if (!form.role) return {};
    try {
      return roleMapping({ props: JSON.parse(form.props) as AppComponent["props"], role: { name: form.role } });
    } catch {
      return {};
    }
  }, [form.props, form.role]);
  const example = useMemo(() => {
    if (jsonProblem(form.example)) return null;
    return JSON.parse(form.example) as AppComponent["example"];
  }, [form.example]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const made = formComponent(form);
    if ("errors" in made) {
      setLocal(made.errors);
      return;
    }
    onSubmit(made.component);
  };

  /** The server's message for a field, else the form's own (JSON that does not parse). */
  const err = (field: string) => errors[field] ?? local[field];
  const known = new Set(["name", "description", "props", "example", "fallback", "role", "role.name", "role.props"]);
  // A mapping of a field the role does not have (no select of its own here).
  const roleFields = form.role ? Object.keys(ROLES[form.role].fields) : [];
  const strayRoleError = Object.entries(errors).find(
    ([k]) => k.startsWith("role.props.") && !roleFields.includes(k.slice("role.props.".length)),
  )?.[1];
  const others = Object.entries(errors).filter(([k]) => !known.has(k) && !k.startsWith("role.props."));

  return (
    <Box onSubmit={submit} noValidate aria-labelledby={headingId} data-testid="component-form">
      <h4 id={headingId}>{editing ? `Edit ${editing.name}` : "Declare a component"}</h4>
      {others.length > 0 && (
        <Banner type="error">
          {others.map(([k, v]) => (
            <div key={k}>{v}</div>
          ))}
        </Banner>
      )}
      {notice && <Banner type="error">{notice}</Banner>}
      <Two>
        <TextField
          label="Name"
          value={form.name}
          onChange={(e) => set("name", e.target.value)}
          disabled={editing !== null}
          spellCheck={false}
          autoComplete="off"
          placeholder="ProductCard"
          error={err("name")}
          hint="Your React component's name: a capital letter, then letters and digits. GenUI's own names are taken."
        />
        <Field>
          <label htmlFor={`${headingId}-fallback`}>Fallback</label>
          <Select
            id={`${headingId}-fallback`}
            value={form.fallback}
            aria-invalid={err("fallback") ? true : undefined}
            onChange={(e) => set("fallback", e.target.value as FallbackType)}
          >
            {FALLBACK_TYPES.map((t) => (
              <option key={t} value={t}>
                {FALLBACK_WORDS[t]}
              </option>
            ))}
          </Select>
          <Hint>What the iframe, the web component, agent hosts and A2UI draw instead: they do not have your React code.</Hint>
          {err("fallback") && <FieldError>{err("fallback")}</FieldError>}
        </Field>
      </Two>
      <TextAreaField
        label="Description"
        value={form.description}
        rows={3}
        onChange={(e) => set("description", e.target.value)}
        error={err("description")}
        placeholder="One product with its photo, price and an Add to cart button. Use it in shops and catalogues."
        hint="The model reads this: say what it shows and when to use it (up to 500 characters)."
      />
      <Two>
        <JsonField
          label="Props (JSON Schema)"
          value={form.props}
          onChange={(v) => set("props", v)}
          error={err("props")}
          hint='A JSON Schema of type "object": screens may pass exactly these props (no children).'
        />
        <JsonField
          label="Example props (JSON)"
          value={form.example}
          onChange={(v) => set("example", v)}
          error={err("example")}
          hint="Props the schema accepts: the model sees them, and the fallback preview below draws them."
        />
      </Two>
      <Field>
        <label htmlFor={`${headingId}-role`}>Role (optional)</label>
        <Select
          id={`${headingId}-role`}
          value={form.role}
          aria-invalid={err("role") || err("role.name") ? true : undefined}
          onChange={(e) => set("role", e.target.value as RoleName | "")}
        >
          <option value="">None: only the model uses it</option>
          {ROLE_NAMES.map((r) => (
            <option key={r} value={r}>
              {ROLE_WORDS[r]}: {ROLES[r].description.toLowerCase()}
            </option>
          ))}
        </Select>
        <Hint>The built-in generator draws this component wherever it would compose that role.</Hint>
        {(err("role") ?? err("role.name")) && <FieldError>{err("role") ?? err("role.name")}</FieldError>}
      </Field>
      {form.role && (
        <Mapping>
          <legend>Which of your props gets each of the role's fields</legend>
          {Object.keys(ROLES[form.role].fields).map((field) => (
            <Field key={field}>
              <label htmlFor={`${headingId}-map-${field}`}>
                <span className="visually-hidden">Role field </span>
                {field}
              </label>
              <Select
                id={`${headingId}-map-${field}`}
                value={form.roleProps[field] ?? ""}
                aria-invalid={err(`role.props.${field}`) ? true : undefined}
                onChange={(e) => set("roleProps", { ...form.roleProps, [field]: e.target.value })}
              >
                <option value="">{automatic[field] ? `Automatic: ${automatic[field]}` : "Automatic: none"}</option>
                {props.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
              {err(`role.props.${field}`) && <FieldError>{err(`role.props.${field}`)}</FieldError>}
            </Field>
          ))}
          {(err("role.props") ?? strayRoleError) && (
            <FieldError style={{ gridColumn: "1 / -1" }}>{err("role.props") ?? strayRoleError}</FieldError>
          )}
        </Mapping>
      )}
      {example && form.name.trim() && (
        <Field>
          <span style={{ fontSize: 14, fontWeight: 600 }}>Fallback preview</span>
          <FallbackPreview name={form.name.trim()} fallback={form.fallback} example={example} brand={brand} />
        </Field>
      )}
      <Actions>
        <Button type="submit" busy={saving}>
          {editing ? "Save component" : "Declare component"}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </Actions>
    </Box>
  );
}
