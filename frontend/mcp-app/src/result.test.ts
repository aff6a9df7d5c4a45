import { readResult, resultAppearance } from "./result";

describe("a tool result as the app reads it", () => {
  const json = { name: "Signup", screen: { v1: [{ name: "title", component: "heading", value: "Hi" }] } };

  it("when the result carries a screen, then its id, version, screen and the text the model was told", () => {
    const r = readResult({
      content: [{ type: "text", text: "The user sees Signup." }],
      structuredContent: { screen_id: "scr_1", version: 2, json, code: 'heading("Hi")', summary: "Signup" },
    });
    expect(r).toEqual({
      ok: true,
      result: { screenId: "scr_1", version: 2, screen: json, text: "The user sees Signup.", summary: "Signup" },
    });
  });

  it("when the result is an error or has no usable screen, then the reason", () => {
    expect(readResult({ isError: true, content: [{ type: "text", text: "Out of credit." }] })).toEqual({
      ok: false,
      reason: "Out of credit.",
    });
    expect(readResult({ isError: true, content: [] })).toEqual({ ok: false, reason: expect.stringMatching(/no reason/) });
    expect(readResult({ content: [], structuredContent: { screen_id: "scr_1", version: 1, json: { name: "x" } } }).ok).toBe(
      false,
    );
    expect(readResult({ content: [], structuredContent: { version: 1, json } }).ok).toBe(false);
  });
});

describe("the app's look on a result", () => {
  const json = { name: "Shop", screen: { v1: [{ name: "title", component: "heading", value: "Mugs" }] } };
  const structuredContent = { screen_id: "scr_2", version: 1, json, summary: "Shop" };

  it("when the result carries _meta genui/appearance, then its theme and version come with the screen", () => {
    const theme = { light: { primary: "#6d28d9" }, radius: 4 };
    const r = readResult({ content: [], structuredContent, _meta: { "genui/appearance": { version: 7, theme } } });
    expect(r.ok && r.result.appearance).toEqual({ version: 7, theme });
  });

  it("when the result says nothing of the app's look, then there is none (the last one stays)", () => {
    const r = readResult({ content: [], structuredContent, _meta: { other: 1 } });
    expect(r.ok && r.result.appearance).toBeUndefined();
    expect(resultAppearance({ _meta: { "genui/appearance": "violet" } })).toBeUndefined();
    expect(resultAppearance({ _meta: { "genui/appearance": { version: 0, theme: {} } } })).toEqual({ version: 0, theme: {} });
  });
});
