import { describeOpenAIError } from "./errors";
import { parseChatRequest, parseRetrieveRequest } from "./requests";

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

const base = { model: "genui-pluto-0.1", messages: [{ role: "user", content: "A form" }] };

interface Expected {
  message: string;
  param: string | null;
  code: string;
}

/**
 * Each kind of fault in a chat body, and the error the API has always answered for it (OpenAI's message, `param` and
 * code, word for word). Where a body has two faults, the one checked first is named: the order of the checks is part
 * of the answer.
 */
const CHAT: [name: string, body: unknown, expected: Expected][] = [
  [
    "the body is not an object",
    "a form",
    { message: "The request body must be a JSON object.", param: null, code: "invalid_json" },
  ],
  ["the body is an array", [base], { message: "The request body must be a JSON object.", param: null, code: "invalid_json" }],
  [
    "model is missing",
    { messages: [{ role: "user", content: "A form" }] },
    { message: "Missing required parameter: 'model'.", param: "model", code: "missing_required_parameter" },
  ],
  [
    "model is null",
    { ...base, model: null },
    { message: "'model' must be a non-empty string.", param: "model", code: "invalid_value" },
  ],
  [
    "model is a number",
    { ...base, model: 5 },
    { message: "'model' must be a non-empty string.", param: "model", code: "invalid_value" },
  ],
  [
    "model is blank",
    { ...base, model: " \t " },
    { message: "'model' must be a non-empty string.", param: "model", code: "invalid_value" },
  ],
  [
    "model is too long",
    { ...base, model: "m".repeat(257) },
    { message: "'model' is longer than 256 characters.", param: "model", code: "invalid_value" },
  ],
  [
    "messages is missing",
    { model: "genui-pluto-0.1" },
    { message: "Missing required parameter: 'messages'.", param: "messages", code: "missing_required_parameter" },
  ],
  [
    "messages is not an array",
    { ...base, messages: "A form" },
    { message: "'messages' must be an array.", param: "messages", code: "invalid_value" },
  ],
  [
    "messages is empty",
    { ...base, messages: [] },
    { message: "'messages' must contain at least one message.", param: "messages", code: "empty_array" },
  ],
  [
    "messages has too many (one of them not a message)",
    { ...base, messages: [...Array.from({ length: 500 }, () => ({ role: "user", content: "A form" })), "x"] },
    { message: "'messages' may contain at most 500 messages.", param: "messages", code: "invalid_value" },
  ],
  [
    "a message is not an object",
    { ...base, messages: [{ role: "user", content: "A form" }, "x"] },
    { message: "'messages[1]' must be an object.", param: "messages[1]", code: "invalid_value" },
  ],
  [
    "a role is unknown",
    {
      ...base,
      messages: [
        { role: "tool", content: "x" },
        { role: "user", content: "A form" },
      ],
    },
    { message: "'messages[0].role' must be one of system, user, assistant.", param: "messages[0].role", code: "invalid_value" },
  ],
  [
    "a role is missing",
    { ...base, messages: [{ role: "user", content: "A form" }, { content: "x" }] },
    { message: "'messages[1].role' must be one of system, user, assistant.", param: "messages[1].role", code: "invalid_value" },
  ],
  [
    "content is null (published)",
    { ...base, messages: [{ role: "user", content: null }] },
    {
      message: "Missing required parameter: 'messages[0].content'.",
      param: "messages[0].content",
      code: "missing_required_parameter",
    },
  ],
  [
    "content is missing (published, code ignored)",
    { ...base, messages: [{ role: "user", code: "text('a')" }] },
    {
      message: "Missing required parameter: 'messages[0].content'.",
      param: "messages[0].content",
      code: "missing_required_parameter",
    },
  ],
  [
    "content is a number",
    { ...base, messages: [{ role: "user", content: 5 }] },
    {
      message: "'messages[0].content' must be a string or an array of text parts.",
      param: "messages[0].content",
      code: "invalid_value",
    },
  ],
  [
    "a content part is an image",
    {
      ...base,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "a" },
            { type: "image_url", image_url: { url: "x" } },
          ],
        },
      ],
    },
    {
      message: "Content parts of type 'image_url' are not supported; send text.",
      param: "messages[0].content[1].type",
      code: "invalid_value",
    },
  ],
  [
    "a content part is not an object",
    { ...base, messages: [{ role: "user", content: ["a"] }] },
    { message: "Invalid content part at 'messages[0].content[0]'.", param: "messages[0].content[0]", code: "invalid_value" },
  ],
  [
    "a content part's type is not a string",
    { ...base, messages: [{ role: "user", content: [{ type: 5, text: 3 }] }] },
    { message: "Invalid content part at 'messages[0].content[0]'.", param: "messages[0].content[0]", code: "invalid_value" },
  ],
  [
    "a text part has no text",
    { ...base, messages: [{ role: "user", content: [{ type: "text" }] }] },
    { message: "'messages[0].content[0].text' must be a string.", param: "messages[0].content[0].text", code: "invalid_value" },
  ],
  [
    "no message is the user's",
    {
      ...base,
      messages: [
        { role: "system", content: "Be brief" },
        { role: "developer", content: "x" },
      ],
    },
    { message: "'messages' must contain a user message.", param: "messages", code: "invalid_value" },
  ],
  [
    "stream is not a boolean",
    { ...base, stream: "yes" },
    { message: "'stream' must be a boolean.", param: "stream", code: "invalid_value" },
  ],
  [
    "stream_options is not an object",
    { ...base, stream: true, stream_options: "usage" },
    { message: "'stream_options' must be an object.", param: "stream_options", code: "invalid_value" },
  ],
  [
    "stream_options without stream",
    { ...base, stream_options: { include_usage: true } },
    {
      message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      param: "stream_options",
      code: "invalid_value",
    },
  ],
  [
    "stream_options.include_usage is not a boolean",
    { ...base, stream: true, stream_options: { include_usage: "yes" } },
    {
      message: "'stream_options.include_usage' must be a boolean.",
      param: "stream_options.include_usage",
      code: "invalid_value",
    },
  ],
  [
    "max_completion_tokens is 0",
    { ...base, max_completion_tokens: 0 },
    {
      message: "'max_completion_tokens' must be an integer from 1 to 1,000,000.",
      param: "max_completion_tokens",
      code: "invalid_value",
    },
  ],
  [
    "max_tokens is not an integer",
    { ...base, max_tokens: 1.5 },
    { message: "'max_tokens' must be an integer from 1 to 1,000,000.", param: "max_tokens", code: "invalid_value" },
  ],
  [
    "max_tokens is too large",
    { ...base, max_tokens: 1_000_001 },
    { message: "'max_tokens' must be an integer from 1 to 1,000,000.", param: "max_tokens", code: "invalid_value" },
  ],
  [
    "extra_body is not an object",
    { ...base, extra_body: "thinking" },
    { message: "'extra_body' must be an object.", param: "extra_body", code: "invalid_value" },
  ],
  [
    "thinking is not a boolean",
    { ...base, thinking: "yes" },
    { message: "'thinking' must be a boolean.", param: "thinking", code: "invalid_value" },
  ],
  [
    "thinking_config is not an object",
    { ...base, thinking_config: true },
    { message: "'thinking_config' must be an object.", param: "thinking_config", code: "invalid_value" },
  ],
  [
    "extra_body.thinking_config.include_thoughts is not a boolean",
    { ...base, extra_body: { thinking_config: { include_thoughts: "yes" } } },
    {
      message: "'extra_body.thinking_config.include_thoughts' must be a boolean.",
      param: "extra_body.thinking_config.include_thoughts",
      code: "invalid_value",
    },
  ],
  [
    "tools is not an array",
    { ...base, tools: "web_search" },
    { message: "'tools' must be an array.", param: "tools", code: "invalid_value" },
  ],
  [
    "a tool is not an object",
    { ...base, tools: [{ type: "web_search" }, "x"] },
    { message: "'tools[1]' must be an object.", param: "tools[1]", code: "invalid_value" },
  ],
  [
    "model is too long and messages missing",
    { model: "m".repeat(257) },
    { message: "'model' is longer than 256 characters.", param: "model", code: "invalid_value" },
  ],
  [
    "no user message and stream is not a boolean",
    { ...base, messages: [{ role: "system", content: "x" }], stream: "yes" },
    { message: "'messages' must contain a user message.", param: "messages", code: "invalid_value" },
  ],
  [
    "stream_options without stream, its include_usage not a boolean",
    { ...base, stream_options: { include_usage: "yes" } },
    {
      message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      param: "stream_options",
      code: "invalid_value",
    },
  ],
  [
    "both token limits wrong",
    { ...base, max_tokens: 0, max_completion_tokens: 2_000_000 },
    {
      message: "'max_completion_tokens' must be an integer from 1 to 1,000,000.",
      param: "max_completion_tokens",
      code: "invalid_value",
    },
  ],
  [
    "extra_body not an object and include_thoughts not a boolean",
    { ...base, extra_body: "x", include_thoughts: "yes" },
    { message: "'extra_body' must be an object.", param: "extra_body", code: "invalid_value" },
  ],
  [
    "extra_body.include_thoughts and include_thoughts not booleans",
    { ...base, extra_body: { include_thoughts: 1 }, include_thoughts: "yes" },
    { message: "'include_thoughts' must be a boolean.", param: "include_thoughts", code: "invalid_value" },
  ],
  [
    "thinking_config.include_thoughts and tools wrong",
    { ...base, thinking_config: { include_thoughts: 1 }, tools: 5 },
    {
      message: "'thinking_config.include_thoughts' must be a boolean.",
      param: "thinking_config.include_thoughts",
      code: "invalid_value",
    },
  ],
];

