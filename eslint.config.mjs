import path from "node:path";
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

/**
 * The rooms of a service (docs/architecture.md, "One layout for every service") and which it may import: arrows point
 * inwards only. The edges (http/, commands/, events/, jobs/) call use-cases/; the use cases work with domain/, store/
 * and clients/; store/ and clients/ (the adapters) know only domain/; domain/ knows none of them. service.ts (the
 * composition root) builds all of it and main.ts (the process) starts service.ts: nothing else imports either.
 * Generation's worker (src/worker/) is a process of its own: its jobs/ are its edge and drive its providers/ (its
 * adapters to the model providers); the API's rooms never import the worker.
 */
const room = (names, message) => ({ regex: `^(\\.\\.?/)+(${names.join("|")})(/|$)`, message });
const EDGES = ["http", "commands", "events", "jobs"];
const PROCESS_FILES = {
  regex: "^(\\.\\.?/)+(worker/)?(service|main)(\\.[cm]?[jt]s)?$",
  message:
    "service.ts is the composition root and main.ts the process: nothing imports them (main.ts alone imports service.ts); take what you need as a parameter.",
};
const NOT_THE_WORKER = room(
  ["worker"],
  "The generation API's rooms never import the worker process (src/worker/): what both use sits in the shared rooms.",
);
const EDGE_TO_STORE = room(
  ["store", "clients"],
  "An edge (http/, commands/, events/, jobs/) goes through use-cases/: it never reaches store/ or clients/ itself.",
);
/** The restrictions of a room: the workspace boundaries, the process files, and the room's own. */
const roomImports = (patterns, paths = []) => ({
  "no-restricted-imports": ["error", { paths, patterns: [...WORKSPACE_BOUNDARIES, PROCESS_FILES, ...patterns] }],
});
const edgeImports = (edge) =>
  roomImports([
    room(
      EDGES.filter((e) => e !== edge),
      "An edge (http/, commands/, events/, jobs/) never imports another edge: what two edges share is a use case or domain.",
    ),
    EDGE_TO_STORE,
    NOT_THE_WORKER,
  ]);

/**
 * The SPA's features (frontend/web/src/features/<name>/) are used from outside only through their public index.ts:
 * another feature, or app/, importing a file inside a feature is an error. The exception: app/ imports the modules
 * below by path. Each is the root of a lazily loaded chunk (a route's page, or a part only one route shows);
 * re-exported from its feature's index.ts it would share a chunk with the rest of the feature and load with every
 * route that uses any of it (the landing page would load the docs page with the chat snippets it shows).
 */
const SPA_CHUNK_ENTRIES = [
  "auth/components/login-form",
  "chat/components/chat-view",
  "chat/components/genui-view",
  "docs/components/docs-page",
  "editor/components/playground",
  "legal/components/privacy-policy",
  "legal/components/refund-policy",
  "legal/components/terms-of-service",
  "plans/components/currency-switch",
  "plans/components/faq",
];
const SPA_SRC = path.join(import.meta.dirname, "frontend/web/src");
const spaRelative = (file) => path.relative(SPA_SRC, file).split(path.sep).join("/");

