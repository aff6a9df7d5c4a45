import type { CSSProperties } from "react";
import { useNodeValue, type NodeComponentProps, type RootProps } from "../context";
import { SvgIcon, type IconName } from "../icons";
import { asNumber, asText, cx, num, str } from "../util";
import { oneOf, propsOf, TONES, withRoot, type Tone } from "./shared";

const ALERT_ICON: Record<Tone, IconName> = {
  neutral: "info",
  info: "info",
  success: "check",
  warning: "warning",
  danger: "error",
};

export function Alert({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const tone = oneOf(p.tone, TONES) ?? "info";
  const title = str(p.title);
  // Urgent tones interrupt (alert); the others are announced politely (status).
  const role = tone === "danger" || tone === "warning" ? "alert" : "status";
  return (
    <div {...withRoot(root, cx("gu-alert", `gu-tone-${tone}`))} role={role}>
      <SvgIcon name={ALERT_ICON[tone]} size={20} />
      <div>
        {title && <strong className="gu-alert-title">{title}</strong>}
        <span>{asText(value)}</span>
      </div>
    </div>
  );
}

/** Loading lines; also the charts' placeholder while their chunk loads. */
export function SkeletonLines({
  root,
  lines,
  height,
  label = "Loading",
}: {
  root?: RootProps;
  lines: number;
  height?: number;
  label?: string;
}) {
  const style = height !== undefined ? ({ "--gu-skeleton-h": `${height}px` } as CSSProperties) : undefined;
  return (
    <div {...withRoot(root ?? {}, "gu-skeleton", style)} role="status" aria-busy="true">
      <span className="gu-sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="gu-skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function Skeleton({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const lines = Math.max(1, Math.min(20, Math.round(asNumber(value, 3))));
  const h = num(p.height);
  return <SkeletonLines root={root} lines={lines} height={h !== undefined ? Math.max(4, Math.min(400, h)) : undefined} />;
}
