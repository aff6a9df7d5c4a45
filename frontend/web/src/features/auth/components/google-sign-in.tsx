import { useCallback, useRef } from "react";
import styled from "styled-components";
import { Spinner } from "../../../components/ui/spinner";
import { Hint } from "../../../components/ui/field";
import { useClientConfig } from "../../../lib/config";
import { useScript } from "../../../lib/load-script";
import { GOOGLE_SCOPES } from "../api";

const GoogleButton = styled.button`
  width: 100%;
  height: 44px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  border: 1px solid var(--border-strong);
  border-radius: 8px;
  background: var(--surface);
  color: var(--fg);
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: var(--bg-muted);
  }
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

const GoogleLogo = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden focusable={false}>
    <path
      fill="#EA4335"
      d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
    />
    <path
      fill="#4285F4"
      d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
    />
    <path
      fill="#FBBC05"
      d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
    />
    <path
      fill="#34A853"
      d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
    />
  </svg>
);

export type GoogleOutcome = { token: string } | { error: "cancelled" | "failed"; detail?: string };

/**
 * "Sign in with Google" through Google's token client (GIS). Google's script may be unreachable (offline, blocked):
 * the button then says so and password sign-in keeps working.
 */
export function GoogleSignIn({ busy, onResult }: { busy: boolean; onResult(outcome: GoogleOutcome): void }) {
  const { data: config, error: configError } = useClientConfig();
  const configured = Boolean(config?.google_client_id && config.google_script_url);
  const status = useScript(configured ? config?.google_script_url : undefined);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  const available = status === "resolved" && Boolean(window.google?.accounts?.oauth2);
  const unavailable =
    Boolean(configError) ||
    (config !== undefined && !configured) ||
    status === "rejected" ||
    (status === "resolved" && !available);

  const start = useCallback(() => {
    const oauth2 = window.google?.accounts?.oauth2;
    if (!oauth2 || !config) return;
    try {
      const client = oauth2.initTokenClient({
        client_id: config.google_client_id,
        scope: GOOGLE_SCOPES,
        callback: (r) => {
          if (r.access_token) onResultRef.current({ token: r.access_token });
          else
            onResultRef.current({
              error: r.error === "access_denied" ? "cancelled" : "failed",
              detail: r.error_description ?? r.error,
            });
        },
        error_callback: (e) => onResultRef.current({ error: e.type === "popup_closed" ? "cancelled" : "failed", detail: e.type }),
      });
      client.requestAccessToken();
    } catch (err) {
      onResultRef.current({ error: "failed", detail: err instanceof Error ? err.message : String(err) });
    }
  }, [config]);

  return (
    <div style={{ display: "grid", gap: 6 }}>
      <GoogleButton
        type="button"
        onClick={start}
        disabled={!available || busy}
        aria-busy={busy || undefined}
        aria-describedby={unavailable ? "google-unavailable" : undefined}
      >
        {busy ? <Spinner size={16} /> : <GoogleLogo />}
        {busy ? "Signing in..." : status === "pending" ? "Loading Google sign-in…" : "Sign in with Google"}
      </GoogleButton>
      {unavailable && (
        <Hint id="google-unavailable" role="status" data-testid="google-unavailable">
          Google sign-in is unavailable right now (its script could not be loaded). Sign in with your email and password instead.
        </Hint>
      )}
    </div>
  );
}
