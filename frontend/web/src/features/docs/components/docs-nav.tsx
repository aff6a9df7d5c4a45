import { useEffect, useRef } from "react";
import styled from "styled-components";

const Bar = styled.nav`
  position: sticky;
  top: calc(var(--header-h) + 24px);
  p {
    margin: 0 0 10px;
    font-size: 13px;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--fg-muted);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 2px;
    border-left: 1px solid var(--border);
  }
  a {
    display: block;
    margin-left: -1px;
    padding: 7px 12px;
    border-left: 2px solid transparent;
    color: var(--fg-muted);
    text-decoration: none;
    font-size: 15px;
    font-weight: 500;
    border-radius: 0 6px 6px 0;
    &:hover {
      color: var(--fg);
      background: var(--bg-muted);
    }
    &[aria-current] {
      color: var(--accent-text);
      border-left-color: var(--accent);
      background: var(--accent-soft);
      font-weight: 650;
    }
  }

  /* Narrow screens: a bar of the sections under the header, scrolling sideways. */
  @media (max-width: 899px) {
    top: var(--header-h);
    z-index: 20;
    height: var(--docs-nav-h);
    margin: 0 -24px;
    padding: 0 24px;
    background: var(--bg);
    border-bottom: 1px solid var(--border);
    overflow-x: auto;
    scrollbar-width: none;
    &::-webkit-scrollbar {
      display: none;
    }
    p {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    ol {
      position: relative;
      display: flex;
      gap: 4px;
      height: 100%;
      align-items: center;
      border-left: 0;
      width: max-content;
    }
    a {
      margin: 0;
      padding: 6px 12px;
      border: 1px solid transparent;
      border-radius: 999px;
      white-space: nowrap;
      font-size: 14px;
      &[aria-current] {
        border-color: var(--accent);
      }
    }
  }
  @media (max-width: 480px) {
    margin: 0 -16px;
    padding: 0 16px;
  }
`;

export interface NavItem {
  id: string;
  title: string;
}

/** The docs' section navigation: a sticky list beside the text, a sideways scroller on narrow screens. */
export function DocsNav({
  items,
  current,
  onSelect,
}: {
  items: readonly NavItem[];
  current: string;
  onSelect(id: string): void;
}) {
  const barRef = useRef<HTMLElement>(null);

  // On narrow screens, keep the current section's link in view inside the scroller (never scrolling the page).
  useEffect(() => {
    const bar = barRef.current;
    const link = bar?.querySelector<HTMLElement>("a[aria-current]");
    if (!bar || !link || bar.scrollWidth <= bar.clientWidth) return;
    const left = link.offsetLeft;
    const right = left + link.offsetWidth;
    if (left < bar.scrollLeft + 16 || right > bar.scrollLeft + bar.clientWidth - 16) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      bar.scrollTo({ left: Math.max(0, left - 24), behavior: reduce ? "auto" : "smooth" });
    }
  }, [current]);

  return (
    <Bar ref={barRef} aria-labelledby="docs-nav-title">
      <p id="docs-nav-title">On this page</p>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              aria-current={item.id === current ? "location" : undefined}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                e.preventDefault();
                onSelect(item.id);
              }}
            >
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </Bar>
  );
}
