import { WorkerEvaluator } from "@genui/ui-runtime/stream";
import EvaluatorWorker from "@genui/ui-runtime/worker?worker";
import type { ChatEvaluator } from "./api";

/**
 * The chat's UI code sandbox for streamed deltas: the same worker as the playground's preview (QuickJS in a Web
 * Worker), started when the chat opens so its sandbox is ready before the first answer. A worker that cannot start
 * fails every push (the answer then shows once it is complete).
 */
export function startChatEvaluator(): ChatEvaluator & { terminate(): void } {
  const client = new WorkerEvaluator(() => new EvaluatorWorker({ name: "genui-chat-stream" }), {
    failure: "The sandbox could not start in this browser",
  });
  return { session: () => client.session(), terminate: () => client.terminate() };
}
