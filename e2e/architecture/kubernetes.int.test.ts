import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Metrics } from "@genui/chassis";
import { QUEUES } from "@genui/contracts";
import { REPO_ROOT } from "@genui/testkit";
import Ajv from "ajv";
import { parse, parseAllDocuments, stringify } from "yaml";
import { GenerationMetrics } from "../../services/generation/src/metrics";

// The Kubernetes manifests (deploy/kubernetes), rendered and validated offline: the generated base is current, each
// overlay renders with kubectl's kustomize, core objects pass the Kubernetes API schemas (kubernetes-validate), KEDA
// and Prometheus-operator objects their vendored CRD schemas (ajv), and the policies that matter hold. The alert
// rules pass promtool's checks and unit tests; rules and dashboard name only metrics the processes export.

type Obj = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Topology {
  processes: { name: string; entry: string; port: number; deploy?: boolean; env?: Record<string, string> }[];
  kubernetes: {
    secretName: string;
    processes: Record<string, { image: string; hpa?: unknown; keda?: { targetStreamsPerWorker: number } }>;
  };
}

const topology = JSON.parse(readFileSync(path.join(REPO_ROOT, "deploy/topology.json"), "utf8")) as Topology;
const deployable = topology.processes.filter((p) => p.deploy !== false);
const K8S = path.join(REPO_ROOT, "deploy/kubernetes");
const MONITORING = path.join(REPO_ROOT, "deploy/monitoring");
const work = mkdtempSync(path.join(os.tmpdir(), "genui-k8s-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: "utf8", cwd: REPO_ROOT });
/** A project tool installed by its script (cached under ~/.cache/genui/tools): the script's last line is its path. */
const tool = (script: string, ...args: string[]) => {
  const r = run("bash", [path.join(REPO_ROOT, "scripts", script), ...args]);
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return r.stdout.trim().split("\n").at(-1)!;
};
const kubernetesValidate = path.join(path.dirname(tool("python-env.sh", "k8s-tools")), "kubernetes-validate");
const promtool = tool("promtool-env.sh");

function render(dir: string): Obj[] {
  const r = run("kubectl", ["kustomize", dir]);
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${r.stderr}`);
  return parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj);
}

// --- CRD schemas (vendored with their licences and source commits in deploy/kubernetes/schemas) ---

/** Rejects unknown fields like kubeconform's strict mode: objects with declared properties take no others. */
function strict(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...schema };
  for (const [k, v] of Object.entries(out)) {
    if (Array.isArray(v)) out[k] = v.map((x) => (x && typeof x === "object" ? strict(x as Record<string, unknown>) : x));
    else if (v && typeof v === "object")
      out[k] =
        k === "properties"
          ? Object.fromEntries(Object.entries(v).map(([n, s]) => [n, strict(s as Record<string, unknown>)]))
          : strict(v as Record<string, unknown>);
  }
  // Go's inline (?i) has no JavaScript form: the plain words after it are spelt in both cases instead.
  if (typeof out.pattern === "string" && out.pattern.includes("(?i)"))
    out.pattern = out.pattern.replace("(?i)", "").replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
  if (out.properties && out.additionalProperties === undefined && !out["x-kubernetes-preserve-unknown-fields"])
    out.additionalProperties = false;
  return out;
}

// Ajv 6 (the repository's JSON-schema validator): Kubernetes' formats (int32, int-or-string …) and x-kubernetes-*
// keywords are not JSON Schema and are ignored; types, enums, required fields and unknown fields are checked.
const ajv = new Ajv({ allErrors: true, unknownFormats: "ignore", logger: false });
const crdValidators = new Map<string, Ajv.ValidateFunction>();
for (const dir of ["keda", "prometheus-operator"])
  for (const file of readdirSync(path.join(K8S, "schemas", dir)).filter((f) => f.endsWith(".yaml"))) {
    const crd = parse(readFileSync(path.join(K8S, "schemas", dir, file), "utf8")) as {
      spec: {
        group: string;
        names: { kind: string };
        versions: { name: string; schema: { openAPIV3Schema: Record<string, unknown> } }[];
      };
    };
    for (const v of crd.spec.versions)
      crdValidators.set(`${crd.spec.group}/${v.name} ${crd.spec.names.kind}`, ajv.compile(strict(v.schema.openAPIV3Schema)));
  }
const isCustom = (o: Obj) => /\.(sh|com)\//.test(o.apiVersion);

/** Problems of the objects: custom ones against their CRD schema, the rest with kubernetes-validate (strict). */
function validate(objects: Obj[]): string[] {
  const problems: string[] = [];
  for (const o of objects.filter(isCustom)) {
    const check = crdValidators.get(`${o.apiVersion} ${o.kind}`);
    if (!check) problems.push(`${o.kind} ${o.metadata.name}: no vendored schema for ${o.apiVersion}`);
    else if (!check(o))
      for (const e of check.errors ?? [])
        problems.push(`${o.kind} ${o.metadata.name}: ${e.dataPath} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  }
  const file = path.join(work, `core-${problems.length}-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(
    file,
    objects
      .filter((o) => !isCustom(o))
      .map((o) => stringify(o))
      .join("---\n"),
  );
  const r = spawnSync(kubernetesValidate, ["--strict", "--quiet", "-k", "1.32.0", file], { encoding: "utf8" });
  if (r.status !== 0) problems.push(`kubernetes-validate: ${r.stdout}${r.stderr}`);
  return problems;
}

const overlays = readdirSync(path.join(K8S, "overlays"));
const production = render(path.join(K8S, "overlays/production"));
const ofKind = (kind: string) => production.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((o) => o.metadata.name === name);

describe("the Kubernetes manifests", () => {
  it("when the generated base is checked, then it is what the topology gives (npm run k8s:generate)", () => {
    const r = run(process.execPath, ["scripts/k8s-generate.mjs", "--check"]);
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it.each(["base", ...overlays.map((o) => `overlays/${o}`)])(
    "when %s is rendered, then every object passes its Kubernetes or CRD schema",
    (dir) => {
      const objects = render(path.join(K8S, dir));
      expect(objects.length).toBeGreaterThan(30);
      expect(validate(objects)).toEqual([]);
    },
  );

  it("when a Deployment has a misspelt field and a ScaledObject an unknown one, then validation rejects both", () => {
    const deployment = structuredClone(named("Deployment", "bff")!);
    deployment.spec.template.spec.containers[0].livenessprobe = deployment.spec.template.spec.containers[0].livenessProbe;
    const scaled = structuredClone(named("ScaledObject", "gen-worker")!);
    scaled.spec.advanced.scalingModifier = scaled.spec.advanced.scalingModifiers;
    const problems = validate([deployment, scaled]);
    expect(problems).toEqual([
      expect.stringMatching(/^ScaledObject gen-worker: .*scalingModifier/),
      expect.stringMatching(/livenessprobe/),
    ]);
  });

  it("when rendered for production, then every deployable process (never a stand-in) has a Deployment of its image with probes, limits and a non-root read-only container", () => {
    expect(
      ofKind("Deployment")
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(deployable.map((p) => p.name).sort());
    for (const p of deployable) {
      const pod = named("Deployment", p.name)!.spec.template.spec;
      const c = pod.containers[0];
      const port = p.env?.INTERNAL_HTTP_PORT ? "ops" : "http";
      expect({ name: p.name, image: c.image, command: c.command }).toEqual({
        name: p.name,
        image: `registry.example.com/genui/${topology.kubernetes.processes[p.name]!.image}:0.1.0`,
        command: ["node", p.entry],
      });
      expect(c.livenessProbe.httpGet).toEqual({ path: "/healthz", port });
      expect(c.readinessProbe.httpGet).toEqual({ path: "/readyz", port });
      expect(c.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
      expect(c.volumeMounts).toContainEqual({ name: "tmp", mountPath: "/tmp" });
      expect(pod.topologySpreadConstraints.length).toBeGreaterThan(0);
      // Its PodDisruptionBudget selects its pods.
      const budget = named("PodDisruptionBudget", p.name)!;
      expect(pod).toBeDefined();
      expect(named("Deployment", p.name)!.spec.template.metadata.labels).toMatchObject(budget.spec.selector.matchLabels);
    }
  });

  it("when rendered, then the BFF and the generation API scale on an HPA and the worker on a KEDA ScaledObject over the queue's waiting + active lists, with no HPA of its own", () => {
    expect(
      ofKind("HorizontalPodAutoscaler")
        .map((h) => h.spec.scaleTargetRef.name)
        .sort(),
    ).toEqual(["bff", "generation"]);
    const scaled = named("ScaledObject", "gen-worker")!;
    expect(scaled.spec.scaleTargetRef.name).toBe("gen-worker");
    const queue = QUEUES.generation.names(QUEUES.generation.defaultBase).jobs;
    const lists = Object.fromEntries(
      scaled.spec.triggers.map((t: { name: string; metadata: { listName: string } }) => [t.name, t.metadata.listName]),
    );
    expect(lists).toEqual({ waiting: `bull:${queue}:wait`, active: `bull:${queue}:active` });
    expect(scaled.spec.advanced.scalingModifiers).toEqual({
      formula: "waiting + active",
      target: String(topology.kubernetes.processes["gen-worker"]!.keda!.targetStreamsPerWorker),
      metricType: "AverageValue",
    });
    // Long enough for a worker to finish its streams (SHUTDOWN_TIMEOUT_MS) before it is killed.
    const worker = named("Deployment", "gen-worker")!.spec.template.spec;
    const config = named("ConfigMap", worker.containers[0].envFrom[0].configMapRef.name)!;
    expect(worker.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      Number((config as unknown as { data: Record<string, string> }).data.SHUTDOWN_TIMEOUT_MS),
    );
  });

  it("when rendered, then a default-deny policy exists, every pod has its own policy, and no rule lets traffic in from anywhere or out to any port", () => {
    const policies = ofKind("NetworkPolicy");
    expect(named("NetworkPolicy", "default-deny")!.spec).toEqual({ podSelector: {}, policyTypes: ["Ingress", "Egress"] });
    for (const workload of [...ofKind("Deployment"), ...ofKind("CronJob")]) {
      const labels = (workload.spec.template ?? workload.spec.jobTemplate.spec.template).metadata.labels as Record<
        string,
        string
      >;
      const own = policies.find((p) => p.metadata.name === workload.metadata.name)!;
      expect(labels).toMatchObject(own.spec.podSelector.matchLabels);
    }
    for (const p of policies) {
      for (const rule of p.spec.ingress ?? []) expect(rule.from?.length).toBeGreaterThan(0);
      for (const rule of p.spec.egress ?? []) expect(rule.ports?.length).toBeGreaterThan(0);
    }
    // Only the BFF is reached by the other services' callers; the services are reached by the BFF alone.
    const callersOf = (name: string) =>
      named("NetworkPolicy", name)!
        .spec.ingress.flatMap((r: { from: { podSelector?: { matchLabels: Record<string, string> } }[] }) => r.from)
        .map(
          (f: { podSelector?: { matchLabels: Record<string, string> } }) => f.podSelector?.matchLabels["app.kubernetes.io/name"],
        )
        .filter(Boolean);
    for (const s of ["identity", "apps", "billing", "generation"]) expect(callersOf(s)).toEqual(["bff"]);
    expect(callersOf("gen-worker")).toEqual([]);
  });

  it("when rendered, then Secrets are referenced by name, never included, and docs/kubernetes.md lists every key", () => {
    expect(ofKind("Secret")).toEqual([]);
    const docs = readFileSync(path.join(REPO_ROOT, "docs/kubernetes.md"), "utf8");
    const keys = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        const ref = (v as { secretKeyRef?: { name: string; key: string } }).secretKeyRef;
        if (ref) {
          expect(ref.name).toBe(topology.kubernetes.secretName);
          keys.add(ref.key);
        }
        const target = (v as { secretTargetRef?: { name: string; key: string }[] }).secretTargetRef;
        for (const t of target ?? []) keys.add(t.key);
        Object.values(v).forEach(walk);
      }
    };
    walk(production);
    expect(keys.size).toBeGreaterThan(5);
    expect([...keys].filter((k) => !docs.includes(`\`${k}\``))).toEqual([]);
  });
});

