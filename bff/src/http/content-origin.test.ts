import { FRAME_SANDBOX, framePolicy } from "./security-headers";

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

  it("when the screen page is served, then an app theme's font style sheet and fonts may load over https, and nothing else widens", () => {
    const iframe = directives(framePolicy("iframe"));
    expect(iframe.get("style-src")).toBe("'self' 'unsafe-inline' https:");
    expect(iframe.get("font-src")).toBe("'self' https:");
    expect(iframe.get("connect-src")).toBe("'self'");
    for (const kind of ["gallery", "playground"] as const) {
      const d = directives(framePolicy(kind));
      expect({ kind, style: d.get("style-src"), font: d.get("font-src") }).toEqual({
        kind,
        style: "'self' 'unsafe-inline'",
        font: "'self'",
      });
    }
  });
});
