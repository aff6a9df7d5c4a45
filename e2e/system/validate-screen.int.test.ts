import OpenAI, { APIError, BadRequestError } from "openai";
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

  /** The official client's own request method (no SDK method names this route), with its errors as it raises them. */
  const client = () => new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
  interface Checked {
    valid: boolean;
    issues: { path: string; message: string }[];
    repairs: string[];
    repaired: unknown;
  }
  const checkWithClient = (json: unknown) => client().post<Checked>("/screens/validate", { body: { json } });

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
    expect(await checkWithClient(json)).toEqual({ valid: true, issues: [], repairs: [], repaired: json });
  });

  it("when a screen has a wrong prop, then each problem is named by its path and the repair is what a renderer shows", async () => {
    // The answered screen with an unknown key on its first component.
    const json = structuredClone(answered);
    json.screen.v1[0] = { ...json.screen.v1[0], nonsense: true };
    const body = await checkWithClient(json);
    expect(body.valid).toBe(false);
    expect(body.issues.length).toBeGreaterThan(0);
    expect(body.issues.every((i) => typeof i.path === "string")).toBe(true);
    expect(body.repairs.length).toBeGreaterThan(0);
    expect((await checkWithClient(body.repaired)).valid).toBe(true);
  });

  it("when the body is larger than the limit, then the official client raises 413 in OpenAI's shape", async () => {
    const err = await checkWithClient({ name: "Big", screen: { v1: [] }, padding: "x".repeat(1_100_000) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(413);
    expect((err as APIError).error).toMatchObject({ type: "invalid_request_error" });
  });

  it("when the body is not an object or the key is wrong, then OpenAI's error shape says so", async () => {
    const notObject = await client()
      .post("/screens/validate", { body: [1, 2] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(notObject).toBeInstanceOf(BadRequestError);
    const bad = await check([1, 2]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
    const wrong = await check({ json: {} }, "gk_live_" + "x".repeat(43));
    expect(wrong.status).toBe(401);
  });
});
