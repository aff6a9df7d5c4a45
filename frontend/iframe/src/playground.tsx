import { ScreenView, injectStyles } from "@genui/react-renderer";
import { DSL_EXAMPLE, WorkerEvaluator, type Screen } from "@genui/ui-runtime";
import { createRoot } from "react-dom/client";
import { spawnSandboxWorker } from "./sandbox-worker";

// UI code evaluated in the browser's sandbox (QuickJS in a Web Worker started from a blob: URL: this document has an
// opaque origin), no key needed: type on the left, the screen renders on the right as each keystroke's code evaluates
// (a prefix renders what it has so far). A worker whose code overruns its deadline is terminated and replaced.
const textarea = document.getElementById("code") as HTMLTextAreaElement;
const status = document.getElementById("status")!;
const preview = createRoot(document.getElementById("preview")!);
injectStyles(document);
const evaluator = new WorkerEvaluator(() => spawnSandboxWorker("genui-playground"));
let screen: Screen | null = null;
let latest = 0;

async function update() {
  const mine = ++latest;
  let answer;
  try {
    answer = await evaluator.evaluatePrefix(textarea.value);
  } catch (e) {
    status.className = "pg-status pg-error";
    status.textContent = e instanceof Error ? e.message : String(e);
    return;
  }
  const { result, ms } = answer;
  if (mine !== latest) return;
  if (result.ok) {
    screen = result.screen;
    status.className = "pg-status";
    status.textContent = `Evaluated in ${ms.toFixed(1)} ms${result.repairs.length ? ` · ${result.repairs.length} repaired` : ""}`;
  } else {
    status.className = "pg-status pg-error";
    status.textContent = `${result.error.kind}: ${result.error.message}`;
  }
  preview.render(<ScreenView screen={screen} />);
}

textarea.value = new URL(location.href).searchParams.get("code") ?? DSL_EXAMPLE;
textarea.addEventListener("input", () => void update());
void update();
