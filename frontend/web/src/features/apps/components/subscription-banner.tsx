import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Banner } from "../../../components/ui/banner";
import { useReloadApps } from "../api";

/** SPEC §9: the banner stays 5 s before the dashboard's address is cleaned. */
export const SUBSCRIPTION_BANNER_MS = 5000;

/**
 * After a subscription checkout the provider returns to `/dashboard?subscription_id=<id>&state=<STATE>`
 * (docs/decisions.md). The banner is green when the state is ACTIVE and yellow otherwise; after 5 s the address
 * is replaced by /dashboard and the app list reloads.
 */
export function SubscriptionBanner() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reload = useReloadApps();
  const subscriptionId = params.get("subscription_id");
  const active = (params.get("state") ?? "").toUpperCase() === "ACTIVE";

  useEffect(() => {
    if (!subscriptionId) return;
    const timer = window.setTimeout(() => {
      navigate("/dashboard", { replace: true });
      void reload();
    }, SUBSCRIPTION_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [subscriptionId, active, navigate, reload]);

  if (!subscriptionId) return null;
  return (
    <Banner type={active ? "success" : "warning"} testId="subscription-banner">
      {active
        ? "Your subscription is active. Your app is ready to use."
        : "Thanks for subscribing, your payment is currently being processed."}
    </Banner>
  );
}
