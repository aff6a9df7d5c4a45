import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { parse } from "yaml";
import { workerConfigSchema } from "../../services/generation/src/config";

// docker-compose.yml (generated from deploy/topology.json) read by a real compose implementation, podman-compose
// (installed by scripts/python-env.sh compose from requirements/compose.txt): `--dry-run config` parses,
// interpolates and merges it as compose does, without a container engine.

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}

const venvPython = spawnSync("bash", [path.join(REPO_ROOT, "scripts/python-env.sh"), "compose"], { encoding: "utf8" })
  .stdout.trim()
  .split("\n")
  .at(-1)!;
const podmanCompose = path.join(path.dirname(venvPython), "podman-compose");

const SECRETS = {
  INTERNAL_IDENTITY_SECRET: "a".repeat(16) + "b".repeat(16) + "c".repeat(16),
  SESSION_SECRET: "d".repeat(16) + "e".repeat(16) + "f".repeat(16),
  APPS_KEY_ENCRYPTION_KEY: "0123456789abcdef".repeat(4),
};

/** `podman-compose config` of the repository's docker-compose.yml with only `vars` set (an empty env file: no .env). */
function config(vars: Record<string, string>) {
  const envFile = path.join(mkdtempSync(path.join(os.tmpdir(), "genui-compose-")), "empty.env");
  writeFileSync(envFile, "");
  const r = spawnSync(podmanCompose, ["--dry-run", "--env-file", envFile, "-f", "docker-compose.yml", "config"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...vars },
  });
  return {
    status: r.status,
    stderr: r.stderr,
    services: r.status === 0 ? (parse(r.stdout) as { services: Record<string, Service> }).services : {},
  };
}

describe("docker-compose.yml read by podman-compose", () => {
  it("when an operator sets the model server and the Google client id, then the workers, identity and the BFF get them", () => {
    const r = config({
      ...SECRETS,
      UPSTREAM_BASE_URL: "https://models.example.com/v1",
      UPSTREAM_API_KEY: "sk-operator",
      UPSTREAM_MODEL: "model-x",
      GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com",
      GENUI_IMAGE_TAG: "1.2.3",
    });
    expect({ status: r.status, stderr: r.stderr.split("\n").filter((l) => /error|critical/i.test(l)) }).toEqual({
      status: 0,
      stderr: [],
    });
    const s = r.services;
    expect(s["gen-worker"]?.environment).toMatchObject({
      UPSTREAM_BASE_URL: "https://models.example.com/v1",
      UPSTREAM_API_KEY: "sk-operator",
      UPSTREAM_MODEL: "model-x",
    });
    expect(s.identity?.environment?.GOOGLE_CLIENT_ID).toBe("client-123.apps.googleusercontent.com");
    expect(s.bff?.environment?.GOOGLE_CLIENT_ID).toBe("client-123.apps.googleusercontent.com");
    expect(s["gen-worker"]?.deploy?.replicas).toBeGreaterThan(1);
    expect(s["gen-worker"]?.image).toBe("genui/generation:1.2.3");
    expect(s["gen-worker"]?.command).toEqual(["node", "services/generation/dist/src/worker/main.js"]);
    for (const [name, svc] of Object.entries(s).filter(([, v]) => v.build)) {
      expect({
        name,
        dockerfile: svc.build?.dockerfile,
        target: svc.build?.target && svc.image?.startsWith(`genui/${svc.build.target}:`),
      }).toEqual({
        name,
        dockerfile: "deploy/docker/Dockerfile",
        target: true,
      });
      expect({ name, health: svc.healthcheck?.test.join(" ") }).toEqual({ name, health: expect.stringContaining("/readyz") });
    }
  });

  it("when the operator sets nothing optional, then the workers' defaults are valid settings (the offline generator)", () => {
    const r = config(SECRETS);
    expect(r.status).toBe(0);
    const parsed = workerConfigSchema.safeParse(r.services["gen-worker"]?.environment);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.UPSTREAM_BASE_URL).toBeUndefined();
    expect(parsed.data?.UPSTREAM_MODEL).toBe("gpt-4o-mini");
  });

  it("when a required secret is missing, then compose refuses the file and names the secret", () => {
    const r = config({ SESSION_SECRET: SECRETS.SESSION_SECRET, APPS_KEY_ENCRYPTION_KEY: SECRETS.APPS_KEY_ENCRYPTION_KEY });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/INTERNAL_IDENTITY_SECRET/);
  });
});
