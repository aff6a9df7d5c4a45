import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { AppError } from "@genui/chassis";
import { AG_UI_EXAMPLE, route } from "@genui/contracts/http";
import { parseRunInput } from "./ag-ui.routes";

/** The refusal of a body: its code, message and param. */
function refusal(body: unknown): { code: string; message: string; param?: string } {
  try {
    parseRunInput(body);
  } catch (err) {
    if (err instanceof AppError)
      return { code: err.code, message: err.message, ...(err.details.param ? { param: err.details.param } : {}) };
    throw err;
  }
  throw new Error("accepted");
}

/** What @ag-ui/client's HttpAgent sends (prepareRunAgentInput), with every message role and part kind. */
const fromClient = {
  threadId: "8c1c3f0e",
  runId: "r-2",
  protocolVersion: "1.0",
  tools: [{ name: "render_screen", description: "Shows a screen", parameters: { type: "object", properties: { screen: {} } } }],
  context: [{ description: "locale", value: "en-GB" }],
  forwardedProps: { genui: { model: "genui-pluto-0.1", render_tool: "render_screen" }, copilotkit: { anything: true } },
  state: { screen: {}, code: "x", screen_id: "scr_AAAAAAAAAAAAAAAAAAAAAA" },
  messages: [
    { id: "d", role: "developer", content: "Be brief." },
    { id: "s", role: "system", content: "You are GenUI." },
    {
      id: "u",
      role: "user",
      content: [
        { type: "text", text: "A form" },
        { type: "image", source: { type: "data", value: "AA==", mimeType: "image/png" } },
      ],
    },
    {
      id: "a",
      role: "assistant",
      content: "Shown.",
      toolCalls: [{ id: "t", type: "function", function: { name: "render_screen", arguments: "{}" } }],
    },
    { id: "tr", role: "tool", toolCallId: "t", content: "ok" },
    { id: "r", role: "reasoning", content: "thinking" },
    { id: "u2", role: "user", content: "Now a table", metadata: { source: "chat" }, extra: 1 },
  ],
  resume: [{ interruptId: "i", status: "resolved", payload: { ok: true } }],
};

describe("the AG-UI route's body (AG-UI's RunAgentInput)", () => {
  it("when the body is what @ag-ui/client sends, or the document's example, then the contract and @ag-ui/core's schema both accept it", () => {
    for (const body of [fromClient, AG_UI_EXAMPLE, route("generation.agUi").example]) {
      expect(RunAgentInputSchema.safeParse(body).success).toBe(true);
      expect(() => parseRunInput(body)).not.toThrow();
    }
    expect(route("generation.agUi").example).toEqual(AG_UI_EXAMPLE);
  });

  it("when a body breaks AG-UI's schema, then @ag-ui/core refuses it too and the refusal names the field", () => {
    const cases: [unknown, { code?: string; param?: string; message?: string }][] = [
      [[], { code: "GENERATION.INVALID_JSON" }],
      ["run", { code: "GENERATION.INVALID_JSON" }],
      [
        { runId: "r", messages: [] },
        { code: "GENERATION.MISSING_PARAMETER", param: "threadId", message: "Missing required parameter: 'threadId'." },
      ],
      [
        { threadId: "t", runId: "r" },
        { code: "GENERATION.MISSING_PARAMETER", param: "messages" },
      ],
      [
        { threadId: 1, runId: "r", messages: [] },
        { code: "GENERATION.INVALID_VALUE", param: "threadId" },
      ],
      [
        { threadId: "t", runId: "r", messages: [{ id: "1", role: "robot", content: "hi" }] },
        { code: "GENERATION.INVALID_VALUE", param: "messages[0].role" },
      ],
      [
        { threadId: "t", runId: "r", messages: [{ role: "user", content: "hi" }] },
        { code: "GENERATION.MISSING_PARAMETER", param: "messages[0].id" },
      ],
      [
        { threadId: "t", runId: "r", messages: [{ id: "1", role: "user", content: [{ type: "text" }] }] },
        { param: "messages[0].content" },
      ],
      [{ threadId: "t", runId: "r", messages: [{ id: "1", role: "tool", content: "x" }] }, { param: "messages[0].toolCallId" }],
      [{ threadId: "t", runId: "r", messages: [], tools: [{ name: "x" }] }, { param: "tools[0].description" }],
      [{ threadId: "t", runId: "r", messages: [], context: "en" }, { param: "context" }],
      [
        { threadId: "t", runId: "r", messages: [{ id: "1", role: "user", content: "hi", metadata: null }] },
        { param: "messages[0].metadata" },
      ],
    ];
    for (const [body, expected] of cases) {
      expect([body, RunAgentInputSchema.safeParse(body).success]).toEqual([body, false]);
      const r = refusal(body);
      expect([body, r]).toEqual([
        body,
        expect.objectContaining({
          code: expected.code ?? expect.any(String),
          ...(expected.param ? { param: expected.param } : {}),
        }),
      ]);
      if (expected.message) expect(r.message).toEqual(expected.message);
    }
  });

  it("when forwardedProps.genui has an unknown or wrong option, then it is refused (AG-UI's own fields stay open)", () => {
    const base = { threadId: "t", runId: "r", messages: [{ id: "1", role: "user", content: "hi" }] };
    expect(refusal({ ...base, forwardedProps: { genui: { render_tol: "x" } } })).toEqual({
      code: "GENERATION.INVALID_VALUE",
      message: "Unknown parameter: 'forwardedProps.genui.render_tol'. GenUI's options are 'model' and 'render_tool'.",
      param: "forwardedProps.genui.render_tol",
    });
    expect(refusal({ ...base, forwardedProps: { genui: { model: 3 } } })).toMatchObject({ param: "forwardedProps.genui.model" });
    expect(refusal({ ...base, forwardedProps: { genui: "fast" } })).toMatchObject({ param: "forwardedProps.genui" });
    expect(() => parseRunInput({ ...base, unknownField: true, forwardedProps: { other: { genui: 1 } } })).not.toThrow();
  });
});
