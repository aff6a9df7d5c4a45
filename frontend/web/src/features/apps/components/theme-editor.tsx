import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import {
  BASE_PALETTES,
  checkTheme,
  NEUTRAL_STEPS,
  resolveTheme,
  type AppTheme,
  type Density,
  type ThemeMode,
} from "@genui/ui-runtime";
import styled from "styled-components";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { FieldError, Hint, Select, TextField } from "../../../components/ui/field";
import { Segmented } from "../../../components/ui/segmented";
import { useToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { useTheme } from "../../../lib/theme";
import { updateTheme, type App, type Appearance } from "../api";
import {
  DEFAULT_DENSITY,
  DEFAULT_RADIUS,
  DENSITIES,
  MODES,
  NEUTRAL_CHOICES,
  NEUTRAL_PRESETS,
  formTheme,
  previewTheme,
  themeForm,
  themeFormErrors,
  themeKey,
  themeServerErrors,
  type ColourToken,
  type ModeForm,
  type NeutralChoice,
  type ThemeForm,
} from "../appearance";
import type { SampleId } from "../appearance-samples";
import { ColourField } from "./colour-field";
import { ThemePreview } from "./theme-preview";

/** Form beside preview when there is room; the preview first below that (it is what the edits are for). */
const Layout = styled.div`
  container-type: inline-size;
  > div {
    display: grid;
    gap: 24px;
    grid-template-columns: minmax(0, 1fr);
    @container (min-width: 860px) {
      grid-template-columns: minmax(300px, 400px) minmax(0, 1fr);
      align-items: start;
    }
  }
`;

const PreviewColumn = styled.div`
  min-width: 0;
  @container (min-width: 860px) {
    position: sticky;
    top: calc(var(--header-h) + 16px);
    order: 2;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 20px;
  min-width: 0;
  > fieldset {
    margin: 0;
    padding: 16px;
    min-width: 0;
    display: grid;
    gap: 14px;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--surface);
  }
  > fieldset > legend {
    padding: 0 6px;
    font-weight: 700;
    font-size: 15px;
  }
`;

const Steps = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 10px;
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  > label,
  > .label {
    font-size: 14px;
    font-weight: 600;
  }
  /* The density choice wraps on a narrow screen rather than pushing the page sideways. */
  > fieldset {
    justify-self: start;
    max-width: 100%;
    flex-wrap: wrap;
  }
`;

const RadiusRow = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  input[type="range"] {
    flex: 1;
    accent-color: var(--accent);
  }
  output {
    min-width: 48px;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Status = styled.p`
  margin: 0;
  font-size: 14px;
  color: var(--fg-muted);
`;

const Problems = styled.div`
  font-size: 14px;
  ul {
    margin: 6px 0 0;
    padding-left: 20px;
  }
`;

const FONT_STACKS = [
  'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  '"Inter", system-ui, sans-serif',
  'Georgia, "Times New Roman", serif',
  '"Helvetica Neue", Arial, sans-serif',
  'ui-rounded, "SF Pro Rounded", system-ui, sans-serif',
];

const TOKEN_LABELS: Record<ColourToken, string> = { primary: "Primary", accent: "Accent", background: "Background" };
const TOKEN_HINTS: Record<ColourToken, string> = {
  primary: "Buttons, links, focus rings, the first chart series.",
  accent: "Progress, active tabs, the second chart series.",
  background: "The screen's background.",
};
/** The resolved variable each token sets (what the swatch shows when the field is empty). */
const TOKEN_VAR: Record<ColourToken, string> = { primary: "primary", accent: "accent", background: "bg" };

/** The first of a field's messages (SPEC §5: the first message per field is shown). */
const first = (messages: readonly string[] | undefined) => messages?.[0];

interface Props {
  app: App;
  /** The look the form starts from; its `version` is sent with the theme. */
  base: Appearance;
  /** Whether the form differs from `base.theme` (the parent keeps the base while it does). */
  onDirty(dirty: boolean): void;
  onSaved(appearance: Appearance): void;
  /** A 409: the look changed elsewhere (the parent offers to reload it). */
  onStale(): void;
  stale: boolean;
}

/**
 * The theme editor: light and dark colours, the neutral scale, corners, spacing and fonts, with a live preview of
 * sample screens. Contrast problems show as the owner types (the same check the server runs); Save sends the theme
 * with the version it was made on, and the server's field errors show under their fields.
 */
export function ThemeEditor({ app, base, onDirty, onSaved, onStale, stale }: Props) {
  const toast = useToast();
  const site = useTheme().resolved;
  const [form, setForm] = useState<ThemeForm>(() => themeForm(base.theme));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useState<ThemeMode>(site);
  const [sample, setSample] = useState<SampleId>("signup");

  const dirty = themeKey(formTheme(form)) !== themeKey(base.theme);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  // A newer base (saved here, or reloaded) shows in the form unless the owner is editing it.
  const baseKey = themeKey(base.theme);
  useEffect(() => {
    if (!dirty) setForm(themeForm(base.theme));
    // Only a new base re-initialises (`dirty` and `base.theme` are read as they are then).
  }, [baseKey, base.version]);

  const live = useMemo(() => themeFormErrors(form), [form]);
  const candidate = useMemo(() => previewTheme(form), [form]);
  // Renderers refuse an unreadable theme (they draw GenUI's instead): the preview keeps the last readable one and says so.
  const readable = useMemo(() => checkTheme(candidate).ok, [candidate]);
  const [lastReadable, setLastReadable] = useState<AppTheme>(() => (checkTheme(candidate).ok ? candidate : {}));
  useEffect(() => {
    if (readable) setLastReadable(candidate);
  }, [readable, candidate]);
  const preview = readable ? candidate : lastReadable;
  const resolved = useMemo(() => resolveTheme(candidate), [candidate]);

  /** The message shown under a field: the server's, else the live check's. */
  const errorOf = (field: string) => serverErrors[field] ?? first(live[field]);
  const shownFields = new Set<string>();
  const err = (field: string) => {
    shownFields.add(field);
    return errorOf(field);
  };

  /** Changes part of the form and forgets the server's word on the fields it touched. */
  const edit = (fields: string[], change: (f: ThemeForm) => ThemeForm) => {
    setForm(change);
    setNotice(null);
    if (fields.some((f) => Object.keys(serverErrors).some((k) => k === f || k.startsWith(`${f}.`))))
      setServerErrors((prev) =>
        Object.fromEntries(Object.entries(prev).filter(([k]) => !fields.some((f) => k === f || k.startsWith(`${f}.`)))),
      );
  };
  const setMode_ = (m: ThemeMode, patch: Partial<ModeForm>, fields: string[]) =>
    edit(fields, (f) => ({ ...f, [m]: { ...f[m], ...patch } }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setNotice(null);
    setServerErrors({});
    try {
      const updated = await updateTheme(app.id, formTheme(form) as AppTheme, base.version);
      onSaved(updated);
      setForm(themeForm(updated.theme));
      toast({ title: "Theme saved", description: `${app.url}'s screens now use it.`, variant: "success" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onStale();
      else if (error instanceof ApiError && error.status === 400) {
        const fields = themeServerErrors(error.fieldErrors());
        setServerErrors(fields);
        if (Object.keys(fields).length === 0) setNotice(error.message);
      } else if (error instanceof ApiError && error.status === 404) setNotice("This app no longer exists (deleted elsewhere).");
      else setNotice(error instanceof Error ? error.message : "The theme was not saved. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  // Problems whose field has no input here (the whole theme, a mode): listed above the buttons.
  const renderForm = () => (
    <Form onSubmit={(e) => void save(e)} noValidate aria-label="Theme" data-testid="theme-form">
      {MODES.map((m) => (
        <fieldset key={m} onFocus={() => setMode(m)} data-testid={`theme-${m}`}>
          <legend>{m === "light" ? "Light mode" : "Dark mode"}</legend>
          {(["primary", "accent", "background"] as const).map((token) => (
            <ColourField
              key={token}
              label={TOKEN_LABELS[token]}
              pickerLabel={`${m === "light" ? "Light" : "Dark"} ${token} colour picker`}
              value={form[m][token]}
              fallback={resolved[m][TOKEN_VAR[token]] ?? BASE_PALETTES[m][TOKEN_VAR[token]] ?? "#000000"}
              onChange={(v) => setMode_(m, { [token]: v }, [`${m}.${token}`])}
              error={err(`${m}.${token}`)}
              hint={
                m === "dark" && token === "primary" && !form.dark.primary
                  ? "Empty: derived from light's primary, lightened until it reads on dark."
                  : TOKEN_HINTS[token]
              }
            />
          ))}
          <NeutralField
            mode={m}
            value={form[m]}
            error={err(`${m}.neutral`)}
            stepError={(s) => err(`${m}.neutral.${s}`)}
            onChoice={(choice) =>
              setMode_(
                m,
                {
                  neutral: choice,
                  // Custom starts from the scale shown, so the owner adjusts rather than types eleven colours.
                  ...(choice === "custom" && form[m].neutral !== "custom" && form[m].neutral !== "default"
                    ? { custom: { ...NEUTRAL_PRESETS[form[m].neutral] } }
                    : {}),
                },
                [`${m}.neutral`],
              )
            }
            onStep={(s, v) => setMode_(m, { custom: { ...form[m].custom, [s]: v } }, [`${m}.neutral`])}
          />
        </fieldset>
      ))}

      <fieldset>
        <legend>Shape and spacing</legend>
        <Field>
          <label htmlFor={`radius-${app.id}`}>Corner radius</label>
          <RadiusRow>
            <input
              id={`radius-${app.id}`}
              type="range"
              min={0}
              max={24}
              step={1}
              value={form.radius ?? DEFAULT_RADIUS}
              aria-valuetext={`${form.radius ?? DEFAULT_RADIUS} pixels`}
              aria-invalid={err("radius") ? true : undefined}
              onChange={(e) => edit(["radius"], (f) => ({ ...f, radius: Number(e.target.value) }))}
            />
            <output htmlFor={`radius-${app.id}`}>{form.radius ?? DEFAULT_RADIUS} px</output>
          </RadiusRow>
          <Hint>Cards' corners (controls use 4 px less). GenUI's default is {DEFAULT_RADIUS} px.</Hint>
          {err("radius") && <FieldError>{err("radius")}</FieldError>}
        </Field>
        <Field>
          <span className="label" aria-hidden="true">
            Density
          </span>
          <Segmented<Density>
            legend="Density"
            options={DENSITIES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))}
            value={form.density ?? DEFAULT_DENSITY}
            onChange={(d) => edit(["density"], (f) => ({ ...f, density: d }))}
            size="compact"
          />
          <Hint>Spacing between and inside components: compact 0.75×, comfortable 1×, spacious 1.25×.</Hint>
          {err("density") && <FieldError>{err("density")}</FieldError>}
        </Field>
      </fieldset>

      <fieldset>
        <legend>Fonts</legend>
        <datalist id={`font-stacks-${app.id}`}>
          {FONT_STACKS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        {(
          [
            ["body", "Body font", "Default: the visitor's system font"],
            ["heading", "Heading font", "Default: the body font"],
            ["mono", "Code font", "Default: the system's monospace font"],
          ] as const
        ).map(([key, label, placeholder]) => (
          <TextField
            key={key}
            label={label}
            value={form.fonts[key]}
            placeholder={placeholder}
            list={`font-stacks-${app.id}`}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => edit([`fonts.${key}`], (f) => ({ ...f, fonts: { ...f.fonts, [key]: e.target.value } }))}
            error={err(`fonts.${key}`)}
            hint={key === "body" ? 'A CSS font-family list, e.g. "Inter", system-ui, sans-serif.' : undefined}
          />
        ))}
        <TextField
          label="Font style sheet (optional)"
          type="url"
          value={form.fonts.stylesheet}
          placeholder="https://fonts.example.com/css2?family=Inter"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => edit(["fonts.stylesheet"], (f) => ({ ...f, fonts: { ...f.fonts, stylesheet: e.target.value } }))}
          error={err("fonts.stylesheet")}
          hint="An https:// CSS file you host (or a font service's) declaring the fonts above. Renderers load it where the page's Content Security Policy allows."
        />
      </fieldset>

      <OtherProblems errors={{ ...mapFirst(live), ...serverErrors }} shown={shownFields} />
      {notice && <Banner type="error">{notice}</Banner>}
      <Actions>
        <Button type="submit" busy={saving} disabled={!dirty || stale}>
          Save theme
        </Button>
        <Button
          variant="outline"
          disabled={!dirty || saving}
          onClick={() => edit(Object.keys(serverErrors), () => themeForm(base.theme))}
        >
          Discard changes
        </Button>
        <Button
          variant="ghost"
          disabled={saving || themeKey(formTheme(form)) === themeKey({})}
          onClick={() => edit(Object.keys(serverErrors), () => themeForm({}))}
        >
          Reset to GenUI's defaults
        </Button>
      </Actions>
      <Status role="status">
        {dirty
          ? Object.keys(live).length
            ? `Unsaved changes · ${Object.keys(live).length} ${Object.keys(live).length === 1 ? "field needs" : "fields need"} attention`
            : "Unsaved changes"
          : base.version === 0
            ? "GenUI's default theme"
            : `Saved · version ${base.version}`}
      </Status>
    </Form>
  );

  return (
    <Layout>
      <div>
        <PreviewColumn>
          <ThemePreview
            theme={preview}
            mode={mode}
            onMode={setMode}
            sample={sample}
            onSample={setSample}
            stylesheet={Boolean(form.fonts.stylesheet.trim())}
            unreadable={!readable}
            background={resolveTheme(preview)[mode].bg ?? BASE_PALETTES[mode].bg!}
          />
        </PreviewColumn>
        <div>{renderForm()}</div>
      </div>
    </Layout>
  );
}

