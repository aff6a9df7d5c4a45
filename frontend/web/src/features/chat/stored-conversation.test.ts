/// <reference types="jest" />
import { latestConversation, storedChatMetadata } from "./stored-conversation";

/**
 * Rebuilding a conversation from the server's stored completions: what the page asks for (the latest of its place,
 * every page of its messages) and what it makes of the answers. The server's side is e2e/system
 * (chat-stored-completions) and the whole round trip e2e/browser (chat-rehydrate); here each answer is given.
 */

const ID = `chatcmpl-${"a".repeat(32)}`;
const SCREEN = { name: "Sign up", screen: { v1: [{ name: "title", component: "heading", value: "Sign up" }] } };
const action = JSON.stringify({ type: "onPress", component: { name: "create", value: null } });

/** An answer as the client reads it (jsdom has no Response). */
const json = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) }) as unknown as Response;
const list = (data: unknown[], hasMore = false) => ({
  object: "list",
  data,
  first_id: null,
  last_id: (data.at(-1) as { id?: string } | undefined)?.id ?? null,
  has_more: hasMore,
});

let asked: string[] = [];
function serve(answers: ((url: URL) => Response | undefined)[]) {
  asked = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://site.test");
    asked.push(`${url.pathname}${url.search}`);
    for (const a of answers) {
      const r = a(url);
      if (r) return r;
    }
    return json({ error: { message: "no route" } }, 404);
  }) as typeof fetch;
}

describe("rebuilding the latest conversation", () => {
  it("when the place has a stored answer, then its messages (every page) and answer make the turns, actions and code kept", async () => {
    const completion = {
      id: ID,
      metadata: storedChatMetadata("conv-1", { page: "chat" }),
      choices: [
        {
          message: {
            content: JSON.stringify({ code: 'screen("Sgn")', repaired_code: 'screen("Sign up")', json: SCREEN }),
            reasoning_content: "A form.",
          },
        },
      ],
    };
    serve([
      (u) => (u.pathname === "/apps/api/v1/auth-chat/completions" ? json(list([completion])) : undefined),
      (u) =>
        u.pathname.endsWith("/messages") && !u.searchParams.get("after")
          ? json(
              list(
                [
                  { id: `${ID}-0`, role: "user", content: "A sign-up form" },
                  { id: `${ID}-1`, role: "assistant", content: 'screen("First")' },
                ],
                true,
              ),
            )
          : undefined,
      (u) =>
        u.pathname.endsWith("/messages") && u.searchParams.get("after") === `${ID}-1`
          ? json(list([{ id: `${ID}-2`, role: "user", content: action }]))
          : undefined,
    ]);
    const found = await latestConversation({ page: "chat" }, new AbortController().signal);
    expect(found).toEqual({
      id: "conv-1",
      turns: [
        { role: "user", content: "A sign-up form", action: false },
        { role: "assistant", code: 'screen("First")', json: null },
        { role: "user", content: action, action: true },
        { role: "assistant", code: 'screen("Sign up")', json: SCREEN, reasoning: "A form." },
      ],
    });
    const [first, ...rest] = asked;
    const query = new URLSearchParams(first!.split("?")[1]);
    expect(Object.fromEntries(query)).toEqual({ order: "desc", limit: "1", "metadata[app]": "none", "metadata[page]": "chat" });
    expect(rest).toEqual([
      `/apps/api/v1/auth-chat/completions/${ID}/messages?limit=100`,
      `/apps/api/v1/auth-chat/completions/${ID}/messages?limit=100&after=${ID}-1`,
    ]);
  });

  it("when the place has none, then there is nothing to rebuild; the app's place is asked by its id", async () => {
    serve([(u) => (u.pathname === "/apps/api/v1/auth-chat/completions" ? json(list([])) : undefined)]);
    expect(await latestConversation({ appId: "app-7", page: "genui" }, new AbortController().signal)).toBeUndefined();
    expect(new URLSearchParams(asked[0]!.split("?")[1]).get("metadata[app]")).toBe("app-7");
    expect(asked).toHaveLength(1);
  });

  it("when the server fails or answers something else, then the rebuild rejects (the chat stays empty)", async () => {
    serve([() => json({ error: { message: "The store of completions is unreachable." } }, 503)]);
    await expect(latestConversation({ page: "chat" }, new AbortController().signal)).rejects.toThrow(/unreachable/);
    serve([() => json({ detail: "not a list" })]);
    await expect(latestConversation({ page: "chat" }, new AbortController().signal)).rejects.toThrow(/not a list/);
    const unreadable = { id: ID, metadata: null, choices: [{ message: { content: "not json" } }] };
    serve([(u) => (u.pathname.endsWith("/completions") ? json(list([unreadable])) : undefined)]);
    await expect(latestConversation({ page: "chat" }, new AbortController().signal)).rejects.toThrow(/no answer/);
  });
});
