import { useCallback, useEffect, useRef, useState } from "react";
import { WorkerEvaluator, type EvalError, type Screen } from "@genui/ui-runtime";
import EvaluatorWorker from "@genui/ui-runtime/worker?worker";

/** SPEC §9: the template preview is evaluated 600 ms after the last change. */
export const TEMPLATE_PREVIEW_DEBOUNCE_MS = 600;
/** While typing, an error is shown only once the code has rested this long (half-typed code is not a mistake). */
export const ERROR_SETTLE_MS = 700;

export interface LiveScreenOptions {
  /** Wait this long after the last change before evaluating (0: every change, as it happens). */
  delayMs: number;
  /**
   * Show unfinished code as far as it goes (the sandbox's prefix evaluation, as a stream renders): a syntax error
   * then leaves the screen of the code before it, and the error shows once typing rests for ERROR_SETTLE_MS.
   */
  prefixWhileTyping: boolean;
}

export interface LiveScreen {
  /** The last screen that evaluated (kept while the code has an error). */
  screen: Screen | null;
  error: EvalError | null;
  /** Evaluation time of the shown screen, in ms. */
  ms: number | null;
  repairs: string[];
  /** A change is waiting to be evaluated (or is being evaluated). */
  pending: boolean;
  /** Why nothing can be evaluated (the sandbox did not start), if so. */
  unavailable: string | null;
  /** Shows a screen at once (e.g. the JSON an answer came with), until the next evaluation. */
  show(screen: Screen): void;
}

/**
 * Evaluates UI code in the browser's sandbox (QuickJS in a Web Worker: no network, no DOM, CPU and memory limits)
 * whenever it changes, and keeps the last good screen. Stale answers are dropped.
 */
export function useLiveScreen(code: string, { delayMs, prefixWhileTyping }: LiveScreenOptions): LiveScreen {
  const evaluator = useRef<WorkerEvaluator | null>(null);
  const [screen, setScreen] = useState<Screen | null>(null);
  const [error, setError] = useState<EvalError | null>(null);
  const [ms, setMs] = useState<number | null>(null);
  const [repairs, setRepairs] = useState<string[]>([]);
  const [pending, setPending] = useState(true);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    // The client replaces a worker it had to stop (code past its deadline); the first one tells whether the sandbox
    // can start in this browser at all.
    let first = true;
    const e = new WorkerEvaluator(() => {
      const worker = new EvaluatorWorker({ name: "genui-ui-code" });
      if (first) {
        first = false;
        // A worker that cannot start (an old browser, WebAssembly blocked) would leave every evaluation pending.
        worker.addEventListener("error", (event) => {
          event.preventDefault();
          setPending(false);
          setUnavailable("The preview's sandbox could not start in this browser, so the code cannot be previewed here.");
        });
      }
      return worker;
    });
    evaluator.current = e;
    return () => {
      e.terminate();
      if (evaluator.current === e) evaluator.current = null;
    };
  }, []);

  useEffect(() => {
    const mine = ++latest.current;
    setPending(true);
    let errorTimer: number | undefined;
    const run = async () => {
      const e = evaluator.current;
      if (!e) return;
      const whole = await e.evaluate(code);
      if (mine !== latest.current) return;
      let shown = whole;
      if (!whole.result.ok && whole.result.error.kind === "syntax" && prefixWhileTyping) {
        const partial = await e.evaluatePrefix(code);
        if (mine !== latest.current) return;
        if (partial.result.ok) shown = partial;
      }
      setPending(false);
      if (shown.result.ok) {
        setScreen(shown.result.screen);
        setMs(shown.ms);
        setRepairs(shown.result.repairs);
      }
      const problem = whole.result.ok ? null : whole.result.error;
      if (!problem) setError(null);
      else if (!prefixWhileTyping) setError(problem);
      else errorTimer = window.setTimeout(() => mine === latest.current && setError(problem), ERROR_SETTLE_MS);
    };
    // A sandbox that could not start rejects: the worker's error listener above has said so already.
    const timer = window.setTimeout(() => void run().catch(() => undefined), delayMs);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(errorTimer);
    };
  }, [code, delayMs, prefixWhileTyping]);

  const show = useCallback((s: Screen) => {
    setScreen(s);
    setError(null);
  }, []);

  return { screen, error, ms, repairs, pending, unavailable, show };
}
