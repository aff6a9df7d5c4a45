import http from "node:http";
import zlib from "node:zlib";
import type { GenerateRequest, Provider, ProviderEvent } from "../../services/generation/src/worker/providers/provider";
import { newDeveloper, type Developer } from "../support/developer";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

const MODEL = "genui-pluto-0.1";
const API = "/apps/api/v1";

/** Answers `text("first")`, then waits until the test opens the gate (or the request ends), then the rest. */
class GatedProvider implements Provider {
  readonly name = "gated";
  private open: () => void = () => undefined;
  private gate: Promise<void> = Promise.resolve();

  /** The next answer holds after its first piece until `release()`. */
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open();
  }

  async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
    yield { type: "code", text: 'text("first")\n' };
    await Promise.race([this.gate, new Promise((r) => req.signal.addEventListener("abort", r, { once: true }))]);
    for (let i = 0; i < 5; i++) yield { type: "code", text: `text("line ${i}")\n` };
    yield { type: "usage", inputTokens: 10, outputTokens: 6 };
  }
}

interface Chunk {
  choices: { delta: { content?: string | null } }[];
}

/**
 * How event streams cross HTTP (docs/api.md, "Streaming"): gzip for clients that accept it, with every event
 * readable as soon as it is written; plain otherwise; and clients that close their connection after each request.
 */
describe("event streams on the wire", () => {
  let stack: Stack;
  let dev: Developer;
  const provider = new GatedProvider();

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 0 } });
    await stack.addWorker(provider, { GEN_DELTA_INTERVAL_MS: "0" });
    dev = await newDeveloper(stack, 10_000_000);
  }, 120_000);
  afterAll(async () => stack.stop());

  /**
   * A streamed completion read as it arrives, on a connection of its own. `onText` sees the decoded text so far after
   * every received block.
   */
  const stream = (headers: Record<string, string>, onText: (text: string) => void = () => undefined) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; wire: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "A screen" }], stream: true });
      const req = http.request(
        new URL(`${stack.bff.url}${API}/chat/completions`),
        {
          method: "POST",
          agent: false,
          headers: {
            authorization: `Bearer ${dev.apiKey}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            ...headers,
          },
        },
        (res) => {
          let wire = 0;
          let text = "";
          res.on("data", (b: Buffer) => (wire += b.length));
          const decoded = res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
          decoded.on("data", (b: Buffer) => {
            text += b.toString("utf8");
            onText(text);
          });
          decoded.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, text }));
          decoded.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

  const piecesOf = (text: string) =>
    parseEventStream(text)
      .data.filter((d) => d !== "[DONE]")
      .flatMap((d) => {
        const c = (JSON.parse(d) as Chunk).choices[0]?.delta.content;
        return c ? [c] : [];
      });

  const nonStreaming = async () => {
    const res = await fetch(`${stack.bff.url}${API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "A screen" }] }),
    });
    return ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
  };

  it("when a client accepts gzip, then the stream arrives compressed and its first piece is readable while the model is still held", async () => {
    provider.hold();
    let sawFirstPiece = false;
    const answer = await stream({ "accept-encoding": "gzip, deflate" }, (text) => {
      // The model waits after its first piece: the answer can only end if that piece reached us through the
      // compressor (a flush per batch of events), so we release it only then.
      if (!sawFirstPiece && piecesOf(text).join("").includes('text(\\"first\\")')) {
        sawFirstPiece = true;
        provider.release();
      }
    });
    expect(sawFirstPiece).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    expect(piecesOf(answer.text).join("")).toBe(await nonStreaming());
    expect(answer.wire).toBeLessThan(Buffer.byteLength(answer.text));
  });

  it("when a client does not accept gzip, then the stream is plain text", async () => {
    const answer = await stream({ "accept-encoding": "identity" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.wire).toBe(Buffer.byteLength(answer.text));
    expect(piecesOf(answer.text).join("")).toBe(await nonStreaming());
  });

  it("when clients that close their connection after each request stream one after another, then every answer is complete", async () => {
    // Such a client once made the next request on the edge's pooled connection answer 400 (the stream's response
    // claimed keep-alive on a connection the service then closed).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await stream({ connection: "close", "accept-encoding": i % 2 ? "gzip" : "identity" });
      statuses.push(answer.status);
      expect(answer.text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});
