import { parseChatRequest } from "./requests";

const base = { model: "genui-pluto-0.1-thinking", messages: [{ role: "user", content: "A to-do list" }] };

describe("chat request options", () => {
  it.each([
    ["extra_body.include_thoughts (the web app)", { extra_body: { include_thoughts: true } }],
    ["top-level include_thoughts (Python's extra_body argument, merged by the client)", { include_thoughts: true }],
    ["top-level thinking", { thinking: true }],
    ["thinking_config.include_thoughts", { thinking_config: { include_thoughts: true } }],
    ["extra_body.thinking_config.include_thoughts", { extra_body: { thinking_config: { include_thoughts: true } } }],
  ])("when reasoning is asked for with %s, then the request includes thoughts", (_name, extra) => {
    expect(parseChatRequest({ ...base, ...extra }, false).includeThoughts).toBe(true);
  });

  it("when no option or a non-true value is given, then thoughts are not included", () => {
    expect(parseChatRequest(base, false).includeThoughts).toBe(false);
    expect(
      parseChatRequest({ ...base, include_thoughts: "yes", extra_body: { include_thoughts: 1 } }, false).includeThoughts,
    ).toBe(false);
  });

  it("when the web search tool is offered in either shape, then it is on; other tools are ignored", () => {
    expect(parseChatRequest({ ...base, tools: [{ type: "web_search" }] }, false).webSearch).toBe(true);
    expect(parseChatRequest({ ...base, tools: [{ type: "function", function: { name: "web_search" } }] }, false).webSearch).toBe(
      true,
    );
    expect(parseChatRequest({ ...base, tools: [{ type: "function", function: { name: "lookup" } }] }, false).webSearch).toBe(
      false,
    );
    expect(() => parseChatRequest({ ...base, tools: "web_search" }, false)).toThrow("'tools' must be an array.");
  });
});
