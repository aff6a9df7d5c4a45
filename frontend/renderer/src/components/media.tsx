import { useNodeValue, type NodeComponentProps } from "../context";
import { isIconName, SvgIcon } from "../icons";
import { Notice } from "../notice";
import { asNumber, asText, cx, isHttpsUrl, num, str } from "../util";
import { oneOf, propsOf, TONES, withRoot } from "./shared";

export function Image({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const src = asText(value);
  const alt = str(p.alt)?.trim();
  if (!isHttpsUrl(src)) return <Notice>Image not shown: only https images are allowed.</Notice>;
  if (!alt) return <Notice>Image not shown: it has no description (alt).</Notice>;
  const width = num(p.width);
  const height = num(p.height);
  const fit = oneOf(p.fit, ["cover", "contain"] as const);
  return (
    <img
      {...withRoot(root, "gu-image", {
        width: width ?? (height !== undefined && fit ? "100%" : undefined),
        height: height ?? "auto",
        objectFit: fit,
        borderRadius: num(p.radius),
      })}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
    />
  );
}

export function Icon({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const name = asText(value);
  if (!isIconName(name)) return <Notice>Unknown icon “{name}”.</Notice>;
  const tone = oneOf(p.tone, TONES);
  const size = Math.max(8, Math.min(128, asNumber(p.size, 24)));
  return (
    <span {...withRoot(root, cx("gu-icon-wrap", tone && `gu-fg-${tone}`), { display: "inline-flex", lineHeight: 0 })}>
      <SvgIcon name={name} size={size} label={str(p.label) || undefined} />
    </span>
  );
}

/** A YouTube or Vimeo page / embed URL → the privacy-friendly embed URL. */
export function embedUrl(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return undefined;
  const host = u.hostname.replace(/^(www|m)\./, "");
  const id11 = (s: string | null | undefined) => (s && /^[A-Za-z0-9_-]{11}$/.test(s) ? s : undefined);
  let yt: string | undefined;
  if (host === "youtu.be") yt = id11(u.pathname.split("/")[1]);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, first, second] = u.pathname.split("/");
    yt =
      first === "watch"
        ? id11(u.searchParams.get("v"))
        : ["embed", "shorts", "live", "v"].includes(first ?? "")
          ? id11(second)
          : undefined;
  }
  if (yt) {
    const t = u.searchParams.get("t") ?? u.searchParams.get("start");
    const start = t && /^\d+s?$/.test(t) ? `?start=${parseInt(t, 10)}` : "";
    return `https://www.youtube-nocookie.com/embed/${yt}${start}`;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = u.pathname.split("/").find((s) => /^\d{4,12}$/.test(s));
    if (id) return `https://player.vimeo.com/video/${id}?dnt=1`;
  }
  return undefined;
}

const ASPECT = { "16:9": "16 / 9", "4:3": "4 / 3", "1:1": "1 / 1" } as const;

export function Video({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const url = asText(value);
  const title = str(p.title) || "Video";
  const aspect = ASPECT[oneOf(p.aspect, ["16:9", "4:3", "1:1"] as const) ?? "16:9"];
  const embed = embedUrl(url);
  if (embed) {
    return (
      <div {...withRoot(root, "gu-video", { aspectRatio: aspect })}>
        <iframe
          src={embed}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
        />
      </div>
    );
  }
  if (isHttpsUrl(url) && /\.(mp4|webm)(?:[?#][^\s]*)?$/i.test(url)) {
    return (
      <div {...withRoot(root, "gu-video", { aspectRatio: aspect })}>
        <video src={url} controls preload="metadata" aria-label={title} title={title} />
      </div>
    );
  }
  return <Notice>Video not shown: use a YouTube or Vimeo link, or an https .mp4 / .webm file.</Notice>;
}
