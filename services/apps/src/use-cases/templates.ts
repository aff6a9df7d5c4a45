import { randomUUID } from "node:crypto";
import { notFound, type DocumentLock } from "@genui/chassis";
import type { Template, TemplatePage } from "@genui/contracts/http";
import { templateLimitReached } from "../domain/quotas";
import type { TemplateRecord, TemplateRepository } from "../store/template.repository";
import { underQuota } from "./quota-lock";

/** A template as its owner sees it: the contract's Template (SPEC §3). */
export type TemplateView = Template;

export const templateView = (t: TemplateRecord): TemplateView => ({
  id: t._id,
  app_id: t.appId,
  name: t.name,
  description: t.description,
  code: t.code,
  status: t.status,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

/** Template use cases, always within an app the caller owns (checked by the caller). */
export class Templates {
  constructor(
    private readonly repo: TemplateRepository,
    /** Serialises each app's creates across every copy (`appTemplatesLock`). */
    private readonly quotaLock: DocumentLock,
    /** Templates an app may have (TEMPLATES_MAX_PER_APP). */
    private readonly maxTemplates: number,
  ) {}

  async create(appId: string, ownerId: string): Promise<TemplateView> {
    const now = new Date();
    const t: TemplateRecord = {
      _id: randomUUID(),
      appId,
      ownerId,
      name: "",
      description: "",
      code: "",
      status: "draft",
      createdAt: now,
      updatedAt: now,
    };
    // Counted and inserted under the app's quota lock: concurrent creates (any copy) see each other's inserts.
    await underQuota(this.quotaLock, appId, async () => {
      if ((await this.repo.count(appId)) >= this.maxTemplates) throw templateLimitReached(this.maxTemplates);
      await this.repo.create(t);
    });
    return templateView(t);
  }

  async get(appId: string, id: string): Promise<TemplateView> {
    const t = await this.repo.find(appId, id);
    if (!t) throw notFound();
    return templateView(t);
  }

  /** One page of the app's templates, their count and how many it may have (`limit`, for the dashboard). */
  async list(appId: string, page: number, pageSize: number): Promise<TemplatePage> {
    const { results, count } = await this.repo.page(appId, page, pageSize);
    return { results: results.map(templateView), count, limit: this.maxTemplates };
  }

  async update(
    appId: string,
    id: string,
    set: Partial<Pick<TemplateRecord, "name" | "description" | "code" | "status">>,
  ): Promise<TemplateView> {
    const clean = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    const t = Object.keys(clean).length ? await this.repo.update(appId, id, clean) : await this.repo.find(appId, id);
    if (!t) throw notFound();
    return templateView(t);
  }

  async delete(appId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(appId, id))) throw notFound();
  }

  /** Every template of an app that was deleted (apps.app.deleted). */
  async deleteForApp(appId: string): Promise<void> {
    await this.repo.deleteForApp(appId);
  }
}
