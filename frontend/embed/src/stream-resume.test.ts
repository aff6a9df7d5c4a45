/**
 * @jest-environment node
 */
// Node's environment: a fetch Response around the event stream (jsdom has none).
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import { contentPieces } from "@genui/ui-runtime/stream";
import { contentOf } from "./stream";

const UI = 'screen("Weather", [\n  heading("Berlin", { level: 1 }),\n  text("Sunny 😀, 21 °C"),\n]);\n';

async function finalScreen(code: string) {
  const ev = createNodeEvaluator({ timeoutMs: 1000 });
  const r = await ev.evaluate(code);
  ev.dispose();
  if (!r.ok) throw new Error(r.error.message);
  return r.screen;
}

describe("streaming mode, resumed", () => {
  it("when a response stream's connection drops mid-answer, then it is resumed after the last whole event and the pieces come out once", async () => {
    const json = await finalScreen(UI);
    const pieces = contentPieces({ code: UI, json }, { size: 6 });
    const id = `chatcmpl-${"c3".repeat(16)}`;
    const events = [
      ...pieces.map((content) => JSON.stringify({ id, choices: [{ index: 0, delta: { content } }] })),
      "[DONE]",
    ].map((data, i) => `id: ${i + 1}\ndata: ${data}\n\n`);
    const enc = new TextEncoder();
    // Three whole events and part of the fourth, then the connection fails.
    const cut = new ReadableStream<Uint8Array>({
      // (An error in the same turn would drop the queued bytes: the stream fails at the next read.)
      start(c) {
        c.enqueue(enc.encode(events.slice(0, 3).join("") + events[3]!.slice(0, 12)));
      },
      pull(c) {
        c.error(new TypeError("network error"));
      },
    });
    const asked: [string, number][] = [];
    const resume = (completionId: string, after: number) => {
      asked.push([completionId, after]);
      return Promise.resolve(new Response(events.slice(after).join(""), { headers: { "content-type": "text/event-stream" } }));
    };
    const first = new Response(cut);
    const got: string[] = [];
    for await (const p of contentOf(first, resume)) got.push(p);
    expect(asked).toEqual([[id, 3]]);
    expect(got).toEqual(pieces);
  });

  it("when the resume is refused, then the stream fails with the server's message", async () => {
    const id = `chatcmpl-${"d4".repeat(16)}`;
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(
          new TextEncoder().encode(
            `id: 1\ndata: ${JSON.stringify({ id, choices: [{ index: 0, delta: { content: '{"code":"' } }] })}\n\n`,
          ),
        );
      },
      pull(c) {
        c.error(new TypeError("network error"));
      },
    });
    const refused = () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { message: `No chat completion found with id '${id}'.` } }), { status: 404 }),
      );
    const read = async () => {
      for await (const _ of contentOf(new Response(cut), refused)) void _;
    };
    await expect(read()).rejects.toThrow(/No chat completion found/);
  });
});
