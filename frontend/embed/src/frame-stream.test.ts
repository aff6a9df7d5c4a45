import type { Screen } from "@genui/ui-runtime";
import { contentPieces } from "@genui/ui-runtime/stream";
import { createGenUIFrame, type GenUIFrame } from "./host";

/**
 * Streaming mode's default evaluator: the iframe's own sandbox. The host sends each code prefix to the iframe
 * (EVALUATE), the iframe evaluates and draws it and answers EVALUATED; the host never evaluates code itself.
 */

const API = "https://api.genui.test";
const PREFIX_SCREEN: Screen = { name: "So far", screen: { v1: [{ name: "t", component: "heading", value: "Hello" }] } };
const FINAL: Screen = { name: "Final", screen: { v1: [{ name: "t", component: "heading", value: "Hello there" }] } };
const CODE = 'heading("Hello there")\n';

type Sent = { type: string; stream?: number; id?: number; code?: string; json?: Screen };

let frame: GenUIFrame | undefined;
afterEach(() => {
  frame?.destroy();
  frame = undefined;
  document.body.innerHTML = "";
  jest.restoreAllMocks();
});

function setup(opts: { debug?: boolean; contentBase?: string } = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const onError = jest.fn();
  const done = jest.fn();
  frame = createGenUIFrame(container, { apiBase: API, onError, onStreamComplete: done, ...opts });
  const win = frame.iframe.contentWindow!;
  const posted = jest.spyOn(win, "postMessage").mockImplementation(() => undefined);
  const sent = (): Sent[] => posted.mock.calls.map(([m]) => m as Sent);
  const fromFrame = (data: Record<string, unknown>, origin = "null") =>
    window.dispatchEvent(new MessageEvent("message", { data: { source: "genui", ...data }, origin, source: win }));
  const band = () => container.querySelector<HTMLElement>('[role="alert"].genui-error')!;
  return { frame, win, sent, fromFrame, onError, done, band };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("streaming mode evaluates inside the iframe", () => {
  it("when a stream starts before READY, then its prefix goes to the iframe once READY, and a drawn screen is not sent back", async () => {
    const { frame, sent, fromFrame, done } = setup();
    const pieces = contentPieces({ code: CODE, json: FINAL }, { size: 6 });
    let text = pieces.slice(0, 3).join("");
    frame.stream(text);
    await flush();
    expect(sent()).toEqual([]);
    fromFrame({ type: "READY" });
    const first = sent().filter((m) => m.type === "EVALUATE");
    expect(first).toHaveLength(1);
    expect(first[0]).toEqual({ source: "genui", type: "EVALUATE", stream: 1, id: 1, code: expect.any(String) as unknown });
    // The code so far, unescaped from the content text.
    expect(first[0]!.code).not.toBe("");
    expect(CODE.startsWith(first[0]!.code!)).toBe(true);

    fromFrame({ type: "EVALUATED", stream: 1, id: 1, screen: PREFIX_SCREEN, ms: 2 });
    await flush();
    // The iframe drew it already: no RENDER of it.
    expect(sent().filter((m) => m.type === "RENDER")).toEqual([]);

    for (const p of pieces.slice(3)) {
      text += p;
      frame.stream(text);
    }
    await flush();
    expect(done).toHaveBeenCalledWith({ code: CODE, json: FINAL });
    const tail = sent().slice(-2);
    expect(tail).toEqual([
      { source: "genui", type: "END_STREAM", stream: 1 },
      { source: "genui", type: "RENDER", json: FINAL },
    ]);
  });

  it("when the iframe stopped the code at its time limit, then debug mode says so once and the final screen still comes", async () => {
    const { frame, sent, fromFrame, done, onError, band } = setup({ debug: true });
    fromFrame({ type: "READY" });
    const pieces = contentPieces({ code: 'heading("a")\ntext(String(s.indexOf(t)))\nheading("b")\n', json: FINAL }, { size: 8 });
    let text = "";
    const stopped = { kind: "timeout", message: "code ran past its time limit of 250 ms and was stopped" };
    for (const p of pieces.slice(0, -1)) {
      text += p;
      frame.stream(text);
      await flush();
      for (const m of sent().filter((x) => x.type === "EVALUATE"))
        fromFrame({ type: "EVALUATED", stream: m.stream, id: m.id, error: stopped, ms: 300 });
      await flush();
    }
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      "GenUI: streaming stopped evaluating the UI code: code ran past its time limit of 250 ms and was stopped.",
    );
    expect(band().hidden).toBe(false);
    frame.stream(text + pieces.at(-1)!);
    await flush();
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ json: FINAL }));
    expect(sent().at(-1)).toEqual({ source: "genui", type: "RENDER", json: FINAL });
    expect(band().hidden).toBe(true);
  });

  it("when the iframe's sandbox cannot run, then the stream reports it as an error", async () => {
    const { frame, sent, fromFrame, onError } = setup();
    fromFrame({ type: "READY" });
    frame.stream('{"code":"heading(\\"x\\")\\n');
    await flush();
    const [m] = sent().filter((x) => x.type === "EVALUATE");
    fromFrame({
      type: "EVALUATED",
      stream: m!.stream,
      id: m!.id,
      error: { kind: "unavailable", message: "the iframe's UI code sandbox could not run (no WebAssembly)." },
      ms: 0,
    });
    await flush();
    expect(onError).toHaveBeenCalledWith("GenUI: the iframe's UI code sandbox could not run (no WebAssembly).");
  });

  it("when an answer comes from another window or origin, then it is ignored", async () => {
    const { frame, sent, fromFrame, win } = setup({ contentBase: "https://frames.genui.test" });
    expect(new URL(frame.iframe.src).origin).toBe("https://frames.genui.test");
    fromFrame({ type: "READY" }, "https://frames.genui.test");
    frame.stream('{"code":"heading(\\"x\\")\\n');
    await flush();
    const [m] = sent().filter((x) => x.type === "EVALUATE");
    const answer = { source: "genui", type: "EVALUATED", stream: m!.stream, id: m!.id, screen: PREFIX_SCREEN, ms: 1 };
    window.dispatchEvent(new MessageEvent("message", { data: answer, origin: "null", source: window }));
    window.dispatchEvent(new MessageEvent("message", { data: answer, origin: API, source: win }));
    await flush();
    frame.stream('{"code":"heading(\\"x\\")\\nheading(\\"y\\")\\n');
    await flush();
    // The first push is still waiting, so no second prefix went out.
    expect(sent().filter((x) => x.type === "EVALUATE")).toHaveLength(1);
    fromFrame({ type: "EVALUATED", stream: m!.stream, id: m!.id, screen: PREFIX_SCREEN, ms: 1 }, "https://frames.genui.test");
    await flush();
    expect(sent().filter((x) => x.type === "EVALUATE")).toHaveLength(2);
  });
});
