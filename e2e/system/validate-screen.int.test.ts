import OpenAI from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";

/**
 * `POST /apps/api/v1/screens/validate`: a screen JSON an agent built itself, checked as the renderers read it — the
 * problems by path and the safe repair — with the app's key, through the BFF, without a model call or a charge.
 */
describe("checking a screen JSON", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack);
  }, 300_000);
  afterAll(async () => stack?.stop());

  const check = (body: unknown, key = dev.apiKey) =>
    fetch(`${stack.bff.url}${API}/screens/validate`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** A screen as the generator answered it (the first test asks for it). */
  let answered: { name: string; screen: { v1: Record<string, unknown>[] } };

  it("when a screen the official client's answer carried is sent back, then it is valid as it is", async () => {
    const client = new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}${API}` });
    const answer = await client.chat.completions.create({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "A contact form with name, email and message" }],
    });
    const { json } = JSON.parse(answer.choices[0]!.message.content!) as { json: typeof answered };
    answered = json;
    const res = await check({ json });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ valid: true, issues: [], repairs: [], repaired: json });
  });

  it("when a screen has a wrong prop, then each problem is named by its path and the repair is what a renderer shows", async () => {
    // The answered screen with an unknown key on its first component.
    const json = structuredClone(answered);
    json.screen.v1[0] = { ...json.screen.v1[0], nonsense: true };
    const res = await check({ json });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { valid: boolean; issues: { path: string }[]; repairs: string[]; repaired: unknown };
    expect(body.valid).toBe(false);
    expect(body.issues.length).toBeGreaterThan(0);
    expect(body.issues.every((i) => typeof i.path === "string")).toBe(true);
    expect(body.repairs.length).toBeGreaterThan(0);
    const again = (await (await check({ json: body.repaired })).json()) as { valid: boolean };
    expect(again.valid).toBe(true);
  });

  it("when the body is not an object or the key is wrong, then OpenAI's error shape says so", async () => {
    const bad = await check([1, 2]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    const wrong = await check({ json: {} }, "gk_live_" + "x".repeat(43));
    expect(wrong.status).toBe(401);
  });
});
