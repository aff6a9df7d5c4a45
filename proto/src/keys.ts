import { createHash } from "node:crypto";

/**
 * The API key's one home: what a key looks like, its hash (the only form that is stored or leaves the process that
 * received the key) and its owner as every service reads it (`@genui/contracts/keys`; node only).
 */

/** Recognisable prefix of every secret key (secret scanners can match it): servers, the whole published API. */
export const API_KEY_PREFIX = "gk_live_";
/**
 * Prefix of publishable keys: the key a web page carries (the embed, the loader). It only renders (retrieve), only
 * from the app's own origin, under its own rate limit and the owner's daily spend cap.
 */
export const PUBLISHABLE_KEY_PREFIX = "gk_pub_";

/**
 * Prefix of OAuth access tokens: what an agent host holds after its user connected it to one app through the MCP
 * authorization flow (consent in the dashboard). They open the MCP server only, for that app, until they expire or the
 * owner disconnects the host. Refresh tokens (gk_ort_…) are only ever shown to the token endpoint.
 */
export const OAUTH_ACCESS_TOKEN_PREFIX = "gk_oat_";
export const OAUTH_REFRESH_TOKEN_PREFIX = "gk_ort_";

export type KeyKind = "secret" | "publishable" | "oauth";

const SECRET_PATTERN = /^gk_live_[A-Za-z0-9_-]{43}$/;
const PUBLISHABLE_PATTERN = /^gk_pub_[A-Za-z0-9_-]{43}$/;
const OAUTH_ACCESS_PATTERN = /^gk_oat_[A-Za-z0-9_-]{43}$/;
const OAUTH_REFRESH_PATTERN = /^gk_ort_[A-Za-z0-9_-]{43}$/;

export const looksLikeApiKey = (key: string): boolean => SECRET_PATTERN.test(key);
export const looksLikePublishableKey = (key: string): boolean => PUBLISHABLE_PATTERN.test(key);
export const looksLikeOAuthAccessToken = (key: string): boolean => OAUTH_ACCESS_PATTERN.test(key);
export const looksLikeOAuthRefreshToken = (key: string): boolean => OAUTH_REFRESH_PATTERN.test(key);

/** Which kind of key this is by its shape, or undefined for something no key looks like. */
export const keyKindOf = (key: string): KeyKind | undefined =>
  looksLikeApiKey(key)
    ? "secret"
    : looksLikePublishableKey(key)
      ? "publishable"
      : looksLikeOAuthAccessToken(key)
        ? "oauth"
        : undefined;

/**
 * The key's hash (SHA-256, hex): the store's lookup column, the verify command's question, the caches' and the rate
 * limits' key. Keys are high-entropy, so a fast hash is enough and a salt adds nothing.
 */
export const keyHash = (key: string): string => createHash("sha256").update(key).digest("hex");

/** A short, stable name for a key in rate-limit and capacity buckets (the hash's first 96 bits). */
export const keyBucket = (hash: string): string => hash.slice(0, 24);

/** Whose key it is, as apps.keys.verify answers it. */
export interface KeyOwner {
  appId: string;
  ownerId: string;
  /** "pending", "active" or "cancelled"; only active apps' keys may call the published API. */
  status: string;
  websiteUrl: string;
  kind: KeyKind;
  /** The app's origin (scheme://host[:port]): where its publishable key may be sent from. */
  allowedOrigin: string;
  /** The publishable key's daily spend cap, micro-dollars per UTC day. */
  dailySpendCapMicros: number;
  /** When the app's status was set (epoch ms): a cache compares it with the status changes it has heard of. */
  statusAtMs: number;
  /** An OAuth access token's expiry (epoch ms); 0 for keys that do not expire. */
  expiresAtMs: number;
  /** An OAuth access token's connection (the owner's grant to one agent host); "" for API keys. */
  connectionId: string;
  /** The owner's setting: keep the app's chat completions when a request does not say `store` (absent: off). */
  storeCompletions?: boolean;
}

/** What apps.keys.verify is asked about a key: its hash and the kind its shape says ("" when no key has its shape). */
export const verifyKeyQuestion = (key: string) => ({ keyHash: keyHash(key), kind: keyKindOf(key) ?? "" });
