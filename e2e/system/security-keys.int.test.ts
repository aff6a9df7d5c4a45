import OpenAI, { PermissionDeniedError } from "openai";
import type { GenerateRequest, Provider, ProviderEvent } from "../../services/generation/src/worker/providers/provider";
import { newDeveloper, type Developer } from "../support/developer";
import { eventually } from "../support/eventually";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";
/** The publishable key's budget in this stack (GEN_PUBLISHABLE_RATE). */
const PUBLISHABLE_RATE = 20;

/**
 * A provider that spends every output token billing held for (so an answer costs as much as its hold, less only the
 * unused input allowance) and takes a moment, so concurrent requests overlap.
 */
class Spender implements Provider {
  readonly name = "spender";
  async *generate(req: GenerateRequest): AsyncIterable<ProviderEvent> {
    await new Promise((r) => setTimeout(r, 400));
    yield { type: "code", text: `heading("Spent for: ${req.messages.at(-1)?.content.replace(/"/g, "") ?? ""}")\n` };
    yield { type: "usage", inputTokens: 10, outputTokens: req.maxOutputTokens };
  }
}

interface ErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** A published-API call the way a browser page (or a server, without `origin`) makes it. */
async function call(
  stack: Stack,
  path: string,
  key: string,
  body: unknown,
  origin?: string,
  method = "POST",
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(`${stack.bff.url}${API}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...(origin ? { origin } : {}),
    },
    ...(method === "GET" ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const originOf = (url: string) => new URL(url).origin;

describe("API keys in web pages: publishable keys, the app's origin, and a daily spend cap", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      generation: {
        provider: new Spender(),
        apiEnv: { GEN_PUBLISHABLE_RATE: `${PUBLISHABLE_RATE}/60` },
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const balance = async (dev: Developer) =>
    ((await (await dev.client.get("/billing/api/v1/balance")).json()) as { balance: number }).balance;

  it("when a page sends the app's secret key (the request carries an Origin header), then it is refused, naming the publishable key, and the page can read why", async () => {
    const dev = await newDeveloper(stack);
    for (const [path, body, method] of [
      ["/retrieve/", { code: 'text("hi")' }, "POST"],
      ["/chat/completions", { model: "genui-pluto-0.1", messages: [{ role: "user", content: "a login form" }] }, "POST"],
      ["/models", undefined, "GET"],
    ] as const) {
      const res = await call(stack, path, dev.apiKey, body, originOf(dev.url), method);
      expect(res.status).toBe(403);
      const e = (res.body as ErrorBody).error;
      expect(e.code).toBe("secret_key_in_browser");
      expect(e.type).toBe("permission_error");
      expect(e.message).toContain("gk_pub_");
      expect(e.message).toContain("secret");
      // CORS: the page that sent it may read the refusal.
      expect(res.headers.get("access-control-allow-origin")).toMatch(/^\*$|^https:\/\//);
    }
    // The same key from a server (no Origin) keeps working with the official client.
    const openai = new OpenAI({ apiKey: dev.apiKey, baseURL: `${stack.bff.url}${API}`, maxRetries: 0 });
    expect((await openai.models.list()).data.map((m) => m.id)).toContain("genui-pluto-0.1");
  });

  it("when the publishable key is sent from another origin, or without an origin, then it is refused with 403 publishable_key_origin_mismatch", async () => {
    const dev = await newDeveloper(stack);
    expect(dev.publishableKey).toMatch(/^gk_pub_[A-Za-z0-9_-]{43}$/);
    for (const origin of [
      "https://attacker.example",
      "http://localhost:1234",
      originOf(dev.url).replace("https:", "http:"),
      undefined,
    ]) {
      const res = await call(stack, "/retrieve/", dev.publishableKey, { code: 'text("hi")' }, origin);
      expect(res.status).toBe(403);
      const e = (res.body as ErrorBody).error;
      expect(e.code).toBe("publishable_key_origin_mismatch");
      expect(e.message).toContain(originOf(dev.url));
    }
  });

  it("when the publishable key calls chat completions or the models list, then it is refused with 403 publishable_key_route", async () => {
    const dev = await newDeveloper(stack);
    const openai = new OpenAI({
      apiKey: dev.publishableKey,
      baseURL: `${stack.bff.url}${API}`,
      maxRetries: 0,
      defaultHeaders: { origin: originOf(dev.url) },
    });
    const refused = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PermissionDeniedError);
      expect((err as PermissionDeniedError).code).toBe("publishable_key_route");
    };
    await refused(openai.chat.completions.create({ model: "genui-pluto-0.1", messages: [{ role: "user", content: "hi" }] }));
    await refused(openai.models.list());
    await refused(openai.models.retrieve("genui-pluto-0.1"));
    expect(await balance(dev)).toBe(1);
  });

  it("when the publishable key is sent from the app's own origin, then retrieve renders code and prompts", async () => {
    const dev = await newDeveloper(stack);
    const fromCode = await call(stack, "/retrieve/", dev.publishableKey, { code: 'heading("From code")' }, originOf(dev.url));
    expect(fromCode.status).toBe(200);
    expect(JSON.stringify((fromCode.body as { json: unknown }).json)).toContain("From code");
    const fromPrompt = await call(stack, "/retrieve/", dev.publishableKey, { prompt: "a weather card" }, originOf(dev.url));
    expect(fromPrompt.status).toBe(200);
    expect(JSON.stringify((fromPrompt.body as { json: unknown }).json)).toContain("a weather card");
  });

  it("when a publishable key exceeds its own request budget, then it is answered 429 with Retry-After in OpenAI's shape", async () => {
    const dev = await newDeveloper(stack);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < PUBLISHABLE_RATE + 1; i++) {
      last = await call(stack, "/retrieve/", dev.publishableKey, { code: `text("n${i}")` }, originOf(dev.url));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, PUBLISHABLE_RATE).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((last!.body as ErrorBody).error.code).toBe("rate_limit_exceeded");
    expect((last!.body as ErrorBody).error.message).toContain("publishable key");
    // The secret key has its own budget: a server is not stopped by the page's traffic.
    expect((await call(stack, "/retrieve/", dev.apiKey, { code: 'text("server")' })).status).toBe(200);
  });

  it("when the owner sets a daily spend cap, then a concurrent burst with the publishable key cannot spend past it", async () => {
    const dev = await newDeveloper(stack);
    const set = async (v: unknown) => dev.client.request("PATCH", `${API}/update/${dev.appId}/`, { daily_spend_cap: v });
    // Bad values are field errors; the stored cap is unchanged.
    for (const bad of ["-1", "abc", "0.001", 1_000_001, null]) {
      const res = await set(bad);
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()) as Record<string, string[]>)).toEqual(["daily_spend_cap"]);
    }
    const ok = await set("0.10");
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { daily_spend_cap: string }).daily_spend_cap).toBe("0.10");

    // Each answer spends its whole output allowance: $0.032773 (10 input tokens at $0.50/1M, 16384 output at
    // $2/1M); its hold's maximum is $0.034773 (4010 input tokens), so at most two fit under $0.10 at once, and
    // without an atomic cap all ten would be spent ($0.33).
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(stack, "/retrieve/", dev.publishableKey, { prompt: `burst ${i}` }, originOf(dev.url)),
      ),
    );
    const served = burst.filter((r) => r.status === 200).length;
    const capped = burst.filter((r) => r.status === 429 && (r.body as ErrorBody).error.code === "daily_spend_cap_reached");
    expect(served).toBeGreaterThanOrEqual(1);
    expect(served + capped.length).toBe(10);
    expect(served * 32_773).toBeLessThanOrEqual(100_000);
    expect(Number(capped[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((capped[0]!.body as ErrorBody).error.message).toContain("daily spend cap");
    // What the wallet was charged is exactly what was served, and within the cap.
    const spent =
      1 -
      (await eventually(
        () => balance(dev),
        (b) => Math.round((1 - b) * 1e6) === served * 32_773,
      ));
    expect(Math.round(spent * 1e6)).toBe(served * 32_773);
    expect(spent).toBeLessThanOrEqual(0.1);
    // The rest of the day's cap is below one hold: the next prompt is refused, code still renders (it costs nothing).
    if (served === 2) {
      const next = await call(stack, "/retrieve/", dev.publishableKey, { prompt: "one more" }, originOf(dev.url));
      expect((next.body as ErrorBody).error.code).toBe("daily_spend_cap_reached");
    }
    const code = await call(stack, "/retrieve/", dev.publishableKey, { code: 'text("free")' }, originOf(dev.url));
    expect(code.status).toBe(200);
    // The secret key from a server is not bound by the page's cap.
    expect((await call(stack, "/retrieve/", dev.apiKey, { prompt: "server side" })).status).toBe(200);
  });

  it("when the owner rotates the publishable key, then the old one stops working and the new one renders", async () => {
    const dev = await newDeveloper(stack);
    const origin = originOf(dev.url);
    expect((await call(stack, "/retrieve/", dev.publishableKey, { code: 'text("a")' }, origin)).status).toBe(200);
    const res = await dev.client.post(`${API}/rotate-publishable-key/${dev.appId}/`);
    expect(res.status).toBe(200);
    const app = (await res.json()) as { publishable_key: string; api_key: string };
    expect(app.publishable_key).not.toBe(dev.publishableKey);
    expect(app.api_key).toBe(dev.apiKey);
    const old = await eventually(
      () => call(stack, "/retrieve/", dev.publishableKey, { code: 'text("a")' }, origin),
      (r) => r.status === 401,
    );
    expect((old.body as ErrorBody).error.code).toBe("invalid_api_key");
    expect((await call(stack, "/retrieve/", app.publishable_key, { code: 'text("b")' }, origin)).status).toBe(200);
    // Another owner cannot rotate it.
    const other = await newDeveloper(stack, 0);
    expect((await other.client.post(`${API}/rotate-publishable-key/${dev.appId}/`)).status).toBe(404);
    expect((await other.client.request("PATCH", `${API}/update/${dev.appId}/`, { daily_spend_cap: "5" })).status).toBe(404);
  });

  it("when an app made before publishable keys existed is listed, then it is given one that works from its origin", async () => {
    const dev = await newDeveloper(stack);
    await stack.apps.ctx
      .mongo!.collection("apps")
      .updateOne(
        { _id: dev.appId as unknown as never },
        { $unset: { pubKeyHash: "", pubKeySealed: "", dailySpendCapMicros: "" } },
      );
    // Any change of the owner's apps (here a secret key rotation) makes the list read the store again.
    expect((await dev.client.post(`${API}/rotate-key/${dev.appId}/`)).status).toBe(200);
    const row = ((await (await dev.client.get(`${API}/list/`)).json()) as { results: { id: string; publishable_key: string }[] })
      .results[0]!;
    expect(row.publishable_key).toMatch(/^gk_pub_/);
    expect(row.publishable_key).not.toBe(dev.publishableKey);
    expect((await call(stack, "/retrieve/", row.publishable_key, { code: 'text("c")' }, originOf(dev.url))).status).toBe(200);
  });
});
