import type { Connection } from "mongoose";
import {
  DistributedLock,
  MessageBus,
  OutboxRelay,
  connectMongo,
  connectNats,
  createLogger,
  createRedis,
  type Consumption,
  type DocumentLock,
  type Redis,
} from "@genui/chassis";
import { EVENTS, type EventDef } from "@genui/contracts";
import { freshName, testInfra, eventually } from "@genui/testkit";
import { serveGetAppearance } from "../src/commands/get-appearance.command";
import { serveListPublishedTemplates } from "../src/commands/list-published-templates.command";
import { serveVerifyKey } from "../src/commands/verify-key.command";
import { watchAppChanges } from "../src/events/app-changes.watcher";
import { KeySealer } from "../src/domain/api-key";
import { AppRepository, appLock, ownerAppsLock, type AppRecord } from "../src/store/app.repository";
import { KeyDirectory } from "../src/store/key-directory";
import { OwnerAppsCache, OwnerVersions } from "../src/store/owner-apps-cache";
import { StatusChanges } from "../src/store/status-changes";
import { TemplateRepository, appTemplatesLock, templateLock } from "../src/store/template.repository";
import { OAuthClientRepository } from "../src/store/oauth-client.repository";
import { OAuthFlowStore } from "../src/store/oauth-flow.store";
import { GrantRepository, connectionLock } from "../src/store/oauth-grant.repository";
import { AppCaches } from "../src/use-cases/app-caches";
import { Appearances } from "../src/use-cases/appearance";
import { Apps } from "../src/use-cases/apps";
import { OAuthServer } from "../src/use-cases/oauth";
import { PublishedTemplates } from "../src/use-cases/published-templates";
import { Templates } from "../src/use-cases/templates";

/**
 * apps' use cases wired as `service.ts` wires them, on the real store (FerretDB or MongoDB), Redis and
 * NATS of the test infrastructure, without the HTTP edge and the durable consumers of other contexts' events. Each copy has its own connections, caches and objects, like
 * one process of the service; all copies share one database, one Redis key prefix and one subject prefix. Copy 0
 * answers the commands (apps.keys.verify, apps.templates.list_published, apps.appearance.get).
 */
export interface Copy {
  conn: Connection;
  redis: Redis;
  bus: MessageBus;
  appRepo: AppRepository;
  templateRepo: TemplateRepository;
  keys: KeyDirectory;
  lists: OwnerAppsCache;
  apps: Apps;
  templates: Templates;
  /** This copy's use cases of an app's look (theme and the developer's own components). */
  appearances: Appearances;
  /** This copy's OAuth authorization server (agent hosts; its tokens answered by this copy's key directory). */
  oauth: OAuthServer;
  grantRepo: GrantRepository;
  /** This copy's Apps with another quota lock (e.g. one that gives up sooner). */
  appsWithQuotaLock(lock: DocumentLock): Apps;
  /** This copy's Templates with another quota lock. */
  templatesWithQuotaLock(lock: DocumentLock): Templates;
}

/** An event of the APPS stream as an observer received it. */
export interface SeenEvent {
  subject: string;
  eventId: string;
  correlationId: string;
  causationId: string;
  payload: Record<string, unknown>;
}

export interface Harness {
  copies: Copy[];
  /** Another service on the bus (generation asks the commands). */
  caller: MessageBus;
  /** Everything published on the APPS stream so far, in order. */
  events: SeenEvent[];
  redisKeyPrefix: string;
  maxApps: number;
  maxTemplates: number;
  stop(): Promise<void>;
}

export const SEALING_SECRET = "5".repeat(64);
/** The public URL of the harness's authorization server (its issuer; the MCP resource is its /mcp). */
export const PUBLIC_URL = "https://genui.test";
const logger = createLogger("apps-test", "silent");