const mapFirst = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v[0] ? [[k, v[0]]] : [])));

/** Messages about fields that have no input of their own (the theme as a whole, one mode). */
function OtherProblems({ errors, shown }: { errors: Record<string, string>; shown: ReadonlySet<string> }) {
  const rest = Object.entries(errors).filter(([k]) => !shown.has(k));
  if (rest.length === 0) return null;
  return (
    <Banner type="error">
      <Problems>
        The theme cannot be saved as it is:
        <ul>
          {rest.map(([k, v]) => (
            <li key={k}>{v}</li>
          ))}
        </ul>
      </Problems>
    </Banner>
  );
}

const STEP_FALLBACK = NEUTRAL_PRESETS.slate;

function NeutralField({
  mode,
  value,
  error,
  stepError,
  onChoice,
  onStep,
}: {
  mode: ThemeMode;
  value: ModeForm;
  error?: string;
  stepError(step: string): string | undefined;
  onChoice(choice: NeutralChoice): void;
  onStep(step: (typeof NEUTRAL_STEPS)[number], value: string): void;
}) {
  const id = `neutral-${mode}-${useId().replace(/:/g, "")}`;
  return (
    <>
      <Field>
        <label htmlFor={id}>Neutral scale</label>
        <Select
          id={id}
          value={value.neutral}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChoice(e.target.value as NeutralChoice)}
        >
          {NEUTRAL_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
        <Hint id={`${id}-hint`}>
          The greys of text, borders, cards and fields{mode === "dark" ? " (dark mode draws on the darkest steps)" : ""}.
        </Hint>
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </Field>
      {value.neutral === "custom" && (
        <Steps role="group" aria-label={`${mode === "light" ? "Light" : "Dark"} custom neutral scale`}>
          {NEUTRAL_STEPS.map((s) => (
            <ColourField
              key={s}
              label={s}
              pickerLabel={`${mode === "light" ? "Light" : "Dark"} neutral ${s} colour picker`}
              value={value.custom[s]}
              fallback={STEP_FALLBACK[s]}
              onChange={(v) => onStep(s, v)}
              error={stepError(s)}
            />
          ))}
        </Steps>
      )}
    </>
  );
}
