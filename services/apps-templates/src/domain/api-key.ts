import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Recognisable prefix of every GenUI API key (secret scanners can match it). */
export const API_KEY_PREFIX = "gk_live_";
const KEY_PATTERN = /^gk_live_[A-Za-z0-9_-]{43}$/;

/** A new API key: 256 random bits after the prefix. */
export const generateApiKey = (): string => API_KEY_PREFIX + randomBytes(32).toString("base64url");

export const looksLikeApiKey = (key: string): boolean => KEY_PATTERN.test(key);

/**
 * Prefix of publishable keys: the key a web page carries (the embed, the loader). It only renders (retrieve), only
 * from the app's own origin, under its own rate limit and the owner's daily spend cap, so reading it from a page's
 * source gains nothing a visitor of the page does not already have.
 */
export const PUBLISHABLE_KEY_PREFIX = "gk_pub_";
const PUBLISHABLE_PATTERN = /^gk_pub_[A-Za-z0-9_-]{43}$/;

export const generatePublishableKey = (): string => PUBLISHABLE_KEY_PREFIX + randomBytes(32).toString("base64url");

export const looksLikePublishableKey = (key: string): boolean => PUBLISHABLE_PATTERN.test(key);

export type KeyKind = "secret" | "publishable";

/** Associated data of a sealed publishable key: the app id alone would let its ciphertext pass for the secret key's. */
export const publishableSealId = (appId: string): string => `${appId}/publishable`;

/** The lookup hash (SHA-256, hex): keys are high-entropy, so a fast hash is enough and a salt adds nothing. */
export const hashApiKey = (key: string): string => createHash("sha256").update(key).digest("hex");

export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * AES-256-GCM with a key from configuration, so the owner's list can show the key for the copy button while the
 * store never holds it in plain text. Format: base64url(iv ‖ tag ‖ ciphertext), with the app id as associated data
 * (a ciphertext copied onto another app does not decrypt).
 */
export class KeySealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    const key = /^[0-9a-f]{64}$/i.test(secret) ? Buffer.from(secret, "hex") : Buffer.from(secret, "base64");
    if (key.length !== 32) throw new Error("APPS_KEY_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)");
    this.key = key;
  }

  seal(apiKey: string, appId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(appId));
    const data = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
  }

  open(sealed: string, appId: string): string {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(appId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
}
