import { lazy, Suspense, useId, useState } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { ChevronIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/layout";
import { useAppearance, type App, type Appearance } from "../api";

/** The editor brings the renderer and the theme checks: loaded when the owner opens it. */
const AppearanceEditor = lazy(() => import("./appearance-editor"));

const Panel = styled.div`
  display: grid;
  gap: 12px;
  padding: 16px;
  margin-bottom: 12px;
  background: var(--bg-subtle);
  border-radius: 8px;
  min-width: 0;
  h3 {
    font-size: 16px;
    margin: 0;
  }
  > p {
    margin: 0;
    font-size: 14px;
    color: var(--fg-muted);
  }
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  font-size: 14px;
  .swatches {
    display: inline-flex;
    gap: 4px;
  }
  .swatch {
    width: 18px;
    height: 18px;
    border-radius: 50%;
    border: 1px solid var(--border-strong);
  }
`;

const Toggle = styled(Button)`
  svg {
    transition: transform 0.15s;
  }
  &[aria-expanded="true"] svg {
    transform: rotate(90deg);
  }
`;

const Empty = styled.p`
  margin: 0;
  padding: 12px;
  text-align: center;
  font-size: 14px;
  border: 1px dashed var(--border-strong);
  border-radius: 8px;
`;

/** The colours the theme sets itself (GenUI's own are not repeated here). */
function Swatches({ appearance }: { appearance: Appearance }) {
  const t = appearance.theme;
  const colours = [
    ["Light primary", t.light?.primary],
    ["Light accent", t.light?.accent],
    ["Dark primary", t.dark?.primary],
    ["Dark accent", t.dark?.accent],
  ].filter((c): c is [string, string] => typeof c[1] === "string");
  if (colours.length === 0) return null;
  return (
    <span className="swatches">
      {colours.map(([label, colour]) => (
        <span key={label} className="swatch" style={{ background: colour }} title={`${label}: ${colour}`} aria-hidden="true" />
      ))}
    </span>
  );
}

const themeWords = (a: Appearance) => {
  const t = a.theme;
  const primary = t.light?.primary ?? t.dark?.primary;
  if (Object.keys(t).length === 0) return "GenUI's default theme";
  return primary ? `Your theme (primary ${primary})` : "Your theme";
};

/**
 * An expanded app row's Appearance: what the app's screens look like (its theme, its own components) and the editor
 * for both, opened on demand.
 */
export function AppearancePanel({ app, headingId }: { app: App; headingId: string }) {
  const [open, setOpen] = useState(false);
  const editorId = useId();
  const { data, error, isLoading, mutate } = useAppearance(app.id);

  return (
    <Panel role="region" aria-labelledby={headingId} data-testid="appearance-panel">
      <h3 id={headingId}>
        Appearance<span className="visually-hidden"> for {app.url}</span>
      </h3>
      <p>
        Your brand's colours, corners, spacing and fonts for every screen of this app (light and dark), and your own React
        components for the model to use.
      </p>
      {isLoading ? (
        <div role="status" aria-busy="true" aria-label="Loading the appearance">
          <Skeleton $h={32} />
        </div>
      ) : !data ? (
        <Empty>
          The appearance could not be loaded{error instanceof Error && error.message ? `: ${error.message}` : "."}{" "}
          <Button size="sm" variant="link" onClick={() => void mutate()}>
            Try again
          </Button>
        </Empty>
      ) : (
        <>
          <Summary>
            <Swatches appearance={data} />
            <span data-testid="appearance-summary">
              {themeWords(data)} · {data.components.length} {data.components.length === 1 ? "component" : "components"}
            </span>
            <Toggle
              size="sm"
              variant="outline"
              aria-expanded={open}
              aria-controls={open ? editorId : undefined}
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronIcon width={16} height={16} />
              {open ? "Close appearance editor" : "Edit appearance"}
            </Toggle>
          </Summary>
          {open && (
            <div id={editorId}>
              <Suspense
                fallback={
                  <div role="status" aria-busy="true" aria-label="Loading the appearance editor">
                    <Skeleton $h={240} />
                  </div>
                }
              >
                <AppearanceEditor app={app} appearance={data} />
              </Suspense>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
