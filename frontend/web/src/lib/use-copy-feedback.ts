import { useCallback, useEffect, useRef, useState } from "react";

/** SPEC §9: copy feedback lasts 2 s. */
export const COPY_FEEDBACK_MS = 2000;

/**
 * Copies text to the clipboard and reports `copied` for COPY_FEEDBACK_MS (a copy within that time starts it again).
 * SPEC §8: a failed copy is only logged.
 */
export function useCopyFeedback(): { copied: boolean; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch (err) {
      console.error("copy to clipboard failed", err);
    }
  }, []);

  return { copied, copy };
}
