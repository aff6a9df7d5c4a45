import { WorkerEvaluator, type WorkerLike } from "./client";
import type { WorkerRequest } from "./protocol";

/** A worker stand-in whose script "fails to load" on demand; requests it receives are kept. */
class BrokenWorker implements WorkerLike {
  readonly received: WorkerRequest[] = [];
  private onError?: (e: { message?: string; preventDefault?(): void }) => void;
  defaultPrevented = false;
  postMessage(m: WorkerRequest): void {
    this.received.push(m);
  }
  addEventListener(type: "message" | "error", listener: (e: never) => void): void {
    // Messages never come from a worker that did not start.
    if (type === "error") this.onError = listener as (e: { message?: string; preventDefault?(): void }) => void;
  }
  terminate(): void {}
  fail(message: string): void {
    this.onError?.({ message, preventDefault: () => (this.defaultPrevented = true) });
  }
}

describe("WorkerEvaluator when its worker cannot run", () => {
  it("when the worker fails while a push waits, then the push and every later one reject with the reason", async () => {
    const worker = new BrokenWorker();
    const client = new WorkerEvaluator(worker, "The sandbox could not start");
    const session = client.session();
    const waiting = session.push('text("a")');
    worker.fail("WebAssembly is blocked");
    await expect(waiting).rejects.toThrow("The sandbox could not start (WebAssembly is blocked).");
    await expect(session.push('text("a")\ntext("b")')).rejects.toThrow("could not start");
    await expect(client.evaluate('text("c")')).rejects.toThrow("could not start");
    // The page handles it: the browser does not also report the worker's error as uncaught.
    expect(worker.defaultPrevented).toBe(true);
    // Closing a session of a failed worker is quiet.
    expect(() => session.close()).not.toThrow();
    expect(worker.received).toHaveLength(1);
  });

  it("when the worker's error has no message, then the reason says its script did not load", async () => {
    const worker = new BrokenWorker();
    const client = new WorkerEvaluator(worker);
    worker.fail("");
    await expect(client.evaluatePrefix("x")).rejects.toThrow(
      "The UI code sandbox could not run (its worker script did not load).",
    );
  });
});
