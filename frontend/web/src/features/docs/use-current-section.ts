import { useCallback, useEffect, useRef, useState } from "react";

/** How far below a section's landing position (its scroll-margin-top) the "reading line" sits. */
const LINE_BELOW_LANDING_PX = 16;
/** A smooth scroll that never reports its end (no movement, older browsers) unlocks after this. */
const UNLOCK_FALLBACK_MS = 1200;

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const atPageBottom = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;

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

  useEffect(() => {
    const sections = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    const first = sections[0];
    if (!first || typeof IntersectionObserver === "undefined") return;
    let observer: IntersectionObserver | undefined;
    const observe = () => {
      observer?.disconnect();
      const line = (parseFloat(getComputedStyle(first).scrollMarginTop) || 0) + LINE_BELOW_LANDING_PX;
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

  useEffect(() => () => window.clearTimeout(unlockTimer.current), []);

  const select = useCallback((id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    setCurrent(id);
    lockedTo.current = id;
    const unlock = () => {
      window.clearTimeout(unlockTimer.current);
      window.removeEventListener("scrollend", unlock);
      lockedTo.current = undefined;
      // A last section too short to reach the reading line stays marked once the page cannot scroll further.
      if (!atPageBottom() && observed.current) setCurrent(observed.current);
    };
    window.clearTimeout(unlockTimer.current);
    window.addEventListener("scrollend", unlock);
    unlockTimer.current = window.setTimeout(unlock, UNLOCK_FALLBACK_MS);
    section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
    // Keyboard and screen-reader users continue reading from the section they chose.
    section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
    history.replaceState(history.state, "", `#${id}`);
  }, []);

  return { current, select };
}
