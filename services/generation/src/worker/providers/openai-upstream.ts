import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { ProviderError, type ChatTurn, type GenerateRequest, type Provider, type ProviderEvent } from "./provider";
import { buildSystemPrompt, componentsSection, templatesSection } from "./system-prompt";
import { countChatTokens, countTokens } from "./tokens";
import { UpstreamConnectionError, UpstreamStatusError, UpstreamStreamError, streamChatCompletion } from "./upstream-stream";
import type { WebSearch, WebSearchResult } from "./web-search";

/**
 * A provider backed by any OpenAI-compatible chat completions API (OpenAI, vLLM, Ollama, llama.cpp server): the
 * system prompt teaches the UI code DSL, the answer streams as code (and reasoning for thinking models), web search
 * runs as a function tool when the client allowed it, and usage is the upstream's own count or, when it reports
 * none, our tokenizer's.
 */

export interface OpenAIUpstreamOptions {
  baseURL: string;
  apiKey: string;
  /** The upstream's model name. */
  model: string;
  /** Used instead of `model` when the client asked for thinking. */
  reasoningModel?: string;
  /** How long to wait for the upstream to start answering, and at most between two chunks. */
  timeoutMs: number;
  /** Enables the `web_search` tool for requests with `internet`. */
  webSearch?: WebSearch;
  /** Rounds of tool calls answered before the model must write its answer (default 2). */
  maxToolRounds?: number;
  /**
   * The field carrying the output limit: `max_completion_tokens` (default; what OpenAI's current models require and
   * vLLM accepts) or `max_tokens` (older servers).
   */
  maxTokensField?: "max_completion_tokens" | "max_tokens";
}

const WEB_SEARCH_TOOL: ChatCompletionFunctionTool = {
  type: "function",
  function: {
    name: "web_search",
    description: "Search the web for current facts. Returns the top results as {title, url, snippet}.",
    parameters: {
      type: "object",
      properties: { query: { type: "string", description: "What to search for, as you would type it into a search engine." } },
      required: ["query"],
      additionalProperties: false,
    },
  },
};

/** What some servers add to the delta (vLLM, DeepSeek and llama.cpp: `reasoning_content`; others: `reasoning`). */
type Delta = ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null; reasoning?: string | null };

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

interface Round {
  content: string;
  reasoning: string;
  toolCalls: ToolCall[];
  finishReason: string | undefined;
  usage: { input: number; output: number } | undefined;
  /** The request's signal fired: stop and report what was produced. */
  aborted: boolean;
}

const MAX_REPAIR_ERRORS = 20;
const MAX_ERROR_CHARS = 500;

/** The user turn asking for a corrected answer. */
export function repairMessage(errors: readonly string[]): string {
  const list = errors
    .slice(0, MAX_REPAIR_ERRORS)
    .map((e) => `- ${e.length > MAX_ERROR_CHARS ? `${e.slice(0, MAX_ERROR_CHARS)}…` : e}`);
  if (errors.length > MAX_REPAIR_ERRORS) list.push(`- … and ${errors.length - MAX_REPAIR_ERRORS} more`);
  return `Your UI code did not work:\n${list.join("\n")}\nAnswer with the complete corrected UI code only.`;
}

export class OpenAIUpstreamProvider implements Provider {
  readonly name = "openai-upstream";
  private readonly maxToolRounds: number;

  // Retries are the job queue's decision (ProviderError.transient), never a hidden second request here (only a call
  // that met a kept-alive connection the upstream had closed goes again at once, on another: streamChatCompletion).
  constructor(private readonly opts: OpenAIUpstreamOptions) {
    this.maxToolRounds = Math.max(0, opts.maxToolRounds ?? 2);
  }

  generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
    return this.complete(req, req.messages.map(toParam), true);
  }

  /**
   * Stops a call the request's budget does not cover: the output left must be positive and, when an input budget is
   * set, what was sent so far plus this call's messages (counted with the tokenizer; the system prompt's count is
   * remembered) must fit. `counted` is false for the first call of an answer, which the hold was computed from.
   */
  private checkBudget(
    req: GenerateRequest,
    messages: ChatCompletionMessageParam[],
    tools: ChatCompletionFunctionTool[] | undefined,
    spent: { input: number; output: number },
    counted: boolean,
  ): void {
    if (req.maxOutputTokens - spent.output <= 0)
      throw new ProviderError(
        `the answer used all ${req.maxOutputTokens} output tokens this request allows before it was finished`,
        "budget_exhausted",
        false,
      );
    if (!counted || req.maxInputTokens === undefined) return;
    const next = countInput(messages, tools);
    if (spent.input + next > req.maxInputTokens)
      throw new ProviderError(
        `the next model call (${next} input tokens) would go beyond the ${req.maxInputTokens} input tokens this request was authorised for (${spent.input} used)`,
        "budget_exhausted",
        false,
      );
  }

  repair(req: GenerateRequest, code: string, errors: string[]): AsyncIterable<ProviderEvent> {
    const turns: ChatCompletionMessageParam[] = [
      ...req.messages.map(toParam),
      { role: "assistant", content: code },
      { role: "user", content: repairMessage(errors) },
    ];
    return this.complete(req, turns, false);
  }

  private async *complete(
    req: GenerateRequest,
    turns: ChatCompletionMessageParam[],
    allowTools: boolean,
  ): AsyncGenerator<ProviderEvent> {
    const tools = allowTools && req.internet && this.opts.webSearch && this.maxToolRounds > 0 ? [WEB_SEARCH_TOOL] : undefined;
    const messages: ChatCompletionMessageParam[] = [
      {
        role: "system",
        content: buildSystemPrompt({ webSearch: !!tools }) + componentsSection(req.components) + templatesSection(req.templates),
      },
      ...turns,
    ];
    const model = req.thinking && this.opts.reasoningModel ? this.opts.reasoningModel : this.opts.model;
    const fences = new FenceStripper();
    let inputTokens = 0;
    let outputTokens = 0;
    let toolRounds = 0;

    for (;;) {
      if (req.signal.aborted) {
        yield { type: "usage", inputTokens, outputTokens };
        return;
      }
      const params: ChatCompletionCreateParamsStreaming = {
        model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      };
      // Later rounds get what is left of the output budget: billing held the price of maxOutputTokens for them all.
      // A call the rest of the budget does not cover is not made (the first call of an answer is what the hold was
      // computed from; a repair's every call is counted).
      this.checkBudget(req, messages, tools, { input: inputTokens, output: outputTokens }, !allowTools || toolRounds > 0);
      const budget = req.maxOutputTokens - outputTokens;
      if (this.opts.maxTokensField === "max_tokens") params.max_tokens = budget;
      else params.max_completion_tokens = budget;
      if (tools) {
        params.tools = tools;
        // Out of tool rounds: the tools stay declared (the history refers to them) but the model must answer.
        params.tool_choice = toolRounds >= this.maxToolRounds ? "none" : "auto";
      }

      const round = yield* this.stream(req, params, fences);
      const usage = round.usage ?? {
        input: countInput(messages, tools),
        output: countTokens(round.reasoning + round.content + round.toolCalls.map((t) => t.name + t.arguments).join("")),
      };
      inputTokens += usage.input;
      outputTokens += usage.output;

      const moreTools = !round.aborted && tools && round.toolCalls.length > 0 && toolRounds < this.maxToolRounds;
      if (!moreTools) {
        const tail = round.aborted ? "" : fences.end();
        if (tail) yield { type: "code", text: tail };
        yield { type: "usage", inputTokens, outputTokens };
        return;
      }
      yield { type: "usage", inputTokens, outputTokens };
      toolRounds++;
      messages.push({
        role: "assistant",
        content: round.content || null,
        tool_calls: round.toolCalls.map((t) => ({
          id: t.id,
          type: "function",
          function: { name: t.name, arguments: t.arguments },
        })),
      });
      for (const call of round.toolCalls) {
        const content = await this.runTool(call, req.signal);
        if (req.signal.aborted) break;
        messages.push({ role: "tool", tool_call_id: call.id, content });
      }
    }
  }

  /** One streamed completion: yields code and reasoning as they come and returns what the round produced. */
  private async *stream(
    req: GenerateRequest,
    params: ChatCompletionCreateParamsStreaming,
    fences: FenceStripper,
  ): AsyncGenerator<ProviderEvent, Round> {
    const round: Round = { content: "", reasoning: "", toolCalls: [], finishReason: undefined, usage: undefined, aborted: false };
    const calls = new Map<number, ToolCall>();
    const ctl = new AbortController();
    const onAbort = () => ctl.abort();
    req.signal.addEventListener("abort", onAbort, { once: true });
    // One timer for the whole call: until the response starts, and between two chunks (a stream that goes silent).
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        ctl.abort();
      }, this.opts.timeoutMs);
    };
    const timeout = () => new ProviderError(`the upstream sent nothing for ${this.opts.timeoutMs} ms`, "upstream_timeout", true);

    // Whether the upstream's answer was read to its end: then there is no request left to abort.
    let complete = false;
    try {
      arm();
      const target = { baseURL: this.opts.baseURL, apiKey: this.opts.apiKey };
      for await (const chunk of streamChatCompletion(target, params, ctl.signal)) {
        // Only the upstream's silence counts, not the time our consumer takes with what we yield.
        clearTimeout(timer);
        // Chunks already buffered when the consumer aborted are not passed on.
        if (req.signal.aborted) break;
        if (chunk.usage) round.usage = { input: chunk.usage.prompt_tokens, output: chunk.usage.completion_tokens };
        const choice = chunk.choices?.[0];
        if (choice) {
          const delta = (choice.delta ?? {}) as Delta;
          const reasoning = delta.reasoning_content ?? delta.reasoning;
          if (reasoning) {
            round.reasoning += reasoning;
            if (req.thinking) yield { type: "reasoning", text: reasoning };
          }
          if (delta.content) {
            round.content += delta.content;
            const text = fences.push(delta.content);
            if (text) yield { type: "code", text };
          }
          for (const tc of delta.tool_calls ?? []) {
            let call = calls.get(tc.index);
            if (!call) calls.set(tc.index, (call = { id: "", name: "", arguments: "" }));
            if (tc.id) call.id = tc.id;
            if (tc.function?.name) call.name += tc.function.name;
            if (tc.function?.arguments) call.arguments += tc.function.arguments;
          }
          if (choice.finish_reason) round.finishReason = choice.finish_reason;
        }
        arm();
      }
      complete = !req.signal.aborted;
    } catch (err) {
      if (req.signal.aborted) round.aborted = true;
      else if (timedOut) throw timeout();
      else throw toProviderError(err);
    } finally {
      clearTimeout(timer);
      req.signal.removeEventListener("abort", onAbort);
      // Ends the upstream request when our consumer stopped early or the call failed. A complete answer's connection
      // is left alone: it goes back to the pool once its body has ended (aborting would close it).
      if (!complete) ctl.abort();
    }
    // A stream that ended without [DONE] while being aborted: the abort or our timer is seen here.
    if (req.signal.aborted) round.aborted = true;
    else if (timedOut) throw timeout();
    else if (round.finishReason === undefined)
      throw new ProviderError("the upstream's stream ended before the answer was finished", "upstream_error", true);
    round.toolCalls = [...calls.values()].map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
    return round;
  }

  /** Runs a tool call; failures go back to the model as the tool's result, so it can answer without it. */
  private async runTool(call: ToolCall, signal: AbortSignal): Promise<string> {
    if (call.name !== "web_search" || !this.opts.webSearch) return JSON.stringify({ error: `unknown tool ${call.name}` });
    let query: unknown;
    try {
      query = (JSON.parse(call.arguments || "{}") as { query?: unknown }).query;
    } catch {
      return JSON.stringify({ error: "the arguments are not JSON" });
    }
    if (typeof query !== "string" || !query.trim()) return JSON.stringify({ error: "query must be a non-empty string" });
    try {
      const results: WebSearchResult[] = await this.opts.webSearch.search(query, signal);
      return JSON.stringify({ results });
    } catch (err) {
      return JSON.stringify({ error: `search failed: ${err instanceof Error ? err.message : String(err)}` });
    }
  }
}

