import { EventEmitter } from "node:events";
import type { Response } from "express";
import type { ResumableAnswers } from "../use-cases/resumable-answers";
import type { RelayedAnswer } from "../transport/answer-relay";
import { requestIdOf, stopUnlessResumed } from "./resume";

/** An answer under way whose `cancel` is watched, a response that can drop, and the reader Redis would answer. */
function setup(stillReader: boolean) {
  const res = new EventEmitter() as unknown as Response;
  let cancelled!: () => void;
  const cancel = new Promise<void>((resolve) => (cancelled = resolve));
  const answer = { ended: false, job: { requestId: "r1" }, cancel: jest.fn(async () => cancelled()) };
  let asked!: (reader: string) => void;
  const askedFor = new Promise<string>((resolve) => (asked = resolve));
  const log = {
    isReader: jest.fn(async (_id: string, reader: string) => {
      asked(reader);
      return stillReader;
    }),
  };
  stopUnlessResumed(res, answer as unknown as RelayedAnswer, log as unknown as ResumableAnswers, "tok-1", 0);
  return { res: res as unknown as EventEmitter, answer, log, cancel, askedFor };
}

describe("a resumable answer whose connection dropped", () => {
  it("when nobody resumed it within the grace, then it is stopped", async () => {
    const s = setup(true);
    s.res.emit("close");
    await s.cancel;
    expect(s.log.isReader).toHaveBeenCalledWith("r1", "tok-1");
    expect(s.answer.cancel).toHaveBeenCalledTimes(1);
  });

  it("when another request resumed it meanwhile, then it goes on", async () => {
    const s = setup(false);
    s.res.emit("close");
    expect(await s.askedFor).toBe("tok-1");
    // The decision follows the answer of Redis within the same turns of the event loop.
    await new Promise((r) => setImmediate(r));
    expect(s.answer.cancel).not.toHaveBeenCalled();
  });

  it("when it had ended before the connection dropped, then nothing is asked or stopped", () => {
    const s = setup(true);
    s.answer.ended = true;
    s.res.emit("close");
    expect(s.log.isReader).not.toHaveBeenCalled();
    expect(s.answer.cancel).not.toHaveBeenCalled();
  });
});

describe("completion ids", () => {
  it("when an id is ours, then its request id comes out; anything else is no id", () => {
    expect(requestIdOf(`chatcmpl-${"0123456789abcdef".repeat(2)}`)).toBe("01234567-89ab-cdef-0123-456789abcdef");
    for (const bad of ["chatcmpl-xyz", `chatcmpl-${"A".repeat(32)}`, "", `x${"0".repeat(32)}`])
      expect(requestIdOf(bad)).toBeUndefined();
  });
});
