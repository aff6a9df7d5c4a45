import { useEffect, useRef, useState } from "react";
import { useNodeValue, type NodeComponentProps } from "../context";
import { SvgIcon } from "../icons";
import { renderMarkdown } from "../markdown";
import { asNumber, asText, cx } from "../util";
import { oneOf, propsOf, TONES, withRoot } from "./shared";

const ALIGN = ["left", "center", "right"] as const;

export function Heading({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const level = Math.max(1, Math.min(6, Math.round(asNumber(p.level, 2))));
  const H = `h${level}` as "h2";
  const align = oneOf(p.align, ALIGN);
  return <H {...withRoot(root, cx("gu-heading", align && `gu-text-${align}`))}>{asText(value)}</H>;
}

export function Text({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const size = oneOf(p.size, ["sm", "md", "lg"] as const);
  const weight = oneOf(p.weight, ["normal", "medium", "bold"] as const);
  const tone = oneOf(p.tone, ["default", "muted", "primary", "success", "warning", "danger"] as const);
  const align = oneOf(p.align, ALIGN);
  return (
    <p
      {...withRoot(
        root,
        cx(
          "gu-text",
          size && `gu-size-${size}`,
          weight && `gu-weight-${weight}`,
          tone && `gu-tone-${tone}`,
          align && `gu-text-${align}`,
        ),
        { whiteSpace: "pre-line" },
      )}
    >
      {asText(value)}
    </p>
  );
}

export function Markdown({ node, root }: NodeComponentProps) {
  const [value] = useNodeValue(node);
  return <div {...withRoot(root, "gu-markdown")}>{renderMarkdown(asText(value))}</div>;
}

export function Badge({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const tone = oneOf(p.tone, TONES) ?? "neutral";
  return <span {...withRoot(root, cx("gu-badge", `gu-tone-${tone}`))}>{asText(value)}</span>;
}

export function Code({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const text = asText(value);
  const language = typeof p.language === "string" ? p.language : "";
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    const clip = typeof navigator !== "undefined" ? navigator.clipboard : undefined;
    if (!clip) return;
    clip.writeText(text).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), 2000);
      },
      () => undefined,
    );
  };
  return (
    <div {...withRoot(root, "gu-code")}>
      <div className="gu-code-bar">
        <span>{language}</span>
        <button type="button" className="gu-button gu-button-ghost gu-button-copy" onClick={copy}>
          <SvgIcon name="copy" size={14} />
          {copied ? "Copied" : "Copy"}
          <span className="gu-sr-only"> code</span>
        </button>
        <span className="gu-sr-only" aria-live="polite">
          {copied ? "Copied to the clipboard" : ""}
        </span>
      </div>
      <pre tabIndex={0} role="group" aria-label={language ? `${language} code` : "Code"}>
        <code data-language={language || undefined}>{text}</code>
      </pre>
    </div>
  );
}
