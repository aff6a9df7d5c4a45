import type { AgUiMessage, AgUiTool } from "@genui/contracts/http";
import { AppError } from "@genui/chassis";
import { actionOf, readRequest, readState, renderToolOf, toolArguments } from "./ag-ui-run";

const user = (id: string, content: Extract<AgUiMessage, { role: "user" }>["content"]): AgUiMessage => ({
  id,
  role: "user",
  content,
});
const assistant = (id: string, content: string): AgUiMessage => ({ id, role: "assistant", content });

/** The refusal a call throws: its code, message and param. */
function refusal(f: () => unknown): { code: string; message: string; param?: string } {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError)
      return { code: err.code, message: err.message, ...(err.details.param ? { param: err.details.param } : {}) };
    throw err;
  }
  throw new Error("no refusal");
}

const screen = { name: "contact", screen: { v1: [{ name: "email", component: "textInput", props: { label: "Email" } }] } };

describe("an AG-UI run read as a generation", () => {
  it("when the thread is one user message, then that message is the request and there is no history", () => {
    expect(readRequest([user("1", "A contact form")], undefined)).toEqual({
      kind: "answer",
      history: [],
      turns: [{ role: "user", content: "A contact form" }],
    });
  });

  it("when earlier runs answered, then the new turns are the user messages after our last answer, and the state's code stands for that answer", () => {
    const messages: AgUiMessage[] = [
      { id: "s", role: "system", content: "Be brief." },
      user("1", "A contact form"),
      assistant("2", "The user now sees the screen “Contact”."),
      user("3", [
        { type: "text", text: "Add a phone field" },
        { type: "text", text: "and a submit button" },
      ]),
    ];
    expect(readRequest(messages, "<Screen/>")).toEqual({
      kind: "answer",
      history: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "A contact form" },
        { role: "assistant", content: "<Screen/>" },
      ],
      turns: [{ role: "user", content: "Add a phone field\nand a submit button" }],
    });
    // Without the code our earlier answer is left out (its text is a summary, not code).
    expect(readRequest(messages, undefined)).toMatchObject({
      history: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "A contact form" },
      ],
    });
  });

  it("when the user acted on the screen, then the action turns are the request and the actions are recognised", () => {
    const typed = JSON.stringify({ type: "onChangeText", component: { name: "email", value: "ada@example.com" } });
    const pressed = JSON.stringify({ type: "onPress", component: { name: "submit", value: "Send" } });
    const r = readRequest([user("1", "A contact form"), assistant("2", "…"), user("3", typed), user("4", pressed)], "code");
    expect(r).toMatchObject({
      kind: "answer",
      turns: [
        { role: "user", content: typed },
        { role: "user", content: pressed },
      ],
      actions: [
        { type: "onChangeText", component: { name: "email", value: "ada@example.com" } },
        { type: "onPress", component: { name: "submit", value: "Send" } },
      ],
    });
    expect(actionOf("Add a field")).toBeUndefined();
    expect(actionOf('{"type":"onHover","component":{"name":"x"}}')).toBeUndefined();
    expect(actionOf('{"type":"onPress","component":{}}')).toBeUndefined();
  });

  it("when the thread ends with our answer or a tool's result, then there is nothing new to answer", () => {
    expect(readRequest([user("1", "A form"), assistant("2", "…")], undefined)).toEqual({ kind: "nothing" });
    const withTool: AgUiMessage[] = [
      user("1", "A form"),
      {
        id: "2",
        role: "assistant",
        content: "…",
        toolCalls: [{ id: "t", type: "function", function: { name: "render_screen", arguments: "{}" } }],
      },
      { id: "3", role: "tool", toolCallId: "t", content: "rendered" },
    ];
    expect(readRequest(withTool, undefined)).toEqual({ kind: "nothing" });
    expect(readRequest([...withTool, user("4", "Now a table")], undefined)).toMatchObject({
      kind: "answer",
      turns: [{ content: "Now a table" }],
    });
  });

  it("when there is no user message, the request is media only or blank, then it is refused naming the field", () => {
    expect(refusal(() => readRequest([], undefined))).toMatchObject({ code: "GENERATION.MISSING_PARAMETER", param: "messages" });
    expect(refusal(() => readRequest([{ id: "1", role: "system", content: "hi" }], undefined))).toMatchObject({
      param: "messages",
    });
    const image = user("1", [
      { type: "text", text: "Like this" },
      { type: "image", source: { type: "url", value: "https://example.com/a.png" } },
    ]);
    expect(refusal(() => readRequest([image], undefined))).toEqual({
      code: "GENERATION.INVALID_VALUE",
      message: "Content parts of type 'image' are not supported; send text.",
      param: "messages[0].content[1]",
    });
    // Media in an earlier message (already answered) is left out, not refused.
    expect(readRequest([image, assistant("2", "…"), user("3", "Again")], undefined)).toMatchObject({
      history: [{ role: "user", content: "Like this" }],
    });
    expect(refusal(() => readRequest([user("1", "   ")], undefined))).toMatchObject({ param: "messages[0].content" });
  });

  it("when the state comes back, then its screen fields are read and the client's own fields kept; too long code is refused", () => {
    expect(readState({ screen: {}, code: "x", screen_id: "scr_1", theme: "dark" }, 100)).toEqual({
      code: "x",
      screenId: "scr_1",
      rest: { theme: "dark" },
    });
    expect(readState(null, 100)).toEqual({ rest: {} });
    expect(readState(["a"], 100)).toEqual({ rest: {} });
    expect(readState({ code: 3, screen_id: "" }, 100)).toEqual({ rest: {} });
    expect(refusal(() => readState({ code: "x".repeat(101) }, 100))).toMatchObject({
      code: "GENERATION.CODE_TOO_LONG",
      param: "state.code",
    });
  });
});

