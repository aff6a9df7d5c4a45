import { offlineGenerator } from "./generators";

describe("the offline generator", () => {
  const ask = [{ role: "user" as const, content: "hello" }];

  it("when plan() throws, then the answer carries the error and its CPU time instead of throwing", async () => {
    const gen = offlineGenerator(() => {
      throw new Error("planner: not implemented yet");
    });
    const a = await gen.answer(ask);
    await gen.close();
    expect(a).toMatchObject({ error: "plan() threw: planner: not implemented yet", schemaIssues: [] });
    expect(a.screen).toBeUndefined();
    expect(a.cpuMicros).toBeGreaterThanOrEqual(0);
  });

  it("when plan() answers code, then it is evaluated in the sandbox into the screen, with its family and sizes", async () => {
    const gen = offlineGenerator(() => ({ code: 'heading("Your cart")\nbutton("Pay", {onPress: "pay"})', family: "cart" }));
    const a = await gen.answer(ask);
    await gen.close();
    expect(a).toMatchObject({ family: "cart", schemaIssues: [] });
    expect(a.screen?.screen.v1.map((n) => [n.component, n.value])).toEqual([
      ["heading", "Your cart"],
      ["button", "Pay"],
    ]);
    expect(a.jsonBytes).toBe(Buffer.byteLength(JSON.stringify(a.screen)));
  });

  it("when the code needs repairs or does not run, then the screen is not schema-valid and says why", async () => {
    const repaired = offlineGenerator(() => ({ code: 'heading("Hi", {level: 9, colour: "red"})', family: "article" }));
    const a = await repaired.answer(ask);
    await repaired.close();
    expect(a.schemaIssues.length).toBeGreaterThan(0);
    const broken = offlineGenerator(() => ({ code: "heading(", family: "article" }));
    const b = await broken.answer(ask);
    await broken.close();
    expect(b).toMatchObject({ error: "the code does not evaluate (syntax)" });
  });
});
