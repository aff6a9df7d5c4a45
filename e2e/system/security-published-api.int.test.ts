import { validate } from "@readme/openapi-parser";
import { newDeveloper, type Developer } from "../support/developer";
import { refsOf, resolveRef } from "../support/openapi-check";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";
const MODEL = "genui-pluto-0.1";
const user = (content: string) => [{ role: "user", content }];

interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** An answer in OpenAI's error shape (exactly message, type, param, code), with its status. */
async function errorOf(res: Response): Promise<{ status: number; allow: string | null; error: OpenAIErrorBody["error"] }> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${res.status} is not JSON: ${text.slice(0, 200)}`);
  }
  const e = (body as Partial<OpenAIErrorBody>).error;
  if (!e || Object.keys(body as object).join() !== "error") throw new Error(`${res.status} is not an OpenAI error: ${text}`);
  expect(Object.keys(e).sort()).toEqual(["code", "message", "param", "type"]);
  expect(e.message).toMatch(/\w/);
  return { status: res.status, allow: res.headers.get("allow"), error: e };
}

/**
 * Attacks on the published API's edges: methods it does not declare, bodies that break its rules, and its OpenAPI
 * document. Each must get a clear error in OpenAI's shape (never a 500, a 404 page or a 200 built on garbage), at the
 * BFF and at the generation service behind it.
 */
describe("the published API refuses what it does not declare", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack);
  }, 300_000);
  afterAll(async () => stack?.stop());

  const call = (base: string, method: string, route: string, body?: unknown) =>
    fetch(`${base}${API}${route}`, {
      method,
      headers: { authorization: `Bearer ${dev.apiKey}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });

  const UNDECLARED: [string, string, string][] = [
    // GET lists the app's stored completions; a completion's own path has GET, POST (metadata) and DELETE.
    ["DELETE", "/chat/completions", "POST, GET, HEAD, OPTIONS"],
    ["PUT", "/chat/completions", "POST, GET, HEAD, OPTIONS"],
    ["PUT", `/chat/completions/chatcmpl-${"0".repeat(32)}`, "GET, HEAD, POST, DELETE, OPTIONS"],
    ["POST", `/chat/completions/chatcmpl-${"0".repeat(32)}/messages`, "GET, HEAD, OPTIONS"],
    ["GET", "/retrieve/", "POST, OPTIONS"],
    ["PATCH", "/retrieve/", "POST, OPTIONS"],
    ["POST", "/models", "GET, HEAD, OPTIONS"],
    ["DELETE", "/models/genui-pluto-0.1", "GET, HEAD, OPTIONS"],
    ["PUT", "/openapi.json", "GET, HEAD, OPTIONS"],
  ];

  it.each(["bff", "generation"])(
    "when a published route is called with a method it does not declare (at the %s), then 405 with Allow in OpenAI's shape",
    async (at) => {
      const base = at === "bff" ? stack.bff.url : stack.generation!.url;
      const seen = [];
      for (const [method, route] of UNDECLARED) {
        const body = method === "GET" || method === "HEAD" ? undefined : { model: MODEL, messages: user("hi") };
        const res = await call(base, method, route, body);
        const e = await errorOf(res);
        seen.push({ method, route, status: e.status, allow: e.allow, code: e.error.code, type: e.error.type });
      }
      expect(seen).toEqual(
        UNDECLARED.map(([method, route, allow]) => ({
          method,
          route,
          status: 405,
          allow,
          code: "method_not_allowed",
          type: "invalid_request_error",
        })),
      );
    },
  );

  const BAD: { name: string; route: string; body: unknown; param: string | null; code?: string }[] = [
    {
      name: "malformed JSON",
      route: "/chat/completions",
      body: '{"model": "x", "messages": [',
      param: null,
      code: "invalid_json",
    },
    { name: "a JSON array body", route: "/chat/completions", body: "[]", param: null, code: "invalid_json" },
    { name: "a number as the model", route: "/chat/completions", body: { model: 5, messages: user("hi") }, param: "model" },
    {
      name: "a 10,000-character model",
      route: "/chat/completions",
      body: { model: "m".repeat(10_000), messages: user("hi") },
      param: "model",
    },
    { name: "messages as a string", route: "/chat/completions", body: { model: MODEL, messages: "hi" }, param: "messages" },
    {
      name: "stream as a string",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), stream: "yes" },
      param: "stream",
    },
    {
      name: "max_tokens as a string",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), max_tokens: "10" },
      param: "max_tokens",
    },
    {
      name: "a huge max_tokens",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), max_tokens: 1e20 },
      param: "max_tokens",
    },
    {
      name: "a bad max_tokens beside a good max_completion_tokens",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), max_completion_tokens: 10, max_tokens: -1 },
      param: "max_tokens",
    },
    {
      name: "stream_options without stream",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), stream_options: { include_usage: true } },
      param: "stream_options",
    },
    {
      name: "stream_options with stream null",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), stream: null, stream_options: {} },
      param: "stream_options",
    },
    {
      name: "include_usage as a string",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), stream: true, stream_options: { include_usage: "yes" } },
      param: "stream_options.include_usage",
    },
    {
      name: "include_thoughts as a number",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), include_thoughts: 1 },
      param: "include_thoughts",
    },
    {
      name: "a tool that is not an object",
      route: "/chat/completions",
      body: { model: MODEL, messages: user("hi"), tools: [1] },
      param: "tools[0]",
    },
    {
      name: "retrieve without code or prompt",
      route: "/retrieve/",
      body: {},
      param: "prompt",
      code: "missing_required_parameter",
    },
    {
      name: "retrieve with blank code and prompt",
      route: "/retrieve/",
      body: { code: " \n", prompt: "\t" },
      param: "prompt",
      code: "missing_required_parameter",
    },
    { name: "retrieve with code as a number", route: "/retrieve/", body: { code: 5 }, param: "code" },
    { name: "retrieve with 200,001 characters of code", route: "/retrieve/", body: { code: "x".repeat(200_001) }, param: "code" },
    {
      name: "retrieve with 200,001 blank characters of code beside a prompt",
      route: "/retrieve/",
      body: { code: " ".repeat(200_001), prompt: "hi" },
      param: "code",
    },
    {
      name: "retrieve with a 50,001-character prompt",
      route: "/retrieve/",
      body: { prompt: "x".repeat(50_001) },
      param: "prompt",
    },
    {
      name: "retrieve with a 10,000-character model",
      route: "/retrieve/",
      body: { prompt: "hi", model: "m".repeat(10_000) },
      param: "model",
    },
  ];

  it.each(BAD)(
    "when a client sends $name, then 400 in OpenAI's shape naming the parameter",
    async ({ route, body, param, code }) => {
      const e = await errorOf(await call(stack.bff.url, "POST", route, body));
      expect({ status: e.status, type: e.error.type, param: e.error.param }).toEqual({
        status: 400,
        type: "invalid_request_error",
        param,
      });
      if (code) expect(e.error.code).toBe(code);
    },
  );

  it("when a client names a model that does not exist, then 404 model_not_found in OpenAI's shape (as OpenAI answers)", async () => {
    for (const [method, route, body] of [
      ["POST", "/chat/completions", { model: "genui-nope-9", messages: user("hi") }],
      ["GET", "/models/genui-nope-9", undefined],
    ] as const) {
      const e = await errorOf(await call(stack.bff.url, method, route, body));
      expect({ status: e.status, code: e.error.code, param: e.error.param }).toEqual({
        status: 404,
        code: "model_not_found",
        param: "model",
      });
    }
  });

  it("when the OpenAPI document is read, then a real OpenAPI 3.1 validator accepts it and every $ref resolves inside it", async () => {
    const res = await fetch(`${stack.bff.url}${API}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Parameters<typeof validate>[0];
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith("#/")) return true;
      return resolveRef(doc, ref) === undefined;
    });
    expect(unresolved).toEqual([]);
    // No network: a reference outside the document would be an error here, not a download.
    const result = await validate(structuredClone(doc), { resolve: { external: false } });
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([]);
    expect(result.specification).toBe("OpenAPI");
  });
});
