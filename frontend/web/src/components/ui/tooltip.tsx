import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import styled from "styled-components";

/** SPEC §9: a tooltip opens after 700 ms; within 300 ms of another closing, the next opens at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

interface Timing {
  delay: number;
  skip: number;
  lastClosed: { at: number };
}

const TooltipContext = createContext<Timing>({
  delay: TOOLTIP_OPEN_DELAY_MS,
  skip: TOOLTIP_SKIP_DELAY_MS,
  lastClosed: { at: 0 },
});

export function TooltipProvider({
  children,
  delay = TOOLTIP_OPEN_DELAY_MS,
  skip = TOOLTIP_SKIP_DELAY_MS,
}: {
  children: ReactNode;
  delay?: number;
  skip?: number;
}) {
  const lastClosed = useRef({ at: 0 });
  return <TooltipContext.Provider value={{ delay, skip, lastClosed: lastClosed.current }}>{children}</TooltipContext.Provider>;
}

const Bubble = styled.div`
  position: fixed;
  z-index: 1000;
  max-width: 260px;
  padding: 6px 10px;
  border-radius: 6px;
  background: var(--fg);
  color: var(--bg);
  font-size: 13px;
  line-height: 1.35;
  pointer-events: none;
  box-shadow: var(--shadow);
`;

type TriggerProps = {
  onMouseEnter?: (e: unknown) => void;
  onMouseLeave?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
  onBlur?: (e: unknown) => void;
  "aria-describedby"?: string;
  ref?: unknown;
};

/** Wraps one focusable element; the text is also its accessible description while shown. */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const timing = useContext(TooltipContext);
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const anchor = useRef<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const openRef = useRef(false);
  const reveal = useCallback(() => {
    openRef.current = true;
    setOpen(true);
  }, []);
  const show = useCallback(() => {
    window.clearTimeout(timer.current);
    const recently = Date.now() - timing.lastClosed.at < timing.skip;
    if (recently) reveal();
    else timer.current = window.setTimeout(reveal, timing.delay);
  }, [timing, reveal]);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    // Recorded synchronously: the next trigger's enter event may come in the same tick.
    if (openRef.current) timing.lastClosed.at = Date.now();
    openRef.current = false;
    setOpen(false);
  }, [timing]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && hide();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, hide]);

  useLayoutEffect(() => {
    if (!open || !anchor.current || !bubble.current) return;
    const a = anchor.current.getBoundingClientRect();
    const b = bubble.current.getBoundingClientRect();
    let top = a.top - b.height - 8;
    if (top < 4) top = a.bottom + 8;
    const left = Math.min(Math.max(4, a.left + a.width / 2 - b.width / 2), window.innerWidth - b.width - 4);
    setPos({ top, left });
  }, [open]);

  const child = cloneElement(children, {
    ref: (el: HTMLElement | null) => {
      anchor.current = el;
    },
    onMouseEnter: (e: unknown) => {
      children.props.onMouseEnter?.(e);
      show();
    },
    onMouseLeave: (e: unknown) => {
      children.props.onMouseLeave?.(e);
      hide();
    },
    onFocus: (e: unknown) => {
      children.props.onFocus?.(e);
      show();
    },
    onBlur: (e: unknown) => {
      children.props.onBlur?.(e);
      hide();
    },
    "aria-describedby": open ? id : children.props["aria-describedby"],
  });

  return (
    <>
      {child}
      {open &&
        createPortal(
          <Bubble
            ref={bubble}
            id={id}
            role="tooltip"
            style={pos ? { top: pos.top, left: pos.left } : { visibility: "hidden", top: 0, left: 0 }}
          >
            {content}
          </Bubble>,
          document.body,
        )}
    </>
  );
}
