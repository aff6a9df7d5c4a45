import { useEffect, useMemo, useState } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { canThink, useModels } from "../api";
import { useConversation } from "../use-conversation";
import { ChatError } from "./chat-error";
import { Composer } from "./composer";
import { MessageList } from "./messages";
import { ModelPicker } from "./model-picker";

/** SPEC §2 Chat: four suggestion prompts for an empty conversation. */
export const CHAT_SUGGESTIONS = [
  "A signup form with name, email and password",
  "A sales dashboard for this week with a chart",
  "A pricing table with three plans",
  "A to-do list for planning a trip",
];

const MODEL_KEY = "genui-chat-model";

const Page = styled.div`
  height: calc(100dvh - var(--header-h));
  display: grid;
  grid-template-rows: 1fr auto;
`;

const Scroll = styled.div`
  overflow-y: auto;
  padding: 24px 16px;
  > div {
    max-width: 860px;
    margin: 0 auto;
  }
`;

const Bottom = styled.div`
  padding: 8px 16px 16px;
  border-top: 1px solid var(--border);
  background: var(--bg);
  > div {
    max-width: 860px;
    margin: 0 auto;
    display: grid;
    gap: 8px;
  }
`;

const Empty = styled.div`
  min-height: 50vh;
  display: grid;
  place-content: center;
  text-align: center;
  gap: 20px;
  h1 {
    font-size: clamp(28px, 5vw, 40px);
    margin: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 10px;
    max-width: 640px;
    @media (max-width: 560px) {
      grid-template-columns: 1fr;
    }
  }
  li button {
    width: 100%;
    height: 100%;
    text-align: left;
    padding: 12px 14px;
    border: 1px solid var(--border);
    border-radius: 12px;
    background: var(--surface);
    color: var(--fg);
    cursor: pointer;
    font-size: 15px;
    &:hover {
      background: var(--bg-muted);
    }
  }
`;

const Toggle = styled.button`
  height: 32px;
  padding: 0 12px;
  border-radius: 999px;
  border: 1px solid var(--border-strong);
  background: transparent;
  color: var(--fg);
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed="true"] {
    background: var(--accent-soft);
    border-color: var(--accent);
    color: var(--accent-text);
  }
`;

const readModel = () => {
  try {
    return localStorage.getItem(MODEL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

/** The chat (SPEC §2 Chat): a conversation whose answers are live generated screens. */
export function ChatView({ appId, enabled = true }: { appId?: string; enabled?: boolean }) {
  const { data: models = [] } = useModels();
  const [chosen, setChosen] = useState<string | undefined>(readModel);
  const model = useMemo(
    () => models.find((m) => m.slug === chosen) ?? models.find((m) => m.is_default) ?? models[0],
    [models, chosen],
  );
  const [thinking, setThinking] = useState(false);
  const [internet, setInternet] = useState(false);
  const thinks = canThink(model);
  const convo = useConversation({
    storageKey: appId ?? "default",
    appId,
    model: model?.slug,
    thinking: thinks && thinking,
    internet: thinks && internet,
  });
  const [text, setText] = useState("");

  useEffect(() => {
    if (!chosen) return;
    try {
      localStorage.setItem(MODEL_KEY, chosen);
    } catch {
      // ignore
    }
  }, [chosen]);

  const send = (value: string) => {
    if (!enabled) return;
    if (convo.send(value)) setText("");
  };

  return (
    <Page>
      <Scroll>
        <div>
          {convo.messages.length === 0 ? (
            <Empty>
              <h1>Ask me anything</h1>
              <p style={{ color: "var(--fg-muted)", margin: 0 }}>
                Describe a screen and watch it build itself. Try one of these:
              </p>
              <ul aria-label="Suggestions">
                {CHAT_SUGGESTIONS.map((s) => (
                  <li key={s}>
                    <button type="button" onClick={() => send(s)} disabled={convo.busy || !!convo.error || !model}>
                      {s}
                    </button>
                  </li>
                ))}
              </ul>
            </Empty>
          ) : (
            <>
              <h1 className="visually-hidden">Chat</h1>
              <MessageList messages={convo.messages} onAction={convo.sendAction} />
            </>
          )}
        </div>
      </Scroll>
      <Bottom>
        <div>
          {convo.error && <ChatError message={convo.error} onDismiss={convo.dismissError} />}
          <Composer
            value={text}
            onChange={setText}
            onSend={() => send(text)}
            busy={convo.busy}
            disabled={!!convo.error || !enabled}
            tools={
              <>
                <ModelPicker models={models} value={model?.slug} onChange={setChosen} />
                {thinks && (
                  <>
                    <Toggle type="button" aria-pressed={thinking} onClick={() => setThinking((t) => !t)}>
                      Thinking
                    </Toggle>
                    <Toggle type="button" aria-pressed={internet} onClick={() => setInternet((t) => !t)}>
                      Internet
                    </Toggle>
                  </>
                )}
                {convo.messages.length > 0 && (
                  <Button size="sm" variant="ghost" onClick={convo.reset} disabled={convo.busy}>
                    New chat
                  </Button>
                )}
              </>
            }
          />
        </div>
      </Bottom>
    </Page>
  );
}
