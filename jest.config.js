/**
 * Three projects: unit (beside the code, no I/O), integration (test/ folders, e2e/system and e2e/architecture, real
 * infrastructure from the global setup) and browser (e2e/browser, real Chromium against the real processes).
 * @type {import('jest').Config}
 */
const path = require("node:path");

const shared = {
  rootDir: __dirname,
  testEnvironment: "node",
  transform: { "^.+\\.tsx?$": ["ts-jest", { tsconfig: path.join(__dirname, "tsconfig.jest.json") }] },
  moduleNameMapper: {
    "^@genui/contracts$": "<rootDir>/proto/src/index.ts",
    "^@genui/contracts/http$": "<rootDir>/proto/src/http/index.ts",
    "^@genui/contracts/openapi$": "<rootDir>/proto/src/http/openapi.ts",
    "^@genui/contracts/keys$": "<rootDir>/proto/src/keys.ts",
    "^@genui/(chassis|testkit|ui-runtime|planner|a2ui)$": "<rootDir>/packages/$1/src/index.ts",
    "^@genui/sims$": "<rootDir>/sims/src/index.ts",
    "^@genui/ui-runtime/protocol$": "<rootDir>/packages/ui-runtime/src/protocol.ts",
    "^@genui/ui-runtime/node$": "<rootDir>/packages/ui-runtime/src/node.ts",
    "^@genui/ui-runtime/appearance$": "<rootDir>/packages/ui-runtime/src/appearance.ts",
    "^@genui/ui-runtime/stream$": "<rootDir>/packages/ui-runtime/src/stream.ts",
    "^@genui/react-renderer$": "<rootDir>/frontend/renderer/src/index.ts",
  },
  testPathIgnorePatterns: ["/node_modules/", "/dist/"],
  modulePathIgnorePatterns: ["<rootDir>/.*/dist/"],
};

const withInfra = {
  globalSetup: "<rootDir>/packages/testkit/src/global-setup.ts",
  globalTeardown: "<rootDir>/packages/testkit/src/global-teardown.ts",
};

module.exports = {
  maxWorkers: 2,
  // A global option (project configs cannot set it): integration and browser tests wait on real infrastructure.
  testTimeout: 60_000,
  // A worker whose heap has grown past this after a test file is replaced before the next one. Each file loads the
  // services afresh (jest's module registry per file) and not all of it is collected between files: measured here with
  // --logHeapUsage, a worker grows by about 100-300 MB per stack-starting file, and in a full run one worker reached
  // its 4 GB heap limit after ~20 minutes (GC pauses of 4-6 s first made timing-sensitive tests in it fail).
  workerIdleMemoryLimit: "1.5GB",
  projects: [
    { ...shared, displayName: "unit", testMatch: ["<rootDir>/{proto,packages,services,bff,sims,eval}/**/src/**/*.test.ts"] },
    {
      ...shared,
      ...withInfra,
      displayName: "integration",
      testMatch: ["<rootDir>/{packages,services,bff,sims}/**/test/**/*.int.test.ts", "<rootDir>/e2e/**/*.int.test.ts"],
    },
    { ...shared, ...withInfra, displayName: "browser", testMatch: ["<rootDir>/e2e/**/*.e2e.test.ts"] },
    {
      ...shared,
      displayName: "dom",
      testEnvironment: "jsdom",
      // The renderer's component tests, the SPA's and the MCP app's (both "type": "module" too; a test may ask for node's environment).
      testMatch: [
        "<rootDir>/frontend/renderer/src/**/*.test.tsx",
        "<rootDir>/frontend/web/src/**/*.test.ts",
        "<rootDir>/frontend/mcp-app/src/**/*.test.ts",
      ],
      // The renderer is an ES module package ("type": "module"): its tsconfig.jest.json compiles it to CommonJS for jest.
      transform: {
        "^.+\\.tsx?$": ["ts-jest", { tsconfig: path.join(__dirname, "frontend/renderer/tsconfig.jest.json") }],
      },
    },
    {
      ...shared,
      displayName: "embed",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/frontend/embed/src/**/*.test.{ts,tsx}"],
      // Like "dom": @genui/react is "type": "module", so the shared (nodenext) transform would emit ESM.
      transform: { "^.+\\.tsx?$": ["ts-jest", { tsconfig: path.join(__dirname, "frontend/embed/tsconfig.jest.json") }] },
    },
  ],
};
