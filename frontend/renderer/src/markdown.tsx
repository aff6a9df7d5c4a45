import type { ReactNode } from "react";
import { listMarkers } from "./util";

/**
 * A small, safe Markdown renderer: headings, paragraphs, bold, italic, inline code, fenced code blocks, lists,
 * block quotes, rules and links (http, https and mailto only). Everything becomes React elements — raw HTML is
 * shown as text, nothing goes through innerHTML.
 */

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "code"; lang: string; text: string }
  | { kind: "list"; ordered: boolean; start: number; items: string[]; own: boolean }
  | { kind: "quote"; blocks: Block[] }
  | { kind: "rule" };

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+#.-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
// "•" lines are bullets too (text pasted from elsewhere often has them instead of "-").
const BULLET = /^\s{0,3}[-*+•▪◦‣●]\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

const startsBlock = (line: string): boolean =>
  FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || BULLET.test(line) || ORDERED.test(line);

export function parseBlocks(src: string, depth = 0): Block[] {
  const lines = src.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? "```";
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? "").trim().startsWith(marker)) body.push(lines[i++] ?? "");
      i++; // closing fence (or end of text)
      blocks.push({ kind: "code", lang: fence[2] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: (heading[1] ?? "#").length, text: heading[2] ?? "" });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: "rule" });
      i++;
      continue;
    }
    if (QUOTE.test(line) && depth < 4) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? "")) body.push(QUOTE.exec(lines[i++] ?? "")?.[1] ?? "");
      blocks.push({ kind: "quote", blocks: parseBlocks(body.join("\n"), depth + 1) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const re = isOrdered ? ORDERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const l = lines[i] ?? "";
        const m = re.exec(l);
        if (m) {
          items.push((isOrdered ? m[2] : m[1]) ?? "");
        } else if (l.trim() !== "" && /^\s+/.test(l) && items.length > 0) {
          items[items.length - 1] += ` ${l.trim()}`; // an indented continuation line
        } else break;
        i++;
      }
      // "- • Milk" or "- 1. Mix": the list draws its own markers, so the typed ones go (a list numbered in its text
      // becomes an ordered list).
      const marks = listMarkers(items);
      blocks.push({
        kind: "list",
        ordered: isOrdered || marks.ordered,
        start: ordered ? Number(ordered[1]) : (marks.start ?? 1),
        items: marks.items,
        own: !isOrdered && !marks.ordered && marks.ownMarkers,
      });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && (lines[i] ?? "").trim() !== "" && (para.length === 0 || !startsBlock(lines[i] ?? ""))) {
      para.push(lines[i++] ?? "");
    }
    blocks.push({ kind: "paragraph", text: para.join("\n") });
  }
  return blocks;
}

/** http(s) and mailto links only. */
export function safeHref(url: string): string | undefined {
  const u = url.trim();
  return /^(https?:\/\/|mailto:)[^\s]+$/i.test(u) ? u : undefined;
}

const INLINE: { kind: string; re: RegExp }[] = [
  { kind: "escape", re: /\\([\\`*_{}[\]()#+\-.!>~|])/ },
  { kind: "code", re: /(`+)([\s\S]+?)\1/ },
  { kind: "link", re: /\[([^\]\n]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/ },
  { kind: "autolink", re: /https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"*_]/ },
  { kind: "bold", re: /\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__(?![A-Za-z0-9])/ },
  { kind: "italic", re: /\*(?=[^\s*])([\s\S]*?[^\s*])\*|(?<![A-Za-z0-9])_(?=[^\s_])([\s\S]*?[^\s_])_(?![A-Za-z0-9])/ },
  { kind: "break", re: / {2,}\n|\\\n/ },
];

/** Inline Markdown → React nodes. */
export function renderInline(text: string, keyPrefix = "i", allowLinks = true): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest.length > 0) {
    let best: { kind: string; m: RegExpExecArray } | undefined;
    for (const { kind, re } of INLINE) {
      if (!allowLinks && (kind === "link" || kind === "autolink")) continue;
      const m = re.exec(rest);
      if (m && (!best || m.index < best.m.index)) best = { kind, m };
    }
    if (!best) {
      out.push(rest);
      break;
    }
    const { kind, m } = best;
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const key = `${keyPrefix}.${n++}`;
    switch (kind) {
      case "escape":
        out.push(m[1]);
        break;
      case "code":
        out.push(<code key={key}>{(m[2] ?? "").trim()}</code>);
        break;
      case "link": {
        const href = safeHref(m[2] ?? "");
        const label = renderInline(m[1] ?? "", key, false);
        out.push(
          href ? (
            <a key={key} href={href} target="_blank" rel="noopener noreferrer">
              {label}
            </a>
          ) : (
            <span key={key}>{label}</span>
          ),
        );
        break;
      }
      case "autolink":
        out.push(
          <a key={key} href={m[0]} target="_blank" rel="noopener noreferrer">
            {m[0]}
          </a>,
        );
        break;
      case "bold":
        out.push(<strong key={key}>{renderInline(m[1] ?? m[2] ?? "", key, allowLinks)}</strong>);
        break;
      case "italic":
        out.push(<em key={key}>{renderInline(m[1] ?? m[2] ?? "", key, allowLinks)}</em>);
        break;
      case "break":
        out.push(<br key={key} />);
        break;
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

function renderBlocks(blocks: Block[], prefix: string): ReactNode[] {
  return blocks.map((b, i) => {
    const key = `${prefix}${i}`;
    switch (b.kind) {
      case "heading": {
        const H = `h${Math.min(6, b.level + 1)}` as "h2"; // # is the component's section title, not the page's h1
        return <H key={key}>{renderInline(b.text, key)}</H>;
      }
      case "paragraph":
        return <p key={key}>{renderInline(b.text.replace(/(?<! {2}|\\)\n/g, " "), key)}</p>;
      case "code":
        return (
          <pre key={key} data-language={b.lang || undefined}>
            <code>{b.text}</code>
          </pre>
        );
      case "list": {
        const items = b.items.map((it, j) => <li key={j}>{renderInline(it, `${key}.${j}`)}</li>);
        return b.ordered ? (
          <ol key={key} start={b.start !== 1 ? b.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={key} className={b.own ? "gu-list-plain" : undefined}>
            {items}
          </ul>
        );
      }
      case "quote":
        return <blockquote key={key}>{renderBlocks(b.blocks, `${key}.`)}</blockquote>;
      case "rule":
        return <hr key={key} />;
    }
    return null;
  });
}

/** Markdown text → React nodes. */
export function renderMarkdown(src: string): ReactNode[] {
  return renderBlocks(parseBlocks(src), "b");
}
