import type { Screen } from "@genui/ui-runtime";
import { useCallback, useEffect, useRef, useState } from "react";
import { useClientConfig } from "../../lib/config";
import { ChatError, streamChat, type ChatEvaluator, type ChatStreamFormat, type HistoryTurn } from "./api";
import { startChatEvaluator } from "./chat-evaluator";
import type { ActionLike } from "./action-text";

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

const STORAGE_PREFIX = "genui-chat:v1:";
const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

function load(key: string): ChatMessage[] {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list)
      ? (list as ChatMessage[]).filter((m) => m && (m.role === "user" || m.role === "assistant") && !m.pending)
      : [];
  } catch {
    return [];
  }
}

function save(key: string, messages: ChatMessage[]): void {
  try {
    const done = messages.filter((m) => !m.pending);
    if (done.length) localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(done));
    else localStorage.removeItem(STORAGE_PREFIX + key);
  } catch {
    // Storage full or unavailable: the conversation still works, it just will not survive a reload.
  }
}

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
 * storage so a reload restores it with its screens. Typed values on a screen are held until an action sends them.
 */
export function useConversation(opts: ConversationOptions) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => load(opts.storageKey));
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

  useEffect(() => {
    setMessages(load(opts.storageKey));
    typed.current.clear();
    setError(undefined);
  }, [opts.storageKey]);

  useEffect(() => () => abort.current?.abort(), []);

  const ask = useCallback(async (userTurns: ChatMessage[]) => {
    const o = latest.current;
    if (busyRef.current || !o.model) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
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
        save(latest.current.storageKey, next);
        return next;
      });
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(err instanceof ChatError || err instanceof Error ? err.message : String(err));
      // An answer that produced nothing is dropped; a partial screen stays (its code is still useful history).
      setMessages((list) => {
        const next = list.flatMap((m) => (m.id !== reply.id ? [m] : m.json ? [{ ...m, pending: false }] : []));
        save(latest.current.storageKey, next);
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

  const reset = useCallback(() => {
    abort.current?.abort();
    typed.current.clear();
    setError(undefined);
    setMessages([]);
    save(latest.current.storageKey, []);
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
