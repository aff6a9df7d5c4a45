import { ReadableStream } from "node:stream/web";
import { TextDecoder, TextEncoder } from "node:util";
import type { Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { contentPieces } from "@genui/ui-runtime/stream";
import { createGenUIFrame, type GenUIFrame } from "./host";
import { StreamRun, contentOf, sseData, type GenUIStreamAnswer, type GenUIStreamEvaluator } from "./stream";

// jsdom has no TextDecoder; the SSE reader uses the platform's.
Object.assign(globalThis, { TextDecoder });

const UI =
  'screen("Weather", [\n  heading("Berlin \\"today\\"", { level: 1 }),\n  text("Sunny 😀, 21 °C"),\n  button("Refresh", { onPress: "refresh" }),\n]);\n';

/** The real UI code sandbox (Node's QuickJS build) as the stream's evaluator: the same sessions the worker runs. */
function nodeEvaluator(): GenUIStreamEvaluator & { dispose(): void } {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  return {
    session() {
      const s = ev.stream();
      return { push: async (prefix: string) => ({ result: await s.push(prefix), ms: 0 }), close: () => s.dispose() };
    },
    dispose: () => ev.dispose(),
  };
}

async function finalScreen(code: string): Promise<Screen> {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  const r = await ev.evaluate(code);
  ev.dispose();
  if (!r.ok) throw new Error(r.error.message);
  return r.screen;
}

/**
 * Chat completion chunks like the openai client yields them, one per piece, with a role chunk first. `holdLast`, when
 * given, holds the last piece back (at most 10 s) until it answers true — so a busy machine cannot evaluate nothing
 * before the stream ends.
 */
async function* chunks(pieces: string[], holdLast?: () => boolean): AsyncGenerator<unknown> {
  yield { id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] };
  for (const [i, content] of pieces.entries()) {
    await new Promise((r) => setTimeout(r, 1));
    const last = i === pieces.length - 1;
    for (const until = Date.now() + 10_000; last && holdLast && !holdLast() && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 10));
    yield {
      id: "c",
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { content }, finish_reason: last ? "stop" : null }],
    };
  }
}

const sseBody = (text: string, cut: number) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += cut) c.enqueue(bytes.slice(i, i + cut));
      c.close();
    },
  });

function run(evaluator: GenUIStreamEvaluator) {
  const shown: Screen[] = [];
  const errors: string[] = [];
  const done: GenUIStreamAnswer[] = [];
  const r = new StreamRun({
    show: (s) => shown.push(s),
    error: (m) => errors.push(m),
    complete: (a) => done.push(a),
    evaluator: () => evaluator,
  });
  return { r, shown, errors, done };
}

