import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

const ORDER_CODE =
  'screen("Order status")\nheading("Your order")\nprogress(60, {label: "On its way"})\nbutton("Track parcel", {onPress: "track"})';
const DRAFT_CODE = 'heading("Draft loyalty card")';

/** An app's published templates steer generation (consistent screens across chats); drafts and paused ones do not. */
describe("generation follows an app's published templates", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await startStack({ generation: {} });
    dev = await newDeveloper(stack);
    const template = async (name: string, description: string, code: string, status: string) => {
      const created = await dev.client.post(`/apps/api/v1/templates/${dev.appId}/create/`);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const updated = await dev.client.request("PATCH", `/apps/api/v1/templates/${dev.appId}/update/${id}/`, {
        name,
        description,
        code,
        status,
      });
      expect(updated.status).toBe(200);
    };
    await template("Order status", "Where a customer's order is and when it arrives", ORDER_CODE, "publish");
    await template("Loyalty card", "A customer's loyalty points", DRAFT_CODE, "draft");
  });
  afterAll(async () => stack.stop());

  const complete = async (content: string, key = dev.apiKey) => {
    const res = await fetch(`${stack.bff.url}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "genui-pluto-0.1", messages: [{ role: "user", content }] }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    return JSON.parse(body.choices[0]!.message.content) as { code: string; json: { screen: { v1: { component: string }[] } } };
  };

  it("when a request through the app's key fits a published template, then the answer is that template", async () => {
    const answer = await complete("Show the order status for order 1042");
    expect(answer.code).toBe(ORDER_CODE);
    expect(answer.json.screen.v1.map((c) => c.component)).toEqual(["heading", "progress", "button"]);
  });

  it("when the request fits only a draft template, then it is not used", async () => {
    const answer = await complete("Show my loyalty card");
    expect(answer.code).not.toContain("Draft loyalty card");
  });

  it("when the signed-in chat names the app, then its templates apply; without the app they do not", async () => {
    const chat = async (query: string) => {
      const res = await dev.client.request("POST", `/apps/api/v1/auth-chat/completions${query}`, {
        model: "genui-pluto-0.1",
        messages: [{ role: "user", content: "order status please" }],
        stream: false,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { choices: { message: { content: string } }[] };
      return (JSON.parse(body.choices[0]!.message.content) as { code: string }).code;
    };
    expect(await chat(`?app_id=${dev.appId}`)).toBe(ORDER_CODE);
    expect(await chat("")).not.toBe(ORDER_CODE);
  });
});
