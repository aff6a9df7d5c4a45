import { configSchema, quotasOf } from "../config";
import { HTTP_STATUS } from "../http/errors";
import { appLimitReached, quotaBusy, templateLimitReached } from "./quotas";

describe("the per-tenant quotas", () => {
  it("when the quota of apps is reached, then the refusal is a 400 field error on url that says what to do", () => {
    const err = appLimitReached(50);
    expect(HTTP_STATUS[err.code as keyof typeof HTTP_STATUS]).toBe(400);
    expect(err.fields).toEqual({ url: ["You have reached the limit of 50 apps. Delete an app to create another."] });
    expect(appLimitReached(1).fields).toEqual({ url: ["You have reached the limit of 1 app. Delete an app to create another."] });
  });

  it("when the quota of templates is reached, then the refusal is a 409 with a message and no field errors", () => {
    const err = templateLimitReached(100);
    expect(HTTP_STATUS[err.code as keyof typeof HTTP_STATUS]).toBe(409);
    expect([err.code, err.message, err.fields]).toEqual([
      "APPS.TEMPLATE_LIMIT_REACHED",
      "This app has reached the limit of 100 templates. Delete a template to create another.",
      undefined,
    ]);
  });

  it("when a quota's lock cannot be had in time, then the caller is told to retry (503 with Retry-After), not a 500", () => {
    const err = quotaBusy();
    expect(HTTP_STATUS[err.code as keyof typeof HTTP_STATUS]).toBe(503);
    expect(err.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("when the settings are not given, then 1,000 apps per owner and 100 templates per app; bad values are refused", () => {
    const quotas = (env: Record<string, string>) =>
      configSchema.pick({ APPS_MAX_PER_OWNER: true, TEMPLATES_MAX_PER_APP: true }).safeParse(env);
    expect(quotas({}).data).toEqual({ APPS_MAX_PER_OWNER: 1000, TEMPLATES_MAX_PER_APP: 100 });
    expect(quotas({ APPS_MAX_PER_OWNER: "3", TEMPLATES_MAX_PER_APP: "7" }).data).toEqual({
      APPS_MAX_PER_OWNER: 3,
      TEMPLATES_MAX_PER_APP: 7,
    });
    for (const bad of ["0", "-1", "2.5", "many"]) expect(quotas({ APPS_MAX_PER_OWNER: bad }).success).toBe(false);
    expect(quotas({ TEMPLATES_MAX_PER_APP: "0" }).success).toBe(false);
    expect(quotasOf({ APPS_MAX_PER_OWNER: 4, TEMPLATES_MAX_PER_APP: 9 } as Parameters<typeof quotasOf>[0])).toEqual({
      appsPerOwner: 4,
      templatesPerApp: 9,
    });
  });
});
