import type { Screen } from "@genui/ui-runtime";
import { useCallback, useEffect, useRef, useState } from "react";
import { useClientConfig } from "../../lib/config";
import { useSession } from "../../lib/session";
import { ChatError, streamChat, type ChatEvaluator, type ChatStreamFormat, type HistoryTurn } from "./api";
import { startChatEvaluator } from "./chat-evaluator";
import type { ActionLike } from "./action-text";
import { latestConversation, screenOfCode, storedChatMetadata, type RebuiltTurn } from "./stored-conversation";

/** SPEC §3 Chat message: id, role, content, type ("genui" for UI messages), code (+ the screen json, kept locally). */
export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  /** User text, or an action's JSON (`{ type, component }`). */
  content?: string;
  type?: "genui";
  code?: string;
  json?: Screen | null;
  reasoning?: string;
  /** A user message that came from an action on a screen. */
  action?: boolean;
  /** The assistant's answer is still arriving. */
  pending?: boolean;
}

export type { ActionLike } from "./action-text";

/** A conversation as this browser keeps it (per storage key): its id (the server's metadata) and its messages. */
interface KeptConversation {
  id: string;
  messages: ChatMessage[];
}

const STORAGE_PREFIX = "genui-chat:v2:";
/** The first layout: the messages alone (read once, then kept in the new layout with an id of their own). */
const OLD_STORAGE_PREFIX = "genui-chat:v1:";
const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const finishedMessages = (list: unknown): ChatMessage[] =>
  Array.isArray(list)
    ? (list as ChatMessage[]).filter((m) => m && (m.role === "user" || m.role === "assistant") && !m.pending)
    : [];

/** This browser's conversation for `key`, or undefined when it has none (then the server's latest may be restored). */
function load(key: string): KeptConversation | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    if (raw) {
      const kept: unknown = JSON.parse(raw);
      if (kept && typeof kept === "object" && typeof (kept as KeptConversation).id === "string")
        return { id: (kept as KeptConversation).id, messages: finishedMessages((kept as KeptConversation).messages) };
    }
    const old = localStorage.getItem(OLD_STORAGE_PREFIX + key);
    const messages = old ? finishedMessages(JSON.parse(old)) : [];
    return messages.length ? { id: newId(), messages } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the conversation in this browser. An empty one is written only when asked (`keepEmpty`: "New chat", so a
 * reload does not bring the old one back from the server); otherwise nothing is written for it.
 */
function save(key: string, id: string, messages: ChatMessage[], keepEmpty = false): void {
  try {
    const done = messages.filter((m) => !m.pending);
    if (!done.length && !keepEmpty) return;
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify({ id, messages: done }));
    localStorage.removeItem(OLD_STORAGE_PREFIX + key);
  } catch {
    // Storage full or unavailable: the conversation still works, it just will not survive a reload.
  }
}

/** A rebuilt turn as a chat message. */
const messageOf = (t: RebuiltTurn): ChatMessage =>
  t.role === "user"
    ? { id: newId(), role: "user", content: t.content, ...(t.action ? { action: true } : {}) }
    : {
        id: newId(),
        role: "assistant",
        type: "genui",
        code: t.code,
        json: t.json,
        ...(t.reasoning ? { reasoning: t.reasoning } : {}),
      };

/** The history sent to the model: user text, assistant code — never json (SPEC §7). */
export const historyOf = (messages: ChatMessage[]): HistoryTurn[] =>
  messages.flatMap<HistoryTurn>((m) => {
    if (m.pending) return [];
    if (m.role === "user") return m.content ? [{ role: "user", content: m.content }] : [];
    return m.code ? [{ role: "assistant", code: m.code }] : [];
  });

export interface ConversationOptions {
  /** Where the conversation is kept (per app). */
  storageKey: string;
  /** Which page holds it (the server's copies are found by it and by the app): default "chat". */
  page?: "chat" | "genui";
  appId?: string;
  model: string | undefined;
  thinking?: boolean;
  internet?: boolean;
}

/** The chat's stream format: the BFF's choice (GET /get-config/), snapshots (SPEC's) until it is known. */
function useStreamFormat(): ChatStreamFormat {
  const { data } = useClientConfig();
  return data?.chat_stream === "deltas" ? "deltas" : "snapshots";
}

