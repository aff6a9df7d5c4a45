import { describeOpenAIError } from "./errors";
import { parseChatRequest } from "./requests";

/** What the client is answered when `f` throws: status and OpenAI's error object. */
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    const answer = describeOpenAIError(err);
    return { status: answer.status, ...answer.body.error };
  }
  return "accepted";
};

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

  it("when no option, false or null is given, then thoughts are not included", () => {
    expect(parseChatRequest(base, false).includeThoughts).toBe(false);
    expect(
      parseChatRequest({ ...base, include_thoughts: false, thinking: null, extra_body: { include_thoughts: false } }, false)
        .includeThoughts,
    ).toBe(false);
  });

  it.each([
    [{ include_thoughts: "yes" }, "include_thoughts"],
    [{ extra_body: { include_thoughts: 1 } }, "extra_body.include_thoughts"],
    [{ thinking_config: { include_thoughts: "true" } }, "thinking_config.include_thoughts"],
    [{ extra_body: "thinking" }, "extra_body"],
  ])("when a reasoning option is not a boolean (%j), then the request is refused naming it", (extra, param) => {
    expect(refusal(() => parseChatRequest({ ...base, ...extra }, false))).toEqual(
      expect.objectContaining({ status: 400, param }),
    );
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
    expect(() => parseChatRequest({ ...base, tools: [{ type: "web_search" }, "x"] }, false)).toThrow(
      "'tools[1]' must be an object.",
    );
  });
});

describe("chat history", () => {
  const answer = (content: string) =>
    parseChatRequest(
      {
        model: "genui-pluto-0.1",
        messages: [
          { role: "user", content: "A form" },
          { role: "assistant", content },
        ],
      },
      false,
    ).messages[1]!.content;

  it("when an assistant turn sends our answer back, then its code is what the model reads; after a repair, the repaired code", () => {
    expect(answer(JSON.stringify({ code: 'text("a")', json: {} }))).toBe('text("a")');
    expect(answer(JSON.stringify({ code: 'tex("a")', repaired_code: 'text("b")', json: {} }))).toBe('text("b")');
    expect(answer("plain words")).toBe("plain words");
  });
});

describe("the signed-in chat's stream_format", () => {
  it("when stream_format is absent or null, then the signed-in chat streams snapshots; the published API always deltas", () => {
    expect(parseChatRequest(base, true).streamFormat).toBe("snapshots");
    expect(parseChatRequest({ ...base, stream_format: null }, true).streamFormat).toBe("snapshots");
    expect(parseChatRequest({ ...base, stream_format: "deltas" }, true).streamFormat).toBe("deltas");
    expect(parseChatRequest({ ...base, stream_format: "snapshots" }, false).streamFormat).toBe("deltas");
  });

  it.each([["pieces"], ["DELTAS"], [1], [true], [["deltas"]]])(
    "when stream_format is %j, then the signed-in chat refuses it naming stream_format",
    (v) => {
      expect(refusal(() => parseChatRequest({ ...base, stream_format: v }, true))).toEqual(
        expect.objectContaining({ status: 400, param: "stream_format" }),
      );
    },
  );
});

describe("what the signed-in chat's stored completion keeps", () => {
  it("when the chat sends store and metadata, then its turns are kept as sent: user text, an assistant turn's code", () => {
    const body = parseChatRequest(
      {
        model: "genui-pluto-0.1",
        messages: [
          { role: "user", content: "A form" },
          { role: "assistant", code: 'screen("Form")\ntextInput("Email")' },
          { role: "user", content: '{"type":"onPress","component":{"name":"send","value":null}}' },
        ],
        store: true,
        metadata: { conversation: "c-1", app: "none" },
      },
      true,
    );
    expect(body.store).toBe(true);
    expect(body.metadata).toEqual({ conversation: "c-1", app: "none" });
    expect(body.sent).toEqual([
      { role: "user", content: "A form" },
      { role: "assistant", content: 'screen("Form")\ntextInput("Email")' },
      { role: "user", content: '{"type":"onPress","component":{"name":"send","value":null}}' },
    ]);
  });

  it("when the chat's metadata is malformed, then it is refused naming it", () => {
    expect(refusal(() => parseChatRequest({ ...base, store: true, metadata: { app: 1 } }, true))).toEqual(
      expect.objectContaining({ status: 400, param: "metadata.app" }),
    );
  });
});
