import path from "node:path";
import { loadCatalogue } from "../store/catalogue-file";
import { Catalogue } from "./catalogue";

const shipped = () => loadCatalogue(path.join(__dirname, "../../catalogue/plans.json"));

describe("the plan catalogue", () => {
  it("when the shipped file is read, then it has genui-pluto-0.1 as the default and a Thinking plan", () => {
    const c = shipped();
    expect(c.defaultPlan.id).toBe("genui-pluto-0.1");
    expect(c.plans.some((p) => p.features[0] === "Thinking")).toBe(true);
  });

  it("when prices are read, then they are exact integer micro-units, shown per currency without conversion", () => {
    const c = shipped();
    const pluto = c.find("genui-pluto-0.1")!;
    expect(c.price(pluto, "USD", "input_text_cost")).toBe(500_000);
    expect(c.view("USD")[0]).toMatchObject({
      currency: "USD",
      input_text_cost: 0.5,
      output_text_cost: 2,
      features: { features: expect.arrayContaining(["Generative UI"]) },
    });
    expect(c.view("INR")[0]).toMatchObject({ currency: "INR", input_text_cost: 45 });
  });

  it("when a catalogue is malformed, then boot fails saying what is wrong", () => {
    const plan = { id: "a-model", name: "A", description: "d", input_text_limit: 1, output_text_limit: 1, features: ["x"] };
    const p = {
      input_text_cost: "1",
      input_image_cost: "1",
      input_video_cost: "1",
      input_audio_cost: "1",
      output_text_cost: "0.1234567",
    };
    expect(() => new Catalogue({ plans: [{ ...plan, default: true, prices: { USD: p, INR: p } }] })).toThrow(
      /output_text_cost: must be a non-negative decimal/,
    );
    const ok = { ...p, output_text_cost: "1" };
    expect(() => new Catalogue({ plans: [{ ...plan, prices: { USD: ok, INR: ok } }] })).toThrow(
      /exactly one plan must be the default/,
    );
  });
});
