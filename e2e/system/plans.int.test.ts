import { MessageBus, connectNats, createLogger } from "@genui/chassis";
import { COMMANDS } from "@genui/contracts";
import { testInfra } from "@genui/testkit";
import { BrowserClient } from "../support/client";
import { startStack, type Stack } from "../support/stack";

interface PlanView {
  id: string;
  currency: string;
  input_text_cost: number;
  output_text_cost: number;
  input_text_limit: number;
  output_text_limit: number;
  features: { features: string[] };
}

describe("model plans", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it("when a visitor asks for plans in USD or INR, then every SPEC field comes back in that currency, without signing in", async () => {
    const c = new BrowserClient(stack.bff.url);
    const usd = (await (await c.get("/billing/api/v1/modals/list?currency=USD")).json()) as PlanView[];
    const inr = (await (await c.get("/billing/api/v1/modals/list?currency=INR")).json()) as PlanView[];
    expect(usd.map((p) => p.id)).toEqual(["genui-pluto-0.1", "genui-pluto-0.1-thinking"]);
    expect(Object.keys(usd[0]!).sort()).toEqual(
      [
        "id",
        "name",
        "description",
        "currency",
        "input_text_cost",
        "input_image_cost",
        "input_video_cost",
        "input_audio_cost",
        "output_text_cost",
        "input_text_limit",
        "output_text_limit",
        "features",
      ].sort(),
    );
    expect(usd.every((p) => p.currency === "USD")).toBe(true);
    expect(inr.every((p) => p.currency === "INR")).toBe(true);
    expect(inr[0]!.input_text_cost).not.toBe(usd[0]!.input_text_cost);
    expect(usd[1]!.features.features[0]).toBe("Thinking");
    const byDefault = (await (await c.get("/billing/api/v1/modals/list")).json()) as PlanView[];
    expect(byDefault[0]!.currency).toBe("USD");
  });

  it("when the currency is unknown, then 400 naming the field", async () => {
    const res = await new BrowserClient(stack.bff.url).get("/billing/api/v1/modals/list?currency=EUR");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ currency: ["Unknown currency: use one of USD, INR."] });
  });

  it("when generation asks billing which models exist, then the same catalogue answers over NATS", async () => {
    const logger = createLogger("models", "silent");
    const bus = new MessageBus(await connectNats(testInfra().natsUrl, "models", logger), {
      prefix: stack.prefix,
      source: "generation",
      logger,
    });
    try {
      const { models } = await bus.request(COMMANDS.listModels, {});
      expect(models.map((m) => [m.slug, m.isDefault, m.features[0]])).toEqual([
        ["genui-pluto-0.1", true, "Generative UI"],
        ["genui-pluto-0.1-thinking", false, "Thinking"],
      ]);
      expect(Number(models[0]!.outputTextLimit)).toBe(16384);
    } finally {
      await bus.close();
    }
  });
});
