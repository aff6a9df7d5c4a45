import { execFileSync } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";

// The repository's eslint config (eslint.config.mjs) keeps the workspaces' boundaries: no import past a workspace's
// package.json "exports", and no fetch in the SPA outside its API client. These lint small sources as if they were
// files of the repository, with the repository's own config.

interface Finding {
  file: string;
  rules: string[];
}

/** ESLint's Node API in a process of its own (the config is an ES module, which jest's module system cannot load). */
function lint(files: Record<string, string>): Finding[] {
  const script = `
    import { ESLint } from "eslint";
    const files = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const [file, code] of Object.entries(files)) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push({ file, rules: result.messages.map((m) => m.ruleId ?? m.message) });
    }
    console.log(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify(files)], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 90_000,
  });
  return JSON.parse(stdout) as Finding[];
}

const at = (p: string) => path.join(REPO_ROOT, p);

describe("the import and API-client boundaries (eslint)", () => {
  it("when code imports past a workspace's exports or fetches outside the API client, then lint fails; the public ways pass", () => {
    const findings = lint({
      [at("frontend/web/src/features/editor/deep-relative.ts")]:
        'import EvaluatorWorker from "../../../../packages/ui-runtime/src/worker/evaluator-worker.ts?worker";\nexport const W = EvaluatorWorker;\n',
      [at("frontend/iframe/src/deep-package.tsx")]:
        'import { galleryScreen } from "@genui/react-renderer/src/gallery";\nexport const g = galleryScreen;\n',
      [at("services/billing/src/deep-dist.ts")]:
        'import { MessageBus } from "@genui/chassis/dist/src/nats";\nexport const B = MessageBus;\n',
      [at("bff/src/http/into-service.ts")]:
        'import { startIdentity } from "../../../services/identity/src/service";\nexport const s = startIdentity;\n',
      [at("frontend/web/src/features/chat/own-fetch.ts")]:
        'export const open = () => fetch("/apps/api/v1/auth-chat/completions", { method: "POST" });\n',
      [at("frontend/web/src/features/chat/window-fetch.ts")]: 'export const open = () => window.fetch("/apps/");\n',
      [at("frontend/web/src/features/editor/public-ways.ts")]: [
        'import EvaluatorWorker from "@genui/ui-runtime/worker?worker";',
        'import { WorkerEvaluator } from "@genui/ui-runtime";',
        'import { api } from "../../lib/api-client";',
        'export const open = () => [new WorkerEvaluator(new EvaluatorWorker()), api.stream("/apps/", {})];',
        "",
      ].join("\n"),
      [at("services/identity/test/own-src.ts")]:
        'import { startIdentity } from "../src/service";\nexport const s = startIdentity;\n',
    });
    const byFile = Object.fromEntries(findings.map((f) => [path.relative(REPO_ROOT, f.file), f.rules]));
    expect(byFile).toEqual({
      "frontend/web/src/features/editor/deep-relative.ts": ["no-restricted-imports"],
      "frontend/iframe/src/deep-package.tsx": ["no-restricted-imports"],
      "services/billing/src/deep-dist.ts": ["no-restricted-imports"],
      "bff/src/http/into-service.ts": ["no-restricted-imports"],
      "frontend/web/src/features/chat/own-fetch.ts": ["no-restricted-globals"],
      "frontend/web/src/features/chat/window-fetch.ts": ["no-restricted-properties"],
      "frontend/web/src/features/editor/public-ways.ts": [],
      "services/identity/test/own-src.ts": [],
    });
  }, 120_000);

  it("when a service's domain does I/O or code uses the raw NATS connection, then lint fails; pure domain and the bus pass", () => {
    const findings = lint({
      [at("services/billing/src/domain/reads-files.ts")]:
        'import { readFileSync } from "node:fs";\nexport const read = () => readFileSync("x", "utf8");\n',
      [at("services/billing/src/domain/uses-store.ts")]:
        'import { OrderRepository } from "../store/order.repository";\nexport type R = OrderRepository;\n',
      [at("services/billing/src/domain/uses-mongoose.ts")]: 'import mongoose from "mongoose";\nexport const m = mongoose;\n',
      [at("services/billing/src/domain/uses-the-bus.ts")]:
        'import { MessageBus } from "@genui/chassis";\nexport type B = MessageBus;\n',
      [at("services/billing/src/domain/pure.ts")]: [
        'import { AppError, type FieldErrors } from "@genui/chassis";',
        'import { EVENTS } from "@genui/contracts";',
        'export const fail = (fields: FieldErrors) => new AppError("BILLING.X", EVENTS.subscriptionActivated.subject, { fields });',
        "",
      ].join("\n"),
      [at("services/apps/src/use-cases/raw-nats.ts")]:
        'import type { MessageBus } from "@genui/chassis";\nexport const send = (bus: MessageBus) => bus.nc.publish("apps.x");\n',
      [at("services/apps/src/use-cases/through-the-bus.ts")]:
        'import type { MessageBus } from "@genui/chassis";\nexport const flush = (bus: MessageBus) => bus.flush();\n',
    });
    const byFile = Object.fromEntries(findings.map((f) => [path.relative(REPO_ROOT, f.file), f.rules]));
    expect(byFile).toEqual({
      "services/billing/src/domain/reads-files.ts": ["no-restricted-imports"],
      "services/billing/src/domain/uses-store.ts": ["no-restricted-imports"],
      "services/billing/src/domain/uses-mongoose.ts": ["no-restricted-imports"],
      "services/billing/src/domain/uses-the-bus.ts": ["no-restricted-imports"],
      "services/billing/src/domain/pure.ts": [],
      "services/apps/src/use-cases/raw-nats.ts": ["no-restricted-syntax"],
      "services/apps/src/use-cases/through-the-bus.ts": [],
    });
  }, 120_000);
});
