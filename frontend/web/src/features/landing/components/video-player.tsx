import { useEffect, useRef, useState, type CSSProperties } from "react";
import styled from "styled-components";
import { MuteIcon, PauseIcon, PlayIcon, VolumeIcon } from "../../../components/ui/icons";
import { youtubeEmbedUrl, youtubeId } from "../youtube-id";

export type VideoType = "local" | "embed";

/** SPEC §2 (landing): the video player's props. */
export interface VideoPlayerProps {
  /** A video file's address (local) or a video-sharing link (embed: a watch link or a short link). */
  source: string;
  /** Names the video for assistive technology (the embed's frame title, the video's label). */
  title: string;
  /** Default "local". */
  type?: VideoType;
  /** Default "100%"; a number is pixels. */
  width?: number | string;
  /** Default "auto"; a number is pixels. An embed is 400 px high unless a number is given. */
  height?: number | string;
  /** Shown before the first frame (local videos). */
  poster?: string;
}

/** SPEC §2: an embed's height when the height given is not a number. */
export const EMBED_DEFAULT_HEIGHT = 400;

const size = (v: number | string): string => (typeof v === "number" ? `${v}px` : v);

const Box = styled.div`
  position: relative;
  max-width: 100%;
  overflow: hidden;
  background: var(--code-bg);
  video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  video[data-auto-height] {
    height: auto;
    aspect-ratio: 16 / 9;
  }
`;

const Controls = styled.div`
  position: absolute;
  right: 12px;
  bottom: 12px;
  @media (max-width: 480px) {
    right: 8px;
    bottom: 8px;
  }
  display: flex;
  gap: 8px;
`;

// Controls sit on the video, not on the page: a fixed dark glass with white icons reads over any frame, in both themes.
const Control = styled.button`
  width: 40px;
  height: 40px;
  display: inline-grid;
  place-items: center;
  border-radius: 999px;
  border: 1px solid rgb(255 255 255 / 0.35);
  background: rgb(15 23 42 / 0.72);
  color: #ffffff;
  cursor: pointer;
  backdrop-filter: blur(6px);
  transition: background 0.15s;
  &:hover {
    background: rgb(15 23 42 / 0.9);
  }
  &:focus-visible {
    outline: 2px solid #ffffff;
    outline-offset: 2px;
    box-shadow: 0 0 0 4px var(--focus);
  }
  svg {
    width: 18px;
    height: 18px;
  }
  @media (max-width: 480px) {
    width: 34px;
    height: 34px;
    svg {
      width: 15px;
      height: 15px;
    }
  }
`;

const prefersReducedMotion = () =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function LocalVideo({
  source,
  title,
  width,
  height,
  poster,
}: Required<Pick<VideoPlayerProps, "source" | "title" | "width" | "height">> & { poster?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  // SPEC §4: the player's two flags, kept in step with the element's own events (so keyboard shortcuts, picture in
  // picture or the browser pausing a background tab all show up in the buttons).
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  // Visitors who ask for less motion get the poster and a play button instead of autoplay (WCAG 2.2.2).
  const [autoPlay] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // React sets `muted` as a property only; make sure it holds before autoplay is attempted.
    el.muted = true;
    setMuted(el.muted);
    setPlaying(!el.paused);
  }, []);

  const togglePlay = () => {
    const el = ref.current;
    if (!el) return;
    if (el.paused) el.play().catch((err: unknown) => console.error("video play failed", err));
    else el.pause();
  };
  const toggleMute = () => {
    const el = ref.current;
    if (el) el.muted = !el.muted;
  };

  const auto = height === "auto";
  const style: CSSProperties = { width: size(width), height: auto ? undefined : size(height) };
  return (
    <Box style={style}>
      <video
        ref={ref}
        src={source}
        poster={poster}
        aria-label={title}
        autoPlay={autoPlay}
        muted
        loop
        playsInline
        preload={autoPlay ? "auto" : "metadata"}
        data-auto-height={auto || undefined}
        onPlay={() => setPlaying(true)}
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(e) => setPlaying(!e.currentTarget.paused)}
        onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
      />
      <Controls>
        <Control type="button" aria-label={playing ? "Pause video" : "Play video"} aria-pressed={playing} onClick={togglePlay}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </Control>
        <Control type="button" aria-label={muted ? "Unmute video" : "Mute video"} aria-pressed={muted} onClick={toggleMute}>
          {muted ? <MuteIcon /> : <VolumeIcon />}
        </Control>
      </Controls>
    </Box>
  );
}

function EmbedVideo({ source, title, width, height }: Required<Pick<VideoPlayerProps, "source" | "title" | "width" | "height">>) {
  const id = youtubeId(source);
  const h = typeof height === "number" ? height : EMBED_DEFAULT_HEIGHT;
  if (!id)
    return (
      <p>
        <a href={source} target="_blank" rel="noreferrer">
          Watch “{title}”
        </a>
      </p>
    );
  return (
    <iframe
      src={youtubeEmbedUrl(id)}
      title={title}
      style={{ display: "block", border: 0, width: size(width), maxWidth: "100%", height: h }}
      loading="lazy"
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
      referrerPolicy="strict-origin-when-cross-origin"
      allowFullScreen
    />
  );
}

/**
 * A video: a local file that autoplays muted and loops, with play/pause and mute toggles; or a video-sharing embed
 * (privacy-enhanced player, the id read from a watch or short link).
 */
export function VideoPlayer({ source, title, type = "local", width = "100%", height = "auto", poster }: VideoPlayerProps) {
  return type === "embed" ? (
    <EmbedVideo source={source} title={title} width={width} height={height} />
  ) : (
    <LocalVideo source={source} title={title} width={width} height={height} poster={poster} />
  );
}
