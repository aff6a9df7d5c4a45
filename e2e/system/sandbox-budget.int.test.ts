import OpenAI from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";

/** A needle search that runs in C for seconds unless the host stops its thread (about 200 ms of sandbox time each). */
const LONG_SEARCH = 'var t="a".repeat(40000)+"c"; var s="a".repeat(80000)+"b"; text(String(s.indexOf(t)))';

interface ErrorBody {
  error: { message: string; type: string; code: string };
}

/**
 * Evaluations that cost the caller nothing (code-only retrieve with a key, auth-retrieve signed in) are paid for in
 * sandbox time: a caller whose code keeps running to the sandbox's limit runs out of free time and gets 429 with
 * Retry-After in OpenAI's shape, while other tenants, and the same account's paid generations, go on.
 */
describe("the free sandbox time of code-only evaluations", () => {
  let stack: Stack;
  let attacker: Developer;
  let other: Developer;
  const retrieve = (apiKey: string, code: string) =>
    fetch(`${stack.bff.url}${API}/retrieve/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ code }),
    });

  beforeAll(async () => {
    stack = await startStack({
      // Two copies of the BFF and the API behind HAProxy: the attacker's calls alternate between them, and the time
      // spent is one budget (Redis), not one per copy.
      replicas: 2,
      generation: {
        workers: 1,
        // Two stopped evaluations (about 200 ms each) use up a caller's 300 ms; the account has 10 s.
        apiEnv: { GEN_FREE_SANDBOX_MS_PER_TENANT: "300/600", GEN_FREE_SANDBOX_MS_PER_ACCOUNT: "10000/600" },
      },
    });
    [attacker, other] = await Promise.all([newDeveloper(stack), newDeveloper(stack)]);
  });
  afterAll(async () => stack?.stop());

  it("when a key's code-only evaluations keep running to the sandbox's limit, then the key gets 429 sandbox_time_exceeded with Retry-After, the official client sees a rate limit, and another tenant's key is answered", async () => {
    const answers: number[] = [];
    // Sequential: each is charged once its answer is in, so the budget is spent by the third at the latest.
    for (let i = 0; i < 4; i++) {
      const res = await retrieve(attacker.apiKey, LONG_SEARCH);
      answers.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        const body = (await res.json()) as ErrorBody;
        expect(body.error).toMatchObject({ type: "requests", code: "sandbox_time_exceeded" });
        expect(body.error.message).toMatch(/Sandbox time for code evaluations is used up: this API key/);
        break;
      }
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.message).toMatch(/time limit of 100 ms and was stopped/);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((s) => s === 400).length).toBeGreaterThanOrEqual(2);

    // An ordinary screen of the same key waits for the window too: the budget is the caller's, not the code's.
    expect((await retrieve(attacker.apiKey, 'text("fine")')).status).toBe(429);

    // The official client reads it as a rate limit (it would wait Retry-After and retry; here it must not).
    const openai = new OpenAI({ apiKey: attacker.apiKey, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
    const err = await openai
      .post("/retrieve/", { body: { code: 'text("fine")' } })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect((err as InstanceType<typeof OpenAI.RateLimitError>).code).toBe("sandbox_time_exceeded");

    const theirs = await retrieve(other.apiKey, 'text("victim screen")');
    expect(theirs.status).toBe(200);
  });

  it("when the same account's session (another caller) evaluates, then it has its own time, and paid generations are not limited by it", async () => {
    const signedIn = await attacker.client.post(`${API}/auth-retrieve/`, { code: 'text("mine")' });
    expect(signedIn.status).toBe(200);
    const openai = new OpenAI({ apiKey: attacker.apiKey, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
    const completion = await openai.chat.completions.create({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "A contact form" }],
    });
    expect(completion.choices[0]?.message.content).toContain('"json"');
  });

  it("when a signed-in account's evaluations keep running to the limit, then auth-retrieve answers 429 in the same shape", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4 && statuses.at(-1) !== 429; i++) {
      const res = await other.client.post(`${API}/auth-retrieve/`, { code: LONG_SEARCH });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(((await res.json()) as ErrorBody).error.code).toBe("sandbox_time_exceeded");
      }
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
