import { createGlobalStyle } from "styled-components";

/**
 * Colours are CSS variables switched by `data-theme` on <html> (set before first paint by index.html's inline script,
 * then kept by ThemeProvider), so a theme change repaints without re-rendering React. Contrast pairs meet WCAG AA.
 */
export const GlobalStyle = createGlobalStyle`
  :root {
    --bg: #ffffff;
    --bg-subtle: #f8fafc;
    --bg-muted: #f1f5f9;
    --surface: #ffffff;
    --fg: #0f172a;
    --fg-muted: #475569;
    --border: #e2e8f0;
    --border-strong: #cbd5e1;
    --accent: #6d28d9;
    --accent-hover: #5b21b6;
    --accent-fg: #ffffff;
    --accent-soft: #ede9fe;
    --accent-text: #5b21b6;
    --danger: #b91c1c;
    --danger-soft: #fef2f2;
    --success: #15803d;
    --success-soft: #f0fdf4;
    --warning: #854d0e;
    --warning-soft: #fefce8;
    --gray-soft: #f1f5f9;
    --orange: #c2410c;
    --orange-soft: #fff7ed;
    --focus: #7c3aed;
    --shadow: 0 1px 2px rgb(15 23 42 / 0.06), 0 4px 16px rgb(15 23 42 / 0.06);
    --shadow-lg: 0 10px 40px rgb(15 23 42 / 0.18);
    --code-bg: #0f172a;
    --code-fg: #e2e8f0;
    --radius: 10px;
    --header-h: 64px;
    --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
    color-scheme: light;
  }
  :root[data-theme="dark"] {
    --bg: #0b1020;
    --bg-subtle: #0f172a;
    --bg-muted: #1e293b;
    --surface: #111827;
    --fg: #e2e8f0;
    --fg-muted: #a3b0c2;
    --border: #1f2a3d;
    --border-strong: #334155;
    --accent: #7c3aed;
    --accent-hover: #6d28d9;
    --accent-fg: #ffffff;
    --accent-soft: #2e1065;
    --accent-text: #c4b5fd;
    --danger: #f87171;
    --danger-soft: #2a1215;
    --success: #4ade80;
    --success-soft: #0f2a1a;
    --warning: #facc15;
    --warning-soft: #2a2509;
    --gray-soft: #1e293b;
    --orange: #fb923c;
    --orange-soft: #2b1709;
    --focus: #a78bfa;
    --shadow: 0 1px 2px rgb(0 0 0 / 0.4), 0 4px 16px rgb(0 0 0 / 0.3);
    --shadow-lg: 0 10px 40px rgb(0 0 0 / 0.6);
    --code-bg: #020617;
    --code-fg: #e2e8f0;
    color-scheme: dark;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { scroll-behavior: smooth; -webkit-text-size-adjust: 100%; }
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
  body {
    margin: 0;
    background: var(--bg);
    color: var(--fg);
    font-family: var(--font);
    font-size: 16px;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
    min-width: 320px;
  }
  a { color: var(--accent-text); }
  a:hover { text-decoration-thickness: 2px; }
  :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
  button, input, textarea, select { font: inherit; color: inherit; }
  img, video { max-width: 100%; }
  code, pre, kbd { font-family: var(--mono); }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 0.5em; }
  p { margin: 0 0 1em; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
