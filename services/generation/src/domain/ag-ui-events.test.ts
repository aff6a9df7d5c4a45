import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { EventEncoder } from "@ag-ui/encoder";
import { applyPatch } from "fast-json-patch";
import { AgUiRunEvents } from "./ag-ui-events";

/** A screen growing as a stream of snapshots does: components added, a label changed, then the whole screen. */
const node = (name: string, component: string, props: Record<string, unknown>) => ({ name, component, props });
const growing = [
  { name: "contact", screen: { v1: [node("title", "heading", { text: "Cont" })] } },
  {
    name: "contact",
    screen: { v1: [node("title", "heading", { text: "Contact us" }), node("name", "textInput", { label: "Name" })] },
  },
  {
    name: "contact",
    props: { screenProps: { title: "Contact" } },
    screen: {
      v1: [
        node("title", "heading", { text: "Contact us" }),
        node("name", "textInput", { label: "Name" }),
        node("email", "textInput", { label: "Email", placeholder: "you@example.com" }),
        node("message", "textArea", { label: "Message" }),
        { name: "send", component: "button", props: { text: "Send" }, onPress: { event: "send" } },
      ],
    },
  },
];

let n = 0;
const ids = () => `id-${++n}`;

/** The events of a whole run: snapshots of the growing screen, the final state with its id, the message and the call. */
function runEvents(withTool: boolean): BaseEvent[] {
  const run = new AgUiRunEvents({ threadId: "t1", runId: "r1" }, ids);
  const out: (BaseEvent | undefined)[] = [run.started()];
  growing.forEach((screen, i) => out.push(run.state({ theme: "dark", screen, code: `code ${i}` })));
  const last = growing[growing.length - 1];
  out.push(run.state({ theme: "dark", screen: last, code: "code 2", screen_id: "scr_x" }));
  // Nothing changed: no event.
  out.push(run.state({ theme: "dark", screen: last, code: "code 2", screen_id: "scr_x" }));
  const answer = run.answer(
    "A screen is shown to the user.",
    withTool ? { name: "render_screen", args: { screen: last } } : undefined,
  );
  out.push(...answer.events);
  out.push(
    run.finished({ screen_id: "scr_x" }, answer.toolCallId ? [answer.toolCallId] : [], {
      model: "m",
      inputTokens: 10,
      outputTokens: 5,
    }),
  );
  return out.filter((e): e is BaseEvent => e !== undefined);
}

describe("the events of an AG-UI run", () => {
  it("when the screen grows, then a snapshot comes first and patches after it, which leave exactly the last state", () => {
    const events = runEvents(false);
    expect(events.map((e) => e.type)).toEqual([
      "RUN_STARTED",
      "STATE_SNAPSHOT",
      "STATE_DELTA",
      "STATE_DELTA",
      "STATE_DELTA",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);
    for (const e of events) expect(EventSchemas.safeParse(e).error).toBeUndefined();
    let state = (events[1] as unknown as { snapshot: unknown }).snapshot;
    for (const e of events.filter((x) => x.type === "STATE_DELTA"))
      state = applyPatch(state, (e as unknown as { delta: never[] }).delta, true, false).newDocument;
    expect(state).toEqual({ theme: "dark", screen: growing[2], code: "code 2", screen_id: "scr_x" });
    // Patches, not whole screens: the last delta adds the id and nothing else.
    expect((events[4] as unknown as { delta: unknown }).delta).toEqual([{ op: "add", path: "/screen_id", value: "scr_x" }]);
    expect(events[8]).toMatchObject({
      threadId: "t1",
      runId: "r1",
      result: { screen_id: "scr_x" },
      outcome: { type: "success" },
      usage: [{ model: "m", inputTokens: 10, outputTokens: 5, totalTokens: 15 }],
    });
  });

  it("when a run fails, then RUN_ERROR carries the published error code, the seconds to wait and the details", () => {
    const run = new AgUiRunEvents({ threadId: "t", runId: "r" }, ids);
    const limited = run.error({
      message: "Too many generations in progress for this API key: at most 2 at once. Retry when one has finished.",
      code: "concurrency_limit_exceeded",
      status: 429,
      type: "requests",
      param: null,
      retryAfterSeconds: 1,
    });
    expect(limited).toEqual({
      type: "RUN_ERROR",
      message:
        "Too many generations in progress for this API key: at most 2 at once. Retry when one has finished. Retry after 1 second.",
      code: "concurrency_limit_exceeded",
      metadata: { genui: { status: 429, type: "requests", param: null, retry_after_seconds: 1 } },
    });
    // A message that already says when does not say it twice.
    const rate = run.error({
      message: "Try again in 12 seconds.",
      code: "rate_limit_exceeded",
      status: 429,
      type: "requests",
      param: null,
      retryAfterSeconds: 12,
    });
    expect((rate as unknown as { message: string }).message).toBe("Try again in 12 seconds.");
    expect(EventSchemas.safeParse(limited).error).toBeUndefined();
  });

  it.each(["text/event-stream", "application/vnd.ag-ui.event+proto"])(
    "when @ag-ui/client's HttpAgent reads the run encoded as %s, then its state is the last screen and the render tool call carries it",
    async (accept) => {
      const events = runEvents(true);
      const encoder = new EventEncoder({ accept });
      const bytes = events.map((e) => encoder.encodeBinary(e));
      const agent = new HttpAgent({
        url: "http://genui.test/apps/api/v1/ag-ui",
        fetch: async () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(c) {
                for (const b of bytes) c.enqueue(b);
                c.close();
              },
            }),
            { status: 200, headers: { "content-type": encoder.getContentType() } },
          ),
      });
      agent.addMessage({ id: "u1", role: "user", content: "A contact form" });
      const seen: string[] = [];
      await agent.runAgent({}, { onEvent: ({ event }) => void seen.push(event.type) });
      expect(seen).toEqual(events.map((e) => e.type));
      expect(agent.state).toEqual({ theme: "dark", screen: growing[2], code: "code 2", screen_id: "scr_x" });
      const reply = agent.messages.find((m) => m.role === "assistant");
      expect(reply).toMatchObject({ content: "A screen is shown to the user." });
      const call = (reply as { toolCalls?: { function: { name: string; arguments: string } }[] }).toolCalls?.[0];
      expect(call?.function.name).toBe("render_screen");
      expect(JSON.parse(call!.function.arguments)).toEqual({ screen: growing[2] });
    },
  );
});
