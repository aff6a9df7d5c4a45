import { Flights, type MessageBus } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import type { CatalogueModel } from "../domain/access";

/** Billing's models (`billing.models.list`), held for a minute: they change with a deploy, not per request. */
export class ModelCatalogue {
  private cached?: { at: number; models: CatalogueModel[] };
  /** The one read under way, shared by every request that finds the list expired meanwhile. */
  private readonly loading = new Flights<"models", CatalogueModel[]>();

  constructor(
    private readonly bus: MessageBus,
    private readonly ttlMs = 60_000,
  ) {}

  async list(): Promise<CatalogueModel[]> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.models;
    return this.loading.run("models", () =>
      this.bus.request(COMMANDS.listModels, {}, { timeoutMs: 2_000 }).then((res) => {
        const models = res.models.map((m) => ({
          id: m.id,
          slug: m.slug,
          name: m.name,
          description: m.description,
          features: [...m.features],
          inputLimit: Number(m.inputTextLimit),
          outputLimit: Number(m.outputTextLimit),
          isDefault: m.isDefault,
          inputPrice: Number(m.inputTextCostMicros),
          outputPrice: Number(m.outputTextCostMicros),
        }));
        this.cached = { at: Date.now(), models };
        return models;
      }),
    );
  }

  async find(slug: string): Promise<CatalogueModel | undefined> {
    return (await this.list()).find((m) => m.slug === slug);
  }

  async defaultModel(): Promise<CatalogueModel | undefined> {
    const all = await this.list();
    return all.find((m) => m.isDefault) ?? all[0];
  }
}
