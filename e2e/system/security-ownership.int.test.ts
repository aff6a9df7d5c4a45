import { randomUUID } from "node:crypto";
import { MessageBus, connectNats, createLogger, type ReceivedEvent } from "@genui/chassis";
import { EVENTS, type GenerationCompletedSchema } from "@genui/contracts";
import { testInfra } from "@genui/testkit";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";

const SECRET_CODE =
  'screen("Order status")\nheading("Acme private order tracker")\nprogress(60, {label: "On its way"})\nbutton("Track parcel", {onPress: "track"})';

interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/**
 * `app_id` on the signed-in routes names whose templates steer the answer and which app the usage is attributed to:
 * it must be one of the caller's own apps. User A publishes a template; user B names A's app.
 */
describe("app ownership on the signed-in generation routes", () => {
  let stack: Stack;
  let a: Developer;
  let b: Developer;
  let bus: MessageBus;
  const completions: ReceivedEvent<typeof GenerationCompletedSchema>[] = [];
  const logger = createLogger("ownership-test", "silent");

  beforeAll(async () => {
    stack = await startStack({ generation: {} });
    [a, b] = await Promise.all([newDeveloper(stack), newDeveloper(stack)]);
    const created = await a.client.post(`/apps/api/v1/templates/${a.appId}/create/`);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const updated = await a.client.request("PATCH", `/apps/api/v1/templates/${a.appId}/update/${id}/`, {
      name: "Order status",
      description: "Where a customer's order is and when it arrives",
      code: SECRET_CODE,
      status: "publish",
    });
    expect(updated.status).toBe(200);
    bus = new MessageBus(await connectNats(testInfra().natsUrl, "ownership-test", logger), {
      prefix: stack.prefix,
      source: "generation",
      logger,
    });
    await bus.consume(EVENTS.generationCompleted, "ownership-observer", async (e) => void completions.push(e));
  });
  afterAll(async () => {
    await bus.close();
    await stack.stop();
  });

  const chat = (dev: Developer, appId: string) =>
    dev.client.request("POST", `/apps/api/v1/auth-chat/completions?app_id=${appId}`, {
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "order status please" }],
      stream: false,
    });
  const retrieve = (dev: Developer, appId: string) =>
    dev.client.request("POST", `/apps/api/v1/auth-retrieve/?app_id=${appId}`, { prompt: "order status please" });

  /** Usage events seen so far for an app (a request that was refused publishes none). */
  const usageOf = async (appId: string) => {
    // A published completion reaches the observer within moments; a short settle keeps a late one from hiding.
    await new Promise((r) => setTimeout(r, 500));
    return completions.filter((e) => e.payload.appId === appId);
  };

  it("when user B's signed-in chat names user A's app, then it answers 404 and neither uses A's templates nor bills usage to A", async () => {
    const before = (await usageOf(a.appId)).length;
    const res = await chat(b, a.appId);
    const text = await res.text();
    expect(text).not.toContain("Acme private order tracker");
    expect(res.status).toBe(404);
    const body = JSON.parse(text) as ErrorBody;
    expect(body.error).toEqual({
      message: expect.stringContaining("app"),
      type: "invalid_request_error",
      param: "app_id",
      code: "app_not_found",
    });
    expect((await usageOf(a.appId)).length).toBe(before);
  });

  it("when user B streams the signed-in chat in the delta format naming user A's app, then it answers 404 before any stream and bills nothing to A", async () => {
    const before = (await usageOf(a.appId)).length;
    const res = await b.client.request("POST", `/apps/api/v1/auth-chat/completions?app_id=${a.appId}`, {
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "order status please" }],
      stream: true,
      stream_format: "deltas",
    });
    const text = await res.text();
    expect(text).not.toContain("Acme private order tracker");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect((JSON.parse(text) as ErrorBody).error).toMatchObject({ param: "app_id", code: "app_not_found" });
    expect((await usageOf(a.appId)).length).toBe(before);
  });

  it("when user B's signed-in retrieve names user A's app, then it answers 404 and A's templates stay unseen", async () => {
    const before = (await usageOf(a.appId)).length;
    const res = await retrieve(b, a.appId);
    const text = await res.text();
    expect(text).not.toContain("Acme private order tracker");
    expect(res.status).toBe(404);
    expect((JSON.parse(text) as ErrorBody).error.code).toBe("app_not_found");
    expect((await usageOf(a.appId)).length).toBe(before);
  });

  it("when the app id names no app at all, then the answer is the same 404 (nobody learns which ids exist)", async () => {
    const res = await chat(b, randomUUID());
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("app_not_found");
  });

  it("when the app id is malformed, then it is a 400 naming app_id", async () => {
    const res = await chat(b, "not-an-id");
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.param).toBe("app_id");
  });

  it("when user A names their own app, then the chat and retrieve follow its template and usage is A's app's", async () => {
    const res = await chat(a, a.appId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect((JSON.parse(body.choices[0]!.message.content) as { code: string }).code).toBe(SECRET_CODE);
    const r = await retrieve(a, a.appId);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { code: string }).code).toBe(SECRET_CODE);
    const mine = await eventually(
      () => completions.filter((e) => e.payload.appId === a.appId),
      (l) => l.length >= 2,
    );
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((e) => e.payload.userId === a.userId)).toBe(true);
  });

  it("when user B names their own app, then it answers 200 without A's template", async () => {
    const res = await chat(b, b.appId);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain("Acme private order tracker");
  });
});
