import { tracingConfigured } from "./tracing";

describe("tracing configuration", () => {
  it("when no OTLP endpoint is set, then nothing is exported", () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toBe(false);
  });

  it("when an endpoint is set (general or traces-only), then traces are exported", () => {
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
  });

  it("when the SDK is disabled or the traces exporter is none, then nothing is exported despite an endpoint", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(tracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: "TRUE" })).toBe(false);
    expect(tracingConfigured({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(tracingConfigured({ ...endpoint, OTEL_TRACES_EXPORTER: "console,otlp" })).toBe(true);
  });
});
