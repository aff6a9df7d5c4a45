import { useState } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { CheckIcon, CopyIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/layout";
import { useToast } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { useCopyFeedback } from "../../../lib/use-copy-feedback";
import { disconnectHost, mcpServerUrl, useConnections, type App, type Connection } from "../api";
import { ConfirmDialog } from "./confirm-dialog";

const Panel = styled.div`
  display: grid;
  gap: 12px;
  padding: 16px;
  margin-bottom: 12px;
  background: var(--bg-subtle);
  border-radius: 8px;
  h3 {
    font-size: 16px;
    margin: 0;
  }
  p {
    margin: 0;
    font-size: 14px;
    color: var(--fg-muted);
  }
`;

const UrlRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  code {
    flex: 0 1 auto;
    min-width: 0;
    overflow-wrap: anywhere;
    font-size: 13px;
    padding: 6px 8px;
    border-radius: 6px;
    background: var(--surface);
    border: 1px solid var(--border);
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Host = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  padding: 12px 16px;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  .who {
    display: grid;
    gap: 2px;
    min-width: 0;
  }
  strong {
    font-size: 15px;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    font-size: 13px;
    color: var(--fg-muted);
  }
  .meta code {
    font-size: 13px;
  }
`;

const Empty = styled.p`
  padding: 12px;
  text-align: center;
  border: 1px dashed var(--border-strong);
  border-radius: 8px;
`;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string) => dateTime.format(new Date(iso));

/** The MCP server's address and its copy button (with the announced feedback). */
function McpUrl() {
  const { copied, copy } = useCopyFeedback();
  const url = mcpServerUrl();
  return (
    <UrlRow>
      <code data-testid="mcp-url">{url}</code>
      <Button size="sm" variant="outline" onClick={() => void copy(url)}>
        {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
        {copied ? "Copied" : "Copy"}
        <span className="visually-hidden"> MCP server URL</span>
      </Button>
      <span role="status" className="visually-hidden">
        {copied ? "Copied to clipboard" : ""}
      </span>
    </UrlRow>
  );
}

/**
 * An expanded app row's agent hosts: the MCP server's URL to add to a host (Claude, ChatGPT, VS Code…), which then
 * asks the owner here which app it may use, and the hosts connected to this app, each with a Disconnect (confirmed;
 * its tokens stop working at once).
 */
export function ConnectionsPanel({ app, headingId }: { app: App; headingId: string }) {
  const toast = useToast();
  const { data, error, isLoading, mutate } = useConnections(app.id);
  const [target, setTarget] = useState<Connection | null>(null);
  const [busy, setBusy] = useState(false);

  const disconnect = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await disconnectHost(app.id, target.id);
      toast({ title: `${target.client_name} disconnected`, description: "Its tokens no longer work.", variant: "success" });
    } catch (err) {
      // Already gone (another tab) is what was asked; anything else is said.
      if (!(err instanceof ApiError && err.status === 404))
        toast({
          title: "The host was not disconnected",
          description: err instanceof Error ? err.message : "Please try again.",
          variant: "destructive",
        });
    } finally {
      setBusy(false);
      setTarget(null);
      void mutate();
    }
  };

  const hosts = data ?? [];
  return (
    <Panel role="region" aria-labelledby={headingId} data-testid="connections-panel">
      <h3 id={headingId}>
        Agent hosts (MCP)<span className="visually-hidden"> for {app.url}</span>
      </h3>
      <p>
        Add this MCP server to an agent host such as Claude, ChatGPT or VS Code. When it connects, you are asked here which app it
        may use; its screens are billed to your balance.
        {app.status !== "active" && " Only apps with an active subscription can be chosen."}
      </p>
      <McpUrl />
      {isLoading ? (
        <div role="status" aria-busy="true" aria-label="Loading connected hosts">
          <Skeleton $h={56} />
        </div>
      ) : error && !data ? (
        <Empty>
          Connected hosts could not be loaded.{" "}
          <Button size="sm" variant="link" onClick={() => void mutate()}>
            Try again
          </Button>
        </Empty>
      ) : hosts.length === 0 ? (
        <Empty>No agent hosts connected to this app.</Empty>
      ) : (
        <List aria-label={`Agent hosts connected to ${app.url}`}>
          {hosts.map((c) => (
            <Host key={c.id} data-connection-id={c.id}>
              <div className="who">
                <strong>{c.client_name}</strong>
                <span className="meta">
                  <span>
                    Returns to <code>{c.redirect_host}</code>
                  </span>
                  <span>
                    Connected <time dateTime={c.created_at}>{when(c.created_at)}</time>
                  </span>
                  <span>
                    {c.last_used_at ? (
                      <>
                        Last used <time dateTime={c.last_used_at}>{when(c.last_used_at)}</time>
                      </>
                    ) : (
                      "Not used yet"
                    )}
                  </span>
                </span>
              </div>
              <Button size="sm" variant="outline" onClick={() => setTarget(c)} aria-label={`Disconnect ${c.client_name}`}>
                Disconnect
              </Button>
            </Host>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Disconnect agent host?"
        description={
          target
            ? `${target.client_name} will no longer be able to generate screens for ${app.url}. Its tokens stop working at once; connecting it again needs your consent.`
            : ""
        }
        dismissLabel="Cancel"
        confirmLabel="Disconnect"
        busy={busy}
        onClose={() => setTarget(null)}
        onConfirm={() => void disconnect()}
      />
    </Panel>
  );
}