const toParam = (t: ChatTurn): ChatCompletionMessageParam => ({ role: t.role, content: t.content });

/** Our own count of a request, for upstreams that report no usage: the messages, tool calls and tool definitions. */
function countInput(messages: ChatCompletionMessageParam[], tools: ChatCompletionFunctionTool[] | undefined): number {
  // The system prompt (the same few thousand tokens for most requests) is counted once and remembered.
  const [first, ...rest] = messages;
  if (first?.role === "system" && typeof first.content === "string") return systemTokens(first.content) + countInput(rest, tools);
  const turns: ChatTurn[] = messages.map((m) => {
    const content = typeof m.content === "string" ? m.content : m.content ? JSON.stringify(m.content) : "";
    const calls = m.role === "assistant" && m.tool_calls ? JSON.stringify(m.tool_calls) : "";
    // Tool results count as user turns: the role name is one token either way.
    return { role: m.role === "assistant" || m.role === "system" ? m.role : "user", content: content + calls };
  });
  return countChatTokens(turns) + (tools ? countTokens(JSON.stringify(tools)) : 0);
}

const systemCounts = new Map<string, number>();
/** Tokens of a system message (its 3-token overhead included), remembered for the 64 most recent prompts. */
function systemTokens(content: string): number {
  let n = systemCounts.get(content);
  if (n === undefined) {
    n = 3 + countTokens("system") + countTokens(content);
    if (systemCounts.size >= 64) systemCounts.delete(systemCounts.keys().next().value!);
    systemCounts.set(content, n);
  }
  return n;
}