// --- alert rules, dashboard, ServiceMonitors ---

const RULES = path.join(MONITORING, "genui-alerts.rules.yml");
const rules = parse(readFileSync(RULES, "utf8")) as { groups: { name: string; rules: { alert: string; expr: string }[] }[] };
const dashboard = JSON.parse(readFileSync(path.join(MONITORING, "grafana/genui-generation.json"), "utf8")) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** Every series name the processes export: the real registries, plus kube-state-metrics' Job and CronJob series. */
async function exportedMetricNames(): Promise<Set<string>> {
  const metrics = new Metrics("test");
  new GenerationMetrics(metrics);
  const names = new Set(["kube_job_status_failed", "kube_cronjob_status_last_successful_time"]);
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === "histogram") for (const s of ["_bucket", "_sum", "_count"]) names.add(m.name + s);
  }
  return names;
}

const PROMQL_WORDS = new Set(
  "sum max min avg count rate increase histogram_quantile clamp_min time and or unless by without on ignoring bool".split(" "),
);
/** The metric names a PromQL expression reads (strings, label matchers, ranges and groupings set aside). */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, "");
  return (bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []).filter((w) => !PROMQL_WORDS.has(w));
}

describe("the alert rules, the dashboard and the ServiceMonitors", () => {
  it("when promtool checks the rules and runs their unit tests, then both pass", () => {
    const check = run(promtool, ["check", "rules", RULES]);
    expect({ status: check.status, out: check.stdout + check.stderr }).toEqual({
      status: 0,
      out: expect.stringContaining("SUCCESS"),
    });
    const test = run(promtool, ["test", "rules", path.join(MONITORING, "genui-alerts.test.yml")]);
    expect({ status: test.status, out: test.stdout + test.stderr }).toEqual({
      status: 0,
      out: expect.stringContaining("SUCCESS"),
    });
  });

  it("when an alert's expression is broken, then promtool rejects it", () => {
    const broken = path.join(work, "broken.rules.yml");
    writeFileSync(broken, readFileSync(RULES, "utf8").replace("> 500", "> > 500"));
    expect(run(promtool, ["check", "rules", broken]).status).not.toBe(0);
  });

  it("when the alerts and the dashboard's panels are read, then every metric they name is one the processes export", async () => {
    const exported = await exportedMetricNames();
    const used = [
      ...rules.groups.flatMap((g) => g.rules.map((r) => ({ where: r.alert, expr: r.expr }))),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: p.title, expr: t.expr }))),
    ];
    const unknown = used.flatMap(({ where, expr }) =>
      metricsOf(expr)
        .filter((m) => !exported.has(m))
        .map((m) => `${where}: ${m}`),
    );
    expect(unknown).toEqual([]);
    // The check itself sees names: a misspelt one would be reported.
    expect(metricsOf('sum(rate(genui_generation_jobz_total{outcome="error"}[5m]))')).toEqual(["genui_generation_jobz_total"]);
    expect(used.length).toBeGreaterThan(15);
  });

  it("when rendered, then the PrometheusRule carries the rules file and the ServiceMonitors scrape /metrics on http and the BFF's ops port", () => {
    expect(named("PrometheusRule", "genui-alerts")!.spec.groups).toEqual(rules.groups);
    const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));
    for (const a of ["QueueWait", "ErrorRate", "Stalled", "Upstream", "LedgerReconciliation"])
      expect(alerts.some((n) => n.includes(a))).toBe(true);
    const monitors = ofKind("ServiceMonitor").map((m) => m.spec.endpoints[0]);
    expect(monitors.map((e: { port: string; path: string }) => `${e.port} ${e.path}`).sort()).toEqual([
      "http /metrics",
      "ops /metrics",
    ]);
    expect(named("Service", "bff")!.metadata.labels!["genui.dev/metrics-port"]).toBe("ops");
  });
});
