import { randomBytes } from "node:crypto";
import type { RunningService } from "@genui/chassis";
import OpenAI, { RateLimitError } from "openai";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";
const MODEL = "genui-pluto-0.1";
/** The stack's limits here: failed key lookups per address, and requests per address (long windows: no test spans two). */
const FAILURES = 10;
const PER_IP = 40;

/** A key of the right shape that no app has: what someone guessing keys sends. */
const randomKey = () => `gk_live_${randomBytes(32).toString("base64url")}`;

interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** The sum of a counter's (or a histogram's `_count`) values over every copy of a process, for the labels `match` accepts. */
async function total(copies: RunningService[], name: string, match: (labels: Record<string, unknown>) => boolean = () => true) {
  let sum = 0;
  for (const c of copies) {
    const metric = await c.ctx.metrics.registry.getSingleMetric(name)?.get();
    for (const v of (metric?.values ?? []) as { value: number; labels: Record<string, unknown>; metricName?: string }[])
      if ((!name.endsWith("_seconds") || v.metricName === `${name}_count`) && match(v.labels)) sum += v.value;
  }
  return sum;
}

/**
 * The published API's limits per client address, at the BFF and before anything is proxied: a flood of random
 * well-formed keys from one address stops reaching generation (and apps' key lookup) after a few failures,
 * and an address's request budget holds whatever key it sends; every other address keeps working.
 */
