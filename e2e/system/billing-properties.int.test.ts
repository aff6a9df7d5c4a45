import { createLogger } from "@genui/chassis";
import type { FakeAnswer, FakeOpenAI } from "@genui/testkit";
import fc from "fast-check";
import { Holds } from "../../services/billing/src/store/holds.store";
import { WalletRepository, type LedgerEntry } from "../../services/billing/src/store/wallet.repository";
import { Wallets, walletLock } from "../../services/billing/src/use-cases/wallets";
import { requestCost } from "../../services/billing/src/domain/pricing";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { parseEventStream } from "../support/sse";
import type { Stack } from "../support/stack";
import { startUpstreamStack } from "../support/upstream-stack";

/**
 * Generated scenarios through the real generation worker (the OpenAI-compatible provider against a scripted upstream,
 * with a web search backend) and real billing: whatever the requests do — broken code twice (repair passes), tool
 * rounds, large templates in the prompt, a client that aborts, an upstream that fails mid-stream, an upstream whose
 * usage counts run past the hold — every debit is at most its hold and its price, the wallet never goes below zero,
 * upstream failures cost nothing, and billing's reconciliation finds nothing wrong.
 */

const BROKEN = `screen("Sales")
heading("Sales this month")
text("Revenue grew 12% on last month")
card("Top products", [text("Desk lamp"), text("Chair")])
no_such_component(42)`;
const VALID = `screen("Sales")
heading("Sales this month")
text("Revenue grew 12% on last month")
card("Top products", [text("Desk lamp"), text("Chair")])`;
// A large published template (its code goes into every model call's prompt): about 20,000 characters.
const BIG_TEMPLATE = Array.from({ length: 330 }, (_, i) => `text("Template line ${i}: a row of the house style.")`).join("\n");

type Kind = "valid" | "brokenTwice" | "brokenThenValid" | "toolRounds" | "upstreamError" | "clientAbort";

interface Spec {
  kind: Kind;
  stream: boolean;
  maxTokens: number;
  /** What the upstream reports per call: often honest, sometimes far beyond the hold. */
  promptTokens: number;
  completionTokens: number;
}

const specArb: fc.Arbitrary<Spec> = fc.record({
  kind: fc.constantFrom<Kind>("valid", "brokenTwice", "brokenThenValid", "toolRounds", "upstreamError", "clientAbort"),
  stream: fc.boolean(),
  maxTokens: fc.integer({ min: 40, max: 400 }),
  promptTokens: fc.oneof(fc.integer({ min: 500, max: 6_000 }), fc.integer({ min: 6_000, max: 60_000 })),
  completionTokens: fc.integer({ min: 5, max: 1_500 }),
});

/** The upstream's answers to one request's calls, in order. */
function script(spec: Spec): FakeAnswer[] {
  const usage = { prompt_tokens: spec.promptTokens, completion_tokens: spec.completionTokens };
  // Streamed slowly enough that screens reach a streaming client before the end.
  const answer = (content: string): FakeAnswer => ({ content, chunks: 6, delayMs: 5, usage });
  switch (spec.kind) {
    case "valid":
      return [answer(VALID)];
    case "brokenTwice":
      return [answer(BROKEN), answer(BROKEN)];
    case "brokenThenValid":
      return [answer(BROKEN), answer(VALID)];
    case "toolRounds": {
      const search: FakeAnswer = { toolCalls: [{ name: "web_search", arguments: '{"query":"sales figures"}' }], usage };
      return [search, search, answer(VALID)];
    }
    case "upstreamError": {
      // Text arrives, then the connection is reset: on both attempts of the job.
      const reset: FakeAnswer = { content: VALID, chunks: 6, delayMs: 5, resetAfterChunks: 4, usage };
      return [reset, reset];
    }
    case "clientAbort":
      return [{ content: VALID, chunks: 30, delayMs: 40, usage }];
  }
}

