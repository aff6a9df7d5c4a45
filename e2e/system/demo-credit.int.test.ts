import { BrowserClient } from "../support/client";
import { credit } from "../support/developer";
import { eventually } from "../support/eventually";
import { signUp } from "../support/signup";
import { DEMO, startStack, type Stack } from "../support/stack";

describe("the local platform's demo account", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ billingEnv: { DEMO_CREDIT_EMAIL: DEMO.email, DEMO_CREDIT_USD: "25" } });
  });
  afterAll(async () => stack.stop());

  const balance = async (c: BrowserClient) =>
    ((await (await c.get("/billing/api/v1/balance")).json()) as { balance: number }).balance;

  it("when the demo account is seeded, then it starts with the demo credit, once, and other accounts with none", async () => {
    const demo = new BrowserClient(stack.bff.url);
    expect((await demo.post("/accounts/api/v1/login-password/", DEMO)).status).toBe(200);
    expect(
      await eventually(
        () => balance(demo),
        (b) => b === 25,
      ),
    ).toBe(25);
    // Billing restarts (its consumer starts over from where it was): the credit is not given again.
    await stack.stopBilling();
    await stack.startBilling();
    const me = (await (await demo.get("/accounts/api/v1/me/")).json()) as { id: string };
    await credit(stack, me.id, 1_000_000);
    expect(
      await eventually(
        () => balance(demo),
        (b) => b === 26,
      ),
    ).toBe(26);

    const other = new BrowserClient(stack.bff.url);
    expect((await signUp(other, { email: "someone@genui.dev", password: "password123" })).status).toBe(201);
    expect(await balance(other)).toBe(0);
  });
});
