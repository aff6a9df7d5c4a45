import { useCallback, useEffect, useRef, useState } from "react";

/** How far below a section's landing position (its scroll-margin-top) the "reading line" sits. */
const LINE_BELOW_LANDING_PX = 16;
/** A smooth scroll that never reports its end (no movement, browsers without `scrollend`) unlocks after this... */
const UNLOCK_FALLBACK_MS = 1200;
/** ...or this long after its last scroll event, however long the scroll itself takes. */
const SCROLL_IDLE_MS = 200;

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const atPageBottom = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
const readingLine = (first: HTMLElement) => (parseFloat(getComputedStyle(first).scrollMarginTop) || 0) + LINE_BELOW_LANDING_PX;

/** The section crossing the reading line now, read from the layout (an observer's report can come a frame later). */
function sectionAtLine(ids: readonly string[]): string | undefined {
  const sections = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
  const first = sections[0];
  if (!first) return undefined;
  const line = readingLine(first);
  let at: string | undefined;
  for (const section of sections) if (section.getBoundingClientRect().top <= line) at = section.id;
  return at ?? first.id;
}

/**
 * Scroll-spy for in-page sections. The current section is the one crossing a 1 px "reading line" just below where a
 * section lands when scrolled to (its scroll-margin-top, which already counts the sticky header and, on narrow
 * screens, the sticky section bar), watched with an IntersectionObserver. Sections must follow each other without
 * gaps. `select` scrolls smoothly to a section (instantly with reduced motion), marks it at once and holds that mark
 * until the scroll ends, so the highlight does not flicker through the sections passed on the way.
 */
export function useCurrentSection(ids: readonly string[]) {
  const [current, setCurrent] = useState<string>(ids[0] ?? "");
  const observed = useRef<string | undefined>(undefined);
  const lockedTo = useRef<string | undefined>(undefined);
  const unlockTimer = useRef<number | undefined>(undefined);
  /** Removes the listeners of the scroll in progress (a new choice replaces them). */
  const stopWatching = useRef<() => void>(() => undefined);

  useEffect(() => {
    const sections = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    const first = sections[0];
    if (!first || typeof IntersectionObserver === "undefined") return;
    let observer: IntersectionObserver | undefined;
    const observe = () => {
      observer?.disconnect();
      const line = readingLine(first);
      const below = Math.max(0, window.innerHeight - line - 1);
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) if (entry.isIntersecting) observed.current = entry.target.id;
          if (!lockedTo.current && observed.current) setCurrent(observed.current);
        },
        { rootMargin: `-${line}px 0px -${below}px 0px` },
      );
      for (const section of sections) observer.observe(section);
    };
    observe();
    window.addEventListener("resize", observe);
    return () => {
      window.removeEventListener("resize", observe);
      observer?.disconnect();
    };
  }, [ids]);

  useEffect(() => () => stopWatching.current(), []);

  const select = useCallback(
    (id: string) => {
      const section = document.getElementById(id);
      if (!section) return;
      setCurrent(id);
      lockedTo.current = id;
      stopWatching.current();
      const unlock = () => {
        stopWatching.current();
        lockedTo.current = undefined;
        // A last section too short to reach the reading line stays marked once the page cannot scroll further.
        if (atPageBottom()) return;
        const at = sectionAtLine(ids);
        if (at) {
          observed.current = at;
          setCurrent(at);
        }
      };
      const moved = () => {
        window.clearTimeout(unlockTimer.current);
        unlockTimer.current = window.setTimeout(unlock, SCROLL_IDLE_MS);
      };
      window.addEventListener("scrollend", unlock);
      window.addEventListener("scroll", moved, { passive: true });
      unlockTimer.current = window.setTimeout(unlock, UNLOCK_FALLBACK_MS);
      stopWatching.current = () => {
        window.clearTimeout(unlockTimer.current);
        window.removeEventListener("scrollend", unlock);
        window.removeEventListener("scroll", moved);
      };
      section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      // Keyboard and screen-reader users continue reading from the section they chose.
      section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
      history.replaceState(history.state, "", `#${id}`);
    },
    [ids],
  );

  return { current, select };
}
