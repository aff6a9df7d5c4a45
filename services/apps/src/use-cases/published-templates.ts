import type { AppRepository } from "../store/app.repository";
import type { TemplateRecord, TemplateRepository } from "../store/template.repository";

/** The templates an app has published, as generation asks for them (apps.templates.list_published). */
export class PublishedTemplates {
  constructor(
    private readonly apps: AppRepository,
    private readonly templates: TemplateRepository,
  ) {}

  /**
   * The app's newest `limit` published templates. A signed-in caller (`ownerId`) names apps by id: another user's app
   * (or none) answers null, the same either way, so ids are not probed.
   */
  async newest(appId: string, ownerId: string | undefined, limit: number): Promise<TemplateRecord[] | null> {
    if (ownerId && !(await this.apps.findOwned(ownerId, appId))) return null;
    return this.templates.published(appId, limit);
  }
}
