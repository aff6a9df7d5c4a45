import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A fake OpenAI-compatible upstream: a real HTTP server speaking the chat completions wire format (streamed and not),
 * scripted per request, so providers are tested against real sockets, real SSE framing and real failures (status
 * codes, hangs, connection resets) without a model. Also the zero-latency baseline of the generation benchmark, so
 * the answer path precomputes its chunk strings and records nothing unless asked.
 */

/** One tool call the fake model makes. */
export interface FakeToolCall {
  /** Default `call_<n>`. */
  id?: string;
  name: string;
  /** The JSON arguments as the model writes them (streamed in `argumentChunks` pieces). */
  arguments: string;
}

/** What the fake answers to one request. Fields compose: reasoning, then content, then tool calls. */
export interface FakeAnswer {
  /** Content text (the UI code), streamed in `chunks` pieces (default 1). */
  content?: string;
  chunks?: number;
  /** Reasoning streamed before the content, in `reasoningChunks` pieces (default 1). */
  reasoning?: string;
  reasoningChunks?: number;
  /** The delta field reasoning goes in: `reasoning_content` (vLLM, DeepSeek, llama.cpp; default) or `reasoning`. */
  reasoningField?: "reasoning_content" | "reasoning";
  /** Tool calls after the content; the answer then finishes with "tool_calls". */
  toolCalls?: FakeToolCall[];
  /** Pieces each tool call's arguments are split into (default 2). */
  argumentChunks?: number;
  /** Default "stop" ("tool_calls" when there are tool calls). */
  finishReason?: "stop" | "length" | "tool_calls" | "content_filter";
  /** Delay before each chunk, in ms (0: everything is written at once). */
  delayMs?: number;
  /**
   * The usage reported (in the usage chunk when the request asks with `stream_options.include_usage`, always in a
   * non-streamed answer): default a rough count of the request and answer; `false` reports none.
   */
  usage?: false | { prompt_tokens: number; completion_tokens: number };
  /** Answer with this HTTP status and an OpenAI error body instead. */
  fail?: { status: number; message: string; type?: string; code?: string | null };
  /** Never answer (no status line); with `afterChunks`, stop writing after that many chunks but keep the socket open. */
  hang?: true | { afterChunks: number };
  /** Reset the connection (TCP RST) after this many chunks. */
  resetAfterChunks?: number;
}

export interface RecordedRequest {
  method: string;
  /** The path with its query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when there was none or it did not parse). */
  body: ChatCompletionRequestBody | undefined;
}

/** The parts of a chat completion request the fake reads; the rest is kept as sent. */
export interface ChatCompletionRequestBody {
  model?: string;
  messages?: { role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  [key: string]: unknown;
}

export interface FakeOpenAIOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** What a request gets when the script queue is empty (default: the content "text(\"ok\")"). */
  defaultAnswer?: FakeAnswer;
  /** Models listed by GET /v1/models (default ["fake-model"]). */
  models?: string[];
  /** Record requests in `requests` (default true; the benchmark server turns it off). */
  record?: boolean;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
}

export interface FakeOpenAI {
  /** The base URL, ending in /v1. */
  url: string;
  port: number;
  /** Every request received, in order (when recording). */
  requests: RecordedRequest[];
  /** Queues answers: each request takes the next one; when none is left, the default answer. */
  script: (...answers: FakeAnswer[]) => void;
  /** Replaces the default answer. */
  setDefault: (answer: FakeAnswer) => void;
  /** Drops queued answers and recorded requests. */
  reset: () => void;
  close(): Promise<void>;
}

/** An answer's chunk strings without the per-request head (id, created, model), computed once per answer. */
interface Prepared {
  /** Each is the JSON text of `choices` plus the closing brace of the chunk object. */
  parts: string[];
  content: string;
  reasoning: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string;
}

const prepared = new WeakMap<FakeAnswer, Prepared>();
let callCounter = 0;

