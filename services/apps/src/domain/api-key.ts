import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { API_KEY_PREFIX, PUBLISHABLE_KEY_PREFIX, keyHash } from "@genui/contracts/keys";

export {
  API_KEY_PREFIX,
  PUBLISHABLE_KEY_PREFIX,
  looksLikeApiKey,
  looksLikePublishableKey,
  type KeyKind,
} from "@genui/contracts/keys";

/** A new API key: 256 random bits after the prefix. */
export const generateApiKey = (): string => API_KEY_PREFIX + randomBytes(32).toString("base64url");

export const generatePublishableKey = (): string => PUBLISHABLE_KEY_PREFIX + randomBytes(32).toString("base64url");

/** Associated data of a sealed publishable key: the app id alone would let its ciphertext pass for the secret key's. */
export const publishableSealId = (appId: string): string => `${appId}/publishable`;

/** The lookup hash: the one hash of a key (@genui/contracts/keys). */
export const hashApiKey = keyHash;

export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
};

/** 32 bytes from 64 hex characters or base64. */
function kekBytes(secret: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(secret) ? Buffer.from(secret, "hex") : Buffer.from(secret, "base64");
  if (key.length !== 32) throw new Error("APPS_KEY_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)");
  return key;
}

/** A key-encryption key's id: public and short, stored before each ciphertext so opening needs no guessing. */
export const kekId = (key: Buffer): string =>
  createHash("sha256").update("genui-kek-id:").update(key).digest("base64url").slice(0, 8);

/**
 * AES-256-GCM with keys from configuration, so the owner's list can show the key for the copy button while the
 * store never holds it in plain text. Format: `<key id>.` + base64url(iv ‖ tag ‖ ciphertext), with the app id as
 * associated data (a ciphertext copied onto another app does not decrypt). The current key seals; other keys only
 * open (a rotation: docs/operations.md). Values sealed before key ids existed (no `<key id>.`) open with whichever
 * configured key fits.
 */
export class KeySealer {
  private readonly current: { id: string; key: Buffer };
  private readonly byId = new Map<string, Buffer>();

  constructor(secret: string, others: readonly string[] = []) {
    const key = kekBytes(secret);
    this.current = { id: kekId(key), key };
    for (const k of [key, ...others.map(kekBytes)]) this.byId.set(kekId(k), k);
  }

  /** Id of the key that seals. */
  get keyId(): string {
    return this.current.id;
  }

  seal(apiKey: string, appId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.current.key, iv);
    cipher.setAAD(Buffer.from(appId));
    const data = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
    return `${this.current.id}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url")}`;
  }

  open(sealed: string, appId: string): string {
    const dot = sealed.indexOf(".");
    if (dot >= 0) {
      const key = this.byId.get(sealed.slice(0, dot));
      if (!key) throw new Error(`sealed with key id ${sealed.slice(0, dot)}, which is not configured`);
      return KeySealer.decrypt(key, sealed.slice(dot + 1), appId);
    }
    let last: unknown;
    for (const key of this.byId.values()) {
      try {
        return KeySealer.decrypt(key, sealed, appId);
      } catch (err) {
        last = err;
      }
    }
    throw last instanceof Error ? last : new Error("cannot open the sealed key");
  }

  /** Whether a stored value is sealed by another key than the current one (a rotation re-seals it). */
  needsReseal(sealed: string): boolean {
    return !sealed.startsWith(`${this.current.id}.`);
  }

  private static decrypt(key: Buffer, data: string, appId: string): string {
    const raw = Buffer.from(data, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(appId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
}
