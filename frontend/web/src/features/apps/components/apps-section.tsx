import { useCallback, useEffect, useRef, useState } from "react";
import styled from "styled-components";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { PlusIcon } from "../../../components/ui/icons";
import { Card, Skeleton } from "../../../components/ui/layout";
import { APPS_PAGE_SIZE, cancelSubscription, deleteApp, useApps, useReloadApps, type App, type AppPage } from "../api";
import { AppsTable } from "./apps-table";
import { ConfirmDialog } from "./confirm-dialog";
import { CreateAppDialog } from "./create-app-dialog";
import { KeysDialog } from "./keys-dialog";
import { Pagination } from "./pagination";
import { SubscriptionBanner } from "./subscription-banner";

/** Statuses change through events (pending → active, active → cancelled): poll while one is expected. */
export const STATUS_POLL_MS = 1500;
/** After a minute of waiting, ask less often (an event may be slow; the page may stay open for long). */
const STATUS_POLL_SLOW_MS = 5000;
const STATUS_POLL_FAST_FOR_MS = 60_000;

const Root = styled.section`
  display: grid;
  gap: 16px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h2 {
    font-size: 24px;
    margin: 0;
  }
  h2:focus {
    outline: none;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 12px;
`;

/** Why Create App is disabled: the owner has as many apps as the service allows. */
const LimitNote = styled.p`
  margin: 0;
  font-size: 14px;
  color: var(--fg-muted);
`;

const TableCard = styled(Card)`
  padding: 0;
  th:first-child {
    border-top-left-radius: var(--radius);
  }
  th:last-child {
    border-top-right-radius: var(--radius);
  }
`;

const Empty = styled(Card)`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 40px 24px;
  text-align: center;
  p {
    margin: 0;
    font-weight: 600;
    font-size: 17px;
  }
  span {
    color: var(--fg-muted);
    font-size: 15px;
  }
`;

const Loading = styled(Card)`
  display: grid;
  gap: 12px;
`;

type Confirm = { kind: "cancel" | "delete"; app: App } | null;

const settled = (app: App | undefined) => !app || app.status !== "active";

/**
 * SPEC §2 "Your Apps": create, list (25 a page), copy keys, try, cancel or delete, and each app's templates.
 * Rendered by the dashboard only for a signed-in user.
 */
