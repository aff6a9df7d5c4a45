import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { useSWRConfig } from "swr";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { PlusIcon } from "../../../components/ui/icons";
import { Card } from "../../../components/ui/layout";
import { BALANCE_KEY, BALANCE_REFRESH_MS, PURCHASE_MESSAGE, cashfreeStatus, formatMoney, useBalance } from "../api";
import { AddBalanceDialog, type Notice } from "./add-balance-dialog";

const CreditsCard = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  flex-wrap: wrap;
  max-width: 560px;
`;

const Amount = styled.p`
  margin: 4px 0 0;
  font-size: 32px;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

/**
 * "Balance" (SPEC §2 Dashboard): the dollar balance or "Loading...", and Credits → Add Balance. A Cashfree checkout
 * that left the page (redirect instead of the modal) comes back as /dashboard?order_id=…: its status is asked once.
 */
export function BalanceSection() {
  const { data, error } = useBalance();
  const [open, setOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const [returned, setReturned] = useState<Notice | undefined>();
  const { mutate } = useSWRConfig();
  const orderId = params.get("order_id");

  useEffect(() => {
    if (!orderId) return;
    let live = true;
    cashfreeStatus(orderId)
      .then(
        ({ order_status }) =>
          live && setReturned({ message: PURCHASE_MESSAGE, type: order_status.toLowerCase() === "paid" ? "success" : "warning" }),
      )
      .catch((err: unknown) => console.error("order status failed", err))
      .finally(() => {
        if (!live) return;
        void mutate(BALANCE_KEY);
        window.setTimeout(() => void mutate(BALANCE_KEY), BALANCE_REFRESH_MS);
        const next = new URLSearchParams(params);
        next.delete("order_id");
        setParams(next, { replace: true });
      });
    return () => {
      live = false;
    };
    // The order is checked once per id (params change as we strip it).
  }, [orderId]);

  return (
    <section aria-labelledby="balance-heading" style={{ display: "grid", gap: 16 }}>
      <h2 id="balance-heading" style={{ fontSize: 22, margin: 0 }}>
        Balance
      </h2>
      {returned && (
        <Banner type={returned.type} testId="order-return-notice">
          {returned.message}
        </Banner>
      )}
      <CreditsCard>
        <div>
          <p style={{ margin: 0, color: "var(--fg-muted)", fontSize: 14, fontWeight: 600 }}>Available credits</p>
          <Amount data-testid="balance" aria-live="polite">
            {data ? formatMoney(data.balance, data.currency || "USD") : "Loading..."}
          </Amount>
          {error && !data && <p className="visually-hidden">The balance could not be loaded.</p>}
        </div>
        <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
          <PlusIcon width={18} height={18} /> Credits
        </Button>
      </CreditsCard>
      <AddBalanceDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
