import type { MessageBus } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import type { Catalogue } from "../domain/catalogue";

/** billing.models.list: generation learns which models exist from here, never from a copy. */
export function serveListModels(bus: MessageBus, catalogue: Catalogue): void {
  bus.serve(COMMANDS.listModels, () =>
    Promise.resolve({
      models: catalogue.plans.map((p) => ({
        id: p.id,
        slug: p.id,
        name: p.name,
        description: p.description,
        features: [...p.features],
        inputTextLimit: BigInt(p.input_text_limit),
        outputTextLimit: BigInt(p.output_text_limit),
        isDefault: p.default,
        inputTextCostMicros: BigInt(p.prices.USD.input_text_cost),
        outputTextCostMicros: BigInt(p.prices.USD.output_text_cost),
      })),
    }),
  );
}
