import {
  identityKeyring,
  DistributedLock,
  operationRouter,
  OutboxRelay,
  startService,
  type Logger,
  type RunningService,
} from "@genui/chassis";
import { CashfreeClient } from "./clients/cashfree";
import { PayPalClient } from "./clients/paypal";
import { serveAuthorizeBalance } from "./commands/authorize-balance.command";
import { serveListModels } from "./commands/list-models.command";
import type { BillingConfig } from "./config";
import { ConfiguredRates } from "./domain/money";
import { startEventHandlers } from "./events";
import { balanceHandlers } from "./http/balance.routes";
import { HTTP_STATUS } from "./http/errors";
import { orderHandlers } from "./http/orders.routes";
import { planHandlers } from "./http/plans.routes";
import { subscriptionHandlers } from "./http/subscription.routes";
import { startLedgerSweep } from "./jobs/ledger-sweep";
import { OrderPoller } from "./jobs/order-poller";
import { loadCatalogue } from "./store/catalogue-file";
import { OrderRepository } from "./store/order.repository";
import { OrderRateStore } from "./store/order-rate.store";
import { SubscriptionRepository, subscriptionLock, type SubscriptionRecord } from "./store/subscription.repository";
import { WalletRepository } from "./store/wallet.repository";
import { Holds } from "./store/holds.store";
import { Orders } from "./use-cases/orders";
import { Subscriptions } from "./use-cases/subscriptions";
import { Wallets, walletLock } from "./use-cases/wallets";

/** Starts the billing service in this process (main.ts and the integration tests both use it). */
export function startBilling(config: BillingConfig, logger?: Logger): Promise<RunningService> {
  // A broken catalogue stops the boot with a readable reason, before any connection is made.
  const catalogue = loadCatalogue(config.PLANS_FILE);
  return startService({
    service: "billing",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT, errorStatus: HTTP_STATUS },
    logLevel: config.LOG_LEVEL,
    heapGrowingPercent: config.HEAP_GROWING_PERCENT,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: identityKeyring(config),
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX, streamReplicas: config.NATS_STREAM_REPLICAS },
    redis: { url: config.REDIS_URL },
    setup: async (ctx) => {
      const bus = ctx.bus!;
      await bus.ensureStream("BILLING");

      const repo = new WalletRepository(ctx.mongo!);
      await repo.init();
      const lock = walletLock(ctx.redis!, config.REDIS_KEY_PREFIX);
      const holds = new Holds(ctx.redis!, config.REDIS_KEY_PREFIX);
      const wallets = new Wallets(repo, ctx.logger, lock, holds, config.HOLD_TTL_SECONDS * 1000, ctx.metrics);

      const orderRepo = new OrderRepository(ctx.mongo!, new DistributedLock(ctx.redis!, `${config.REDIS_KEY_PREFIX}lock:order:`));
      await orderRepo.init();
      const poller = new OrderPoller(
        {
          redisUrl: config.REDIS_URL,
          prefix: config.REDIS_KEY_PREFIX,
          firstDelayMs: config.ORDER_POLL_DELAY_MS,
          maxDelayMs: config.ORDER_POLL_MAX_DELAY_MS,
        },
        ctx.logger,
      );
      const timeoutMs = config.PAYMENT_PROVIDER_TIMEOUT_MS;
      const orders = new Orders(
        orderRepo,
        wallets,
        new PayPalClient({
          baseUrl: config.PAYPAL_BASE_URL,
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          timeoutMs,
        }),
        new CashfreeClient({
          baseUrl: config.CASHFREE_BASE_URL,
          clientId: config.CASHFREE_CLIENT_ID,
          clientSecret: config.CASHFREE_CLIENT_SECRET,
          apiVersion: config.CASHFREE_API_VERSION,
          timeoutMs,
        }),
        new ConfiguredRates(config.USD_INR_RATE, config.USD_INR_RATE_DATE),
        poller,
        {
          minUsd: config.TOPUP_MIN_USD,
          maxUsd: config.TOPUP_MAX_USD,
          sandbox: config.PAYMENTS_MODE === "sandbox",
          paypalClientId: config.PAYPAL_CLIENT_ID,
          publicUrl: config.PUBLIC_URL.replace(/\/$/, ""),
          customerPhone: config.CASHFREE_CUSTOMER_PHONE,
          pollDeadlineMs: config.ORDER_POLL_DEADLINE_MINUTES * 60_000,
          maxOpenOrders: config.TOPUP_MAX_OPEN_ORDERS,
          cashfreeWebhookSecret: config.CASHFREE_CLIENT_SECRET,
        },
        {
          rate: new OrderRateStore(ctx.redis!, config.REDIS_KEY_PREFIX, config.TOPUP_ORDER_RATE_PER_USER),
          // Held across the provider's answer (an identical request waits for it, then gets the same order): a
          // waiter gives up (429, Retry-After) after two provider timeouts and a margin.
          userLock: new DistributedLock(ctx.redis!, `${config.REDIS_KEY_PREFIX}lock:order-user:`, 15_000, 2 * timeoutMs + 5_000),
        },
        ctx.logger,
      );
      poller.start(orders);

      const subRepo = new SubscriptionRepository(ctx.mongo!, subscriptionLock(ctx.redis!, config));
      await subRepo.init();
      const subOutbox = new OutboxRelay<SubscriptionRecord>(subRepo.model, bus, ctx.logger, subRepo.lock);
      const subscriptions = new Subscriptions(subRepo, bus, subOutbox, catalogue);

      const consumers = await startEventHandlers(bus, {
        wallets,
        catalogue,
        subscriptions,
        logger: ctx.logger,
        ...(config.DEMO_CREDIT_EMAIL
          ? { demoCredit: { email: config.DEMO_CREDIT_EMAIL, micros: Math.round(config.DEMO_CREDIT_USD * 1_000_000) } }
          : {}),
      });
      subOutbox.start();
      const sweep = startLedgerSweep(wallets, ctx.logger);
      ctx.shutdown.add("workers", "billing consumers and sweeps", async () => {
        sweep.stop();
        for (const c of consumers) await c.stop();
        await subOutbox.stop();
        await poller.stop();
      });

      serveAuthorizeBalance(bus, wallets, catalogue);
      serveListModels(bus, catalogue);

      ctx.app.use(
        operationRouter("billing", {
          ...balanceHandlers(wallets),
          ...subscriptionHandlers(subscriptions),
          ...orderHandlers(orders),
          ...planHandlers(catalogue),
        }),
      );
    },
  });
}
