import { randomBytes } from "node:crypto";
import { KeySealer, generateApiKey, hashApiKey, kekId, sameHash } from "./api-key";
import { configSchema, keySealer } from "../config";

describe("key hashes", () => {
  it("when two hashes are compared, then equal hex is the same, anything else (even other lengths or bad hex) is not", () => {
    const key = generateApiKey();
    expect(sameHash(hashApiKey(key), hashApiKey(key))).toBe(true);
    expect(sameHash(hashApiKey(key), hashApiKey(generateApiKey()))).toBe(false);
    expect(sameHash(hashApiKey(key), hashApiKey(key).slice(0, 62))).toBe(false);
    expect(sameHash(hashApiKey(key), "")).toBe(false);
  });
});

describe("the key-encryption key", () => {
  const hex = "c".repeat(64);

  it("when given as base64 instead of hex, then the same 32 bytes seal and open alike, under the same key id", () => {
    const base64 = Buffer.from(hex, "hex").toString("base64");
    const key = generateApiKey();
    expect(new KeySealer(base64).keyId).toBe(new KeySealer(hex).keyId);
    expect(new KeySealer(base64).open(new KeySealer(hex).seal(key, "app-1"), "app-1")).toBe(key);
    expect(() => new KeySealer(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
  });

  it("when key ids are made, then they are short, stable and differ between keys", () => {
    const k = Buffer.from(hex, "hex");
    expect(kekId(k)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(kekId(k)).toBe(kekId(Buffer.from(hex, "hex")));
    expect(kekId(Buffer.from("d".repeat(64), "hex"))).not.toBe(kekId(k));
  });

  it("when the same key is sealed twice, then the two sealed values differ; a changed byte does not open", () => {
    const sealer = new KeySealer(hex);
    const key = generateApiKey();
    const [x, y] = [sealer.seal(key, "app-1"), sealer.seal(key, "app-1")];
    expect(x).not.toBe(y);
    const raw = Buffer.from(x.split(".")[1]!, "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(() => sealer.open(`${sealer.keyId}.${raw.toString("base64url")}`, "app-1")).toThrow();
  });

  it("when the config names a rotation key, then the service's sealer opens what either key sealed and seals with the current", () => {
    const env = { APPS_KEY_ENCRYPTION_KEY: hex, APPS_KEY_ROTATION_ENCRYPTION_KEY: "e".repeat(64) };
    const pick = configSchema.pick({ APPS_KEY_ENCRYPTION_KEY: true, APPS_KEY_ROTATION_ENCRYPTION_KEY: true });
    const config = pick.parse(env) as Parameters<typeof keySealer>[0];
    const sealer = keySealer(config);
    const key = generateApiKey();
    expect(sealer.keyId).toBe(new KeySealer(hex).keyId);
    expect(sealer.open(new KeySealer("e".repeat(64)).seal(key, "app-1"), "app-1")).toBe(key);
    // Without one (an empty setting counts as none), only the current key opens.
    const alone = keySealer(pick.parse({ ...env, APPS_KEY_ROTATION_ENCRYPTION_KEY: "" }) as Parameters<typeof keySealer>[0]);
    expect(() => alone.open(new KeySealer("e".repeat(64)).seal(key, "app-1"), "app-1")).toThrow(/not configured/);
    expect(pick.safeParse({ APPS_KEY_ENCRYPTION_KEY: "short" }).success).toBe(false);
  });
});
