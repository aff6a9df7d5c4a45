import { useEffect, useState } from "react";
import styled from "styled-components";
import { useCopyFeedback } from "../../lib/use-copy-feedback";
import { CheckIcon, CopyIcon } from "./icons";

/** SPEC §9: code is highlighted 200 ms after render (the page paints the plain text first). */
export const HIGHLIGHT_DELAY_MS = 200;

export type CodeLanguage = "bash" | "python" | "javascript" | "tsx" | "json" | "html" | "text";

const Frame = styled.div`
  position: relative;
  border-radius: 10px;
  background: var(--code-bg);
  color: var(--code-fg);
  border: 1px solid var(--border);
  overflow: hidden;
`;

const Pre = styled.pre`
  margin: 0;
  padding: 16px 56px 16px 16px;
  overflow-x: auto;
  font-size: 13.5px;
  line-height: 1.6;
  tab-size: 2;
  .tk-k {
    color: #c4b5fd;
  }
  .tk-s {
    color: #86efac;
  }
  .tk-c {
    color: #94a3b8;
    font-style: italic;
  }
  .tk-n {
    color: #fdba74;
  }
  .tk-f {
    color: #7dd3fc;
  }
`;

const CopyButton = styled.button`
  position: absolute;
  top: 8px;
  right: 8px;
  height: 32px;
  min-width: 32px;
  padding: 0 8px;
  border: 1px solid #334155;
  border-radius: 6px;
  background: #1e293b;
  color: #e2e8f0;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 12px;
  svg {
    width: 16px;
    height: 16px;
  }
`;

const JS_KEYWORDS = [
  "import",
  "from",
  "const",
  "let",
  "await",
  "async",
  "function",
  "return",
  "new",
  "export",
  "default",
  "if",
  "else",
  "for",
  "of",
];

const KEYWORDS: Record<CodeLanguage, string[]> = {
  bash: ["curl", "npm", "install", "pip", "export"],
  python: [
    "import",
    "from",
    "as",
    "def",
    "return",
    "print",
    "for",
    "in",
    "if",
    "else",
    "with",
    "async",
    "await",
    "None",
    "True",
    "False",
  ],
  javascript: JS_KEYWORDS,
  tsx: [...JS_KEYWORDS, "type", "interface"],
  json: ["true", "false", "null"],
  html: ["const", "let", "new", "function", "return"],
  text: [],
};

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A small tokenizer: comments, strings, numbers, keywords, calls. Enough for the snippets we show. */
export function highlight(code: string, lang: CodeLanguage): string {
  if (lang === "text") return escapeHtml(code);
  const comment =
    lang === "python" || lang === "bash" ? "#[^\\n]*" : lang === "html" ? "<!--[\\s\\S]*?-->|\\/\\/[^\\n]*" : "\\/\\/[^\\n]*";
  const re = new RegExp(
    `(${comment})|("(?:[^"\\\\\\n]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|\`(?:[^\`\\\\]|\\\\.)*\`)|\\b(\\d+(?:\\.\\d+)?)\\b|\\b([A-Za-z_$][\\w$]*)\\b(?=\\s*\\()|\\b([A-Za-z_$][\\w$]*)\\b`,
    "g",
  );
  const words = new Set(KEYWORDS[lang]);
  let out = "";
  let last = 0;
  for (const m of code.matchAll(re)) {
    out += escapeHtml(code.slice(last, m.index));
    const [text, c, s, n, f, w] = m;
    if (c) out += `<span class="tk-c">${escapeHtml(c)}</span>`;
    else if (s) out += `<span class="tk-s">${escapeHtml(s)}</span>`;
    else if (n) out += `<span class="tk-n">${n}</span>`;
    else if (f) out += words.has(f) ? `<span class="tk-k">${f}</span>` : `<span class="tk-f">${f}</span>`;
    else if (w && words.has(w)) out += `<span class="tk-k">${w}</span>`;
    else out += escapeHtml(text);
    last = (m.index ?? 0) + text.length;
  }
  return out + escapeHtml(code.slice(last));
}

/** A code sample with a copy button ("Copied to clipboard" for 2 s; a failed copy is only logged, SPEC §8). */
export function CodeBlock({ code, language, label }: { code: string; language: CodeLanguage; label?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const { copied, copy } = useCopyFeedback();

  useEffect(() => {
    setHtml(null);
    const t = window.setTimeout(() => setHtml(highlight(code, language)), HIGHLIGHT_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [code, language]);

  return (
    <Frame>
      <Pre
        tabIndex={0}
        aria-label={label ?? `${language} code`}
        data-language={language}
        data-highlighted={html === null ? "false" : "true"}
      >
        {html === null ? <code>{code}</code> : <code dangerouslySetInnerHTML={{ __html: html }} />}
      </Pre>
      <CopyButton type="button" onClick={() => void copy(code)} aria-label={copied ? "Copied to clipboard" : "Copy code"}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        <span aria-live="polite">{copied ? "Copied to clipboard" : ""}</span>
      </CopyButton>
    </Frame>
  );
}
