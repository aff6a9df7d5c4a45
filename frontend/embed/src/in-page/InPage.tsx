/**
 * `<GenUI json={…} components={{ ProductCard }}>`: the screen drawn in the page itself with @genui/react-renderer's
 * ScreenView (json needs no sandbox: it is data, no code runs), so that the developer's own React components draw
 * the screen's app nodes. The app's brand theme (fetched with the key) and the page's override apply as in the
 * iframe, checked the same way. Loaded by GenUI.tsx only when used: pages that only frame screens never load it.
 */
import { useEffect, useMemo, useState, type CSSProperties, type ReactElement } from "react";
import { ScreenView, combineBrand } from "@genui/react-renderer";
import { brandErrorMessage } from "@genui/ui-runtime/protocol";
import type { ActionEvent, AppTheme, Screen } from "@genui/ui-runtime";
import { loadAppearance } from "../host/appearance";
import { ERROR_BAND_STYLE } from "../host/error-band";
import { DEFAULT_WIDTH, cssSize } from "../host/frame-size";
import type { GenUITheme } from "../host/options";
import { toScreen } from "../host/retrieve";
import { isObject, nonEmpty } from "../host/values";
import type { AppComponents } from "./components";

export interface InPageProps {
  json: Screen | string;
  components: AppComponents;
  apiKey?: string;
  apiBase: string;
  theme?: GenUITheme;
  brand?: AppTheme | null;
  width?: string | number;
  height?: string | number;
  debug: boolean;
  onAction(event: ActionEvent): void;
  onError(message: string): void;
}

/** A value's JSON text as a stable key (the same theme or screen passed again as a new object changes nothing). */
const keyOf = (v: unknown): string => {
  try {
    return JSON.stringify(v ?? null);
  } catch {
    return String(Math.random());
  }
};

export default function InPage(props: InPageProps): ReactElement {
  const { json, components, apiKey, apiBase, theme, brand, width, height, debug, onAction, onError } = props;

  // Keyed by the JSON text, not the object's identity: a literal re-created on every render is the same screen.
  const jsonKey = typeof json === "string" ? json : keyOf(json);
  const parsed = useMemo(() => toScreen(json), [jsonKey]);

  // The app's theme, with the page's key.
  const [app, setApp] = useState<{ for: string; theme: unknown }>({ for: "", theme: null });
  const [loadError, setLoadError] = useState<string | undefined>();
  const appFor = `${apiBase}\n${apiKey ?? ""}`;
  useEffect(() => {
    if (!nonEmpty(apiKey)) return;
    let api: URL;
    try {
      api = new URL(apiBase, location.href);
    } catch {
      return;
    }
    let live = true;
    const doFetch = globalThis.fetch?.bind(globalThis);
    if (!doFetch) return;
    void loadAppearance(doFetch, api, apiKey).then((result) => {
      if (!live) return;
      if (result.ok) setApp({ for: `${apiBase}\n${apiKey}`, theme: isObject(result.theme) ? result.theme : null });
      else setLoadError(result.message);
    });
    return () => {
      live = false;
    };
  }, [apiBase, apiKey]);

  // The override likewise, by its JSON text.
  const brandKey = keyOf(brand);
  const appTheme = app.for === appFor ? app.theme : null;
  const combined = useMemo(() => combineBrand(appTheme, brand), [appTheme, brandKey]);
  const brandError = combined.errors ? brandErrorMessage(combined.errors) : undefined;

  const error = !parsed.ok ? parsed.message : (brandError ?? loadError);
  useEffect(() => {
    if (!parsed.ok) onError(parsed.message);
  }, [parsed, onError]);
  useEffect(() => {
    if (brandError) onError(brandError);
  }, [brandError, onError]);
  useEffect(() => {
    if (loadError) onError(loadError);
  }, [loadError, onError]);

  const h = cssSize(height, "auto");
  const style: CSSProperties = {
    width: cssSize(width, DEFAULT_WIDTH),
    maxWidth: "100%",
    ...(h !== "auto" ? { height: h, overflow: "auto" } : {}),
  };
  return (
    <>
      {debug && error ? (
        <div role="alert" className="genui-error" ref={(el) => void (el && (el.style.cssText = ERROR_BAND_STYLE))}>
          {error}
        </div>
      ) : null}
      <div style={style}>
        {parsed.ok ? (
          <ScreenView
            screen={parsed.screen}
            theme={theme}
            brand={combined.theme}
            components={components}
            onAction={(e) => onAction(e as ActionEvent)}
          />
        ) : null}
      </div>
    </>
  );
}
