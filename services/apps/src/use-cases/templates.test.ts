import { KeyedMutex } from "@genui/chassis";
import type { TemplateRecord, TemplateRepository } from "../store/template.repository";
import { Templates, templateView } from "./templates";

const record = (over: Partial<TemplateRecord> = {}): TemplateRecord => ({
  _id: "t-1",
  appId: "app-1",
  ownerId: "owner-1",
  name: "Hero",
  description: "A hero section",
  code: "<Hero />",
  status: "publish",
  createdAt: new Date("2026-01-02T03:04:05.000Z"),
  updatedAt: new Date("2026-01-03T03:04:05.000Z"),
  ...over,
});

/** An in-memory stand-in for the template store, recording which of its writes were asked for. */
function memoryRepo() {
  const rows = new Map<string, TemplateRecord>();
  const calls: string[] = [];
  const repo = {
    create: async (t: TemplateRecord) => void (calls.push("create"), rows.set(t._id, { ...t })),
    count: async (appId: string) => [...rows.values()].filter((t) => t.appId === appId).length,
    find: async (appId: string, id: string) => (calls.push("find"), rows.get(id)?.appId === appId ? { ...rows.get(id)! } : null),
    update: async (appId: string, id: string, set: Partial<TemplateRecord>) => {
      calls.push(`update ${Object.keys(set).sort().join(",")}`);
      const t = rows.get(id);
      if (!t || t.appId !== appId) return null;
      Object.assign(t, set, { updatedAt: new Date() });
      return { ...t };
    },
    delete: async (appId: string, id: string) => rows.get(id)?.appId === appId && rows.delete(id),
    page: async (appId: string, page: number, size: number) => {
      const all = [...rows.values()].filter((t) => t.appId === appId);
      return { results: all.slice((page - 1) * size, page * size), count: all.length };
    },
  };
  return { rows, calls, repo: repo as unknown as TemplateRepository };
}

describe("the template view", () => {
  it("when a stored template is shown, then its fields take the contract's names and its times are ISO strings", () => {
    expect(templateView(record())).toEqual({
      id: "t-1",
      app_id: "app-1",
      name: "Hero",
      description: "A hero section",
      code: "<Hero />",
      status: "publish",
      created_at: "2026-01-02T03:04:05.000Z",
      updated_at: "2026-01-03T03:04:05.000Z",
    });
    expect(templateView(record())).not.toHaveProperty("ownerId");
  });
});

describe("the template use cases", () => {
  it("when an update sends no field (or only undefined ones), then nothing is written and the template is read", async () => {
    const { rows, calls, repo } = memoryRepo();
    rows.set("t-1", record());
    const templates = new Templates(repo, new KeyedMutex(), 10);
    expect(await templates.update("app-1", "t-1", { name: undefined, code: undefined })).toEqual(templateView(record()));
    expect(calls).toEqual(["find"]);
    await templates.update("app-1", "t-1", { name: "Footer", description: undefined });
    expect(calls).toEqual(["find", "update name"]);
  });

  it("when the template is not the app's, then get, update and delete answer not found", async () => {
    const { rows, repo } = memoryRepo();
    rows.set("t-1", record());
    const templates = new Templates(repo, new KeyedMutex(), 10);
    for (const call of [
      () => templates.get("app-2", "t-1"),
      () => templates.update("app-2", "t-1", { name: "x" }),
      () => templates.update("app-2", "t-1", {}),
      () => templates.delete("app-2", "t-1"),
    ])
      await expect(call()).rejects.toMatchObject({ code: "COMMON.NOT_FOUND" });
    expect(rows.get("t-1")?.name).toBe("Hero");
  });

  it("when the app is at its quota, then create is refused without writing; the list tells the limit", async () => {
    const { repo, calls } = memoryRepo();
    const templates = new Templates(repo, new KeyedMutex(), 2);
    const made = await Promise.allSettled([1, 2, 3].map(() => templates.create("app-1", "owner-1")));
    expect(made.map((m) => m.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect((made[2] as PromiseRejectedResult).reason).toMatchObject({ code: "APPS.TEMPLATE_LIMIT_REACHED" });
    expect(calls.filter((c) => c === "create")).toHaveLength(2);
    expect(await templates.list("app-1", 1, 10)).toMatchObject({ count: 2, limit: 2 });
    expect((await templates.create("app-2", "owner-1")).status).toBe("draft");
  });
});
