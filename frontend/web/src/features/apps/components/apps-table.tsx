import { Fragment, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { ChevronIcon, MoreIcon } from "../../../components/ui/icons";
import { Menu, type MenuItem } from "../../../components/ui/menu";
import { chatPath, type App } from "../api";
import { ApiKeyCell } from "./api-key-cell";
import { AppearancePanel } from "./appearance-panel";
import { ConnectionsPanel } from "./connections-panel";
import { AppStatusBadge } from "./status-badge";
import { TemplatesPanel } from "./templates-panel";

/** Below this width each app becomes a stacked card instead of a table row (no horizontal scrolling at 360 px). */
const STACK = "(max-width: 720px)";

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 15px;

  th {
    text-align: left;
    font-size: 13px;
    font-weight: 600;
    color: var(--fg-muted);
    padding: 10px 16px;
    border-bottom: 1px solid var(--border);
    background: var(--bg-subtle);
    white-space: nowrap;
  }
  td {
    padding: 12px 16px;
    border-bottom: 1px solid var(--border);
    vertical-align: middle;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tr.app {
    cursor: pointer;
  }
  tr.app:hover td {
    background: var(--bg-subtle);
  }
  tr.app.open td {
    border-bottom-color: transparent;
  }
  td.panel {
    padding-top: 0;
    cursor: default;
  }
  .actions {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: 4px;
  }
  th.actions-head {
    text-align: right;
  }

  @media ${STACK} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    tbody,
    tr,
    td {
      display: block;
    }
    tr.app {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas: "url url" "key status" "actions actions";
      gap: 8px 12px;
      padding: 12px 16px;
      border-bottom: 1px solid var(--border);
    }
    tr.app.open {
      border-bottom-color: transparent;
    }
    tr.app td {
      padding: 0;
      border: 0;
      background: transparent !important;
    }
    td.url {
      grid-area: url;
    }
    td.key {
      grid-area: key;
    }
    td.status {
      grid-area: status;
      align-self: center;
    }
    td.cell-actions {
      grid-area: actions;
    }
    .actions {
      justify-content: flex-start;
    }
    td.panel {
      padding: 0 12px 12px;
      border-bottom: 1px solid var(--border);
    }
  }
`;

const Disclosure = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  max-width: 100%;
  padding: 4px 6px;
  margin-left: -6px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--fg);
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  svg {
    flex: none;
    width: 16px;
    height: 16px;
    color: var(--fg-muted);
    transition: transform 0.15s;
  }
  &[aria-expanded="true"] svg {
    transform: rotate(90deg);
  }
  .url {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    max-width: 360px;
    @media ${STACK} {
      max-width: none;
    }
  }
`;

const ITEM_CANCEL = "Cancel Subscription";
const ITEM_DELETE = "Delete";
const ITEM_KEYS = "Keys";

/** A click on a control inside the row (or a text selection) must not toggle it. */
function isRowToggle(e: MouseEvent<HTMLTableRowElement>): boolean {
  const target = e.target as Element;
  if (target.closest("button, a, input, [role='menu'], [role='menuitem'], dialog")) return false;
  const selection = window.getSelection?.();
  return !selection || selection.isCollapsed;
}

export interface AppsTableProps {
  apps: App[];
  caption: string;
  expanded: ReadonlySet<string>;
  onToggle(appId: string): void;
  onCancelSubscription(app: App): void;
  onDelete(app: App): void;
  /** Opens the app's Keys dialog (publishable key, daily spend cap). */
  onKeys(app: App): void;
}

/**
 * SPEC §2's app table: App Url (a disclosure that shows the app's agent hosts, appearance and templates), API Key, Status, Try it and a More
 * menu (Keys: the publishable key and the daily spend cap; then active apps: Cancel Subscription; others: Delete). Roles are explicit because the narrow layout changes
 * the elements' display, which some browsers take as a reason to drop the table semantics.
 */
export function AppsTable({ apps, caption, expanded, onToggle, onCancelSubscription, onDelete, onKeys }: AppsTableProps) {
  const navigate = useNavigate();
  return (
    <Table role="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col">
            App Url
          </th>
          <th role="columnheader" scope="col">
            API Key
          </th>
          <th role="columnheader" scope="col">
            Status
          </th>
          <th role="columnheader" scope="col" className="actions-head">
            Actions
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {apps.map((app) => {
          const open = expanded.has(app.id);
          const panelId = `templates-${app.id}`;
          const items: MenuItem[] = [
            { label: ITEM_KEYS, onSelect: () => onKeys(app) },
            app.status === "active"
              ? { label: ITEM_CANCEL, danger: true, onSelect: () => onCancelSubscription(app) }
              : { label: ITEM_DELETE, danger: true, onSelect: () => onDelete(app) },
          ];
          return (
            <Fragment key={app.id}>
              <tr
                role="row"
                className={open ? "app open" : "app"}
                data-app-id={app.id}
                onClick={(e) => {
                  if (isRowToggle(e)) onToggle(app.id);
                }}
              >
                <td role="cell" className="url">
                  <Disclosure
                    type="button"
                    aria-expanded={open}
                    aria-controls={open ? panelId : undefined}
                    onClick={() => onToggle(app.id)}
                    title={app.url}
                  >
                    <ChevronIcon />
                    <span className="url">
                      <span className="visually-hidden">Templates of </span>
                      {app.url}
                    </span>
                  </Disclosure>
                </td>
                <td role="cell" className="key">
                  <ApiKeyCell apiKey={app.api_key} appUrl={app.url} />
                </td>
                <td role="cell" className="status">
                  <AppStatusBadge status={app.status} />
                </td>
                <td role="cell" className="cell-actions">
                  <div className="actions">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => navigate(chatPath(app.id))}
                      aria-label={`Try it: ${app.url}`}
                    >
                      Try it
                    </Button>
                    <Menu label={`More actions for ${app.url}`} trigger={<MoreIcon />} items={items} />
                  </div>
                </td>
              </tr>
              {open && (
                <tr role="row">
                  <td role="cell" colSpan={4} className="panel" id={panelId}>
                    <ConnectionsPanel app={app} headingId={`connections-${app.id}-heading`} />
                    <AppearancePanel app={app} headingId={`appearance-${app.id}-heading`} />
                    <TemplatesPanel app={app} headingId={`${panelId}-heading`} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