describe("the published API's limits per client address", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await startStack({
      generation: { workers: 1 },
      // The BFF believes X-Forwarded-For from loopback (TRUST_PROXY's default): each test speaks from addresses of
      // its own, as clients behind a load balancer would.
      bffEnv: { TRUST_PROXY: "loopback", API_KEY_FAILURES_PER_IP: `${FAILURES}/600`, API_RATE_PER_IP: `${PER_IP}/600` },
    });
    dev = await newDeveloper(stack);
  }, 300_000);
  afterAll(async () => stack?.stop());

  const call = (from: string, key: string, route = "/chat/completions") =>
    fetch(`${stack.bff.url}${API}${route}`, {
      method: route === "/chat/completions" ? "POST" : "GET",
      headers: {
        authorization: `Bearer ${key}`,
        "x-forwarded-for": from,
        ...(route === "/chat/completions" ? { "content-type": "application/json" } : {}),
      },
      ...(route === "/chat/completions"
        ? { body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "a to-do list" }] }) }
        : {}),
    });
  /** What reached the generation API (every answer it gave), and apps' key lookups (over NATS). */
  const reached = async () => ({
    generation: await total(stack.copies.generation, "http_request_duration_seconds", (l) => String(l.route).startsWith(API)),
    lookups: await total(stack.copies.apps, "nats_messages_handled_total", (l) => String(l.subject).endsWith("apps.keys.verify")),
  });
  const openai = (apiKey: string, from: string, opts: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
    new OpenAI({
      apiKey,
      baseURL: `${stack.bff.url}${API}`,
      maxRetries: 0,
      defaultHeaders: { "x-forwarded-for": from },
      ...opts,
    });
  const rejection = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => e,
    );

  it("when one address sends random well-formed keys, then after the threshold every request from it is refused 429 at the BFF without a key lookup, while a real key from another address works", async () => {
    const attacker = "198.51.100.66";
    const honest = "203.0.113.10";
    const before = await reached();
    // The first FAILURES guesses are looked up and refused by generation (401), one lookup each.
    for (let i = 0; i < FAILURES; i++) {
      const res = await call(attacker, randomKey());
      expect({ i, status: res.status, code: ((await res.json()) as OpenAIErrorBody).error.code }).toEqual({
        i,
        status: 401,
        code: "invalid_api_key",
      });
    }
    const afterFailures = await eventually(reached, (r) => r.lookups >= before.lookups + FAILURES);
    expect(afterFailures.lookups - before.lookups).toBe(FAILURES);
    expect(afterFailures.generation - before.generation).toBe(FAILURES);
    // Every further guess is the BFF's own 429: OpenAI's shape, Retry-After within the window, no retry advised.
    for (let i = 0; i < 15; i++) {
      const res = await call(attacker, randomKey());
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(res.headers.get("x-should-retry")).toBe("false");
      const body = (await res.json()) as OpenAIErrorBody;
      expect(Object.keys(body)).toEqual(["error"]);
      expect(body.error).toEqual({
        message: expect.stringMatching(/^Too many requests with a missing or wrong API key from your address/) as unknown,
        type: "requests",
        param: null,
        code: "rate_limit_exceeded",
      });
    }
    // With any key: the real one, from the blocked address, is refused the same way.
    const own = await call(attacker, dev.apiKey, "/models");
    expect(own.status).toBe(429);
    expect(((await own.json()) as OpenAIErrorBody).error.message).toMatch(/missing or wrong API key/);
    // The official client sees a RateLimitError it is told not to retry (a retry would wait out Retry-After, minutes).
    let sent = 0;
    const counted = openai(randomKey(), attacker, {
      maxRetries: 2,
      fetch: (url: RequestInfo | URL, init?: RequestInit) => (sent++, fetch(url, init)),
    });
    const err = await rejection(counted.chat.completions.create({ model: MODEL, messages: [{ role: "user", content: "hi" }] }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).code).toBe("rate_limit_exceeded");
    expect(sent).toBe(1);
    // None of it reached generation or apps: the BFF answered alone.
    expect(await reached()).toEqual(afterFailures);
    // A real key from another address: the models list, and a streamed answer through the official client.
    const client = openai(dev.apiKey, honest);
    expect((await client.models.list()).data.map((m) => m.id)).toContain(MODEL);
    let content = "";
    for await (const chunk of await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: "user", content: "a to-do list" }],
      stream: true,
    }))
      content += chunk.choices[0]?.delta.content ?? "";
    expect((JSON.parse(content) as { code: string }).code).toMatch(/\w/);
  });

  it("when as many guesses as the threshold arrive at once from one address, then each is counted and the next request is refused", async () => {
    const from = "198.51.100.77";
    // No guess can see the threshold reached by the others before its own answer: all are looked up.
    const statuses = await Promise.all(Array.from({ length: FAILURES }, async () => (await call(from, randomKey())).status));
    expect(statuses).toEqual(Array<number>(FAILURES).fill(401));
    const next = await call(from, randomKey());
    expect(next.status).toBe(429);
    expect(((await next.json()) as OpenAIErrorBody).error.message).toMatch(/missing or wrong API key/);
  });

  it("when one address sends more requests than its budget, then the rest are refused 429 saying so, whatever the key or route, and another address is unaffected", async () => {
    const busy = "192.0.2.50";
    const other = "192.0.2.51";
    const start = await reached();
    for (let i = 0; i < PER_IP; i++) {
      const res = await call(busy, dev.apiKey, "/models");
      expect({ i, status: res.status }).toEqual({ i, status: 200 });
      await res.arrayBuffer();
    }
    const before = await eventually(reached, (r) => r.generation >= start.generation + PER_IP);
    expect(before.generation - start.generation).toBe(PER_IP);
    for (const route of ["/models", "/chat/completions", "/openapi.json"]) {
      const res = await call(busy, dev.apiKey, route);
      expect({ route, status: res.status }).toEqual({ route, status: 429 });
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await res.json()) as OpenAIErrorBody).error).toEqual({
        message: expect.stringMatching(/^Rate limit reached for requests from your address \(40 per 600 seconds/) as unknown,
        type: "requests",
        param: null,
        code: "rate_limit_exceeded",
      });
    }
    // The official client: a RateLimitError with the same code (maxRetries 0: the answer itself, not a retry's).
    const err = await rejection(openai(dev.apiKey, busy).models.list());
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).status).toBe(429);
    expect((err as RateLimitError).code).toBe("rate_limit_exceeded");
    expect((err as RateLimitError).message).toMatch(/requests from your address/);
    expect(Number((err as RateLimitError).headers?.get("retry-after"))).toBeGreaterThan(0);
    expect(await reached()).toEqual(before);
    // The same key from another address has its own budget.
    const res = await call(other, dev.apiKey, "/models");
    expect(res.status).toBe(200);
  });
});