/**
 * Maps the upstream call's errors (and the official client's, for callers that use it): network and timeouts, 5xx and
 * 429 are worth retrying; other 4xx are refusals.
 */
export function toProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof UpstreamConnectionError) return new ProviderError(err.message, "upstream_error", true);
  if (err instanceof UpstreamStreamError) return new ProviderError(`the upstream failed: ${err.message}`, "upstream_error", true);
  if (err instanceof UpstreamStatusError) return statusError(err.status, err.message);
  if (err instanceof APIConnectionTimeoutError)
    return new ProviderError("the upstream did not answer in time", "upstream_timeout", true);
  if (err instanceof APIConnectionError)
    return new ProviderError(`could not reach the upstream: ${causeOf(err)}`, "upstream_error", true);
  if (err instanceof APIError) {
    const body = err.error as { message?: unknown } | undefined;
    const message = typeof body?.message === "string" ? body.message : err.message;
    if (err.status === undefined) return new ProviderError(`the upstream failed: ${message}`, "upstream_error", true);
    return statusError(err.status, message);
  }
  // A broken stream (connection reset, malformed data) after the answer started.
  return new ProviderError(`the upstream's stream broke: ${causeOf(err)}`, "upstream_error", true);
}

function statusError(status: number, message: string): ProviderError {
  if (status === 408) return new ProviderError(`the upstream timed out (408): ${message}`, "upstream_timeout", true);
  if (status === 429 || status >= 500)
    return new ProviderError(`the upstream failed (${status}): ${message}`, "upstream_error", true);
  return new ProviderError(`the upstream refused the request (${status}): ${message}`, "upstream_refused", false);
}

function causeOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : "";
  return `${err.message}${cause}`;
}

/**
 * Drops a Markdown fence around the code as it streams: a leading ```js line, and a closing ``` line (with anything
 * after it when the answer opened with a fence; only at the very end otherwise, since a line of backticks can be
 * inside a template string). Holds back only what could still turn out to be a fence.
 */
export class FenceStripper {
  private head = "";
  private started = false;
  private fenced = false;
  private done = false;
  private pending = "";

  push(text: string): string {
    if (this.done) return "";
    if (!this.started) {
      this.head += text;
      const lead = this.head.trimStart();
      if (lead.startsWith("```")) {
        const nl = this.head.indexOf("\n", this.head.indexOf("```"));
        if (nl < 0) return "";
        this.fenced = true;
        text = this.head.slice(nl + 1);
      } else if ("```".startsWith(lead)) {
        return "";
      } else {
        text = this.head;
      }
      this.started = true;
      this.head = "";
    }
    this.pending += text;
    return this.drain();
  }

  /** The rest, at the end of the answer. */
  end(): string {
    if (this.done) return "";
    if (!this.started) {
      // Only a fence opening (or nothing) came.
      this.started = true;
      const lead = this.head.trimStart();
      if (lead.startsWith("```") || "```".startsWith(lead)) return "";
      this.pending = this.head;
    }
    const out = this.drain();
    const rest = this.pending;
    this.pending = "";
    this.done = true;
    return /^[ \t]*`{1,3}[ \t]*(\n\s*)?$/.test(rest) ? out : out + rest;
  }

  private drain(): string {
    let out = "";
    let i = 0;
    const p = this.pending;
    while (i < p.length) {
      const nl = p.indexOf("\n", i);
      const line = nl < 0 ? p.slice(i) : p.slice(i, nl);
      if (nl < 0) {
        // An unfinished line that may still become a fence waits for the rest.
        if (/^[ \t]*`{0,3}[ \t]*$/.test(line)) break;
        out += line;
        i = p.length;
        break;
      }
      if (/^[ \t]*```[ \t]*$/.test(line)) {
        if (this.fenced) {
          this.done = true;
          this.pending = "";
          return out;
        }
        // Unfenced: a closing fence only if nothing but whitespace follows it, so wait while that holds.
        if (!/\S/.test(p.slice(nl + 1))) break;
      }
      out += line + "\n";
      i = nl + 1;
    }
    this.pending = p.slice(i);
    return out;
  }
}
