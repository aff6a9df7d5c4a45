/**
 * The callbacks into the host page (actions, errors, finished streams). A callback that throws is logged, never
 * thrown back into the frame's own handling.
 */
import type { ActionEvent } from "@genui/ui-runtime";
import type { GenUIStreamAnswer } from "../stream";
import type { GenUIFrameOptions } from "./options";

type PageCallbacks = Pick<GenUIFrameOptions, "onAction" | "onError" | "onStreamComplete">;

export function notifyError(page: PageCallbacks, message: string): void {
  try {
    page.onError?.(message);
  } catch (e) {
    console.error("GenUI: onError threw", e);
  }
}

export function notifyAction(page: PageCallbacks, action: ActionEvent): void {
  try {
    page.onAction?.(action);
  } catch (e) {
    console.error("GenUI: the action listener threw", e);
  }
}

export function notifyStreamComplete(page: PageCallbacks, answer: GenUIStreamAnswer): void {
  try {
    page.onStreamComplete?.(answer);
  } catch (e) {
    console.error("GenUI: onStreamComplete threw", e);
  }
}
