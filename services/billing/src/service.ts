import { DistributedLock, OutboxRelay, ReplyFailure, startService, type Logger, type RunningService } from "@genui/chassis";
import { COMMANDS, REPLY_ERRORS } from "@genui/contracts";
import { registerSubscriptions } from "./events/subscriptions";
import { balanceRoutes } from "./http/balance.routes";
import { subscriptionRoutes } from "./http/subscription.routes";
import { SubscriptionRepository, type SubscriptionRecord } from "./store/subscription.repository";
import { Subscriptions } from "./subscriptions";
import { requestCost } from "./domain/pricing";
import { WalletRepository } from "./store/wallet.repository";
import { Wallets, walletLock } from "./wallets";
import { Holds } from "./holds";
import { ConfiguredRates } from "./domain/money";
import { orderRoutes } from "./http/orders.routes";
import { OrderPoller } from "./order-poller";
import { Orders } from "./orders";
import { CashfreeClient } from "./payments/cashfree";
import { PayPalClient } from "./payments/paypal";
import { OrderRepository, type OrderRecord } from "./store/order.repository";
import type { BillingConfig } from "./config";
import { Catalogue } from "./domain/catalogue";
import { planRoutes } from "./http/plans.routes";
import { HTTP_STATUS } from "./http/errors";

/** Starts the billing service in this process (main.ts and the integration tests both use it). */
export function startBilling(config: BillingConfig, logger?: Logger): Promise<RunningService> {
  // A broken catalogue stops the boot with a readable reason, before any connection is made.
  const catalogue = Catalogue.fromFile(config.PLANS_FILE);
  return startService({
    service: "billing",
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT, bodyLimit: config.HTTP_BODY_LIMIT, errorStatus: HTTP_STATUS },
    logLevel: config.LOG_LEVEL,
    ...(logger ? { logger } : {}),
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    identitySecret: config.INTERNAL_IDENTITY_SECRET,
    mongo: { url: config.MONGO_URL, db: config.MONGO_DB },
    nats: { url: config.NATS_URL, prefix: config.NATS_SUBJECT_PREFIX },
    redis: { url: config.REDIS_URL },
    setup: async (ctx) => {
      const bus = ctx.bus!;
      await bus.ensureStream("BILLING");
      const repo = new WalletRepository(ctx.mongo!);
      await repo.init();
      const lock = walletLock(ctx.redis!, config.REDIS_KEY_PREFIX);
      const holds = new Holds(ctx.redis!, config.REDIS_KEY_PREFIX);
      const wallets = new Wallets(repo, bus, ctx.logger, lock, holds, config.HOLD_TTL_SECONDS * 1000, ctx.metrics);
      const orderRepo = new OrderRepository(ctx.mongo!, new DistributedLock(ctx.redis!, `${config.REDIS_KEY_PREFIX}lock:order:`));
      await orderRepo.init();
      const orderOutbox = new OutboxRelay<OrderRecord>(orderRepo.model, bus, ctx.logger, orderRepo.lock);
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
        orderOutbox,
        wallets,
        bus,
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
        },
        ctx.logger,
      );
      poller.start(orders, orderRepo);
      orderOutbox.start();
      const subRepo = new SubscriptionRepository(ctx.mongo!);
      await subRepo.init();
      const subOutbox = new OutboxRelay<SubscriptionRecord>(subRepo.model, bus, ctx.logger, subRepo.lock);
      const subscriptions = new Subscriptions(subRepo, bus, subOutbox, catalogue);
      const consumers = await registerSubscriptions(
        bus,
        wallets,
        catalogue,
        subscriptions,
        config.DEMO_CREDIT_EMAIL
          ? { email: config.DEMO_CREDIT_EMAIL, micros: Math.round(config.DEMO_CREDIT_USD * 1_000_000) }
          : undefined,
      );
      subOutbox.start();
      // Ledger batches a crash interrupted are finished in the background (expired holds go by themselves).
      const sweep = setInterval(() => {
        void wallets.recover().catch((err: unknown) => ctx.logger.warn({ err }, "ledger sweep failed"));
      }, 5_000);
      sweep.unref();
      ctx.shutdown.add("workers", "billing consumers and sweeps", async () => {
        clearInterval(sweep);
        for (const c of consumers) await c.stop();
        await subOutbox.stop();
        await poller.stop();
        await orderOutbox.stop();
      });

      bus.serve(COMMANDS.authorizeBalance, async (req) => {
        const plan = catalogue.find(req.model);
        if (!plan) throw new ReplyFailure(REPLY_ERRORS.INVALID_REQUEST, `unknown model ${req.model}`);
        if (!req.userId || !req.requestId)
          throw new ReplyFailure(REPLY_ERRORS.INVALID_REQUEST, "user id and request id are required");
        const max = requestCost(
          req.maxInputTokens,
          req.maxOutputTokens,
          plan.prices.USD.input_text_cost,
          plan.prices.USD.output_text_cost,
        );
        const r = await wallets.authorize(req.userId, req.requestId, max);
        return { ...r, heldMicros: BigInt(r.heldMicros), availableMicros: BigInt(r.availableMicros) };
      });
      ctx.app.use(balanceRoutes(wallets));
      ctx.app.use(subscriptionRoutes(subscriptions));
      ctx.app.use(orderRoutes(orders, config.CASHFREE_CLIENT_SECRET, ctx.logger));
      // Generation learns which models exist from here, never from a copy.
      ctx.bus!.serve(COMMANDS.listModels, async () => ({
        models: catalogue.plans.map((p) => ({
          id: p.id,
          slug: p.id,
          name: p.name,
          description: p.description,
          features: [...p.features],
          inputTextLimit: BigInt(p.input_text_limit),
          outputTextLimit: BigInt(p.output_text_limit),
          isDefault: p.default,
          inputTextCostMicros: BigInt(p.prices.USD.input_text_cost),
          outputTextCostMicros: BigInt(p.prices.USD.output_text_cost),
        })),
      }));
      ctx.app.use(planRoutes(catalogue));
    },
  });
}
