import { readResult } from "./result";

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