/** The same for the signed-in chat's own fields: a message's `code`, `stream_format`. */
const SIGNED_IN_CHAT: [name: string, body: unknown, expected: Expected][] = [
  [
    "a message's code is not a string",
    { ...base, messages: [{ role: "user", content: "x", code: 5 }] },
    { message: "'messages[0].code' must be a string.", param: "messages[0].code", code: "invalid_value" },
  ],
  [
    "a message's code is too long (the message counts UTF-16 units)",
    { ...base, messages: [{ role: "user", code: "😀".repeat(32_001) }] },
    {
      message: "'messages[0].code' is 64,002 characters long; UI code may be at most 32,000 characters.",
      param: "messages[0].code",
      code: "string_above_max_length",
    },
  ],
  [
    "a message has neither content nor code",
    { ...base, messages: [{ role: "user", content: null, code: "" }] },
    { message: "'messages[0]' needs 'content' or 'code'.", param: "messages[0].content", code: "missing_required_parameter" },
  ],
  [
    "stream_format is unknown",
    { ...base, stream_format: "pieces" },
    { message: '\'stream_format\' must be "snapshots" or "deltas".', param: "stream_format", code: "invalid_value" },
  ],
  [
    "signed-in code too long and no user message",
    { ...base, messages: [{ role: "assistant", code: "x".repeat(32_001) }] },
    {
      message: "'messages[0].code' is 32,001 characters long; UI code may be at most 32,000 characters.",
      param: "messages[0].code",
      code: "string_above_max_length",
    },
  ],
];

