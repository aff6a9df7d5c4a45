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
        'import EvaluatorWorker from "../../../../../packages/ui-runtime/src/worker/evaluator-worker.ts?worker";\nexport const W = EvaluatorWorker;\n',
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
});
