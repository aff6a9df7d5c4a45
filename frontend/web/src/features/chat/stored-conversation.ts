import type { Screen } from "@genui/ui-runtime";
import { api, isRecord, request } from "../../lib/api-client";
import { AUTH_RETRIEVE_PATH } from "../../lib/api-paths";
import { AUTH_CHAT_PATH } from "./api";

/**
 * The chat's conversations as the server keeps them (docs/api.md "Stored completions", the signed-in chat's own): every
 * answer the chat asks for is stored for its user (`store: true`) with metadata naming its conversation and where it
 * was held (`conversation`, `app`, `page`). A browser that has no conversation of its own for that place (another
 * device, cleared storage, a new sign-in) rebuilds the latest one from its last stored completion: the messages the
 * chat sent (user text, earlier assistant turns as their code) and the answer (its code, its screen, its reasoning).
 * Earlier assistant turns keep only their code; their screens come from `auth-retrieve` with that code (code alone is
 * evaluated, never generated: it costs no credits).
 */

/** The largest page the messages list answers. */
const PAGE = 100;
/** More pages than a conversation can have (the chat's body limit bounds its messages): a loop that never ends stops. */
const MAX_PAGES = 50;

/** Where a conversation is held: the chat of one app or none, or the full-screen GenUI page. */
export interface ConversationPlace {
  appId?: string;
  page: "chat" | "genui";
}

/** The metadata pairs of where a conversation is held (what the list filters by). */
export const placeMetadata = (place: ConversationPlace): Record<string, string> => ({
  app: place.appId ?? "none",
  page: place.page,
});

/** What the chat sends with every request: store the answer, tagged with its conversation and place. */
export const storedChatMetadata = (conversation: string, place: ConversationPlace): Record<string, string> => ({
  conversation,
  ...placeMetadata(place),
});

/** A turn of a rebuilt conversation: user text (an action's JSON for an action), or an answer's code and screen. */
export type RebuiltTurn =
  | { role: "user"; content: string; action: boolean }
  | { role: "assistant"; code: string; json: Screen | null; reasoning?: string };

export interface RebuiltConversation {
  /** The conversation's id (its metadata), absent when the completion carries none. */
  id?: string;
  turns: RebuiltTurn[];
}

interface ListPage<T> {
  data: T[];
  has_more: boolean;
  last_id: string | null;
}

interface StoredCompletionView {
  id: string;
  metadata: Record<string, string> | null;
  choices: { message: { content: string | null; reasoning_content?: string } }[];
}

interface StoredMessageView {
  role: string;
  content: string | null;
}

/** A page of a list as the server answers it (anything else is not one: the rebuild stops). */
function listPage<T>(body: unknown): ListPage<T> {
  if (!isRecord(body) || !Array.isArray(body.data) || typeof body.has_more !== "boolean")
    throw new Error("The stored completions' list answered something that is not a list.");
  return { data: body.data as T[], has_more: body.has_more, last_id: typeof body.last_id === "string" ? body.last_id : null };
}

const ACTIONS = new Set(["onPress", "onLongPress", "onChangeText"]);

/** A user message that came from an action on a screen: its JSON `{ type, component: { name, … } }`. */
function isAction(content: string): boolean {
  if (!content.startsWith("{")) return false;
  try {
    const v: unknown = JSON.parse(content);
    return isRecord(v) && typeof v.type === "string" && ACTIONS.has(v.type) && isRecord(v.component);
  } catch {
    return false;
  }
}

/** The answer's content (`{"code","json"}`, or with `repaired_code`: the code its screen renders). */
function answerOf(c: StoredCompletionView): Extract<RebuiltTurn, { role: "assistant" }> {
  const message = c.choices?.[0]?.message;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message?.content ?? "");
  } catch {
    throw new Error(`The stored completion ${c.id} has no answer the chat can read.`);
  }
  if (!isRecord(parsed) || typeof parsed.code !== "string")
    throw new Error(`The stored completion ${c.id} has no answer the chat can read.`);
  const code = typeof parsed.repaired_code === "string" ? parsed.repaired_code : parsed.code;
  const json = isRecord(parsed.json) ? (parsed.json as unknown as Screen) : null;
  const reasoning =
    typeof message?.reasoning_content === "string" && message.reasoning_content ? message.reasoning_content : undefined;
  return { role: "assistant", code, json, ...(reasoning ? { reasoning } : {}) };
}

/** Every message of a stored completion, page after page. */
async function messagesOf(id: string, signal: AbortSignal): Promise<StoredMessageView[]> {
  const all: StoredMessageView[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = listPage<StoredMessageView>(
      await api.get(`${AUTH_CHAT_PATH}/${encodeURIComponent(id)}/messages`, { limit: PAGE, ...(after ? { after } : {}) }, signal),
    );
    all.push(...page.data);
    if (!page.has_more || !page.last_id) return all;
    after = page.last_id;
  }
  throw new Error(`The messages of ${id} did not end after ${MAX_PAGES} pages.`);
}

/**
 * The latest conversation the user held at `place`, rebuilt from its last stored completion; undefined when there is
 * none. Rejects when the server cannot be read (the caller keeps an empty chat).
 */
export async function latestConversation(
  place: ConversationPlace,
  signal: AbortSignal,
): Promise<RebuiltConversation | undefined> {
  const filter = Object.fromEntries(Object.entries(placeMetadata(place)).map(([k, v]) => [`metadata[${k}]`, v]));
  const latest = listPage<StoredCompletionView>(await api.get(AUTH_CHAT_PATH, { order: "desc", limit: 1, ...filter }, signal))
    .data[0];
  if (!latest) return undefined;
  const answer = answerOf(latest);
  const turns: RebuiltTurn[] = [];
  for (const m of await messagesOf(latest.id, signal)) {
    const content = m.content ?? "";
    if (m.role === "user" && content) turns.push({ role: "user", content, action: isAction(content) });
    else if (m.role === "assistant" && content) turns.push({ role: "assistant", code: content, json: null });
  }
  turns.push(answer);
  const id = latest.metadata?.conversation;
  return { ...(id ? { id } : {}), turns };
}

/** The screen of an earlier answer's code: evaluated by the server's sandbox (`auth-retrieve` with the code alone). */
export async function screenOfCode(code: string, appId: string | undefined, signal: AbortSignal): Promise<Screen | null> {
  const answer = await request<unknown>("POST", AUTH_RETRIEVE_PATH, {
    body: { code },
    query: appId ? { app_id: appId } : undefined,
    signal,
  });
  return isRecord(answer) && isRecord(answer.json) ? (answer.json as unknown as Screen) : null;
}