export async function startHarness(opts: { copies?: number; maxApps?: number; maxTemplates?: number } = {}): Promise<Harness> {
  const db = freshName("apps");
  const prefix = `${freshName()}.`;
  const redisKeyPrefix = `${freshName("a")}:`;
  const config = { REDIS_KEY_PREFIX: redisKeyPrefix };
  const maxApps = opts.maxApps ?? 1_000;
  const maxTemplates = opts.maxTemplates ?? 100;
  const sealer = new KeySealer(SEALING_SECRET);
  const copies: Copy[] = [];
  const outboxes: OutboxRelay<AppRecord>[] = [];
  const unwatches: (() => void)[] = [];

  for (let i = 0; i < (opts.copies ?? 2); i++) {
    const name = `apps-${i}`;
    const conn = await connectMongo(testInfra().mongoUrl, db, logger);
    const redis = createRedis(testInfra().redisUrl, name, logger);
    const bus = new MessageBus(await connectNats(testInfra().natsUrl, name, logger), {
      prefix,
      source: "apps",
      logger,
    });
    const appRepo = new AppRepository(conn, appLock(redis, config));
    const templateRepo = new TemplateRepository(conn, templateLock(redis, config));
    const clientRepo = new OAuthClientRepository(conn);
    const grantRepo = new GrantRepository(conn, connectionLock(redis, config));
    await Promise.all([appRepo.init(), templateRepo.init(), clientRepo.init(), grantRepo.init()]);
    await bus.ensureStream("APPS");
    const outbox = new OutboxRelay<AppRecord>(appRepo.model, bus, logger, appRepo.lock);
    outboxes.push(outbox);
    const changes = new StatusChanges();
    const keys = new KeyDirectory(appRepo, changes);
    const lists = new OwnerAppsCache(
      appRepo,
      changes,
      undefined,
      undefined,
      new OwnerVersions(redis, `${config.REDIS_KEY_PREFIX}apps:owner-version:`),
    );
    appRepo.onChange = (appId) => lists.invalidateApp(appId);
    // Every copy drops what it holds of an app when any copy's event about it passes by (as `events/index.ts` does).
    const caches = new AppCaches(keys, lists, changes);
    unwatches.push(watchAppChanges(bus, caches));
    const oauth = new OAuthServer(
      { clients: clientRepo, grants: grantRepo, flows: new OAuthFlowStore(redis, redisKeyPrefix), apps: appRepo },
      { bus, outbox, keys },
      { publicUrl: PUBLIC_URL, lifetimes: { accessSeconds: 3600, refreshSeconds: 86_400 }, maxConnectionsPerApp: 100 },
    );
    keys.oauthOwners = (hash) => oauth.keyOwner(hash);
    const appsWithQuotaLock = (lock: DocumentLock) => new Apps(appRepo, sealer, bus, outbox, keys, lists, lock, maxApps);
    const templatesWithQuotaLock = (lock: DocumentLock) => new Templates(templateRepo, lock, maxTemplates);
    const appearances = new Appearances(appRepo, bus, outbox);
    if (i === 0) {
      serveVerifyKey(bus, caches);
      serveListPublishedTemplates(bus, new PublishedTemplates(appRepo, templateRepo));
      serveGetAppearance(bus, appearances);
    }
    outbox.start();
    copies.push({
      conn,
      redis,
      bus,
      appRepo,
      templateRepo,
      keys,
      lists,
      apps: appsWithQuotaLock(ownerAppsLock(redis, config)),
      templates: templatesWithQuotaLock(appTemplatesLock(redis, config)),
      appearances,
      oauth,
      grantRepo,
      appsWithQuotaLock,
      templatesWithQuotaLock,
    });
  }

  const caller = new MessageBus(await connectNats(testInfra().natsUrl, "generation", logger), {
    prefix,
    source: "generation",
    logger,
  });
  // The commands' subscriptions are in place once the server has them.
  await copies[0]!.bus.flush();
  const events: SeenEvent[] = [];
  const consumptions: Consumption[] = [];
  for (const def of [
    EVENTS.appCreated,
    EVENTS.appDeleted,
    EVENTS.appKeyRotated,
    EVENTS.appSpendCapChanged,
    EVENTS.appSettingsChanged,
    EVENTS.appAppearanceChanged,
  ] as EventDef[])
    consumptions.push(
      await caller.consume(def, `observer-${def.subject.replace(/\W/g, "-")}`, async (e) => {
        events.push({
          subject: def.subject,
          eventId: e.eventId,
          correlationId: e.correlationId,
          causationId: e.causationId,
          payload: { ...(e.payload as object) },
        });
      }),
    );

  return {
    copies,
    caller,
    events,
    redisKeyPrefix,
    maxApps,
    maxTemplates,
    async stop() {
      unwatches.forEach((unwatch) => unwatch());
      for (const c of consumptions) await c.stop();
      for (const o of outboxes) await o.stop();
      const jsm = await caller.nc.jetstreamManager();
      await jsm.streams.delete(caller.streamName("APPS")).catch(() => undefined);
      await caller.close();
      await copies[0]?.conn.dropDatabase().catch(() => undefined);
      for (const c of copies) {
        await c.bus.close();
        await c.conn.close();
        await c.redis.quit();
      }
    },
  };
}

/** A quota lock of the harness's kind that gives up after `waitMs` (a busy quota answers QUOTA_BUSY). */
export const impatientLock = (copy: Copy, redisKeyPrefix: string, kind: "owner-apps" | "app-templates", waitMs: number) =>
  new DistributedLock(copy.redis, `${redisKeyPrefix}lock:${kind}:`, 15_000, waitMs);

export { eventually };

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: string; message?: string; fields?: unknown; details?: Record<string, unknown> }> {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (err: unknown) => ({ resolved: false as const, err }),
  );
  if (outcome.resolved) throw new Error("expected a rejection, but the promise resolved");
  return outcome.err as { code?: string; message?: string; fields?: unknown; details?: Record<string, unknown> };
}
