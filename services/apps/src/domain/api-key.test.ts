import {
  KeySealer,
  generateApiKey,
  generatePublishableKey,
  hashApiKey,
  looksLikeApiKey,
  looksLikePublishableKey,
  publishableSealId,
} from "./api-key";

const secret = "a".repeat(64);

describe("API keys", () => {
  it("when a key is made, then it has the prefix, 256 random bits and is never the same twice", () => {
    const a = generateApiKey();
    expect(a).toMatch(/^gk_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(8), "base64url")).toHaveLength(32);
    expect(generateApiKey()).not.toBe(a);
    expect(looksLikeApiKey(a)).toBe(true);
    expect(looksLikeApiKey("sk-something")).toBe(false);
  });

  it("when a key is sealed, then only the same app id and secret open it", () => {
    const sealer = new KeySealer(secret);
    const key = generateApiKey();
    const sealed = sealer.seal(key, "app-1");
    expect(sealed).not.toContain(key.slice(8));
    expect(sealer.open(sealed, "app-1")).toBe(key);
    expect(() => sealer.open(sealed, "app-2")).toThrow();
    expect(() => new KeySealer("b".repeat(64)).open(sealed, "app-1")).toThrow();
  });

  it("when hashed, then the hash is stable and reveals nothing of the key's form", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("when the configured secret is not 32 bytes, then it is refused", () => {
    expect(() => new KeySealer("short")).toThrow(/32 bytes/);
  });
});

describe("publishable keys", () => {
  it("when a publishable key is made, then it has its own prefix and is never taken for a secret key", () => {
    const k = generatePublishableKey();
    expect(k).toMatch(/^gk_pub_[A-Za-z0-9_-]{43}$/);
    expect(looksLikePublishableKey(k)).toBe(true);
    expect(looksLikeApiKey(k)).toBe(false);
    expect(looksLikePublishableKey(generateApiKey())).toBe(false);
  });

  it("when sealed for an app's publishable slot, then it does not open as that app's secret key", () => {
    const sealer = new KeySealer(secret);
    const sealed = sealer.seal(generatePublishableKey(), publishableSealId("app-1"));
    expect(() => sealer.open(sealed, "app-1")).toThrow();
  });
});

describe("key-encryption-key rotation", () => {
  const previous = "a".repeat(64);
  const next = "b".repeat(64);
  const key = generateApiKey();

  it("when a key is sealed, then the stored value names the sealing key's id", () => {
    const sealer = new KeySealer(next, [previous]);
    const sealed = sealer.seal(key, "app-1");
    expect(sealed.startsWith(`${sealer.keyId}.`)).toBe(true);
    expect(sealer.keyId).not.toBe(new KeySealer(previous).keyId);
    expect(sealer.needsReseal(sealed)).toBe(false);
  });

  it("when the key changes, then values sealed by the previous key open while it is configured, and only then", () => {
    const old = new KeySealer(previous).seal(key, "app-1");
    const rotating = new KeySealer(next, [previous]);
    expect(rotating.open(old, "app-1")).toBe(key);
    expect(rotating.needsReseal(old)).toBe(true);
    expect(() => new KeySealer(next).open(old, "app-1")).toThrow(/not configured/);
    // The first step of a rotation: the next key is only accepted; values it sealed already open everywhere.
    expect(new KeySealer(previous, [next]).open(rotating.seal(key, "app-1"), "app-1")).toBe(key);
  });

  it("when a value was sealed before key ids existed, then whichever configured key fits opens it", () => {
    const legacy = new KeySealer(previous).seal(key, "app-1").split(".")[1]!;
    expect(new KeySealer(next, [previous]).open(legacy, "app-1")).toBe(key);
    expect(new KeySealer(next, [previous]).needsReseal(legacy)).toBe(true);
    expect(() => new KeySealer(next).open(legacy, "app-1")).toThrow();
  });
});