/** Splits text into n pieces of near-equal length (at least one piece, never empty unless the text is). */
export function splitText(text: string, n: number): string[] {
  const count = Math.max(1, Math.min(Math.floor(n) || 1, text.length || 1));
  const out: string[] = [];
  const size = text.length / count;
  for (let i = 0; i < count; i++) out.push(text.slice(Math.round(i * size), Math.round((i + 1) * size)));
  return out;
}

const choice = (delta: Record<string, unknown>, finish: string | null): string =>
  `[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${finish === null ? "null" : JSON.stringify(finish)}}]}\n\n`;

function prepare(a: FakeAnswer): Prepared {
  const cached = prepared.get(a);
  if (cached) return cached;
  const parts: string[] = [];
  const content = a.content ?? "";
  const reasoning = a.reasoning ?? "";
  const toolCalls = (a.toolCalls ?? []).map((t) => ({
    id: t.id ?? `call_${++callCounter}`,
    name: t.name,
    arguments: t.arguments,
  }));
  const finishReason = a.finishReason ?? (toolCalls.length ? "tool_calls" : "stop");
  // The first delta carries the role, as OpenAI's does (with empty content).
  parts.push(choice({ role: "assistant", content: "" }, null));
  if (reasoning) {
    const field = a.reasoningField ?? "reasoning_content";
    for (const piece of splitText(reasoning, a.reasoningChunks ?? 1)) parts.push(choice({ [field]: piece }, null));
  }
  if (content) for (const piece of splitText(content, a.chunks ?? 1)) parts.push(choice({ content: piece }, null));
  toolCalls.forEach((t, index) => {
    parts.push(choice({ tool_calls: [{ index, id: t.id, type: "function", function: { name: t.name, arguments: "" } }] }, null));
    for (const piece of splitText(t.arguments, a.argumentChunks ?? 2))
      if (piece) parts.push(choice({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
  });
  parts.push(choice({}, finishReason));
  const p: Prepared = { parts, content, reasoning, toolCalls, finishReason };
  prepared.set(a, p);
  return p;
}

/** A rough token count (about 4 characters a token): the fake has no tokenizer, and tests of real counts pass usage. */
const roughTokens = (text: string): number => Math.ceil(text.length / 4);

function usageOf(a: FakeAnswer, p: Prepared, rawBody: string) {
  if (a.usage) {
    const { prompt_tokens, completion_tokens } = a.usage;
    return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
  }
  const prompt_tokens = roughTokens(rawBody);
  const completion_tokens = roughTokens(p.reasoning + p.content + p.toolCalls.map((t) => t.name + t.arguments).join(""));
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** A small valid UI code program: the CLI's default answer. */
export const SAMPLE_UI_CODE = `screen("Team dashboard", {theme: "auto"})
heading("This week")
grid({columns: 3}, [stat(1204, {label: "Users", delta: 4.1}), stat(5400, {label: "MRR", format: "currency", currency: "USD"}), stat(12, {label: "Open tickets"})])
card("Latest orders", [table([{id: "A-1", total: 30, status: "paid"}, {id: "A-2", total: 12.5, status: "open"}], {columns: ["id", "total", "status"]})])
row([button("Refresh", {onPress: "refresh"}), button("Export", {variant: "ghost", onPress: "export"})])`;

const DEFAULT_ANSWER: FakeAnswer = { content: 'text("ok")' };

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const queue: FakeAnswer[] = [];
  const requests: RecordedRequest[] = [];
  const record = opts.record ?? true;
  let defaultAnswer = opts.defaultAnswer ?? DEFAULT_ANSWER;
  const models = opts.models ?? ["fake-model"];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const modelsBody = JSON.stringify({
    object: "list",
    data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "genui" })),
  });

  const sendJson = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
  const sendError = (
    res: ServerResponse,
    status: number,
    message: string,
    type = "invalid_request_error",
    code: string | null = null,
  ) => sendJson(res, status, JSON.stringify({ error: { message, type, param: null, code } }));

  const answer = (res: ServerResponse, rawBody: string, body: ChatCompletionRequestBody) => {
    const a = queue.shift() ?? defaultAnswer;
    if (a.fail) return sendError(res, a.fail.status, a.fail.message, a.fail.type ?? "server_error", a.fail.code ?? null);
    if (a.hang === true) return; // No status line: the client waits until it gives up.
    const p = prepare(a);
    const model = typeof body.model === "string" ? body.model : (models[0] ?? "fake-model");
    const id = `chatcmpl-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const created = Math.floor(Date.now() / 1000);

    if (!body.stream) {
      const message: Record<string, unknown> = {
        role: "assistant",
        content: p.toolCalls.length && !p.content ? null : p.content,
      };
      if (p.reasoning) message[a.reasoningField ?? "reasoning_content"] = p.reasoning;
      if (p.toolCalls.length)
        message.tool_calls = p.toolCalls.map((t) => ({
          id: t.id,
          type: "function",
          function: { name: t.name, arguments: t.arguments },
        }));
      const usage = a.usage === false ? undefined : usageOf(a, p, rawBody);
      const out = {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: p.finishReason }],
        usage,
      };
      return sendJson(res, 200, JSON.stringify(out));
    }

    const includeUsage = body.stream_options?.include_usage === true;
    const head = `data: {"id":"${id}","object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(model)},"system_fingerprint":null,${includeUsage ? '"usage":null,' : ""}"choices":`;
    const lines = p.parts.map((part) => head + part);
    if (includeUsage && a.usage !== false)
      lines.push(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, system_fingerprint: null, choices: [], usage: usageOf(a, p, rawBody) })}\n\n`,
      );
    lines.push("data: [DONE]\n\n");

    const stopAt = a.resetAfterChunks ?? (typeof a.hang === "object" ? a.hang.afterChunks : undefined);
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const delay = a.delayMs ?? 0;
    if (delay <= 0 && stopAt === undefined) {
      res.end(lines.join(""));
      return;
    }
    const stop = () => {
      if (a.resetAfterChunks !== undefined) res.socket?.resetAndDestroy();
      // A hang keeps the socket open and silent until the client or close() ends it.
    };
    let i = 0;
    let closed = false;
    res.on("close", () => (closed = true));
    const schedule = () => {
      if (delay <= 0) return next();
      const t = setTimeout(() => {
        timers.delete(t);
        next();
      }, delay);
      timers.add(t);
    };
    const next = (): void => {
      if (closed) return;
      if (stopAt !== undefined && i >= stopAt) return stop();
      if (i >= lines.length) return void res.end();
      const line = lines[i++]!;
      // Reset only once the last chunk is flushed, so the client sees the partial answer first.
      if (stopAt !== undefined && i >= stopAt) return void res.write(line, stop);
      res.write(line);
      schedule();
    };
    schedule();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = chunks.length ? Buffer.concat(chunks).toString("utf8") : "";
      let body: ChatCompletionRequestBody | undefined;
      if (rawBody) {
        try {
          body = JSON.parse(rawBody) as ChatCompletionRequestBody;
        } catch {
          body = undefined;
        }
      }
      const path = req.url ?? "/";
      if (record) requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return sendError(res, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
      const route = path.split("?")[0];
      if (req.method === "GET" && route === "/v1/models") return sendJson(res, 200, modelsBody);
      if (req.method === "POST" && route === "/v1/chat/completions") {
        if (!body || !Array.isArray(body.messages))
          return sendError(res, 400, "The request body is not a chat completion request.");
        return answer(res, rawBody, body);
      }
      sendError(res, 404, `Unknown route ${req.method} ${route}`, "invalid_request_error", "unknown_url");
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // As a provider's endpoint, it takes a burst's connections without dropping any (the platform's listeners keep
    // as many: the chassis's LISTEN_BACKLOG).
    server.listen({ port: opts.port ?? 0, host: opts.host ?? "127.0.0.1", backlog: 4096 }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}/v1`,
    port,
    requests,
    script: (...answers) => void queue.push(...answers),
    setDefault: (a) => void (defaultAnswer = a),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        // Hanging and keep-alive connections would hold close() open forever.
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
