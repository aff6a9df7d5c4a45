import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Another workspace is imported by its package name, through its package.json "exports" only. */
const WORKSPACE_BOUNDARIES = [
  {
    group: ["@genui/*/src", "@genui/*/src/**", "@genui/*/dist", "@genui/*/dist/**"],
    message: 'Import another workspace through its package.json "exports" (export what you need there).',
  },
  {
    regex: "^(\\.\\./)+(proto|packages|services|bff|frontend|sims|eval|e2e)/",
    message: "A relative path into another workspace: import it by its package name and public entry point.",
  },
];

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "proto/src/gen/**", ".local/**", "test-results/**", "coverage/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": true, "ts-expect-error": "allow-with-description" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["frontend/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Workspace boundaries: another workspace is imported by its package name and only through its package.json
  // "exports" (never its src/ or dist/ files, never by a relative path climbing into it). e2e/ tests the whole.
  {
    files: ["{proto,packages,services,bff,frontend,sims,eval}/**/*.{ts,tsx,mts,mjs,js}"],
    rules: { "no-restricted-imports": ["error", { patterns: WORKSPACE_BOUNDARIES }] },
  },
  // A service's domain is pure (docs/architecture.md, "One layout for every service"): no database, queue, bus,
  // network or files, and none of the service's own I/O layers.
  {
    files: ["services/*/src/**/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...["mongoose", "ioredis", "bullmq", "nats", "express", "openai", "undici"].map((name) => ({
              name,
              message: "Domain code does no I/O: do it in store/, clients/ or use-cases/ and pass the result in.",
            })),
            {
              name: "@genui/chassis",
              allowImportNames: ["AppError", "ErrorDetails", "FieldErrors"],
              message: "Domain code takes only the error type from the chassis.",
            },
          ],
          patterns: [
            ...WORKSPACE_BOUNDARIES,
            {
              regex: "^(node:)?(http|https|net|fs|fs/promises|child_process|dgram)$",
              message: "Domain code does no I/O: do it in store/, clients/ or use-cases/ and pass the result in.",
            },
            {
              regex: "^\\.\\.?/(.*/)?(store|http|clients|jobs|commands|events|use-cases|providers)(/|$)",
              message: "Domain code depends on nothing of the service's edges, stores or jobs; they depend on it.",
            },
          ],
        },
      ],
    },
  },
  // Services talk over NATS through the MessageBus only (typed, validated, traced): never the raw connection.
  {
    files: ["services/*/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='nc']",
          message: "Use the MessageBus (publish/consume, request/serve, watch, signal/listen), not its raw NATS connection.",
        },
      ],
    },
  },
  // The SPA talks to the server through its one API client (lib/api-client.ts: CSRF, 401 logout, errors); streams too (api.stream).
  {
    files: ["frontend/web/src/**/*.{ts,tsx}"],
    ignores: ["frontend/web/src/lib/api-client.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the server through lib/api-client.ts (api.get/post/…, api.stream for streams)." },
        { name: "XMLHttpRequest", message: "Call the server through lib/api-client.ts." },
        { name: "EventSource", message: "Call the server through lib/api-client.ts (api.stream)." },
      ],
      "no-restricted-properties": [
        "error",
        { object: "window", property: "fetch", message: "Call the server through lib/api-client.ts." },
        { object: "globalThis", property: "fetch", message: "Call the server through lib/api-client.ts." },
        { object: "self", property: "fetch", message: "Call the server through lib/api-client.ts." },
      ],
    },
  },
  {
    files: ["**/*.cjs", "jest.config.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["loadtests/**/*.js"],
    // k6's init-context globals (`open` reads a file at start).
    languageOptions: { globals: { __ENV: "readonly", __VU: "readonly", __ITER: "readonly", open: "readonly" } },
  },
  {
    // The fault campaign's load writes one line per request (k6 --log-format raw): its console is its output.
    files: ["loadtests/faults.js"],
    rules: { "no-console": "off" },
  },
  {
    files: ["scripts/**/*.mjs", "loadtests/**/*.mjs"],
    rules: { "no-console": "off" },
  },
);
