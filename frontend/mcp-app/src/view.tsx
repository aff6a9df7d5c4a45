import { ScreenView, brandStyle, checkBrand } from "@genui/react-renderer";
import type { AppTheme } from "@genui/ui-runtime";
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react";
import { HOST_CLASS, type Theme } from "./host-theme";
import type { Notice, ScreenApp, ViewState } from "./screen-app";

// What the page shows: the shimmer while the screen is made, the screen (dimmed, with a status, while an action is
// answered), and notices. Everything sits in renderer roots (.gu-root) so it takes the renderer's and the host's look.

const DARK = "(prefers-color-scheme: dark)";
const subscribeDark = (cb: () => void) => {
  const mq = window.matchMedia(DARK);
  mq.addEventListener("change", cb);
  return () => mq.removeEventListener("change", cb);
};

/** "auto" resolved as the renderer does (the reader's preference). */
function useResolvedTheme(theme: Theme): "light" | "dark" {
  const dark = useSyncExternalStore(subscribeDark, () => window.matchMedia(DARK).matches);
  return theme === "dark" || (theme === "auto" && dark) ? "dark" : "light";
}

/** The app's brand theme (checked by the controller): the page's own parts wear it too, as the screen does. */
const BrandContext = createContext<AppTheme | null>(null);

function Frame({ theme, className, children, ...rest }: { theme: "light" | "dark" } & HTMLAttributes<HTMLDivElement>) {
  const brand = useContext(BrandContext);
  const style = useMemo(() => {
    const checked = brand ? checkBrand(brand) : null;
    return checked?.ok ? brandStyle(checked, theme) : undefined;
  }, [brand, theme]);
  return (
    <div className={`gu-root ${HOST_CLASS}${className ? ` ${className}` : ""}`} data-theme={theme} style={style} {...rest}>
      {children}
    </div>
  );
}

const AlertIcon = () => (
  <svg
    className="gu-icon"
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </svg>
);

function Alert({
  tone,
  title,
  children,
  onDismiss,
}: {
  tone: "danger" | "warning";
  title: string;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`genui-alert gu-tone-${tone}`} role="alert" data-testid="genui-notice">
      <AlertIcon />
      <div className="genui-alert-body">
        <p className="genui-alert-title">{title}</p>
        {children}
      </div>
      {onDismiss && (
        <button type="button" className="genui-dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}

function Building({ theme, request, editing }: { theme: "light" | "dark"; request: string; editing: boolean }) {
  return (
    <Frame theme={theme} role="status" aria-live="polite">
      <p className="genui-building" data-testid="genui-building">
        {request ? (
          <>
            {editing ? "Updating" : "Building"}: <strong>{request}</strong>
          </>
        ) : (
          "Preparing the screen…"
        )}
      </p>
      <div className="gu-card" aria-hidden="true">
        <div className="gu-skeleton genui-shimmer" data-testid="genui-skeleton">
          <div className="gu-skeleton-line" />
          <div className="gu-skeleton-line" />
          <div className="gu-skeleton-line" />
          <div className="gu-skeleton-line" />
          <div className="gu-skeleton-line" />
        </div>
      </div>
    </Frame>
  );
}

function ActionNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <Alert tone="danger" title={notice.title} onDismiss={onDismiss}>
      <p>{notice.text}</p>
      {notice.sent ? (
        <p>
          Sent to the conversation instead: <span className="genui-sent">{notice.sent}</span>
        </p>
      ) : null}
    </Alert>
  );
}

export function AppView({ controller }: { controller: ScreenApp }) {
  const s = useSyncExternalStore(controller.subscribe, controller.getState);
  const theme = useResolvedTheme(s.theme);
  const body = useRef<HTMLDivElement>(null);

  // A screen brought by an action replaces the one the user was on: focus moves to it (the pressed button is gone).
  useEffect(() => {
    if (s.turn === 0 || !body.current) return;
    const heading = body.current.querySelector<HTMLElement>("h1, h2, h3, h4, h5, h6");
    heading?.setAttribute("tabindex", "-1");
    (heading ?? body.current).focus({ preventScroll: true });
  }, [s.turn]);

  return (
    <BrandContext.Provider value={s.brand}>
      <View s={s} theme={theme} body={body} controller={controller} />
    </BrandContext.Provider>
  );
}

function View({
  s,
  theme,
  body,
  controller,
}: {
  s: ViewState;
  theme: "light" | "dark";
  body: RefObject<HTMLDivElement | null>;
  controller: ScreenApp;
}) {
  if (s.alone)
    return (
      <Frame theme={theme}>
        <p className="genui-alone">
          This page shows GenUI screens inside an agent host (an MCP Apps client); it was opened without one.
        </p>
      </Frame>
    );

  if (!s.screen) {
    if (s.failure)
      return (
        <Frame theme={theme}>
          {s.request && (
            <p className="genui-building">
              Asked: <strong>{s.request}</strong>
            </p>
          )}
          <Alert tone="danger" title="This screen could not be made">
            <p>{s.failure}</p>
          </Alert>
        </Frame>
      );
    if (s.cancelled)
      return (
        <Frame theme={theme}>
          <Alert tone="warning" title="Stopped before the screen was ready">
            <p>{s.cancelled}</p>
          </Alert>
        </Frame>
      );
    return <Building theme={theme} request={s.request} editing={s.editing} />;
  }

  const busy = s.busy !== undefined;
  return (
    <>
      {s.notice && (
        <Frame theme={theme} className="genui-banner">
          <ActionNotice notice={s.notice} onDismiss={controller.dismissNotice} />
        </Frame>
      )}
      <div className="genui-screen" aria-busy={busy ? "true" : undefined} data-testid="genui-screen" data-version={s.version}>
        <div ref={body} className="genui-screen-body" tabIndex={-1} inert={busy}>
          <ScreenView screen={s.screen} theme={s.theme} brand={s.brand} className={HOST_CLASS} onAction={controller.onAction} />
        </div>
        {busy && (
          <Frame theme={theme} className="genui-busy" role="status" data-testid="genui-busy">
            <span className="genui-spinner" aria-hidden="true" />
            <span className="genui-busy-label">Updating the screen…</span>
          </Frame>
        )}
      </div>
    </>
  );
}