/** `spa/feature-imports`: reports a relative import that resolves into another feature's files (not its index). */
const spaFeatureImports = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      deep:
        'Import the "{{feature}}" feature through its index.ts ("{{index}}"), not "{{source}}": features are used only ' +
        "through their public API (export what you need from features/{{feature}}/index.ts).",
    },
  },
  create(context) {
    const from = spaRelative(context.filename);
    const ownFeature = /^features\/([^/]+)\//.exec(from)?.[1];
    const check = (source) => {
      if (source?.type !== "Literal" || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const target = spaRelative(path.resolve(path.dirname(context.filename), source.value));
      const [, feature, inner] = /^features\/([^/]+)\/(.+)$/.exec(target) ?? [];
      if (!feature || feature === ownFeature || /^index(\.tsx?)?$/.test(inner)) return;
      if (from.startsWith("app/") && SPA_CHUNK_ENTRIES.includes(`${feature}/${inner.replace(/\.tsx?$/, "")}`)) return;
      const index = source.value.slice(0, source.value.length - inner.length - 1);
      context.report({ node: source, messageId: "deep", data: { feature, index, source: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
  // The rooms of a service and of the BFF (see `room` above): which room may import which. Tests may import anything.
  {
    files: ["services/*/src/**/*.ts", "bff/src/**/*.ts"],
    ignores: ["**/*.test.ts", "**/main.ts"],
    rules: roomImports([]),
  },
  // A service's domain is pure (docs/architecture.md, "One layout for every service"): no database, queue, bus,
  // network or files, and none of the service's own I/O layers.
  {
    files: ["services/*/src/**/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports(
      [
        {
          regex: "^(node:)?(http|https|net|fs|fs/promises|child_process|dgram)$",
          message: "Domain code does no I/O: do it in store/, clients/ or use-cases/ and pass the result in.",
        },
        {
          regex:
            "^\\.\\.?/(.*/)?(store|http|clients|jobs|commands|events|use-cases|providers|worker|config|transport|metrics)(/|$)",
          message: "Domain code depends on nothing of the service's edges, stores or jobs; they depend on it.",
        },
      ],
      [
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
    ),
  },
  // store/ and clients/ are the service's adapters (its database and caches; the systems outside it): they import the
  // domain only, never the edges, the use cases, each other or the config (service.ts hands them what they need).
  {
    files: ["services/*/src/store/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room(
        [...EDGES, "use-cases", "clients", "config"],
        "store/ imports only domain/ (and libraries): never the edges, use-cases/, clients/ or config.",
      ),
      NOT_THE_WORKER,
    ]),
  },
  {
    files: ["services/*/src/clients/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room(
        [...EDGES, "use-cases", "store", "config"],
        "clients/ imports only domain/ (and libraries): never the edges, use-cases/, store/ or config.",
      ),
      NOT_THE_WORKER,
    ]),
  },
  // The use cases are what the edges call, never the reverse.
  {
    files: ["services/*/src/use-cases/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room(EDGES, "use-cases/ never imports an edge (http/, commands/, events/, jobs/): the edges call the use cases."),
      NOT_THE_WORKER,
    ]),
  },
  // The edges: each calls use-cases/ (and reads domain/), never another edge, never store/ or clients/ itself.
  ...EDGES.map((edge) => ({
    files: [`services/*/src/${edge}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: edgeImports(edge),
  })),
  // Generation's worker: its jobs/ are its edge (they use domain/, use-cases/ and the providers' port); its providers/
  // are its adapters to the model providers and import only domain/ (and each other).
  {
    files: ["services/*/src/worker/jobs/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room(EDGES, "The worker's jobs/ are its own edge: they never import the API's edges (http/, commands/, events/, jobs/)."),
      // A worker job does the work itself (the model through providers/, the job's marks in store/), but never
      // reaches a system outside the service (clients/) but through providers/.
      room(["clients"], "The worker's jobs/ never reach clients/ themselves: the model is reached through providers/."),
    ]),
  },
  // generation's transport/: the API process's link to its workers (a job onto the BullMQ queue, its chunks and
  // cancels over NATS). Like an adapter it knows only domain/ and store/ (the job's Redis marks).
  {
    files: ["services/*/src/transport/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room(
        [...EDGES, "use-cases", "clients", "config", "worker"],
        "transport/ imports only domain/ and store/ (and libraries): never the edges, use-cases/, clients/, config or worker/.",
      ),
    ]),
  },
  {
    files: ["services/*/src/worker/providers/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room(
        [...EDGES, "use-cases", "store", "clients", "config"],
        "The worker's providers/ import only domain/ (and each other): never jobs/, use-cases/, store/, clients/ or config.",
      ),
    ]),
  },
  // The BFF is an edge with two adapters: http/ (routes, proxy, CSRF, security headers) uses session/ (the session
  // store, rate limits and session epochs in Redis) and identity/ (the identity service's client); errors.ts,
  // gateway-page.ts (is an answer a load balancer's page?) and config.ts are shared by all. The adapters never import
  // http/ or each other; errors.ts and gateway-page.ts import none of them.
  ...[
    ["session", "identity"],
    ["identity", "session"],
  ].map(([adapter, other]) => ({
    files: [`bff/src/${adapter}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: roomImports([
      room([other], "The BFF's session/ and identity/ are adapters that http/ uses: they never import each other."),
      room(["http"], "The BFF's session/ and identity/ are adapters that http/ uses: they never import http/."),
    ]),
  })),
  ...["errors", "gateway-page"].map((shared) => ({
    files: [`bff/src/${shared}.ts`],
    rules: roomImports([
      room(["http", "session", "identity"], `bff/src/${shared}.ts is shared by all the BFF's rooms: it imports none of them.`),
    ]),
  })),
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
  // SPA features are used only through their index.ts (see SPA_CHUNK_ENTRIES for the modules app/ imports by path).
  {
    files: ["frontend/web/src/**/*.{ts,tsx}"],
    plugins: { spa: { rules: { "feature-imports": spaFeatureImports } } },
    rules: { "spa/feature-imports": "error" },
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
