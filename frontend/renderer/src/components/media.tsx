import { useState, type CSSProperties } from "react";
import { useNodeValue, type NodeComponentProps } from "../context";
import { isIconName, SvgIcon } from "../icons";
import { Notice } from "../notice";
import { asNumber, asText, cx, isHttpsUrl, num, str } from "../util";
import { oneOf, propsOf, TONES, withRoot } from "./shared";

/** Raster and SVG images written into the screen itself (what the generator draws its illustrations as). */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp|svg\+xml)[;,]/i;

/**
 * The address an image may be loaded from: a data: image, or a relative / same-origin URL (the server that serves
 * this page). Anything else — another site over http(s), protocol-relative or odd schemes — is never fetched: a
 * screen must not make the viewer's browser call an outside service.
 */
export function safeImageSrc(src: string, base: string | undefined = globalThis.location?.href): string | undefined {
  const s = src.trim();
  if (DATA_IMAGE.test(s)) return s;
  if (!s || !base) return undefined;
  try {
    const here = new URL(base);
    const url = new URL(s, here);
    const web = url.protocol === "http:" || url.protocol === "https:";
    return web && here.origin !== "null" && url.origin === here.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A locally drawn stand-in for an image that is not shown: a picture glyph and the alt text, the image's size. */
function ImagePlaceholder({ root, alt, style }: { root: NodeComponentProps["root"]; alt: string; style: CSSProperties }) {
  return (
    <div {...withRoot(root, "gu-image-placeholder", style)} role="img" aria-label={alt}>
      <svg className="gu-image-placeholder-art" viewBox="0 0 48 36" width="48" height="36" aria-hidden="true" focusable="false">
        <rect x="1.5" y="1.5" width="45" height="33" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="34" cy="11" r="4" fill="currentColor" opacity=".55" />
        <path d="M4 31l12-13 9 9 6-5 13 9z" fill="currentColor" opacity=".35" />
      </svg>
      <span className="gu-image-placeholder-text" aria-hidden="true">
        {alt}
      </span>
    </div>
  );
}

export function Image({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const raw = asText(value);
  const src = safeImageSrc(raw);
  const alt = str(p.alt)?.trim();
  // An image that fails to load becomes the placeholder (never a broken-image box); a new address gets a new try.
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!alt) return <Notice>Image not shown: it has no description (alt).</Notice>;
  const width = num(p.width);
  const height = num(p.height);
  const fit = oneOf(p.fit, ["cover", "contain"] as const);
  const radius = num(p.radius);
  if (!src || failed === src) {
    return (
      <ImagePlaceholder
        root={root}
        alt={alt}
        style={{
          width: width ?? "100%",
          height,
          // No size given: a wide frame, as tall as a typical picture at most.
          aspectRatio: height === undefined ? (width === undefined ? "16 / 9" : "4 / 3") : undefined,
          maxHeight: height === undefined && width === undefined ? 320 : undefined,
          borderRadius: radius,
        }}
      />
    );
  }
  return (
    <img
      {...withRoot(root, "gu-image", {
        width: width ?? (height !== undefined && fit ? "100%" : undefined),
        height: height ?? "auto",
        objectFit: fit,
        borderRadius: radius,
      })}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
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
