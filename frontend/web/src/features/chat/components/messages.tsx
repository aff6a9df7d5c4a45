import { ScreenView } from "@genui/react-renderer";
import { useLayoutEffect, useRef } from "react";
import styled, { keyframes } from "styled-components";
import { useTheme } from "../../../lib/theme";
import { describeAction, type ActionLike, type ChatMessage } from "../use-conversation";

const shimmer = keyframes`0% { background-position: 100% 50%; } 100% { background-position: 0 50%; }`;

const Shimmer = styled.div`
  display: grid;
  gap: 10px;
  padding: 16px;
  border: 1px solid var(--border);
  border-radius: 12px;
  background: var(--surface);
  div {
    height: 14px;
    border-radius: 6px;
    background: linear-gradient(90deg, var(--bg-muted) 25%, var(--border) 37%, var(--bg-muted) 63%);
    background-size: 400% 100%;
    animation: ${shimmer} 1.4s ease infinite;
  }
  div:nth-child(1) {
    width: 40%;
    height: 20px;
  }
  div:nth-child(3) {
    width: 85%;
  }
  div:nth-child(4) {
    width: 60%;
    height: 36px;
  }
`;

export const UserBubble = styled.div<{ $action?: boolean }>`
  justify-self: end;
  max-width: min(560px, 85%);
  padding: 10px 14px;
  border-radius: 16px 16px 4px 16px;
  background: ${(p) => (p.$action ? "var(--bg-muted)" : "var(--accent)")};
  color: ${(p) => (p.$action ? "var(--fg)" : "var(--accent-fg)")};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 15px;
`;

const ScreenFrame = styled.div`
  width: 100%;
  max-width: 760px;
  border: 1px solid var(--border);
  border-radius: 12px;
  overflow: hidden;
  background: var(--surface);
`;

const Thoughts = styled.details`
  font-size: 14px;
  color: var(--fg-muted);
  summary {
    cursor: pointer;
  }
  p {
    white-space: pre-wrap;
    margin: 6px 0 0;
  }
`;

/** A shimmer while the first chunk is awaited (SPEC §2). */
export function WaitingSkeleton() {
  return (
    <Shimmer role="status" aria-label="Generating your screen" data-testid="chat-skeleton">
      <div />
      <div />
      <div />
      <div />
    </Shimmer>
  );
}

/** A generated screen, rendered as it streams; performance marks the first component drawn for each answer. */
export function AssistantScreen({ message, onAction }: { message: ChatMessage; onAction?(e: ActionLike): void }) {
  const { resolved } = useTheme();
  // Only answers that stream here are marked (not ones restored from storage); an answer whose first screen is its
  // final one (a fast answer: the last chunk and the end in one read) is marked too.
  const live = useRef(message.pending);
  const marked = useRef(false);
  const hasComponent = (message.json?.screen?.v1?.length ?? 0) > 0;
  useLayoutEffect(() => {
    if (!live.current || marked.current || !hasComponent) return;
    marked.current = true;
    performance.mark("genui:first-component");
  }, [hasComponent]);
  return (
    <div style={{ display: "grid", gap: 8 }} data-testid="assistant-message" data-pending={message.pending ? "true" : "false"}>
      {message.reasoning && (
        <Thoughts>
          <summary>Thoughts</summary>
          <p>{message.reasoning}</p>
        </Thoughts>
      )}
      {message.json ? (
        <ScreenFrame>
          <ScreenView screen={message.json} theme={resolved} onAction={(e) => onAction?.(e)} />
        </ScreenFrame>
      ) : (
        message.pending && <WaitingSkeleton />
      )}
    </div>
  );
}

export function MessageList({ messages, onAction }: { messages: ChatMessage[]; onAction(e: ActionLike): void }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, last?.json, last?.pending]);
  return (
    <>
      <ol aria-label="Conversation" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 16 }}>
        {messages.map((m) => (
          <li key={m.id} style={{ display: "grid" }}>
            {m.role === "user" ? (
              <UserBubble $action={m.action}>
                <span className="visually-hidden">{m.action ? "Action: " : "You: "}</span>
                {m.action ? describeAction(m.content) : m.content}
              </UserBubble>
            ) : (
              <AssistantScreen message={m} onAction={onAction} />
            )}
          </li>
        ))}
      </ol>
      <div ref={end} />
    </>
  );
}