/** The same for the retrieve body: the types of all fields first, then their lengths, then that code or prompt is given. */
const RETRIEVE: [name: string, body: unknown, expected: Expected][] = [
  [
    "retrieve: the body is not an object",
    null,
    { message: "The request body must be a JSON object.", param: null, code: "invalid_json" },
  ],
  ["retrieve: code is not a string", { code: 5 }, { message: "'code' must be a string.", param: "code", code: "invalid_value" }],
  [
    "retrieve: code is too long",
    { code: "x".repeat(32_001) },
    {
      message: "'code' is 32,001 characters long; UI code may be at most 32,000 characters.",
      param: "code",
      code: "string_above_max_length",
    },
  ],
  [
    "retrieve: prompt is too long",
    { prompt: "p".repeat(50_001) },
    { message: "'prompt' is longer than 50,000 characters.", param: "prompt", code: "invalid_value" },
  ],
  [
    "retrieve: model is too long",
    { prompt: "A form", model: "m".repeat(257) },
    { message: "'model' is longer than 256 characters.", param: "model", code: "invalid_value" },
  ],
  [
    "retrieve: neither code nor prompt",
    { model: "genui-pluto-0.1" },
    { message: "Send 'code', 'prompt' or both.", param: "prompt", code: "missing_required_parameter" },
  ],
  [
    "retrieve: code and prompt blank",
    { code: " ", prompt: "\n\t" },
    { message: "Send 'code', 'prompt' or both.", param: "prompt", code: "missing_required_parameter" },
  ],
  [
    "retrieve: a long blank prompt",
    { prompt: " ".repeat(50_001) },
    { message: "'prompt' is longer than 50,000 characters.", param: "prompt", code: "invalid_value" },
  ],
  [
    "retrieve: prompt too long and model not a string",
    { prompt: "p".repeat(50_001), model: 5 },
    { message: "'model' must be a string.", param: "model", code: "invalid_value" },
  ],
  [
    "retrieve: code too long and prompt not a string",
    { code: "x".repeat(32_001), prompt: 5 },
    { message: "'prompt' must be a string.", param: "prompt", code: "invalid_value" },
  ],
];