/**
 * A conversation with the model (SPEC §4 Chat streaming): sending adds the user's message, the reply streams into
 * one assistant message that is replaced as updates arrive, and the busy flag clears at the end. Kept in local
 * storage so a reload restores it with its screens, and on the server (every answer is stored for the user, tagged
 * with the conversation: stored-conversation.ts), so a browser without it — another device, cleared storage — rebuilds
 * the latest one when it opens; a failure to do so only leaves the chat empty. "New chat" starts a new conversation.
 * Typed values on a screen are held until an action sends them.
 */
export function useConversation(opts: ConversationOptions) {
  const [opened] = useState(() => load(opts.storageKey));
  const [messages, setMessages] = useState<ChatMessage[]>(() => opened?.messages ?? []);
  /** The conversation's id (sent as metadata), and whether this browser holds it (then nothing is restored). */
  const conversation = useRef(opened?.id ?? newId());
  const heldHere = useRef(opened !== undefined);
  /** A restore still finding the conversation (a message sent meanwhile gives it up). */
  const restoring = useRef<AbortController | null>(null);
  const userId = useSession().user?.id;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const abort = useRef<AbortController | null>(null);
  const typed = useRef(new Map<string, ActionLike>());
  const latest = useRef(opts);
  latest.current = opts;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const busyRef = useRef(false);
  const format = useStreamFormat();
  const formatRef = useRef(format);
  formatRef.current = format;
  const evaluator = useRef<ChatEvaluator | undefined>(undefined);

  // Deltas are evaluated in this page: the sandbox worker starts with the chat, ready before the first answer.
  useEffect(() => {
    if (format !== "deltas") return;
    const ev = startChatEvaluator();
    evaluator.current = ev;
    return () => {
      if (evaluator.current === ev) evaluator.current = undefined;
      ev.terminate();
    };
  }, [format]);

  // Another storage key (another app's chat): its conversation, as this browser keeps it.
  const shownKey = useRef(opts.storageKey);
  useEffect(() => {
    if (shownKey.current === opts.storageKey) return;
    shownKey.current = opts.storageKey;
    const kept = load(opts.storageKey);
    conversation.current = kept?.id ?? newId();
    heldHere.current = kept !== undefined;
    messagesRef.current = kept?.messages ?? [];
    setMessages(messagesRef.current);
    typed.current.clear();
    setError(undefined);
  }, [opts.storageKey]);

  // Nothing here for this storage key (a new device, cleared storage, a new sign-in): the user's latest conversation
  // of this place on the server, rebuilt. Given up when the user sends a message first; a failure leaves the chat empty.
  useEffect(() => {
    const o = latest.current;
    if (!userId || heldHere.current || busyRef.current || messagesRef.current.length) return;
    const controller = new AbortController();
    restoring.current = controller;
    const key = o.storageKey;
    const place = { appId: o.appId, page: o.page ?? "chat" };
    void (async () => {
      const found = await latestConversation(place, controller.signal);
      if (restoring.current === controller) restoring.current = null;
      if (!found || controller.signal.aborted || heldHere.current || busyRef.current || messagesRef.current.length) return;
      const rebuilt = found.turns.map(messageOf);
      const id = found.id ?? newId();
      conversation.current = id;
      heldHere.current = true;
      messagesRef.current = rebuilt;
      setMessages(rebuilt);
      save(key, id, rebuilt);
      // Earlier answers kept only their code: their screens, newest first (the one in view first). A message sent
      // meanwhile does not stop this (the turns are patched by id); "New chat" or another storage key does.
      const earlier = rebuilt.filter((m) => m.role === "assistant" && !m.json && m.code).reverse();
      for (const m of earlier) {
        const json = await screenOfCode(m.code!, place.appId, controller.signal).catch((err: unknown) => {
          if (!controller.signal.aborted) console.warn("an earlier screen of the restored conversation was not drawn", err);
          return null;
        });
        if (controller.signal.aborted || conversation.current !== id) return;
        if (!json) continue;
        setMessages((list) => {
          if (conversation.current !== id) return list;
          const next = list.map((x) => (x.id === m.id ? { ...x, json } : x));
          save(key, id, next);
          return next;
        });
      }
    })().catch((err: unknown) => {
      if (restoring.current === controller) restoring.current = null;
      if (!controller.signal.aborted) console.warn("the conversation could not be restored from the server", err);
    });
    return () => controller.abort();
  }, [opts.storageKey, userId]);

  useEffect(() => () => abort.current?.abort(), []);

  const ask = useCallback(async (userTurns: ChatMessage[]) => {
    const o = latest.current;
    if (busyRef.current || !o.model) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    // The user starts a conversation here: one still being looked for on the server is given up.
    restoring.current?.abort();
    heldHere.current = true;
    const reply: ChatMessage = { id: newId(), role: "assistant", type: "genui", pending: true, json: null, code: "" };
    const history = historyOf([...messagesRef.current, ...userTurns]);
    setMessages((list) => [...list, ...userTurns, reply]);
    const controller = new AbortController();
    abort.current = controller;
    let firstSend = true;
    const update = (patch: Partial<ChatMessage>) =>
      setMessages((list) => list.map((m) => (m.id === reply.id ? { ...m, ...patch } : m)));
    let reasoning = "";
    try {
      await streamChat(
        {
          model: o.model,
          messages: history,
          appId: o.appId,
          thinking: o.thinking,
          internet: o.internet,
          signal: controller.signal,
          format: formatRef.current,
          evaluator: evaluator.current,
          // Every answer is stored for the user, tagged with its conversation (another device rebuilds it).
          store: true,
          metadata: storedChatMetadata(conversation.current, { appId: o.appId, page: o.page ?? "chat" }),
        },
        {
          // Marks for the chat benchmark: request sent → first content chunk → first component drawn (messages.tsx).
          onSent: () => {
            if (firstSend) {
              firstSend = false;
              performance.mark("genui:sent");
            }
          },
          onFirstContent: () => performance.mark("genui:first-chunk"),
          onScreen: ({ code, json }) => update({ code, json }),
          onReasoning: (t) => {
            reasoning += t;
            update({ reasoning });
          },
        },
      );
      setMessages((list) => {
        const next = list.map((m) => (m.id === reply.id ? { ...m, pending: false } : m));
        save(latest.current.storageKey, conversation.current, next);
        return next;
      });
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(err instanceof ChatError || err instanceof Error ? err.message : String(err));
      // An answer that produced nothing is dropped; a partial screen stays (its code is still useful history).
      setMessages((list) => {
        const next = list.flatMap((m) => (m.id !== reply.id ? [m] : m.json ? [{ ...m, pending: false }] : []));
        save(latest.current.storageKey, conversation.current, next);
        return next;
      });
    } finally {
      if (abort.current === controller) abort.current = null;
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  /** A message sent before the models list arrived: sent as soon as there is a model to ask. */
  const [queued, setQueued] = useState<string | undefined>();
  useEffect(() => {
    if (!queued || !opts.model) return;
    setQueued(undefined);
    void ask([{ id: newId(), role: "user", content: queued }]);
  }, [queued, opts.model, ask]);

  /** SPEC §5: blank input, a request in progress or an error present → ignored. */
  const send = useCallback(
    (text: string) => {
      if (!text.trim() || busyRef.current || error || queued) return false;
      // Pressed before the models list loaded: kept, not dropped (it is asked once a model is known).
      if (!latest.current.model) setQueued(text.trim());
      else void ask([{ id: newId(), role: "user", content: text.trim() }]);
      return true;
    },
    [ask, error, queued],
  );

  /** An action on a generated screen goes back to the model as a user message (typed values first). */
  const sendAction = useCallback(
    (event: ActionLike) => {
      if (event.type === "onChangeText") {
        typed.current.set(event.component.name, event);
        return;
      }
      if (event.type !== "onPress" && event.type !== "onLongPress") return;
      if (busyRef.current || error) return;
      const turns: ChatMessage[] = [...typed.current.values(), event].map((e) => ({
        id: newId(),
        role: "user",
        action: true,
        content: JSON.stringify({ type: e.type, component: e.component }),
      }));
      typed.current.clear();
      void ask(turns);
    },
    [ask, error],
  );

  /** "New chat": a new conversation (kept here even while empty, so a reload does not restore the old one). */
  const reset = useCallback(() => {
    abort.current?.abort();
    restoring.current?.abort();
    typed.current.clear();
    setError(undefined);
    setMessages([]);
    // Also stops the screens of a restored conversation still being drawn (they belong to the old one).
    conversation.current = newId();
    heldHere.current = true;
    save(latest.current.storageKey, conversation.current, [], true);
  }, []);

  return {
    messages,
    busy: busy || !!queued,
    error,
    send,
    sendAction,
    reset,
    dismissError: () => setError(undefined),
  };
}

/** A short, readable line for an action message (the model receives the JSON): see action-text.ts. */
export { describeAction } from "./action-text";