describe("the frontend tool a run hands its screen to", () => {
  const tool = (name: string, parameters?: unknown): AgUiTool => ({
    name,
    description: "Renders",
    ...(parameters !== undefined ? { parameters } : {}),
  });
  const shown = { screen, code: "<Screen/>", screen_id: "scr_1", summary: "A form." };

  it("when no tool is named, then a tool named render_screen is used if offered, else none", () => {
    expect(renderToolOf([tool("other")], undefined, "render_screen")).toBeUndefined();
    const t = renderToolOf([tool("other"), tool("render_screen")], undefined, "render_screen")!;
    expect(t.name).toBe("render_screen");
    // No parameters: every argument is given.
    expect(toolArguments(t, shown)).toEqual(shown);
  });

  it("when the tool's parameters name some arguments, then it gets exactly those, checked against its schema", () => {
    const t = renderToolOf(
      [
        tool("show", {
          type: "object",
          properties: { screen: { type: "object", required: ["screen"] }, screen_id: { type: "string" } },
          required: ["screen"],
          additionalProperties: false,
        }),
      ],
      "show",
      "render_screen",
    )!;
    expect(t.takes).toEqual(["screen", "screen_id"]);
    expect(toolArguments(t, shown)).toEqual({ screen, screen_id: "scr_1" });
    // A 2020-12 schema is read in its own dialect.
    const t2 = renderToolOf(
      [
        tool("show", {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          properties: { screen: { type: "object" } },
        }),
      ],
      "show",
      "render_screen",
    )!;
    expect(toolArguments(t2, shown)).toEqual({ screen });
  });

  it("when the screen does not fit the tool's schema, then the call is refused naming where", () => {
    const t = renderToolOf(
      [tool("show", { type: "object", properties: { screen: { type: "string" } } })],
      "show",
      "render_screen",
    )!;
    expect(refusal(() => toolArguments(t, shown))).toMatchObject({
      param: "forwardedProps.genui.render_tool",
      message: expect.stringContaining("/screen must be string"),
    });
  });

  it("when the named tool is not offered, requires what GenUI does not give, or has no usable schema, then it is refused before anything runs", () => {
    expect(refusal(() => renderToolOf([tool("a")], "b", "render_screen"))).toMatchObject({
      message: "'forwardedProps.genui.render_tool' names 'b', which is not one of the run's tools (a).",
      param: "forwardedProps.genui.render_tool",
    });
    expect(refusal(() => renderToolOf([tool("a", { type: "object", required: ["html"] })], "a", "x")).message).toMatch(
      /requires 'html', which GenUI does not give/,
    );
    expect(refusal(() => renderToolOf([tool("a", { type: "object", properties: { html: {} } })], "a", "x")).message).toMatch(
      /takes no 'screen' argument/,
    );
    expect(refusal(() => renderToolOf([tool("a", "nope")], "a", "x")).message).toMatch(/not a JSON Schema object/);
    expect(refusal(() => renderToolOf([tool("a", { type: "no-such-type" })], "a", "x")).message).toMatch(
      /not a usable JSON Schema/,
    );
    expect(
      refusal(() => renderToolOf([tool("a", { type: "object", description: "x".repeat(40_000) })], "a", "x")).message,
    ).toMatch(/larger than 32000 bytes/);
  });
});
