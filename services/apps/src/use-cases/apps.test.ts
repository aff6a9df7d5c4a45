import { KeySealer, generateApiKey, generatePublishableKey, publishableSealId } from "../domain/api-key";
import type { AppRecord } from "../store/app.repository";
import { Apps } from "./apps";

const sealer = new KeySealer("7".repeat(64));
/** Apps with only its sealer: enough for what needs no store, bus or cache (any use of those would throw). */
const apps = new Apps(
  undefined as never,
  sealer,
  undefined as never,
  undefined as never,
  undefined as never,
  undefined as never,
  undefined as never,
  5,
);

const app = (over: Partial<AppRecord> = {}): AppRecord => ({
  _id: "app-1",
  ownerId: "owner-1",
  url: "https://shop.example.com/store",
  urlKey: "https://shop.example.com/store",
  status: "pending",
  statusAt: new Date("2026-01-01T00:00:00.000Z"),
  keyHash: "h",
  keySealed: "",
  createdAt: new Date("2026-01-02T00:00:00.000Z"),
  updatedAt: new Date("2026-01-02T00:00:00.000Z"),
  ...over,
});

describe("the app view", () => {
  it("when an app is shown to its owner, then its keys are opened and its origin and cap are given as the contract says", () => {
    const key = generateApiKey();
    const pub = generatePublishableKey();
    expect(
      apps.view(
        app({
          keySealed: sealer.seal(key, "app-1"),
          pubKeySealed: sealer.seal(pub, publishableSealId("app-1")),
          dailySpendCapMicros: 2_500_000,
          status: "active",
          subscriptionId: "sub-1",
        }),
      ),
    ).toEqual({
      id: "app-1",
      url: "https://shop.example.com/store",
      api_key: key,
      publishable_key: pub,
      allowed_origin: "https://shop.example.com",
      daily_spend_cap: "2.50",
      store_completions: false,
      status: "active",
      subscription_id: "sub-1",
      created_at: "2026-01-02T00:00:00.000Z",
    });
  });

  it("when an app has no publishable key, cap or subscription yet, then null, the default $1.00 and null", () => {
    const view = apps.view(app({ keySealed: sealer.seal(generateApiKey(), "app-1") }));
    expect([view.publishable_key, view.daily_spend_cap, view.subscription_id]).toEqual([null, "1.00", null]);
  });

  it("when a sealed key belongs to another app, then the view fails rather than show it", () => {
    expect(() => apps.view(app({ keySealed: sealer.seal(generateApiKey(), "app-2") }))).toThrow();
  });
});

describe("creating an app", () => {
  it("when the URL is not a website, then the url field says why before anything is stored or counted", async () => {
    await expect(apps.create("owner-1", "javascript:alert(1)")).rejects.toMatchObject({
      code: "COMMON.VALIDATION",
      fields: { url: ["Enter a valid URL."] },
    });
    await expect(apps.create("owner-1", " ")).rejects.toMatchObject({ fields: { url: ["This field may not be blank."] } });
  });
});
