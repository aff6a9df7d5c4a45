import http from "node:http";
import type { AddressInfo } from "node:net";
import { eventually } from "@genui/testkit";
import {
  UpstreamConnectionError,
  UpstreamStatusError,
  UpstreamStreamError,
  requestBody,
  streamChatCompletion,
  upstreamAgents,
} from "./upstream-stream";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";

/** An upstream that writes `parts` (raw bytes of the answer) one by one, a few ms apart. */
async function upstream(
  status: number,
  parts: string[],
  headers: Record<string, string> = { "content-type": "text/event-stream" },
) {
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString("utf8")));
    req.on("end", async () => {
      seen.push({ headers: req.headers, body });
      res.writeHead(status, headers);
      for (const p of parts) {
        if (res.destroyed) {
          cutShort++;
          break;
        }
        res.write(p);
        await new Promise((r) => setTimeout(r, 2));
      }
      res.end();
    });
  });
  let connections = 0;
  let cutShort = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const close = () => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  };
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`,
    seen,
    close,
    /** TCP connections the upstream has accepted so far. */
    connections: () => connections,
    /** Answers whose connection was closed by the client before the upstream had written them all. */
    cutShort: () => cutShort,
  };
}

const chunk = (content: string) =>
  JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content } }] });
const params = { model: "m", messages: [{ role: "user" as const, content: "hi" }], stream: true as const };

/** Connections to `baseURL`'s host waiting in the worker's pool. */
const pooled = (baseURL: string) => {
  const u = new URL(baseURL);
  return Object.entries(upstreamAgents["http:"].freeSockets)
    .filter(([name]) => name.startsWith(`${u.hostname}:${u.port}:`))
    .reduce((n, [, sockets]) => n + (sockets?.length ?? 0), 0);
};

async function collect(baseURL: string, signal = new AbortController().signal) {
  const out: string[] = [];
  for await (const c of streamChatCompletion({ baseURL, apiKey: "sk-test" }, params, signal))
    out.push(c.choices[0]?.delta.content ?? "");
  return out;
}

describe("streamChatCompletion (the worker's upstream call)", () => {
  it("when events arrive split anywhere, with CRLF, comments and multi-line data, then each chunk is parsed once, in order, until [DONE]", async () => {
    const text =
      `: keep-alive\r\n\r\ndata: ${chunk("a")}\r\n\r\n` +
      `event: message\ndata: ${chunk("b\nc")}\n\n` +
      // One event's JSON over two data lines (joined by a newline, which JSON allows between tokens).
      `data: {"id":"c1","object":"chat.completion.chunk",\ndata: "choices":[{"index":0,"delta":{"content":"d"}}]}\n\n` +
      `data: [DONE]\n\ndata: ${chunk("after done")}\n\n`;
    const parts = [];
    for (let i = 0; i < text.length; i += 7) parts.push(text.slice(i, i + 7));
    const up = await upstream(200, parts);
    expect(await collect(up.baseURL)).toEqual(["a", "b\nc", "d"]);
    expect(up.seen[0]!.headers.authorization).toBe("Bearer sk-test");
    expect(JSON.parse(up.seen[0]!.body)).toEqual(params);
    await up.close();
  });

  it("when answers are read to [DONE] one after another, with the body's end after it, then they share one kept-alive connection, also when the signal aborts after each", async () => {
    // [DONE], then (a few ms later, as upstreams do) the end of the chunked body.
    const up = await upstream(200, [`data: ${chunk("a")}\n\n`, "data: [DONE]\n\n"]);
    for (let i = 0; i < 6; i++) {
      const ctl = new AbortController();
      expect(await collect(up.baseURL, ctl.signal)).toEqual(["a"]);
      // The caller is done with the call: its signal no longer reaches a request whose answer was complete.
      if (i % 2) ctl.abort();
      // The next call starts once this one's body has ended and its connection is back in the pool.
      expect(
        await eventually(
          () => pooled(up.baseURL),
          (n) => n === 1,
        ),
      ).toBe(1);
    }
    expect(up.connections()).toBe(1);
    await up.close();
  });

  it("when the upstream answers an error status, then its message and status are given", async () => {
    const up = await upstream(429, [JSON.stringify({ error: { message: "Rate limit reached." } })], {
      "content-type": "application/json",
    });
    const err = await collect(up.baseURL).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamStatusError);
    expect(err).toMatchObject({ status: 429, message: "Rate limit reached." });
    await up.close();
  });

  it("when the stream carries an error event, then it ends with that error after the chunks before it", async () => {
    const up = await upstream(200, [`data: ${chunk("a")}\n\n`, `data: {"error":{"message":"overloaded"}}\n\n`]);
    const got: string[] = [];
    const err = await (async () => {
      for await (const c of streamChatCompletion({ baseURL: up.baseURL, apiKey: "k" }, params, new AbortController().signal))
        got.push(c.choices[0]!.delta.content!);
    })().catch((e: unknown) => e);
    expect(got).toEqual(["a"]);
    expect(err).toBeInstanceOf(UpstreamStreamError);
    expect((err as Error).message).toBe("overloaded");
    await up.close();
  });

  it("when an event is JSON but not a chunk, then the stream ends with a clear error", async () => {
    for (const bad of ["[1,2]", "42", '{"choices":{"0":{}}}']) {
      const up = await upstream(200, [`data: ${bad}\n\n`]);
      const err = await collect(up.baseURL).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamStreamError);
      expect((err as Error).message).toMatch(/not a chunk|not a list/);
      await up.close();
    }
  });

  it("when nothing listens, then it is a connection error", async () => {
    const up = await upstream(200, []);
    await up.close();
    await expect(collect(up.baseURL)).rejects.toBeInstanceOf(UpstreamConnectionError);
  });

  it("when the upstream has dropped a kept-alive connection as it is reused, then the call goes again on a new connection (once per stale one); a new connection's reset is an error", async () => {
    // Answers the first request of each connection; a later request on a connection is reset unanswered, as a server
    // that closed the idle connection the moment the worker's next call went out on it.
    let resetReused = true;
    const served = new WeakMap<object, number>();
    let resets = 0;
    let connections = 0;
    let together = 2;
    const waiting: (() => void)[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const n = (served.get(req.socket) ?? 0) + 1;
        served.set(req.socket, n);
        if (n > 1 || !resetReused) {
          resets++;
          req.socket.resetAndDestroy();
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream" });
        // Answered once two calls are in (they hold a connection each).
        waiting.push(() => res.end(`data: ${chunk("a")}\n\ndata: [DONE]\n\n`));
        if (waiting.length >= together) waiting.splice(0).forEach((answer) => answer());
      });
    });
    server.on("connection", () => connections++);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
    try {
      // Two connections in the pool: two calls at once.
      expect(await Promise.all([collect(baseURL), collect(baseURL)])).toEqual([["a"], ["a"]]);
      expect(
        await eventually(
          () => pooled(baseURL),
          (n) => n === 2,
        ),
      ).toBe(2);
      together = 1;
      // Both kept connections are stale: the call meets both resets, then answers on a new connection.
      expect(await collect(baseURL)).toEqual(["a"]);
      expect(resets).toBe(2);
      expect(connections).toBe(3);
      // A new connection that is reset is the upstream's failure: no second try. (The last answer's connection back
      // in the pool first, then the pool emptied: the next call opens one.)
      resetReused = false;
      expect(
        await eventually(
          () => pooled(baseURL),
          (n) => n === 1,
        ),
      ).toBe(1);
      upstreamAgents["http:"].destroy();
      await expect(collect(baseURL)).rejects.toBeInstanceOf(UpstreamConnectionError);
      expect(resets).toBe(3);
      expect(connections).toBe(4);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("when the signal aborts mid-stream, then the pending read rejects and the connection is closed before the upstream has finished", async () => {
    // 500 comments after the first chunk, a few ms apart: an answer that would take seconds to its end.
    const up = await upstream(200, [`data: ${chunk("a")}\n\n`, ...Array.from({ length: 500 }, () => ": wait\n\n")]);
    const ctl = new AbortController();
    const err = await (async () => {
      for await (const _ of streamChatCompletion({ baseURL: up.baseURL, apiKey: "k" }, params, ctl.signal)) ctl.abort();
    })().catch((e: unknown) => e);
    // The read fails (the connection is torn down); the caller knows it asked for it from its signal.
    expect(String(err)).toMatch(/abort|reset|closed/i);
    // The upstream sees its answer's connection gone with comments still to write (a read waiting for the body's end
    // would instead have let it write them all).
    expect(
      await eventually(
        () => up.cutShort(),
        (n) => n === 1,
      ),
    ).toBe(1);
    await up.close();
  });
});

describe("requestBody (the upstream call's body, its long system prompt encoded once)", () => {
  // Quotes, backslashes, newlines, characters outside Latin-1 and a lone surrogate: everything JSON escapes or encodes.
  const prompt = (n: number) => `You write UI code — "screens" → ${"\\ \n ✓ 😀 \u0001 "}${"x".repeat(2000)} #${n} \ud800 end`;
  const call = (system: string | undefined, user: string, extra: Partial<ChatCompletionCreateParamsStreaming> = {}) =>
    ({
      model: "m",
      messages: [
        ...(system === undefined ? [] : [{ role: "system" as const, content: system }]),
        { role: "user" as const, content: user },
      ],
      stream: true,
      stream_options: { include_usage: true },
      ...extra,
    }) as ChatCompletionCreateParamsStreaming;
  const asJson = (p: ChatCompletionCreateParamsStreaming) => Buffer.from(JSON.stringify(p));

  it("when the system prompt is long, short or absent, then the body is JSON.stringify's, byte for byte, call after call", () => {
    const cases = [
      call(prompt(1), "a weather screen"),
      call(prompt(1), 'a todo list with a \u0000 and "quotes"'),
      call(prompt(1), "the same prompt again", { max_completion_tokens: 512, tools: [] }),
      call("short", "a form"),
      call(undefined, "no system prompt"),
      {
        ...call(undefined, "a system prompt after the first message"),
        messages: [
          { role: "user", content: "hi" },
          { role: "system", content: prompt(2) },
        ],
      } as ChatCompletionCreateParamsStreaming,
    ];
    for (const p of cases) expect(requestBody(p).equals(asJson(p))).toBe(true);
  });

  it("when more system prompts come than are kept, then each body is still the JSON of its own call", () => {
    for (let round = 0; round < 2; round++)
      for (let n = 0; n < 80; n++) {
        const p = call(prompt(n), `request ${n}`);
        expect(requestBody(p).equals(asJson(p))).toBe(true);
      }
  });

  it("when a call has a long system prompt, then the upstream receives it whole", async () => {
    const up = await upstream(200, [`data: ${chunk("a")}\n\n`, "data: [DONE]\n\n"]);
    const p = call(prompt(3), "hi");
    const out: string[] = [];
    for await (const c of streamChatCompletion({ baseURL: up.baseURL, apiKey: "k" }, p, new AbortController().signal))
      out.push(c.choices[0]?.delta.content ?? "");
    expect(out).toEqual(["a"]);
    expect(up.seen[0]!.body).toBe(JSON.stringify(p));
    expect(JSON.parse(up.seen[0]!.body)).toEqual(p);
    await up.close();
  });
});
