import { useMemo, useState, type ReactNode } from "react";
import { ScreenView, type LifecycleEvent } from "@genui/react-renderer";
import {
  attachFallbacks,
  type ActionEvent,
  type AppComponent,
  type AppTheme,
  type EvalError,
  type Screen,
} from "@genui/ui-runtime";
import styled from "styled-components";
import { CodeBlock } from "../../../components/ui/code-block";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import type { LiveScreen } from "../use-live-screen";

export type PreviewEvent = ActionEvent | LifecycleEvent;

const Pane = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  flex-wrap: wrap;
  h2 {
    font-size: 16px;
    margin: 0;
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: 13px;
  color: var(--fg-muted);
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

/** SPEC §8: errors show as a band over the preview; the last good screen stays under it. */
const ErrorBand = styled.div`
  display: grid;
  gap: 4px;
  padding: 10px 12px;
  border: 1px solid var(--danger);
  border-left-width: 4px;
  border-radius: 8px;
  background: var(--danger-soft);
  color: var(--fg);
  font-size: 14px;
  overflow-wrap: anywhere;
  strong {
    color: var(--danger);
  }
  code {
    font-size: 13px;
    white-space: pre-wrap;
  }
`;

const Surface = styled.div`
  min-height: 240px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--bg-subtle);
  overflow: auto;
  /* The screen's own root draws its background; this frames it like an embed. */
  > .gu-root {
    min-height: 100%;
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: 32px 16px;
  text-align: center;
  color: var(--fg-muted);
  code {
    font-size: 14px;
  }
`;

const KIND: Record<EvalError["kind"], string> = {
  syntax: "Syntax error",
  runtime: "Error",
  timeout: "Too slow",
  memory: "Out of memory",
  stack: "Nested too deeply",
  invalid: "Invalid code",
};

/** The sandbox's message without QuickJS's "SyntaxError: " prefix when the band already says so. */
const errorText = (e: EvalError) => (e.kind === "syntax" ? e.message.replace(/^SyntaxError:\s*/, "") : e.message);

export interface PreviewPaneProps {
  live: LiveScreen;
  theme: "light" | "dark";
  onAction?: (e: PreviewEvent) => void;
  /** Another error to show in the band (e.g. a failed AI request). */
  notice?: string | null;
  /** Under the preview (e.g. the action log). */
  footer?: ReactNode;
  headingId?: string;
  /** The app's theme (a template's preview looks as the app's screens do). */
  brand?: AppTheme | null;
  /** The app's own components: their nodes are drawn as their declared fallback, as the embed's iframe draws them. */
  appComponents?: readonly AppComponent[];
}

/** The live preview: the rendered screen (or its JSON), the evaluation status and an error band. */
export function PreviewPane({ live, theme, onAction, notice, footer, headingId, brand, appComponents }: PreviewPaneProps) {
  const [view, setView] = useState("screen");
  const { error, ms, repairs, pending, unavailable } = live;
  const screen = useMemo(
    () => (live.screen && appComponents?.length ? attachFallbacks(live.screen, appComponents) : live.screen),
    [live.screen, appComponents],
  );
  const empty = !screen || screen.screen.v1.length === 0;
  const status = pending ? (
    <>
      <Spinner size={12} /> Evaluating…
    </>
  ) : ms !== null ? (
    `Evaluated in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms${repairs.length ? ` · ${repairs.length} repaired` : ""}`
  ) : null;

  const screenView = empty ? (
    <Surface>
      <Empty>
        {pending && !screen ? (
          "Loading the preview…"
        ) : (
          <>
            Nothing to show yet. Add a component, e.g. <code>heading("Hello")</code>.
          </>
        )}
      </Empty>
    </Surface>
  ) : (
    <Surface data-testid="preview-surface">
      <ScreenView screen={screen} theme={theme} brand={brand} onAction={onAction} />
    </Surface>
  );

  return (
    <Pane aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>Preview</h2>
        <Status aria-live="off">{status}</Status>
      </Head>
      {(error || notice || unavailable) && (
        <ErrorBand role="alert">
          {unavailable && <span>{unavailable}</span>}
          {notice && <span>{notice}</span>}
          {error && (
            <span>
              <strong>{KIND[error.kind]}:</strong> <code>{errorText(error)}</code>
              {screen && !empty ? " — the last screen that worked is shown below." : ""}
            </span>
          )}
        </ErrorBand>
      )}
      <Tabs
        label="Preview as"
        value={view}
        onChange={setView}
        items={[
          { id: "screen", label: "Screen", content: screenView },
          {
            id: "json",
            label: "JSON",
            content: screen ? (
              <CodeBlock code={JSON.stringify(screen, null, 2)} language="json" label="Screen JSON" />
            ) : (
              <Empty>No screen yet.</Empty>
            ),
          },
        ]}
      />
      {footer}
    </Pane>
  );
}

/** What an event in the preview reports, for logs. */
export function describeEvent(e: PreviewEvent): { type: string; name: string; value: string } {
  const value = e.component.value === undefined ? "" : JSON.stringify(e.component.value);
  return { type: e.type, name: e.component.name, value };
}

export type { Screen };
