import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    files: ["{proto,packages,services,bff,frontend,sims}/**/*.{ts,tsx,mts,mjs,js}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@genui/*/src", "@genui/*/src/**", "@genui/*/dist", "@genui/*/dist/**"],
              message: 'Import another workspace through its package.json "exports" (export what you need there).',
            },
            {
              regex: "^(\\.\\./)+(proto|packages|services|bff|frontend|sims|e2e)/",
              message: "A relative path into another workspace: import it by its package name and public entry point.",
            },
          ],
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
    languageOptions: { globals: { __ENV: "readonly", __VU: "readonly", __ITER: "readonly" } },
  },
  {
    files: ["scripts/**/*.mjs", "loadtests/**/*.mjs"],
    rules: { "no-console": "off" },
  },
);
