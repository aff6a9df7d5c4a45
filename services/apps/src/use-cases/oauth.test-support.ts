import { KeyedMutex } from "@genui/chassis";
import type { AppRecord } from "../store/app.repository";
import type { OAuthClientRecord } from "../store/oauth-client.repository";
import type { CodeGrant, PendingRequest } from "../store/oauth-flow.store";
import type { ConnectionRecord, TokenKind, TokenRecord } from "../store/oauth-grant.repository";
import { OAuthServer, type OAuthAnnouncer, type OAuthStores } from "./oauth";

/**
 * The authorization server's stores in memory, for the unit tests of the use case and its HTTP edge: the same
 * contracts as the repositories (the request and the code are taken once, a refresh token is claimed once, a
 * connection changes under its lock), without Redis or a database. The repositories themselves are tested against
 * the real ones (test/oauth.int.test.ts).
 */
export function memoryOAuth(opts: { apps?: AppRecord[]; publicUrl?: string; maxConnections?: number } = {}) {
  const apps = opts.apps ?? [];
  const clients = new Map<string, OAuthClientRecord>();
  const connections = new Map<string, ConnectionRecord>();
  const tokens = new Map<string, TokenRecord>();
  const requests = new Map<string, PendingRequest>();
  const codes = new Map<string, CodeGrant>();
  const usedCodes = new Map<string, string>();
  const usedRefresh = new Map<string, string>();
  /** Events put in apps' outboxes: [appId, payload]. */
  const events: { appId: string; payload: Record<string, unknown> }[] = [];
  const invalidated: string[] = [];
  const live = (c: ConnectionRecord, now: Date) => !c.revokedAt && c.expiresAt > now;

  const stores: OAuthStores = {
    clients: {
      insert: async (c) => void clients.set(c._id, structuredClone(c)),
      find: async (id) => clients.get(id) ?? null,
    },
    grants: {
      lock: new KeyedMutex(),
      insertConnection: async (c, ts) => {
        connections.set(c._id, { ...c });
        for (const t of ts) tokens.set(t._id, { ...t });
      },
      findConnection: async (id) => (connections.has(id) ? { ...connections.get(id)! } : null),
      findToken: async (hash: string, kind: TokenKind) => {
        const t = tokens.get(hash);
        return t && t.kind === kind ? { ...t } : null;
      },
      liveConnections: async (appId, now, limit) =>
        [...connections.values()]
          .filter((c) => c.appId === appId && live(c, now))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, limit),
      countLive: async (appId, now) => [...connections.values()].filter((c) => c.appId === appId && live(c, now)).length,
      unrevoked: async (filter) =>
        [...connections.values()]
          .filter((c) => !c.revokedAt && ("appId" in filter ? c.appId === filter.appId : c.ownerId === filter.ownerId))
          .map((c) => ({ _id: c._id, appId: c.appId, ownerId: c.ownerId })),
      markRevoked: async (id, at) => {
        const c = connections.get(id);
        if (!c || c.revokedAt) return false;
        c.revokedAt = at;
        return true;
      },
      deleteTokensOf: async (connectionId) => {
        for (const [h, t] of tokens) if (t.connectionId === connectionId) tokens.delete(h);
      },
      deleteToken: async (hash) => tokens.delete(hash),
      rotate: async (connectionId, used, fresh, now, expiresAt) => {
        for (const [h, t] of tokens) if (h === used || (t.connectionId === connectionId && t.expiresAt <= now)) tokens.delete(h);
        for (const t of fresh) tokens.set(t._id, { ...t });
        const c = connections.get(connectionId);
        if (c && !c.revokedAt) Object.assign(c, { expiresAt, lastUsedAt: now });
      },
      touch: async (connectionId, at) => {
        const c = connections.get(connectionId);
        if (c && !c.revokedAt) c.lastUsedAt = at;
      },
    },
    flows: {
      putRequest: async (id, r) => void requests.set(id, structuredClone(r)),
      request: async (id) => requests.get(id),
      takeRequest: async (id) => {
        const r = requests.get(id);
        requests.delete(id);
        return r;
      },
      putCode: async (hash, g) => void codes.set(hash, structuredClone(g)),
      peekCode: async (hash) => codes.get(hash),
      takeCode: async (hash) => {
        const g = codes.get(hash);
        codes.delete(hash);
        return g;
      },
      rememberUsedCode: async (hash, connectionId) => void usedCodes.set(hash, connectionId),
      connectionOfUsedCode: async (hash) => usedCodes.get(hash),
      claimRefresh: async (hash, connectionId) => {
        if (usedRefresh.has(hash)) return false;
        usedRefresh.set(hash, connectionId);
        return true;
      },
      connectionOfUsedRefresh: async (hash) => usedRefresh.get(hash),
    },
    apps: {
      findOwned: async (ownerId, id) => apps.find((a) => a._id === id && a.ownerId === ownerId && !a.deletedAt) ?? null,
      findLive: async (id) => apps.find((a) => a._id === id && !a.deletedAt) ?? null,
      recordEvents: async (appId, sealed) => {
        for (const e of sealed) events.push({ appId, payload: (e as unknown as { payload: Record<string, unknown> }).payload });
        return apps.some((a) => a._id === appId);
      },
    },
  };
  const announcer: OAuthAnnouncer = {
    bus: { envelope: ((_def: unknown, payload: Record<string, unknown>) => ({ payload })) as never },
    outbox: { flushSoon: () => undefined },
    keys: { invalidate: (appId: string) => void invalidated.push(appId), issued: () => undefined },
  };
  const oauth = new OAuthServer(stores, announcer, {
    publicUrl: opts.publicUrl ?? "https://genui.example",
    lifetimes: { accessSeconds: 3600, refreshSeconds: 30 * 86_400 },
    maxConnectionsPerApp: opts.maxConnections ?? 100,
  });
  return { oauth, stores, apps, clients, connections, tokens, requests, codes, events, invalidated };
}

/** An app record as the store holds it (active unless told). */
export function appRecord(over: Partial<AppRecord> & Pick<AppRecord, "_id" | "ownerId">): AppRecord {
  const now = new Date("2026-01-01T00:00:00.000Z");
  return {
    url: `https://${over._id.slice(0, 8)}.example.com`,
    urlKey: `https://${over._id.slice(0, 8)}.example.com`,
    status: "active",
    statusAt: now,
    keyHash: "0".repeat(64),
    keySealed: "",
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}
