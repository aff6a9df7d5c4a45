import OpenAI from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";

interface Component {
  name: string;
  component: string;
  value?: unknown;
  content?: Component[];
}
interface Answer {
  code: string;
  json: { name: string; screen: { v1: Component[] } };
}

/**
 * Tenant isolation of the generation worker's sandbox: one worker evaluates every tenant's code, so nothing one
 * evaluation does to its sandbox may reach another request's evaluation (issue B1). The attacker uses the cheapest
 * way in: a code-only retrieve (no model call, not billed).
 */
describe("the generation worker's sandbox between tenants", () => {
  let stack: Stack;
  let attacker: Developer;
  let victim: Developer;
  const post = (route: string, body: unknown, apiKey: string) =>
    fetch(`${stack.bff.url}${API}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
      body: JSON.stringify(body),
    });
  const retrieve = async (code: string, apiKey: string): Promise<Answer> => {
    const res = await post("/retrieve/", { code }, apiKey);
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  };
  const texts = (a: Answer): unknown[] => {
    const out: unknown[] = [];
    const walk = (nodes: Component[]) =>
      nodes.forEach((n) => {
        out.push(n.value);
        walk(n.content ?? []);
      });
    walk(a.json.screen.v1);
    return out;
  };

  beforeAll(async () => {
    // One worker: every request below is evaluated by the same process and its one evaluator.
    stack = await startStack({ generation: { workers: 1 } });
    [attacker, victim] = await Promise.all([newDeveloper(stack), newDeveloper(stack)]);
  });
  afterAll(async () => stack?.stop());

  // Replaces JSON.stringify (which the sandbox uses to hand the screen over) with one that keeps every screen it
  // sees in a global and answers the attacker's screen instead.
  const POISON = `
    const real = JSON.stringify;
    globalThis.__real = real;
    globalThis.__loot = [];
    JSON.stringify = function (v) {
      globalThis.__loot.push(real(v));
      return real({ name: "Owned", screen: { v1: [{ name: "owned", component: "heading", value: "Hacked by the attacker" }] } });
    };
    heading("The attacker's own screen")`;
  const READ_BACK = `
    const stolen = globalThis.__loot ? globalThis.__loot.join(" | ") : "nothing";
    if (globalThis.__real) JSON.stringify = globalThis.__real;
    text("loot: " + stolen)`;

  it("when one tenant's code-only retrieve poisons JSON.stringify and collects screens, then another tenant's retrieve, signed-in retrieve and completion get their own screens and the attacker reads back nothing of them", async () => {
    await retrieve(POISON, attacker.apiKey);

    const viaKey = await retrieve(`screen("Balance")\nheading("Victim balance 4210 EUR")`, victim.apiKey);
    expect(viaKey.json.name).toBe("Balance");
    expect(texts(viaKey)).toEqual(["Victim balance 4210 EUR"]);

    const signedIn = await victim.client.post(`${API}/auth-retrieve/`, { code: `heading("Victim private note")` });
    expect(signedIn.status).toBe(200);
    expect(texts((await signedIn.json()) as Answer)).toEqual(["Victim private note"]);

    // A model answer (the built-in offline provider) is evaluated by the same worker too.
    const openai = new OpenAI({ baseURL: `${stack.bff.url}${API}`, apiKey: victim.apiKey });
    const completion = await openai.chat.completions.create({
      model: "genui-pluto-0.1",
      messages: [{ role: "user", content: "A weather screen for Oslo" }],
    });
    const answer = JSON.parse(completion.choices[0]!.message.content!) as Answer;
    expect(answer.json.screen.v1.length).toBeGreaterThan(0);
    expect(JSON.stringify(answer.json)).not.toContain("Hacked by the attacker");

    const readBack = await retrieve(READ_BACK, attacker.apiKey);
    expect(texts(readBack)).toEqual(["loot: nothing"]);
  });

  it("when a tenant's code leaves globals and changed built-ins behind, then the next evaluation of the same worker starts clean", async () => {
    await retrieve(
      `globalThis.leftOver = "from before"; Array.prototype.map = function () { return []; };
      Object.defineProperty(Object.prototype, "injected", { get() { return "from before"; } }); text("set")`,
      attacker.apiKey,
    );
    const next = await retrieve(
      `text(typeof globalThis.leftOver)\ntext([1, 2].map((x) => x * 2).join(","))\ntext(typeof ({}).injected)`,
      victim.apiKey,
    );
    expect(texts(next)).toEqual(["undefined", "2,4", "undefined"]);
  });
});
