import styled from "styled-components";
import { Container } from "../../../components/ui/layout";
import { VideoPlayer } from "./video-player";

/**
 * The recorded demo (`scripts/record-demo-video.mjs --chat` records it from the running product): a prompt typed and
 * sent in the chat, the screen building itself as the answer streams, then a button on it pressed and answered with the
 * next screen. The caption and the video's label say so.
 */
export const DEMO_VIDEO = { source: "/media/genui-demo.webm", poster: "/media/genui-demo.jpg" } as const;

const Frame = styled.figure`
  margin: 0 auto;
  max-width: 1040px;
  border-radius: 14px;
  border: 1px solid var(--border-strong);
  background: var(--surface);
  box-shadow: var(--shadow-lg);
  overflow: hidden;
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  height: 40px;
  padding: 0 14px;
  border-bottom: 1px solid var(--border);
  background: var(--bg-subtle);
  span[aria-hidden] {
    width: 12px;
    height: 12px;
    border-radius: 50%;
    flex: none;
  }
`;

const Caption = styled.figcaption`
  flex: 1;
  min-width: 0;
  text-align: center;
  font-size: 13px;
  color: var(--fg-muted);
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  /* Balances the three dots on the left so the caption is centred. */
  padding-right: 52px;
  @media (max-width: 480px) {
    padding-right: 0;
  }
`;

/** The demo video in a window frame, right under the hero. */
export function DemoWindow() {
  return (
    <Container>
      <Frame>
        <Bar>
          <span aria-hidden="true" style={{ background: "#ef4444" }} />
          <span aria-hidden="true" style={{ background: "#f59e0b" }} />
          <span aria-hidden="true" style={{ background: "#22c55e" }} />
          <Caption>A chat prompt becomes a live, interactive screen</Caption>
        </Bar>
        <VideoPlayer
          source={DEMO_VIDEO.source}
          poster={DEMO_VIDEO.poster}
          title="GenUI demo: a prompt sent in the chat streams back as a live sales dashboard, and pressing its button brings the next screen"
        />
      </Frame>
    </Container>
  );
}
