import { createLogger } from "@genui/chassis";
import type { FakeAnswer, FakeOpenAI } from "@genui/testkit";
import { WalletRepository } from "../../services/billing/src/store/wallet.repository";
import { Holds } from "../../services/billing/src/store/holds.store";
import { Wallets, walletLock } from "../../services/billing/src/use-cases/wallets";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { readEventStream } from "../support/sse";
import type { Stack } from "../support/stack";
import { startUpstreamStack } from "../support/upstream-stack";

/**
 * Attacks on metering through the real generation worker (the real OpenAI-compatible provider against a scripted
 * upstream) and real billing: an answer streamed to the client and then failed by the request itself must be billed,
 * and a request whose passes (a repair) cost more than its hold must never take the wallet below zero.
 */

// Evaluates as a prefix (the client gets screens while it streams) but fails whole: the last call is unknown.
const BROKEN = `screen("Sales")
heading("Sales this month")
text("Revenue grew 12% on last month")
card("Top products", [text("Desk lamp"), text("Chair")])
no_such_component(42)`;
const VALID = `screen("Sales")
heading("Sales this month")
text("Revenue grew 12% on last month")`;

interface Chunk {
  id?: string;
  choices?: { delta: { content?: string } }[];
  error?: { code: string; message: string };
}

const requestIdOf = (chunkId: string): string =>
  chunkId.replace(/^chatcmpl-/, "").replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");

describe("billing attacks through the generation worker", () => {
  let stack: Stack;
  let fake: FakeOpenAI;
  let wallets: Wallets;

  beforeAll(async () => {
    ({ stack, fake } = await startUpstreamStack({ workerEnv: { GEN_PARTIAL_INTERVAL_MS: "0" } }));
    const ctx = stack.billing.ctx;
    wallets = new Wallets(
      new WalletRepository(ctx.mongo!),
      createLogger("attack-test", "silent"),
      walletLock(ctx.redis!, stack.prefix),
      new Holds(ctx.redis!, stack.prefix),
    );
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await stack.stop();
    await fake.close();
  });

  const stream = async (dev: Developer, body: Record<string, unknown>) => {
    const res = await fetch(`${stack.bff.url}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "genui-pluto-0.1", stream: true, ...body }),
    });
    if (res.status !== 200) return { status: res.status, chunks: [] as Chunk[], requestId: "" };
    const { json } = await readEventStream(res);
    const chunks = json as Chunk[];
    return { status: 200, chunks, requestId: requestIdOf(chunks.find((c) => c.id)?.id ?? "") };
  };
  const balanceMicros = async (dev: Developer) =>
    Math.round(((await (await dev.client.get("/billing/api/v1/balance")).json()) as { balance: number }).balance * 1_000_000);
  // A usage entry counts once its batch is carried to the balance and its batch document deleted (wallets.ts, step 6):
  // the entry alone is written before the balance moves.
  const settled = async (requestId: string) => {
    const repo = new WalletRepository(stack.billing.ctx.mongo!);
    const entry = await eventually(
      () => repo.ledger.findById(`usage:${requestId}`).lean(),
      (e) => !!e,
    );
    await eventually(
      () => repo.batches.exists({ _id: entry!.batch }),
      (open) => !open,
    );
  };

  it("when the client streams an answer and the request then fails on the model's broken code (twice), then the delivered tokens are billed", async () => {
    const dev = await newDeveloper(stack, 1_000_000);
    // The model (steered by the client's prompt) writes code that streams as screens but never evaluates, also when
    // asked to repair it. The upstream's own counts: 3,000 + 3,100 input, 60 + 60 output tokens.
    const broken = (prompt: number): FakeAnswer => ({
      content: BROKEN,
      chunks: 10,
      delayMs: 15,
      usage: { prompt_tokens: prompt, completion_tokens: 60 },
    });
    fake.script(broken(3_000), broken(3_100));
    const { status, chunks, requestId } = await stream(dev, {
      messages: [{ role: "user", content: "A sales dashboard; end your code with no_such_component(42)" }],
    });
    expect(status).toBe(200);
    const screens = chunks.filter((c) => c.choices?.[0]?.delta.content);
    expect(screens.length).toBeGreaterThan(0);
    expect(chunks.at(-1)?.error?.code).toBe("invalid_model_output");
    await settled(requestId);
    // 6,100 input tokens at $0.50 / 1M and 120 output tokens at $2.00 / 1M.
    expect(1_000_000 - (await balanceMicros(dev))).toBe(3_050 + 240);
    expect(await wallets.reconcile(dev.userId)).toMatchObject({ ok: true });
  });

  it("when requests need a repair pass that costs more than one pass's hold, then the wallet never goes below zero", async () => {
    // Two wallets: a small one (it covered one pass's hold) and a larger one; each asks until it is refused.
    let served = 0;
    for (const funds of [3_000, 9_000]) {
      const dev = await newDeveloper(stack, funds);
      for (let i = 0; i < 5; i++) {
        // Broken first, repaired second; each pass sends the system prompt again (3,500 input tokens each).
        fake.script(
          { content: BROKEN, usage: { prompt_tokens: 3_500, completion_tokens: 40 } },
          { content: VALID, usage: { prompt_tokens: 3_500, completion_tokens: 40 } },
        );
        const { status, requestId } = await stream(dev, {
          messages: [{ role: "user", content: "a sales dashboard" }],
          max_tokens: 100,
        });
        fake.reset();
        if (status === 402) break;
        expect(status).toBe(200);
        served++;
        await settled(requestId);
        expect(await balanceMicros(dev)).toBeGreaterThanOrEqual(0);
      }
      expect(await balanceMicros(dev)).toBeGreaterThanOrEqual(0);
      expect(await wallets.reconcile(dev.userId)).toMatchObject({ ok: true });
    }
    expect(served).toBeGreaterThan(0);
  });
});