describe("the refusals of a chat body", () => {
  it.each(CHAT)("when %s, then the answer is the one it has always been", (name, body, expected) => {
    const answer = { status: 400, type: "invalid_request_error", ...expected };
    expect(refusal(() => parseChatRequest(body, false))).toEqual(answer);
    // The signed-in chat reads the same fields the same way (but for content, which it reads with `code`).
    if (!name.includes("published")) expect(refusal(() => parseChatRequest(body, true))).toEqual(answer);
  });

  it.each(SIGNED_IN_CHAT)(
    "when the signed-in chat's %s, then the answer is the one it has always been",
    (_name, body, expected) => {
      expect(refusal(() => parseChatRequest(body, true))).toEqual({ status: 400, type: "invalid_request_error", ...expected });
    },
  );

  it("when lengths are over their limit in UTF-16 units but not in code points, then the body is accepted", () => {
    const astral = "😀".repeat(200);
    expect(parseChatRequest({ ...base, model: astral }, false).model).toBe(astral);
    const code = "😀".repeat(16_001);
    expect(parseChatRequest({ ...base, messages: [{ role: "user", code }] }, true).messages[0]!.content).toBe(code);
  });

  it("when a message has text parts, a developer role or code, then the service reads them as it always has", () => {
    const body = {
      ...base,
      messages: [
        {
          role: "developer",
          content: [
            { type: "text", text: "Be brief" },
            { type: "text", text: "and kind", extra: 1 },
          ],
        },
        { role: "user", content: "Change it", code: 'text("a")' },
        { role: "assistant", content: "ignored", code: 'text("b")' },
        { role: "user", content: [] },
      ],
    };
    expect(parseChatRequest(body, true).messages).toEqual([
      { role: "system", content: "Be brief\nand kind" },
      { role: "user", content: 'Change it\n\nCurrent UI code:\ntext("a")' },
      { role: "assistant", content: 'text("b")' },
      { role: "user", content: "" },
    ]);
    // The published API ignores `code`.
    expect(parseChatRequest(body, false).messages[1]).toEqual({ role: "user", content: "Change it" });
  });
});

describe("the refusals of a retrieve body", () => {
  it.each(RETRIEVE)("when %s, then the answer is the one it has always been", (_name, body, expected) => {
    expect(refusal(() => parseRetrieveRequest(body))).toEqual({ status: 400, type: "invalid_request_error", ...expected });
  });

  it("when code, prompt and model are given, blank or padded, then blank counts as absent and the model is trimmed", () => {
    expect(parseRetrieveRequest({ code: " ", prompt: "A form", model: " genui-pluto-0.1 " })).toEqual({
      prompt: "A form",
      model: "genui-pluto-0.1",
    });
    expect(parseRetrieveRequest({ code: "text('a')", prompt: null, model: "\t" })).toEqual({ code: "text('a')" });
  });
});
