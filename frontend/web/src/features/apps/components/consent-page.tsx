import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import useSWR from "swr";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/field";
import { Card, Skeleton } from "../../../components/ui/layout";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { decideAuthorization, fetchAllApps, fetchPendingAuthorization, type App, type PendingAuthorization } from "../api";
import { AppStatusBadge } from "./status-badge";

const Panel = styled(Card)`
  width: min(560px, 100%);
  margin: 48px auto;
  padding: 32px;
  display: grid;
  gap: 20px;
  @media (max-width: 480px) {
    padding: 20px;
    margin: 24px auto;
  }
  h1 {
    font-size: clamp(24px, 4vw, 30px);
    margin: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
  .lead {
    color: var(--fg-muted);
  }
`;

const Facts = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 16px;
  border-radius: 8px;
  background: var(--bg-subtle);
  dt {
    font-size: 13px;
    font-weight: 600;
    color: var(--fg-muted);
  }
  dd {
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
  code {
    font-size: 14px;
  }
`;

const Picker = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  legend {
    font-weight: 600;
    margin-bottom: 8px;
    padding: 0;
  }
`;

const Choice = styled.label<{ $disabled: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: 4px 12px;
  padding: 12px 14px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  cursor: ${(p) => (p.$disabled ? "not-allowed" : "pointer")};
  opacity: ${(p) => (p.$disabled ? 0.7 : 1)};
  &:has(input:checked) {
    border-color: var(--accent);
    box-shadow: 0 0 0 1px var(--accent);
  }
  &:has(input:focus-visible) {
    outline: 2px solid var(--focus);
    outline-offset: 2px;
  }
  input {
    margin: 0;
    width: 18px;
    height: 18px;
    accent-color: var(--accent);
  }
  .url {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .why {
    grid-column: 2 / -1;
    font-size: 13px;
    color: var(--fg-muted);
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;

const Small = styled.p`
  font-size: 13px;
  color: var(--fg-muted);
`;

/** Why an app cannot be chosen (only active apps can be connected). */
const whyNot = (app: App) =>
  app.status === "pending"
    ? "Waiting for its subscription: only active apps can be connected."
    : app.status === "cancelled"
      ? "Its subscription was cancelled: only active apps can be connected."
      : `It is ${app.status}: only active apps can be connected.`;

const GONE = "This request has expired or was already answered. Go back to the agent host and connect again.";

type Outcome = { kind: "leaving"; to: string; approved: boolean } | { kind: "gone" } | null;

/**
 * The consent page an agent host sends its user to (`/oauth/consent?request=…`, signed in): who asks, where it will
 * be sent back, what it will be able to do, a choice among the user's active apps, and Allow or Deny. The answer
 * sends the browser back to the host (with a code, or `access_denied`).
 */
export function ConsentPage({ requestId }: { requestId: string }) {
  const pending = useSWR(
    requestId ? ["oauth-request", requestId] : null,
    ([, id]: [string, string]) => fetchPendingAuthorization(id),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    },
  );
  const apps = useSWR("consent-apps", fetchAllApps, { revalidateOnFocus: false });
  const [chosen, setChosen] = useState<string>("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState<"allow" | "deny" | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const errorId = useId();

  const active = (apps.data ?? []).filter((a) => a.status === "active");
  // One app the host can have: it is the choice (the owner still presses Allow).
  useEffect(() => {
    if (!chosen && active.length === 1) setChosen(active[0]!.id);
  }, [active, chosen]);

  useEffect(() => {
    if (outcome?.kind === "leaving") window.location.assign(outcome.to);
  }, [outcome]);

  const decide = async (approve: boolean) => {
    if (!pending.data || busy) return;
    if (approve && !chosen) {
      setFieldError("Choose the app the host may use.");
      return;
    }
    setBusy(approve ? "allow" : "deny");
    setFieldError(undefined);
    setFailure(undefined);
    try {
      const { redirect_to } = await decideAuthorization(requestId, approve, approve ? chosen : undefined);
      setOutcome({ kind: "leaving", to: redirect_to, approved: approve });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setOutcome({ kind: "gone" });
      else if (err instanceof ApiError && err.fieldErrors().app_id) {
        setFieldError(err.fieldErrors().app_id);
        void apps.mutate();
      } else setFailure(err instanceof Error ? err.message : "Something went wrong. Please try again.");
      setBusy(null);
    }
  };

  if (!requestId)
    return (
      <Panel>
        <h1>Connect an agent host</h1>
        <Banner type="error">This page is opened by an agent host asking to connect. Start connecting from the host.</Banner>
      </Panel>
    );

  if (outcome?.kind === "gone" || (pending.error instanceof ApiError && pending.error.status === 404))
    return (
      <Panel>
        <h1>Request expired</h1>
        <Banner type="error" testId="consent-gone">
          {GONE}
        </Banner>
        <Small>
          Hosts already connected are listed on your <Link to="/dashboard">dashboard</Link>.
        </Small>
      </Panel>
    );

  if (pending.error && !pending.data)
    return (
      <Panel>
        <h1>Connect an agent host</h1>
        <Banner type="error">
          The request could not be loaded
          {pending.error instanceof Error && pending.error.message ? `: ${pending.error.message}` : "."}{" "}
          <Button size="sm" variant="link" onClick={() => void pending.mutate()}>
            Try again
          </Button>
        </Banner>
      </Panel>
    );

  const request: PendingAuthorization | undefined = pending.data;
  if (!request)
    return (
      <Panel role="status" aria-busy="true" aria-label="Loading the request">
        <Skeleton $h={32} $w="70%" />
        <Skeleton $h={96} />
        <Skeleton $h={120} />
      </Panel>
    );

  if (outcome?.kind === "leaving")
    return (
      <Panel>
        <h1>{outcome.approved ? `${request.client_name} is connected` : "Connection denied"}</h1>
        <p role="status">
          <Spinner size={16} /> Sending you back to {request.redirect_host}…
        </p>
      </Panel>
    );

  const list = apps.data ?? [];
  return (
    <Panel as="section" aria-labelledby="consent-heading" data-testid="consent">
      <div style={{ display: "grid", gap: 8 }}>
        <h1 id="consent-heading">Connect {request.client_name}</h1>
        <p className="lead">
          <strong>{request.client_name}</strong> is asking to use GenUI for you, as an agent host connected to one of your apps.
        </p>
      </div>
      <Facts>
        <div>
          <dt>It will send you back to</dt>
          <dd>
            <code data-testid="consent-redirect-host">{request.redirect_host}</code>
          </dd>
        </div>
        <div>
          <dt>It will be able to</dt>
          <dd>Generate and update screens for the app you choose; billed to that app&rsquo;s balance.</dd>
        </div>
        {request.client_uri && (
          <div>
            <dt>Its website (as it says)</dt>
            <dd>{request.client_uri}</dd>
          </div>
        )}
      </Facts>
      <Picker aria-describedby={fieldError ? errorId : undefined} aria-invalid={fieldError ? true : undefined}>
        <legend>Which app may it use?</legend>
        {apps.isLoading ? (
          <Skeleton $h={48} />
        ) : apps.error && !apps.data ? (
          <Banner type="error">
            Your apps could not be loaded.{" "}
            <Button size="sm" variant="link" onClick={() => void apps.mutate()}>
              Try again
            </Button>
          </Banner>
        ) : list.length === 0 ? (
          <Banner>
            You have no apps yet. <Link to="/dashboard">Create one on your dashboard</Link>, subscribe it, then connect the host
            again.
          </Banner>
        ) : (
          list.map((app) => {
            const disabled = app.status !== "active";
            const whyId = `${errorId}-${app.id}`;
            return (
              <Choice key={app.id} $disabled={disabled} data-app-id={app.id}>
                <input
                  type="radio"
                  name="app"
                  value={app.id}
                  checked={chosen === app.id}
                  disabled={disabled || busy !== null}
                  aria-describedby={disabled ? whyId : undefined}
                  onChange={() => {
                    setChosen(app.id);
                    setFieldError(undefined);
                  }}
                />
                <span className="url">{app.url}</span>
                <AppStatusBadge status={app.status} />
                {disabled && (
                  <span className="why" id={whyId}>
                    {whyNot(app)}
                  </span>
                )}
              </Choice>
            );
          })
        )}
        {fieldError && (
          <FieldError id={errorId} role="alert">
            {fieldError}
          </FieldError>
        )}
      </Picker>
      {failure && <Banner type="error">{failure}</Banner>}
      <Actions>
        <Button variant="outline" busy={busy === "deny"} disabled={busy !== null} onClick={() => void decide(false)}>
          Deny
        </Button>
        <Button busy={busy === "allow"} disabled={busy !== null || active.length === 0} onClick={() => void decide(true)}>
          Allow
        </Button>
      </Actions>
      <Small>You can disconnect it at any time: open the app on your dashboard.</Small>
    </Panel>
  );
}
