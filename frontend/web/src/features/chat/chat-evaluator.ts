import { WorkerEvaluator, type EvaluatorSession } from "@genui/ui-runtime/stream";
import EvaluatorWorker from "@genui/ui-runtime/worker?worker";
import type { ChatEvaluator } from "./api";

/**
 * The chat's UI code sandbox for streamed deltas: the same worker as the playground's preview (QuickJS in a Web
 * Worker), started when the chat opens so its sandbox is ready before the first answer. A worker that cannot start
 * fails every push (the answer then shows once it is complete).
 */
export function startChatEvaluator(): ChatEvaluator & { terminate(): void } {
  const worker = new EvaluatorWorker({ name: "genui-chat-stream" });
  const client = new WorkerEvaluator(worker);
  let failed: Error | undefined;
  const waiting = new Set<(e: Error) => void>();
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    failed = new Error("The sandbox could not start in this browser.");
    for (const reject of waiting) reject(failed);
    waiting.clear();
  });
  return {
    session(): EvaluatorSession {
      const s = client.session();
      return {
        push: (prefix) =>
          failed
            ? Promise.reject(failed)
            : new Promise((resolve, reject) => {
                waiting.add(reject);
                s.push(prefix).then(
                  (r) => {
                    waiting.delete(reject);
                    resolve(r);
                  },
                  (e: unknown) => {
                    waiting.delete(reject);
                    reject(e instanceof Error ? e : new Error(String(e)));
                  },
                );
              }),
        close: () => s.close(),
      };
    },
    terminate: () => client.terminate(),
  };
}