describe("streaming mode: reading a streamed completion", () => {
  it("when the openai client's chunks stream an answer, then partial screens are drawn before the end and the final json last", async () => {
    const json = await finalScreen(UI);
    const ev = nodeEvaluator();
    const { r, shown, errors, done } = run(ev);
    await r.consume(chunks(contentPieces({ code: UI, json }, { size: 5 }), () => shown.length > 0));
    ev.dispose();
    expect(errors).toEqual([]);
    expect(shown.length).toBeGreaterThan(1);
    // A screen with fewer components than the final one was drawn first: the screen grew as the code streamed.
    expect(shown[0]!.screen.v1.length).toBeLessThan(json.screen.v1.length);
    expect(shown.at(-1)).toEqual(json);
    expect(done).toEqual([{ code: UI, json }]);
  });

  it("when the server repairs the code, then the repaired code is drawn and the answer carries both codes", async () => {
    const repaired = 'screen("Fixed", [text("repaired")]);';
    const json = await finalScreen(repaired);
    const ev = nodeEvaluator();
    const { r, shown, done } = run(ev);
    await r.consume(
      chunks(contentPieces({ code: 'screen("Broken", [text(oops)]);', repaired_code: repaired, json }, { size: 3 })),
    );
    ev.dispose();
    expect(shown.at(-1)).toEqual(json);
    expect(done[0]).toEqual({ code: 'screen("Broken", [text(oops)]);', repaired_code: repaired, json });
  });

  it("when an SSE body is cut into 7-byte reads (mid-event, mid-UTF-8 character), then the content pieces come out whole", async () => {
    const json = await finalScreen(UI);
    const pieces = contentPieces({ code: UI, json }, { size: 4 });
    const events = pieces.map((content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
    const body = `: keep-alive\n\n${events.join("")}data: [DONE]\n\n`;
    const seen: unknown[] = [];
    for await (const e of sseData(sseBody(body, 7) as unknown as globalThis.ReadableStream<Uint8Array>)) seen.push(e);
    expect(seen).toHaveLength(pieces.length);
    const got: string[] = [];
    for await (const p of contentOf(chunks(pieces))) got.push(p);
    expect(got.join("")).toBe(JSON.stringify({ code: UI, json }));
  });

  it("when the stream sends an error event after it started, then the run reports the server's message", async () => {
    const ev = nodeEvaluator();
    const { r, errors } = run(ev);
    async function* failing() {
      yield { choices: [{ delta: { content: '{"code":"screen(' } }] };
      yield { error: { message: "The model stopped answering.", type: "server_error", param: null, code: null } };
    }
    await r.consume(failing());
    ev.dispose();
    expect(errors).toEqual(["GenUI: the stream failed: The model stopped answering."]);
  });

  it("when the stream ends before the json piece, then the run says the answer is incomplete", async () => {
    const json = await finalScreen(UI);
    const ev = nodeEvaluator();
    const { r, errors, done } = run(ev);
    await r.consume(chunks(contentPieces({ code: UI, json }).slice(0, -1)));
    ev.dispose();
    expect(done).toEqual([]);
    expect(errors[0]).toMatch(/ended before the answer was complete/);
  });

  it("when the sandbox dies mid-answer, then the run ends with the error and draws nothing more", async () => {
    const json = await finalScreen(UI);
    const dying: GenUIStreamEvaluator = {
      session: () => ({
        push: () => Promise.reject(new Error("the sandbox worker died")),
        close: () => undefined,
      }),
    };
    const { r, shown, errors, done } = run(dying);
    await r.consume(chunks(contentPieces({ code: UI, json }, { size: 8 })));
    expect(errors).toEqual(["GenUI: the sandbox worker died"]);
    expect(shown).toEqual([]);
    expect(done).toEqual([]);
  });

  it("when the complete answer's json is null, then the run says it carries no screen", async () => {
    const ev = nodeEvaluator();
    const { r, errors, done } = run(ev);
    await r.consume(chunks(['{"code":"screen(\\"x\\", [])","json":null}']));
    ev.dispose();
    expect(done).toEqual([]);
    expect(errors).toEqual(["GenUI: the streamed content is complete but carries no screen json"]);
  });
});

describe("streaming mode in the host controller", () => {
  let frame: GenUIFrame | undefined;
  afterEach(() => frame?.destroy());

  it("when a text stream is not in the layout and debug is on, then the error band shows why", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const onError = jest.fn();
    frame = createGenUIFrame(container, {
      apiBase: "https://api.genui.test",
      debug: true,
      onError,
      streamEvaluator: nodeEvaluator(),
    });
    frame.stream('{"json":{"name":"x"}}');
    const band = container.querySelector<HTMLElement>('[role="alert"].genui-error')!;
    expect(band.hidden).toBe(false);
    expect(band.textContent).toMatch(/not in the GenUI layout/);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("when the accumulated text grows until complete, then the final screen is posted to the iframe", async () => {
    const json = await finalScreen(UI);
    const container = document.createElement("div");
    document.body.append(container);
    const done = jest.fn();
    frame = createGenUIFrame(container, {
      apiBase: "https://api.genui.test",
      streamEvaluator: nodeEvaluator(),
      onStreamComplete: done,
    });
    const posted = jest.spyOn(frame.iframe.contentWindow!, "postMessage").mockImplementation(() => undefined);
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { source: "genui", type: "READY" },
        origin: "null",
        source: frame.iframe.contentWindow,
      }),
    );
    let text = "";
    for (const p of contentPieces({ code: UI, json }, { size: 8 })) {
      text += p;
      frame.stream(text);
    }
    expect(done).toHaveBeenCalledWith({ code: UI, json });
    const last = posted.mock.calls
      .map(([m]) => m as { type: string; json?: Screen })
      .filter((m) => m.type === "RENDER")
      .at(-1);
    expect(last?.json).toEqual(json);
  });
});
