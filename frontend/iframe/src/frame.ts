import type { ActionEvent, FrameEvalError, FrameMessage, HostMessage, Screen } from "@genui/ui-runtime";
import { MESSAGE_SOURCE, brandErrorMessage, isHostMessage } from "@genui/ui-runtime/protocol";

/**
 * The iframe side of the protocol (see packages/ui-runtime/src/protocol.ts), independent of how screens are drawn:
 * it accepts messages only from its parent with the origin named in `?origin=`, posts only to that origin, and
 * reports its size damped (at most once per frame, only when it changed by a pixel or more, and never bouncing
 * between two sizes: a shrink that would undo the previous growth within 250 ms is held back once).
 */
type WithoutSource<T> = T extends unknown ? Omit<T, "source"> : never;

export interface FrameDriver {
  render(screen: Screen): void;
  theme(theme: "light" | "dark" | "auto"): void;
  /**
   * BRAND: the app's theme and the page's override (unchecked: from the host). Answers what it refused (field
   * errors), which the host hears as ERROR; what passes is applied.
   */
  brand?(theme: unknown, override: unknown): Record<string, string[]> | undefined;
  /** Streaming mode: evaluate a prefix of answer `stream` in this page's sandbox (the frame draws the screen). */
  evaluate?(stream: number, code: string): Promise<{ screen?: Screen; error?: FrameEvalError; ms: number }>;
  /** Streaming mode: free answer `stream`'s sandbox session. */
  endStream?(stream: number): void;
}

export interface Frame {
  /** Reports an action of the screen to the host (ACTION_LISTENER). */
  action(e: { type: string; component: { name: string; value?: unknown } }): void;
  stop(): void;
}

export function startFrame(win: Window, driver: FrameDriver, content: HTMLElement): Frame | undefined {
  const hostOrigin = new URL(win.location.href).searchParams.get("origin");
  let valid: string | undefined;
  try {
    valid = hostOrigin ? new URL(hostOrigin).origin : undefined;
  } catch {
    valid = undefined;
  }
  if (!valid || valid === "null" || win.parent === win) {
    content.textContent = "This page shows generated UI inside another page; it was opened without its host.";
    return undefined;
  }
  const origin = valid;
  const post = (m: WithoutSource<FrameMessage>) => win.parent.postMessage({ source: MESSAGE_SOURCE, ...m }, origin);

  /**
   * Bumped by every RENDER: a prefix's screen is drawn only if no screen came from the host, and its answer did not
   * end, since its EVALUATE arrived (the final json must not be painted over by a late prefix).
   */
  let drawn = 0;
  const ended = new Set<number>();
  const evaluate = (stream: number, id: number, code: string) => {
    const at = drawn;
    const answer = (r: { screen?: Screen; error?: FrameEvalError; ms: number }) =>
      post({
        type: "EVALUATED",
        stream,
        id,
        ms: r.ms,
        ...(r.screen ? { screen: r.screen } : {}),
        ...(r.error ? { error: r.error } : {}),
      });
    if (!driver.evaluate) return answer({ error: { kind: "unavailable", message: "this page does not evaluate code" }, ms: 0 });
    driver.evaluate(stream, code).then(
      (r) => {
        if (r.screen && (drawn !== at || ended.has(stream)))
          return answer({ ms: r.ms, error: { kind: "invalid", message: "replaced" } });
        if (r.screen) {
          try {
            driver.render(r.screen);
          } catch (err) {
            post({ type: "ERROR", message: (err as Error).message ?? "could not draw the screen" });
            return answer({ ms: r.ms, error: { kind: "invalid", message: "could not draw the screen" } });
          }
        }
        answer(r);
      },
      (err: unknown) => answer({ error: { kind: "unavailable", message: String(err) }, ms: 0 }),
    );
  };

  const onMessage = (e: MessageEvent) => {
    if (e.source !== win.parent || e.origin !== origin || !isHostMessage(e.data)) return;
    const m = e.data as HostMessage;
    try {
      if (m.type === "THEME") driver.theme(m.theme);
      else if (m.type === "BRAND") {
        const errors = driver.brand?.(m.theme ?? null, m.override ?? null);
        if (errors && Object.keys(errors).length) post({ type: "ERROR", message: brandErrorMessage(errors), errors });
      } else if (m.type === "EVALUATE") {
        if (!Number.isSafeInteger(m.stream) || !Number.isSafeInteger(m.id) || typeof m.code !== "string") return;
        evaluate(m.stream, m.id, m.code);
      } else if (m.type === "END_STREAM") {
        if (!Number.isSafeInteger(m.stream)) return;
        ended.add(m.stream);
        driver.endStream?.(m.stream);
      } else {
        drawn++;
        if (m.theme) driver.theme(m.theme);
        driver.render(m.json);
      }
    } catch (err) {
      post({ type: "ERROR", message: (err as Error).message ?? "could not draw the screen" });
    }
  };
  win.addEventListener("message", onMessage);

  let last = { height: -1, width: -1 };
  let previous = { height: -1, at: 0 };
  let pending = false;
  let heldBack = false;
  const measure = () => {
    pending = false;
    const height = Math.ceil(content.scrollHeight);
    const width = Math.ceil(content.scrollWidth);
    if (Math.abs(height - last.height) < 1 && Math.abs(width - last.width) < 1) return;
    // Going back to the height of two reports ago within 250 ms is a loop in the making: wait one more frame.
    if (height === previous.height && performance.now() - previous.at < 250 && !heldBack) {
      heldBack = true;
      schedule();
      return;
    }
    heldBack = false;
    previous = { height: last.height, at: performance.now() };
    last = { height, width };
    post({ type: "RESIZE_LISTENER", height, width });
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    win.requestAnimationFrame(measure);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(content);
  post({ type: "READY" });
  schedule();
  return {
    action: (e) => post({ type: "ACTION_LISTENER", action: actionMessage(e) }),
    stop: () => {
      observer.disconnect();
      win.removeEventListener("message", onMessage);
    },
  };
}

/** Sends an action to the host as SPEC says: type and component as a JSON string. */
export function actionMessage(e: ActionEvent | { type: string; component: { name: string; value?: unknown } }): string {
  return JSON.stringify({ type: e.type, component: { name: e.component.name, value: e.component.value ?? null } });
}