describe("billing properties under generated generation scenarios", () => {
  let stack: Stack;
  let fake: FakeOpenAI;
  let wallets: Wallets;
  let repo: WalletRepository;

  beforeAll(async () => {
    ({ stack, fake } = await startUpstreamStack({
      provider: {
        maxToolRounds: 2,
        webSearch: {
          search: async (query) => [{ title: `About ${query}`, url: "https://search.example/1", snippet: "Sales rose 12%." }],
        },
      },
      workerEnv: { GEN_PARTIAL_INTERVAL_MS: "0" },
    }));
    const ctx = stack.billing.ctx;
    repo = new WalletRepository(ctx.mongo!);
    wallets = new Wallets(
      repo,
      createLogger("property-test", "silent"),
      walletLock(ctx.redis!, stack.prefix),
      new Holds(ctx.redis!, stack.prefix),
    );
  });
  afterAll(async () => {
    await stack.stop();
    await fake.close();
  });

  const publishTemplate = async (dev: Developer) => {
    const created = await dev.client.post(`/apps/api/v1/templates/${dev.appId}/create/`);
    const { id } = (await created.json()) as { id: string };
    const updated = await dev.client.request("PATCH", `/apps/api/v1/templates/${dev.appId}/update/${id}/`, {
      name: "House style",
      description: "How every screen of this app looks",
      code: BIG_TEMPLATE,
      status: "publish",
    });
    expect(updated.status).toBe(200);
  };
  const balanceMicros = async (dev: Developer) =>
    Math.round(((await (await dev.client.get("/billing/api/v1/balance")).json()) as { balance: number }).balance * 1_000_000);

  /** Runs one request as a client would; answers its request id ("" when it was refused) and what the client saw. */
  const run = async (dev: Developer, spec: Spec): Promise<{ status: number; requestId: string; error?: string }> => {
    const abort = new AbortController();
    const res = await fetch(`${stack.bff.url}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "genui-pluto-0.1",
        messages: [{ role: "user", content: "A sales dashboard for this month" }],
        stream: spec.stream || spec.kind === "clientAbort",
        max_tokens: spec.maxTokens,
        ...(spec.kind === "toolRounds" ? { tools: [{ type: "web_search" }] } : {}),
      }),
      signal: abort.signal,
    });
    const id = (res.headers.get("x-request-id") ?? "").replace(/^chatcmpl-/, "");
    const requestId = id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
    if (res.status !== 200) {
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string }; id?: string };
      const nonStreamId = typeof body.id === "string" ? body.id.replace(/^chatcmpl-/, "") : "";
      return {
        status: res.status,
        requestId: nonStreamId.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5"),
        ...(body.error?.code ? { error: body.error.code } : {}),
      };
    }
    if (spec.kind === "clientAbort") {
      // Reads until the first screen arrives, then goes away.
      const reader = res.body!.getReader();
      let text = "";
      while (!text.includes('"content"')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      abort.abort();
      return { status: 200, requestId };
    }
    if (!spec.stream) {
      const body = (await res.json()) as { id: string };
      const nid = body.id.replace(/^chatcmpl-/, "");
      return { status: 200, requestId: nid.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5") };
    }
    const events = parseEventStream(await res.text()).data.filter((d) => d !== "[DONE]");
    const last = JSON.parse(events.at(-1) ?? "{}") as { error?: { code: string } };
    return { status: 200, requestId, ...(last.error ? { error: last.error.code } : {}) };
  };

  // What the generated scenarios exercised (printed, and checked to be more than refusals).
  const tally = { served: 0, refused: 0, clamped: 0, free: 0, templates: 0, byKind: {} as Record<string, number> };

  it("when generated requests run against a wallet, then no debit exceeds its hold or its price, the wallet never goes below zero, upstream failures cost nothing and the ledger reconciles", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2_000, max: 150_000 }),
        fc.boolean(),
        fc.array(specArb, { minLength: 1, maxLength: 4 }),
        async (funds, templates, specs) => {
          const dev = await newDeveloper(stack, funds);
          if (templates) {
            await publishTemplate(dev);
            tally.templates++;
          }
          const settled = new Set<string>();
          for (const spec of specs) {
            fake.reset();
            fake.script(...script(spec));
            const before = await balanceMicros(dev);
            const r = await run(dev, spec);
            if (r.status === 402) {
              expect(r.error).toBe("insufficient_quota");
              tally.refused++;
              continue;
            }
            tally.served++;
            tally.byKind[spec.kind] = (tally.byKind[spec.kind] ?? 0) + 1;
            // Its usage entry is the wallet's new one (a non-streamed request that failed shows the client no id).
            const entry = await eventually(
              () =>
                repo.ledger
                  .findOne({ userId: dev.userId, source: "usage", _id: { $nin: [...settled] } } as never)
                  .lean<LedgerEntry>()
                  .exec(),
              (e) => !!e,
            );
            if (r.requestId) expect(entry?._id).toBe(`usage:${r.requestId}`);
            settled.add(entry!._id);
            expect(entry).toBeTruthy();
            const debit = 0 - entry!.amount;
            expect(entry!.held).toBeGreaterThan(0);
            expect(debit).toBeGreaterThanOrEqual(0);
            expect(debit).toBeLessThanOrEqual(entry!.held!);
            expect(debit).toBeLessThanOrEqual(entry!.cost!);
            if (debit < entry!.cost!) tally.clamped++;
            if (debit === 0) tally.free++;
            // The upstream failed (twice, mid-stream): nothing is billed.
            if (spec.kind === "upstreamError") expect(debit).toBe(0);
            // A single finished call: billed its price, up to the hold.
            if (spec.kind === "valid") {
              const price = requestCost(spec.promptTokens, spec.completionTokens, 500_000, 2_000_000);
              expect(debit).toBe(Math.min(price, entry!.held!));
            }
            // Broken twice and nothing streamed (a non-streamed client): the client got nothing and pays nothing.
            if (spec.kind === "brokenTwice" && !spec.stream) expect(debit).toBe(0);
            await eventually(
              () => balanceMicros(dev),
              (b) => b === before - debit,
            );
            expect(await balanceMicros(dev)).toBe(before - debit);
            expect(await balanceMicros(dev)).toBeGreaterThanOrEqual(0);
          }
          // Billing's reconciliation, on this wallet and on every wallet.
          expect(await wallets.reconcile(dev.userId)).toMatchObject({ ok: true, overHold: [] });
          const all = await wallets.reconcileAll();
          expect(all.mismatches).toEqual([]);
          expect(all.overHold).toEqual([]);
          expect(all.negative).toEqual([]);
        },
      ),
      { numRuns: Number(process.env.BILLING_PROPERTY_RUNS ?? 25) },
    );
    process.stdout.write(`billing property scenarios: ${JSON.stringify(tally)}\n`);
    expect(tally.served).toBeGreaterThan(0);
  }, 600_000);
});
