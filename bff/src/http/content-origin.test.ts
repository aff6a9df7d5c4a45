import { ConfigError } from "@genui/chassis";
import { loadBffConfig } from "../config";
import { FRAME_SANDBOX, framePolicy } from "./security-headers";

const base = {
  INTERNAL_IDENTITY_SECRET: "9f2c7a41e8b35d60c1a7f4e29b8d3c56e0a1f7b42c9d8e35a6b0c4f1e7d29a83",
  SESSION_SECRET: "b7E2kQ9xV4mN1pR8sT6wY3zA5cF0hJ2lD7gK4nP9qU",
  REDIS_URL: "redis://127.0.0.1:6379",
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadBffConfig(env);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems;
  }
};

describe("the content origin's settings", () => {
  it("when CONTENT_ORIGIN and CONTENT_HTTP_PORT are unset, then the documents stay on the BFF's origin and no second listener starts", () => {
    const config = loadBffConfig(base);
    expect(config.CONTENT_ORIGIN).toBe("");
    expect(config.CONTENT_HTTP_PORT).toBeUndefined();
    expect(config.CONTENT_HTTP_HOST).toBeUndefined();
  });

  it("when CONTENT_ORIGIN is an origin, then it is kept as one; with a path, a query or another scheme, the boot error names it", () => {
    expect(loadBffConfig({ ...base, CONTENT_ORIGIN: "https://frames.example.com/" }).CONTENT_ORIGIN).toBe(
      "https://frames.example.com",
    );
    expect(loadBffConfig({ ...base, CONTENT_ORIGIN: "http://127.0.0.1:8081", CONTENT_HTTP_PORT: "8081" })).toMatchObject({
      CONTENT_ORIGIN: "http://127.0.0.1:8081",
      CONTENT_HTTP_PORT: 8081,
    });
    for (const bad of [
      "https://frames.example.com/iframe",
      "https://frames.example.com/?a=1",
      "ftp://frames.example.com",
      "frames",
    ])
      expect({ bad, problems: problemsOf({ ...base, CONTENT_ORIGIN: bad }) }).toEqual({
        bad,
        problems: [expect.stringMatching(/^CONTENT_ORIGIN: /)],
      });
    expect(problemsOf({ ...base, CONTENT_HTTP_PORT: "70000" })).toEqual([expect.stringMatching(/^CONTENT_HTTP_PORT: /)]);
  });
});

describe("the policies of the documents showing generated UI", () => {
  const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1).join(" ")]));

  it("when any of them is served, then it sandboxes itself without allow-same-origin", () => {
    for (const kind of ["iframe", "gallery", "playground"] as const) {
      const d = directives(framePolicy(kind));
      expect({ kind, sandbox: d.get("sandbox") }).toEqual({ kind, sandbox: FRAME_SANDBOX });
      expect(FRAME_SANDBOX.split(" ")).not.toContain("allow-same-origin");
      expect(d.get("default-src")).toBe("'none'");
    }
  });

  it("when a document evaluates UI code, then it may compile WebAssembly and start blob: workers, and nothing else may", () => {
    const iframe = directives(framePolicy("iframe"));
    expect(iframe.get("script-src")).toBe("'self' 'wasm-unsafe-eval'");
    expect(iframe.get("worker-src")).toBe("blob:");
    expect(iframe.get("frame-ancestors")).toBe("*");
    const playground = directives(framePolicy("playground"));
    expect(playground.get("script-src")).toBe("'self' 'wasm-unsafe-eval'");
    expect(playground.get("worker-src")).toBe("blob:");
    expect(playground.get("frame-ancestors")).toBe("'self'");
    const gallery = directives(framePolicy("gallery"));
    expect(gallery.get("script-src")).toBe("'self'");
    expect(gallery.has("worker-src")).toBe(false);
  });
});
