import http from "node:http";
import zlib from "node:zlib";
import { validateServerMessage } from "@genui/a2ui";
import { applyPatch } from "fast-json-patch";
import { newDeveloper, type Developer } from "../support/developer";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

/**
 * Figures of the three wire formats for one request ("A contact form with name, email and message") on the local
 * stack: the OpenAI-compatible stream, A2UI and AG-UI — bytes on the wire (identity, and gzip where a route offers it)
 * and the time to the first screen a client can draw: A2UI's first `updateComponents`, AG-UI's first STATE_SNAPSHOT,
 * where the OpenAI stream's client has code pieces from its first content chunk but a screen only with the last one.
 * Prints them; asserts only that the streams end with the same screen (no timed assertion).
 */

const API = "/apps/api/v1";
const REQUEST = "A contact form with name, email and message";
const RUNS = 5;

interface Measured {
  wireBytes: number;
  bodyBytes: number;
  /** ms from the request to the first byte of the body, the first content, and the first drawable screen. */
  firstByteMs: number;
  firstContentMs: number;
  firstScreenMs: number;
  totalMs: number;
  text: string;
}

/** POSTs a JSON body and reads the answer as it arrives, timing the first event `isContent` / `isScreen` accept. */
function measure(
  stack: Stack,
  path: string,
  body: unknown,
  key: string,
  gzip: boolean,
  isContent: (data: string) => boolean,
  isScreen: (data: string) => boolean,
): Promise<Measured> {
  const url = new URL(`${stack.bff.url}${API}${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          authorization: `Bearer ${key}`,
          accept: "text/event-stream",
          "accept-encoding": gzip ? "gzip" : "identity",
        },
      },
      (res) => {
        let wire = 0;
        let firstByte = 0;
        let firstContent = 0;
        let firstScreen = 0;
        let text = "";
        const decoded = res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
        res.on("data", (b: Buffer) => {
          wire += b.length;
          if (!firstByte) firstByte = performance.now() - started;
        });
        decoded.on("data", (b: Buffer) => {
          text += b.toString("utf8");
          const events = parseEventStream(text).data;
          if (!firstContent && events.some(isContent)) firstContent = performance.now() - started;
          if (!firstScreen && events.some(isScreen)) firstScreen = performance.now() - started;
        });
        decoded.on("end", () =>
          resolve({
            wireBytes: wire,
            bodyBytes: Buffer.byteLength(text),
            firstByteMs: firstByte,
            firstContentMs: firstContent,
            firstScreenMs: firstScreen,
            totalMs: performance.now() - started,
            text,
          }),
        );
        decoded.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("figures: the OpenAI-compatible stream, A2UI and AG-UI for one request", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    // The offline generator at a fast model's pace (400 tokens/s; OFFLINE_TOKENS_PER_SECOND from the environment
    // compares another), so that both streams have something to stream.
    const pace = process.env.OFFLINE_TOKENS_PER_SECOND ?? "400";
    stack = await startStack({ generation: { workers: 1, workerEnv: { OFFLINE_TOKENS_PER_SECOND: pace } } });
    dev = await newDeveloper(stack, 50_000_000);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("when the same request is streamed in the three formats, then they end with the same screen, and the bytes and times are printed", async () => {
    const chatBody = { model: "genui-pluto-0.1", messages: [{ role: "user", content: REQUEST }], stream: true };
    const runBody = (i: number) => ({
      threadId: `figures-${i}`,
      runId: `run-${i}`,
      messages: [{ id: "m1", role: "user", content: REQUEST }],
      tools: [],
      context: [],
      forwardedProps: {},
    });
    type Event = { type: string; snapshot?: unknown };
    const chunk = (d: string) =>
      d === "[DONE]"
        ? undefined
        : (JSON.parse(d) as { choices: { delta: { content?: string }; finish_reason: string | null }[] });
    const chat = {
      content: (d: string) => !!chunk(d)?.choices[0]?.delta.content,
      screen: (d: string) => !!chunk(d)?.choices[0]?.finish_reason,
    };
    const agUi = {
      content: (d: string) => (JSON.parse(d) as Event).type.startsWith("STATE_"),
      screen: (d: string) => (JSON.parse(d) as Event).type === "STATE_SNAPSHOT",
    };
    const a2ui = {
      content: (d: string) => d.includes('"updateComponents"') || d.includes('"updateDataModel"'),
      screen: (d: string) => d.includes('"updateComponents"'),
    };

    const rows: Record<string, Measured[]> = {
      "openai stream": [],
      "openai stream, gzip": [],
      a2ui: [],
      "a2ui, gzip asked": [],
      "ag-ui": [],
      "ag-ui, gzip asked": [],
    };
    for (let i = 0; i < RUNS; i++) {
      rows["openai stream"]!.push(
        await measure(stack, "/chat/completions", chatBody, dev.apiKey, false, chat.content, chat.screen),
      );
      rows["openai stream, gzip"]!.push(
        await measure(stack, "/chat/completions", chatBody, dev.apiKey, true, chat.content, chat.screen),
      );
      rows.a2ui!.push(await measure(stack, "/a2ui", { request: REQUEST }, dev.apiKey, false, a2ui.content, a2ui.screen));
      rows["a2ui, gzip asked"]!.push(
        await measure(stack, "/a2ui", { request: REQUEST }, dev.apiKey, true, a2ui.content, a2ui.screen),
      );
      rows["ag-ui"]!.push(await measure(stack, "/ag-ui", runBody(i), dev.apiKey, false, agUi.content, agUi.screen));
      rows["ag-ui, gzip asked"]!.push(await measure(stack, "/ag-ui", runBody(i), dev.apiKey, true, agUi.content, agUi.screen));
    }

    // Both end with the same screen: the chat's content pieces add up to {"code", "json"}; the run's state patches to it.
    const chatText = parseEventStream(rows["openai stream"]![0]!.text)
      .data.flatMap((d) => chunk(d)?.choices[0]?.delta.content ?? [])
      .join("");
    const runEvents = parseEventStream(rows["ag-ui"]![0]!.text).data.map((d) => JSON.parse(d) as Event);
    let state = runEvents.find((e) => e.type === "STATE_SNAPSHOT")!.snapshot;
    for (const e of runEvents.filter((x) => x.type === "STATE_DELTA"))
      state = applyPatch(state, (e as unknown as { delta: never[] }).delta, true, false).newDocument;
    expect((state as { screen: unknown }).screen).toEqual((JSON.parse(chatText) as { json: unknown }).json);

    const table = Object.fromEntries(
      Object.entries(rows).map(([name, ms]) => [
        name,
        {
          wireBytes: median(ms.map((m) => m.wireBytes)),
          bodyBytes: median(ms.map((m) => m.bodyBytes)),
          firstByteMs: Math.round(median(ms.map((m) => m.firstByteMs))),
          firstContentMs: Math.round(median(ms.map((m) => m.firstContentMs))),
          firstScreenMs: Math.round(median(ms.map((m) => m.firstScreenMs))),
          totalMs: Math.round(median(ms.map((m) => m.totalMs))),
        },
      ]),
    );
    // A2UI's messages validate against the official schemas, and its components hold the screen's by name.
    const a2uiMessages = parseEventStream(rows.a2ui![0]!.text).data.map((d) => JSON.parse(d) as Record<string, unknown>);
    for (const m of a2uiMessages) expect(validateServerMessage(m)).toMatchObject({ ok: true });
    const componentIds = new Set(
      a2uiMessages.flatMap((m) => ((m.updateComponents as { components?: { id: string }[] })?.components ?? []).map((c) => c.id)),
    );
    const names = (state as { screen: { screen: { v1: { name: string }[] } } }).screen.screen.v1.map((n) => n.name);
    for (const n of names) expect(componentIds.has(n)).toBe(true);
    const events = runEvents.reduce<Record<string, number>>((n, e) => ({ ...n, [e.type]: (n[e.type] ?? 0) + 1 }), {});
    process.stdout.write(
      `request: ${JSON.stringify(REQUEST)}; medians of ${RUNS} runs; offline generator at ${stack.workerEnv.OFFLINE_TOKENS_PER_SECOND} tokens/s\n` +
        `ag-ui events of one run: ${JSON.stringify(events)}; a2ui messages of one answer: ${a2uiMessages.length}\n` +
        `${JSON.stringify(table, null, 2)}\n`,
    );
    for (const m of Object.values(table)) expect(m.firstScreenMs).toBeGreaterThan(0);
  });
});