export function AppsSection() {
  const [page, setPage] = useState(1);
  const [createOpen, setCreateOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  /** The app whose Keys dialog is open. */
  const [keysFor, setKeysFor] = useState<string | null>(null);
  /** Apps whose cancellation was accepted and whose status has not turned yet. */
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  const reload = useReloadApps();

  const pollSince = useRef<number | null>(null);
  const [waiting, setWaiting] = useState(false);
  const refreshInterval = useCallback(() => {
    if (!waiting) return 0;
    pollSince.current ??= Date.now();
    return Date.now() - pollSince.current < STATUS_POLL_FAST_FOR_MS ? STATUS_POLL_MS : STATUS_POLL_SLOW_MS;
  }, [waiting]);
  const { data, error, isLoading, isValidating, mutate } = useApps(page, refreshInterval);

  // Poll while an app on this page is pending or a cancellation has not shown yet.
  useEffect(() => {
    const pending = (data?.results ?? []).some((a) => a.status === "pending");
    const next = pending || cancelling.size > 0;
    if (!next) pollSince.current = null;
    setWaiting(next);
  }, [data, cancelling]);

  // A cancellation is settled once its app is no longer active (or gone).
  useEffect(() => {
    if (!data || cancelling.size === 0) return;
    const left = [...cancelling].filter((id) => !settled(data.results.find((a) => a.id === id)));
    if (left.length !== cancelling.size) setCancelling(new Set(left));
  }, [data, cancelling]);

  // A page that no longer exists (its last app deleted elsewhere): go to the last one that does.
  useEffect(() => {
    if (!data || isValidating || page === 1 || data.results.length > 0) return;
    setPage(Math.max(1, Math.ceil(data.count / APPS_PAGE_SIZE)));
  }, [data, isValidating, page]);

  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runConfirm = async () => {
    if (!confirm) return;
    const { kind, app } = confirm;
    setConfirmBusy(true);
    try {
      if (kind === "cancel") {
        if (!app.subscription_id) throw new Error("the app has no subscription id yet");
        await cancelSubscription(app.subscription_id);
        setCancelling((prev) => new Set(prev).add(app.id));
      } else {
        await deleteApp(app.id);
        // SPEC §4: deleting the last app of a page (not the first) moves back one page.
        if (page > 1 && data?.results.length === 1) setPage(page - 1);
        heading.current?.focus();
      }
    } catch (err) {
      // SPEC §8: delete and cancel failures are swallowed; the busy flag clears and the list shows the truth.
      console.error(`${kind} failed`, err);
    } finally {
      setConfirmBusy(false);
      setConfirm(null);
      void reload();
    }
  };

  const onCreated = () => {
    setCreateOpen(false);
    // SPEC §4: creating an app resets the list to page 1 and reloads it.
    setPage(1);
    void reload();
  };

  const pages = data ? Math.max(1, Math.ceil(data.count / APPS_PAGE_SIZE)) : 1;
  // The service's quota of apps per owner (the list answers it as `limit`): reached, Create App says why it is off.
  const atLimit = data !== undefined && data.count >= data.limit;

  return (
    <Root aria-labelledby="apps-heading">
      <Head>
        <h2 id="apps-heading" ref={heading} tabIndex={-1}>
          Your Apps
        </h2>
        <Actions>
          {atLimit && (
            <LimitNote id="apps-limit-note" data-testid="apps-limit-note">
              {data.count} of {data.limit} apps — delete one to create another
            </LimitNote>
          )}
          <Button
            onClick={() => setCreateOpen(true)}
            disabled={atLimit}
            aria-describedby={atLimit ? "apps-limit-note" : undefined}
          >
            <PlusIcon width={18} height={18} />
            Create App
          </Button>
        </Actions>
      </Head>
      <SubscriptionBanner />
      <AppsBody
        data={data}
        error={error}
        isLoading={isLoading}
        page={page}
        pages={pages}
        expanded={expanded}
        onToggle={toggle}
        onRetry={() => void mutate()}
        onCreate={() => setCreateOpen(true)}
        onCancelSubscription={(app) => setConfirm({ kind: "cancel", app })}
        onDelete={(app) => setConfirm({ kind: "delete", app })}
        onKeys={(app) => setKeysFor(app.id)}
      />
      <Pagination page={page} pages={pages} onPage={setPage} />
      <KeysDialog
        key={keysFor ?? "closed"}
        app={data?.results.find((a) => a.id === keysFor) ?? null}
        onClose={() => setKeysFor(null)}
        onChanged={() => void reload()}
      />
      <CreateAppDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={onCreated}
        // A refusal may be the quota, reached meanwhile (another tab, another call): the list shows it after.
        onRefused={() => void reload()}
      />
      <ConfirmDialog
        open={confirm?.kind === "cancel"}
        title="Cancel subscription?"
        description={confirm ? `${confirm.app.url} will stop accepting its API key. Once cancelled, the app can be deleted.` : ""}
        dismissLabel="Close"
        confirmLabel="Cancel Subscription"
        busy={confirmBusy}
        onClose={() => setConfirm(null)}
        onConfirm={() => void runConfirm()}
      />
      <ConfirmDialog
        open={confirm?.kind === "delete"}
        title="Delete app?"
        description={confirm ? `${confirm.app.url}, its API key and its templates will be deleted. This cannot be undone.` : ""}
        dismissLabel="Cancel"
        confirmLabel="Delete"
        busy={confirmBusy}
        onClose={() => setConfirm(null)}
        onConfirm={() => void runConfirm()}
      />
    </Root>
  );
}

interface BodyProps {
  data: AppPage | undefined;
  error: unknown;
  isLoading: boolean;
  page: number;
  pages: number;
  expanded: ReadonlySet<string>;
  onToggle(id: string): void;
  onRetry(): void;
  onCreate(): void;
  onCancelSubscription(app: App): void;
  onDelete(app: App): void;
  onKeys(app: App): void;
}

function AppsBody({
  data,
  error,
  isLoading,
  page,
  pages,
  expanded,
  onToggle,
  onRetry,
  onCreate,
  onCancelSubscription,
  onDelete,
  onKeys,
}: BodyProps) {
  if (isLoading && !data)
    return (
      <Loading aria-busy="true" aria-label="Loading your apps">
        <Skeleton $h={20} $w="40%" />
        <Skeleton $h={20} />
        <Skeleton $h={20} />
      </Loading>
    );
  if (!data)
    return (
      <Banner type="error">
        Your apps could not be loaded{error instanceof Error && error.message ? `: ${error.message}` : "."}{" "}
        <Button size="sm" variant="link" onClick={onRetry}>
          Try again
        </Button>
      </Banner>
    );
  if (data.count === 0 && page === 1)
    return (
      <Empty>
        <p>No apps created yet</p>
        <span>Register a website to get its API key.</span>
        <Button variant="link" onClick={onCreate}>
          Create your first app
        </Button>
      </Empty>
    );
  return (
    <TableCard>
      <AppsTable
        apps={data.results}
        caption={pages > 1 ? `Your apps, page ${page} of ${pages}` : "Your apps"}
        expanded={expanded}
        onToggle={onToggle}
        onCancelSubscription={onCancelSubscription}
        onDelete={onDelete}
        onKeys={onKeys}
      />
    </TableCard>
  );
}
