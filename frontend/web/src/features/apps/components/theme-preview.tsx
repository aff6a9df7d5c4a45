import { ScreenView } from "@genui/react-renderer";
import type { AppTheme, ThemeMode } from "@genui/ui-runtime";
import styled from "styled-components";
import { Segmented } from "../../../components/ui/segmented";
import { SAMPLE_LABELS, SAMPLE_SCREENS, type SampleId } from "../appearance-samples";

const Pane = styled.section`
  display: grid;
  gap: 12px;
  min-width: 0;
  align-content: start;
  h4 {
    margin: 0;
    font-size: 15px;
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  fieldset {
    max-width: 100%;
    overflow-x: auto;
  }
`;

/** The samples' picker wraps on a narrow screen rather than pushing the page sideways. */
const Samples = styled(Segmented<SampleId>)`
  flex-wrap: wrap;
  max-width: 100%;
`;

/** Framed like an embed: the screen's own root draws the theme's background. */
const Surface = styled.div`
  min-height: 320px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  overflow: auto;
  > .gu-root {
    min-height: 100%;
  }
`;

const Warning = styled.p`
  margin: 0;
  padding: 8px 12px;
  font-size: 14px;
  border: 1px solid var(--danger);
  border-left-width: 4px;
  border-radius: 8px;
  background: var(--danger-soft);
`;

const Note = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--fg-muted);
`;

const SAMPLES = (Object.keys(SAMPLE_LABELS) as SampleId[]).map((value) => ({ value, label: SAMPLE_LABELS[value] }));
const MODES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

export interface ThemePreviewProps {
  theme: AppTheme;
  mode: ThemeMode;
  onMode(mode: ThemeMode): void;
  sample: SampleId;
  onSample(sample: SampleId): void;
  /** The theme names a font style sheet (not loaded here). */
  stylesheet: boolean;
  /** The edited theme fails the contrast check: `theme` is the last readable one. */
  unreadable: boolean;
  /** The theme's background in `mode` (the frame around a narrow screen is the page it would sit on). */
  background: string;
}

/** The live preview: a sample screen drawn by the React renderer with the edited theme as its brand. */
export function ThemePreview({ theme, mode, onMode, sample, onSample, stylesheet, unreadable, background }: ThemePreviewProps) {
  return (
    <Pane aria-labelledby="appearance-preview-heading" data-testid="theme-preview">
      <Bar>
        <h4 id="appearance-preview-heading">Preview</h4>
        <Segmented legend="Preview in" options={MODES} value={mode} onChange={onMode} size="compact" />
      </Bar>
      <Samples legend="Sample screen" options={SAMPLES} value={sample} onChange={onSample} size="compact" />
      {unreadable && (
        <Warning role="status" data-testid="theme-preview-unreadable">
          Some text would be unreadable with these colours, so no renderer would apply them: the preview shows your last readable
          theme until the fields marked in the form are fixed.
        </Warning>
      )}
      <Surface data-testid="theme-preview-surface" data-mode={mode} style={{ background }}>
        <ScreenView screen={SAMPLE_SCREENS[sample]} theme={mode} brand={theme} />
      </Surface>
      <Note>
        The preview follows your edits; screens use the theme once it is saved.
        {stylesheet &&
          " Your font style sheet is not loaded here (the dashboard loads no files from other sites): fonts installed on this device show."}
      </Note>
    </Pane>
  );
}
