import { ScreenView } from "@genui/react-renderer";
import { useState } from "react";
import styled from "styled-components";
import { CloseIcon } from "../../../components/ui/icons";
import { useTheme } from "../../../lib/theme";
import { useModels } from "../api";
import { useConversation } from "../use-conversation";
import { ChatError } from "./chat-error";
import { Composer } from "./composer";
import { WaitingSkeleton } from "./messages";

/** SPEC §2 GenUI: the four suggestions. */
export const GENUI_SUGGESTIONS = [
  "A health care website for women",
  "A Python tutorial website",
  "A pets care ecommerce website",
  "An astrology website",
];

const Stage = styled.div`
  position: relative;
  min-height: calc(100dvh - var(--header-h));
  background: var(--bg-subtle);
`;

const Screen = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: 24px 16px 140px;
`;

const Welcome = styled.div`
  min-height: calc(100dvh - var(--header-h) - 220px);
  display: grid;
  place-content: center;
  text-align: center;
  gap: 12px;
  padding: 24px;
  h1 {
    font-size: clamp(28px, 5vw, 44px);
    margin: 0;
  }
  p {
    color: var(--fg-muted);
    margin: 0;
  }
`;

const Bar = styled.div`
  position: fixed;
  left: 50%;
  bottom: 20px;
  transform: translateX(-50%);
  width: min(760px, calc(100vw - 24px));
  z-index: 20;
  display: grid;
  gap: 10px;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    justify-content: center;
  }
  li button {
    padding: 8px 12px;
    border: 1px solid var(--border);
    border-radius: 999px;
    background: var(--surface);
    color: var(--fg);
    cursor: pointer;
    font-size: 14px;
    box-shadow: var(--shadow);
    &:hover {
      background: var(--bg-muted);
    }
  }
`;

const CloseButton = styled.button`
  position: fixed;
  right: 20px;
  bottom: 20px;
  z-index: 20;
  width: 52px;
  height: 52px;
  border-radius: 50%;
  border: 1px solid var(--border-strong);
  background: var(--surface);
  color: var(--fg);
  box-shadow: var(--shadow-lg);
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  &:hover {
    background: var(--bg-muted);
  }
`;

/**
 * Full-screen generated UI (SPEC §2 GenUI): a floating prompt bar with four suggestions; after the first message it
 * collapses to a close button that resets. Actions on the screen go back to the model as user messages.
 */
export function GenuiView({ enabled = true }: { enabled?: boolean }) {
  const { data: models = [] } = useModels();
  const model = models.find((m) => m.is_default) ?? models[0];
  const convo = useConversation({ storageKey: "genui-page", page: "genui", model: model?.slug });
  const { resolved } = useTheme();
  const [text, setText] = useState("");
  const screen = [...convo.messages].reverse().find((m) => m.role === "assistant");
  const started = convo.messages.length > 0;

  const send = (value: string) => {
    if (enabled && convo.send(value)) setText("");
  };

  return (
    <Stage>
      {started && <h1 className="visually-hidden">GenUI</h1>}
      {!started ? (
        <Welcome>
          <h1>What should we build?</h1>
          <p>Describe a website or an app. It appears here, and you can click through it.</p>
        </Welcome>
      ) : (
        <Screen aria-live="polite" aria-busy={convo.busy}>
          {screen?.json ? (
            <ScreenView screen={screen.json} theme={resolved} onAction={(e) => convo.sendAction(e)} />
          ) : (
            convo.busy && <WaitingSkeleton />
          )}
        </Screen>
      )}
      {convo.error && (
        <div
          style={{
            position: "fixed",
            top: "calc(var(--header-h) + 12px)",
            left: 12,
            right: 12,
            zIndex: 21,
            maxWidth: 760,
            margin: "0 auto",
          }}
        >
          <ChatError message={convo.error} onDismiss={convo.dismissError} />
        </div>
      )}
      {started ? (
        <CloseButton
          type="button"
          aria-label="Close and start over"
          onClick={() => {
            convo.reset();
            setText("");
          }}
        >
          <CloseIcon />
        </CloseButton>
      ) : (
        <Bar>
          <ul aria-label="Suggestions">
            {GENUI_SUGGESTIONS.map((s) => (
              <li key={s}>
                <button type="button" onClick={() => send(s)} disabled={!model || !!convo.error}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
          <Composer
            value={text}
            onChange={setText}
            onSend={() => send(text)}
            busy={convo.busy}
            disabled={!!convo.error || !enabled}
            placeholder="Describe a website or an app"
            label="Prompt"
          />
        </Bar>
      )}
    </Stage>
  );
}
