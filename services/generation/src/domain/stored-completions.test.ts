import { AppError } from "@genui/chassis";
import { answerContent, completionId } from "../http/openai-wire";
import {
  checkCompletionId,
  checkMetadata,
  completionExpiry,
  completionView,
  listPage,
  messagesPage,
  parseListFilters,
  parsePage,
  storedAnswerContent,
  storedCompletionId,
  type StoredCompletion,
} from "./stored-completions";

/** The refusal `run` throws: its code, message and param. */
function refusal(run: () => unknown): { code: string; message: string; param?: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError)
      return { code: err.code, message: err.message, ...(err.details.param ? { param: err.details.param } : {}) };
    throw err;
  }
  throw new Error("nothing was refused");
}

const ID = `chatcmpl-${"ab12".repeat(8)}`;

const stored = (over: Partial<StoredCompletion> = {}): StoredCompletion => ({
  id: ID,
  requestId: "ab12ab12-ab12-ab12-ab12-ab12ab12ab12",
  appId: "app-1",
  ownerId: "owner-1",
  model: "genui-pluto-0.1",
  createdMs: 1_767_225_600_999,
  messages: [
    { role: "developer", content: "Be brief." },
    { role: "user", content: "A login form", name: "ana" },
  ],
  content: '{"code":"x","json":{}}',
  finishReason: "stop",
  usage: { inputTokens: 12, outputTokens: 30 },
  metadata: { topic: "forms" },
  expiresAt: new Date(1_767_225_600_999 + 86_400_000),
  ...over,
});

describe("the stored answer and its view", () => {
  it("when an answer is stored, then its content is the API's own content text and its id the API's completion id", () => {
    const json = { screen: { v1: [{ component: "text", value: "hi" }] } };
    expect(storedAnswerContent("code", json)).toBe(answerContent("code", json));
    expect(storedAnswerContent("fixed", json, "first")).toBe(answerContent("fixed", json, "first"));
    const requestId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(storedCompletionId(requestId)).toBe(completionId(requestId));
  });

  it("when a stored completion is shown, then it is OpenAI's chat.completion with its metadata and created in seconds", () => {
    expect(completionView(stored({ reasoning: "thinking…" }))).toEqual({
      id: ID,
      object: "chat.completion",
      created: 1_767_225_600,
      model: "genui-pluto-0.1",
      system_fingerprint: null,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: '{"code":"x","json":{}}', refusal: null, reasoning_content: "thinking…" },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42 },
      metadata: { topic: "forms" },
    });
    expect(completionView(stored()).choices[0]!.message).not.toHaveProperty("reasoning_content");
  });

  it("when the retention is set in days, then the expiry is that many days on (fractions too)", () => {
    expect(completionExpiry(30, 0).getTime()).toBe(30 * 86_400_000);
    expect(completionExpiry(0.5, 1_000).getTime()).toBe(1_000 + 43_200_000);
  });
});

describe("ids, pages and filters", () => {
  it("when an id is not a completion id, then it is refused naming the parameter", () => {
    expect(checkCompletionId(ID)).toBe(ID);
    for (const bad of ["chatcmpl-xyz", `chatcmpl-${"A".repeat(32)}`, "", `${ID}0`])
      expect(refusal(() => checkCompletionId(bad))).toMatchObject({ code: "GENERATION.INVALID_VALUE", param: "completion_id" });
  });

  it("when a page is asked for, then OpenAI's defaults apply and a bad limit, order or after is named", () => {
    expect(parsePage({})).toEqual({ limit: 20, order: "asc" });
    expect(parsePage({ limit: "100", order: "desc", after: ID })).toEqual({ limit: 100, order: "desc", after: ID });
    expect(parsePage({ limit: "1" }).limit).toBe(1);
    for (const limit of ["0", "101", "-1", "1.5", "ten", "", "01", "1000"])
      expect(refusal(() => parsePage({ limit }))).toMatchObject({ param: "limit" });
    expect(refusal(() => parsePage({ order: "up" }))).toMatchObject({ param: "order" });
    expect(refusal(() => parsePage({ limit: ["1", "2"] }))).toMatchObject({ param: "limit" });
    for (const after of ["", "nope", `${ID}-1`]) expect(refusal(() => parsePage({ after }))).toMatchObject({ param: "after" });
    // A messages list's `after` names a message.
    expect(parsePage({ after: `${ID}-12` }, "message")).toEqual({ after: `${ID}-12`, limit: 20, order: "asc" });
    expect(refusal(() => parsePage({ after: ID }, "message"))).toMatchObject({
      code: "GENERATION.INVALID_VALUE",
      param: "after",
    });
  });

  it("when the list is filtered, then metadata[key]=value pairs are read from the query string and checked", () => {
    expect(parseListFilters({}, "")).toEqual({});
    expect(
      parseListFilters({ model: "genui-pluto-0.1" }, "model=genui-pluto-0.1&metadata%5Btopic%5D=forms&metadata[a.b]=c%20d"),
    ).toEqual({
      model: "genui-pluto-0.1",
      metadata: { topic: "forms", "a.b": "c d" },
    });
    // An extended parser's object is read as well.
    expect(parseListFilters({ metadata: { topic: "forms" } }, "")).toEqual({ metadata: { topic: "forms" } });
    expect(refusal(() => parseListFilters({}, "metadata=forms"))).toMatchObject({ param: "metadata" });
    expect(refusal(() => parseListFilters({}, "metadata[a]=1&metadata[a]=2"))).toMatchObject({ param: "metadata[a]" });
    expect(refusal(() => parseListFilters({}, `metadata[${"k".repeat(65)}]=1`)).param).toMatch(/^metadata\.k+$/);
    expect(refusal(() => parseListFilters({ model: "" }, "model="))).toMatchObject({ param: "model" });
  });

  it("when metadata is checked, then OpenAI's limits hold: 16 pairs, keys of 64, string values of 512", () => {
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, "v"]));
    expect(checkMetadata(sixteen)).toEqual(sixteen);
    expect(refusal(() => checkMetadata({ ...sixteen, k16: "v" }))).toMatchObject({
      param: "metadata",
      message: "'metadata' may have at most 16 pairs.",
    });
    expect(refusal(() => checkMetadata({ a: 1 }))).toMatchObject({
      param: "metadata.a",
      message: "'metadata.a' must be a string.",
    });
    expect(refusal(() => checkMetadata({ a: "x".repeat(513) }))).toMatchObject({ param: "metadata.a" });
    expect(checkMetadata({ [`${"k".repeat(64)}`]: "x".repeat(512) })).toBeDefined();
    // Characters are code points, as the document's maxLength counts them.
    expect(checkMetadata({ ["😀".repeat(64)]: "😀".repeat(512) })).toBeDefined();
    expect(refusal(() => checkMetadata({ k: "😀".repeat(513) }))).toMatchObject({ param: "metadata.k" });
    for (const v of [null, "x", [], 3]) expect(refusal(() => checkMetadata(v))).toMatchObject({ param: "metadata" });
  });

  it("when a page is cut, then has_more says whether the one fetched beyond it exists, with the first and last ids", () => {
    const items = ["a", "b", "c"].map((id) => ({ id }));
    expect(listPage(items, 2)).toEqual({ object: "list", data: items.slice(0, 2), first_id: "a", last_id: "b", has_more: true });
    expect(listPage(items, 3)).toMatchObject({ has_more: false, last_id: "c" });
    expect(listPage([], 20)).toEqual({ object: "list", data: [], first_id: null, last_id: null, has_more: false });
  });

  it("when a completion's messages are paged, then their ids are <completion id>-<index> and after names one of them", () => {
    const c = stored({
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "u1", name: "ana" },
        { role: "assistant", content: "a" },
        { role: "user", content: "u2" },
      ],
    });
    const first = messagesPage(c, { limit: 2, order: "asc" });
    expect(first).toEqual({
      object: "list",
      data: [
        { id: `${ID}-0`, role: "system", content: "s", name: null, content_parts: null },
        { id: `${ID}-1`, role: "user", content: "u1", name: "ana", content_parts: null },
      ],
      first_id: `${ID}-0`,
      last_id: `${ID}-1`,
      has_more: true,
    });
    const next = messagesPage(c, { limit: 2, order: "asc", after: first.last_id! });
    expect(next.data.map((m) => m.content)).toEqual(["a", "u2"]);
    expect(next.has_more).toBe(false);
    expect(messagesPage(c, { limit: 3, order: "desc", after: `${ID}-3` }).data.map((m) => m.content)).toEqual(["a", "u1", "s"]);
    // Another completion's message is nothing of this one's: not found, naming `after`.
    expect(refusal(() => messagesPage(c, { limit: 2, order: "asc", after: `chatcmpl-${"0".repeat(32)}-1` }))).toMatchObject({
      code: "GENERATION.COMPLETION_NOT_FOUND",
      param: "after",
    });
  });
});
