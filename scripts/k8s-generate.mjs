// Writes the Kubernetes base (deploy/kubernetes/base) from the one topology (deploy/topology.json): per deployable
// process a Deployment, Service, PodDisruptionBudget and NetworkPolicy, an HPA (bff, generation API) or a KEDA
// ScaledObject (gen-worker), its ConfigMap (kustomize configMapGenerator), plus the default-deny policies, the ledger
// reconciliation CronJob, the ServiceMonitors and the PrometheusRule (from deploy/monitoring/genui-alerts.rules.yml).
// The topology's "kubernetes" section holds what only Kubernetes needs. `--check` writes nothing and exits 1 when a
// file differs from what the topology gives (e2e/architecture/kubernetes.int.test.ts runs it). Overlays are hand-written.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import { QUEUES } from "@genui/contracts";
import { syncDerived } from "./lib/derived-files.mjs";
import { ROOT, loadTopology } from "./lib/topology.mjs";

const BASE = "deploy/kubernetes/base";
const RULES = "deploy/monitoring/genui-alerts.rules.yml";
const PART_OF = "genui";
const UID = 10001;

const HEADER = `# GENERATED from deploy/topology.json by \`npm run k8s:generate\` — edit the topology, not this file.\n`;

/**
 * A deployEnv variable's value, named by the operator (`${env:NAME…}`), is a secret when its name says so (or it is
 * a URL that carries credentials, as SMTP_URL's user and password).
 */
const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|API_KEY|ENCRYPTION_KEY|SMTP_URL)$/;

const labelsFor = (name, component) => ({
  "app.kubernetes.io/name": name,
  "app.kubernetes.io/part-of": PART_OF,
  ...(component ? { "app.kubernetes.io/component": component } : {}),
});
const selectorFor = (name) => ({ "app.kubernetes.io/name": name, "app.kubernetes.io/part-of": PART_OF });

/**
 * One variable for Kubernetes: a literal for the process's ConfigMap, or a key of the Secret. `${url:NAME}` is the
 * Service's in-cluster URL; `${env:NAME:?…}` a required Secret key; `${env:NAME:-default}` a Secret key (optional)
 * when the name looks secret, else the default in the ConfigMap (overlays merge their own value).
 */
function resolveValue(t, key, raw, where) {
  const k8s = t.kubernetes;
  if (k8s.secretEnv.includes(key)) return { secret: key, optional: false };
  const whole = /^\$\{env:([A-Z0-9_]+)(?::([?-])(.*))?\}$/s.exec(raw);
  if (whole) {
    const [, name, op, rest] = whole;
    if (op === "?") return { secret: name, optional: false };
    if (SECRET_NAME.test(name)) return { secret: name, optional: true };
    if (op === "-") return { value: resolveValue(t, key, rest ?? "", where).value ?? "" };
    return { secret: name, optional: false };
  }
  if (raw.includes("${env:")) throw new Error(`topology: ${where} mixes an operator variable into a longer value`);
  const value = raw
    .replace(/\$\{url:([a-z0-9-]+)\}/g, (_, name) => {
      const p = t.processes.find((q) => q.name === name);
      if (!p) throw new Error(`topology: ${where} names unknown process ${name}`);
      if (p.deploy === false) throw new Error(`topology: ${where} names ${name}, which never deploys`);
      return `http://${name}:${p.port}`;
    })
    .replace(/\$\{public_url\}/g, t.publicUrl);
  return { value };
}

/** The deployable processes with their Kubernetes settings and variables (ConfigMap literals, Secret keys). */
export function kubernetesProcesses(t = loadTopology()) {
  const k8s = t.kubernetes;
  return t.processes
    .filter((p) => p.deploy !== false)
    .map((p) => {
      const k = k8s.processes[p.name];
      if (!k) throw new Error(`topology: deployable process ${p.name} has no kubernetes.processes entry`);
      const raw = {
        ...t.env,
        ...t.deployEnv,
        HTTP_PORT: String(p.port),
        ...(p.database ? { MONGO_DB: p.database } : {}),
        ...p.env,
        ...p.deployEnv,
        ...k8s.env,
        ...k.env,
      };
      const config = {};
      const secrets = [];
      for (const [key, v] of Object.entries(raw)) {
        const r = resolveValue(t, key, String(v), `${p.name}.${key}`);
        if (r.secret) secrets.push({ env: key, key: r.secret, optional: r.optional });
        else config[key] = r.value;
      }
      const internalPort = p.env?.INTERNAL_HTTP_PORT ? Number(p.env.INTERNAL_HTTP_PORT) : undefined;
      return { ...p, k, config, secrets, image: `genui/${p.image ?? k.image}`, internalPort };
    });
}

function tmpVolume() {
  return { name: "tmp", emptyDir: { sizeLimit: "64Mi" } };
}

function podSecurity() {
  return {
    runAsNonRoot: true,
    runAsUser: UID,
    runAsGroup: UID,
    fsGroup: UID,
    seccompProfile: { type: "RuntimeDefault" },
  };
}

function containerSecurity() {
  return {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    runAsNonRoot: true,
    capabilities: { drop: ["ALL"] },
  };
}

function envFor(t, p) {
  return p.secrets.map((s) => ({
    name: s.env,
    valueFrom: { secretKeyRef: { name: t.kubernetes.secretName, key: s.key, ...(s.optional ? { optional: true } : {}) } },
  }));
}

function deployment(t, p) {
  const probePort = p.internalPort ? "ops" : "http";
  const httpServing = p.name !== "gen-worker";
  const scaled = Boolean(p.k.hpa || p.k.keda);
  const container = {
    name: p.name,
    image: p.image,
    imagePullPolicy: "IfNotPresent",
    command: ["node", p.entry],
    ports: [
      { name: "http", containerPort: p.port, protocol: "TCP" },
      ...(p.internalPort ? [{ name: "ops", containerPort: p.internalPort, protocol: "TCP" }] : []),
    ],
    envFrom: [{ configMapRef: { name: `genui-${p.name}` } }],
    ...(p.secrets.length ? { env: envFor(t, p) } : {}),
    resources: p.k.resources,
    // Startup covers connecting and warming up (the worker loads its sandbox before it listens).
    startupProbe: { httpGet: { path: "/healthz", port: probePort }, periodSeconds: 2, failureThreshold: 30 },
    livenessProbe: { httpGet: { path: "/healthz", port: probePort }, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 },
    readinessProbe: { httpGet: { path: "/readyz", port: probePort }, periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 },
    // Serving processes keep answering a few seconds after SIGTERM is due, until the endpoints no longer list them.
    ...(httpServing ? { lifecycle: { preStop: { exec: { command: ["node", "-e", "setTimeout(() => {}, 5000)"] } } } } : {}),
    securityContext: containerSecurity(),
    volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
  };
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: p.name, labels: labelsFor(p.name, "server") },
    spec: {
      // Autoscaled Deployments leave replicas to the HPA (or KEDA's HPA), so an apply never resets them.
      ...(scaled ? {} : { replicas: p.k.replicas ?? 2 }),
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorFor(p.name) },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: 0 } },
      template: {
        metadata: { labels: labelsFor(p.name, "server") },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          terminationGracePeriodSeconds: p.k.terminationGracePeriodSeconds ?? 30,
          securityContext: podSecurity(),
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: "topology.kubernetes.io/zone",
              whenUnsatisfiable: "ScheduleAnyway",
              labelSelector: { matchLabels: selectorFor(p.name) },
              matchLabelKeys: ["pod-template-hash"],
            },
            {
              maxSkew: 1,
              topologyKey: "kubernetes.io/hostname",
              whenUnsatisfiable: "ScheduleAnyway",
              labelSelector: { matchLabels: selectorFor(p.name) },
              matchLabelKeys: ["pod-template-hash"],
            },
          ],
          containers: [container],
          volumes: [tmpVolume()],
        },
      },
    },
  };
}

function service(p) {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: {
      name: p.name,
      labels: { ...labelsFor(p.name), "genui.dev/metrics-port": p.internalPort ? "ops" : "http" },
    },
    spec: {
      type: "ClusterIP",
      selector: selectorFor(p.name),
      ports: [
        { name: "http", port: p.port, targetPort: "http", protocol: "TCP" },
        ...(p.internalPort ? [{ name: "ops", port: p.internalPort, targetPort: "ops", protocol: "TCP" }] : []),
      ],
    },
  };
}

function pdb(p) {
  return {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: { name: p.name, labels: labelsFor(p.name) },
    spec: { maxUnavailable: 1, selector: { matchLabels: selectorFor(p.name) } },
  };
}

/** Autoscalers remove one pod a minute after five quiet minutes: a removed worker first finishes its jobs. */
const SLOW_SCALE_DOWN = { stabilizationWindowSeconds: 300, policies: [{ type: "Pods", value: 1, periodSeconds: 60 }] };

function hpa(p) {
  const h = p.k.hpa;
  return {
    apiVersion: "autoscaling/v2",
    kind: "HorizontalPodAutoscaler",
    metadata: { name: p.name, labels: labelsFor(p.name) },
    spec: {
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: p.name },
      minReplicas: h.minReplicas,
      maxReplicas: h.maxReplicas,
      metrics: [
        { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: h.cpuUtilization } } },
      ],
      behavior: {
        scaleDown: SLOW_SCALE_DOWN,
      },
    },
  };
}

/** The BullMQ lists (BullMQ's key layout: `<prefix>bull:<queue>:wait` and `:active` are lists) KEDA counts. */
export function workerQueueLists(p) {
  const base = p.config.GEN_QUEUE || QUEUES.generation.defaultBase;
  const queue = QUEUES.generation.names(base).jobs;
  const prefix = `${p.config.REDIS_KEY_PREFIX ?? ""}bull:${queue}`;
  return { waiting: `${prefix}:wait`, active: `${prefix}:active` };
}

function scaledObject(t, p) {
  const s = p.k.keda;
  const concurrency = Number(p.config.GEN_WORKER_CONCURRENCY);
  if (!(s.targetStreamsPerWorker > 0 && s.targetStreamsPerWorker <= concurrency))
    throw new Error(`topology: gen-worker's targetStreamsPerWorker must be 1..GEN_WORKER_CONCURRENCY (${concurrency})`);
  const lists = workerQueueLists(p);
  const target = String(s.targetStreamsPerWorker);
  const trigger = (name, listName) => ({
    type: "redis",
    name,
    metadata: { listName, listLength: target, enableTLS: "false" },
    authenticationRef: { name: "genui-keda-redis" },
  });
  return [
    {
      apiVersion: "keda.sh/v1alpha1",
      kind: "TriggerAuthentication",
      metadata: { name: "genui-keda-redis", labels: labelsFor(p.name) },
      spec: {
        secretTargetRef: [
          { parameter: "address", name: t.kubernetes.secretName, key: "KEDA_REDIS_ADDRESS" },
          { parameter: "password", name: t.kubernetes.secretName, key: "KEDA_REDIS_PASSWORD" },
        ],
      },
    },
    {
      apiVersion: "keda.sh/v1alpha1",
      kind: "ScaledObject",
      metadata: { name: p.name, labels: labelsFor(p.name) },
      spec: {
        scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: p.name },
        minReplicaCount: s.minReplicas,
        maxReplicaCount: s.maxReplicas,
        pollingInterval: s.pollingInterval,
        cooldownPeriod: s.cooldownPeriod,
        advanced: {
          horizontalPodAutoscalerConfig: {
            behavior: {
              // Removing a worker waits for its jobs (terminationGracePeriodSeconds): shrink slowly.
              scaleDown: SLOW_SCALE_DOWN,
            },
          },
          // Streams in the queue (waiting + active), spread over workers: one worker per targetStreamsPerWorker.
          scalingModifiers: { formula: "waiting + active", target, metricType: "AverageValue" },
        },
        triggers: [trigger("waiting", lists.waiting), trigger("active", lists.active)],
      },
    },
  ];
}

const peerPorts = (peers, ports) => ({ to: peers, ports: ports.map((port) => ({ protocol: "TCP", port })) });

function networkPolicy(t, p, all) {
  const k8s = t.kubernetes;
  const callers = all.filter(
    (q) =>
      (q.dependsOn ?? []).includes(p.name) || Object.values(q.env ?? {}).some((v) => String(v).includes(`\${url:${p.name}}`)),
  );
  const ingress = [
    { from: k8s.prometheusFrom, ports: [{ protocol: "TCP", port: p.internalPort ?? p.port }] },
    ...callers.map((q) => ({
      from: [{ podSelector: { matchLabels: selectorFor(q.name) } }],
      ports: [{ protocol: "TCP", port: p.port }],
    })),
    ...(p.public ? [{ from: k8s.ingressFrom, ports: [{ protocol: "TCP", port: p.port }] }] : []),
  ];
  const callees = all.filter((q) => (p.dependsOn ?? []).includes(q.name));
  const egress = [
    peerPorts(
      k8s.infrastructureTo,
      (p.needs ?? []).map((n) => t.infrastructure[n].port),
    ),
    ...callees.map((q) => peerPorts([{ podSelector: { matchLabels: selectorFor(q.name) } }], [q.port])),
    peerPorts(k8s.otlpCollector.to, [k8s.otlpCollector.port]),
    ...(p.k.httpsEgress ? [peerPorts([{ ipBlock: { cidr: "0.0.0.0/0" } }], [443])] : []),
    // A mail provider's submission ports (STARTTLS and implicit TLS).
    ...(p.k.smtpEgress ? [peerPorts([{ ipBlock: { cidr: "0.0.0.0/0" } }], [587, 465])] : []),
  ];
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    metadata: { name: p.name, labels: labelsFor(p.name) },
    spec: { podSelector: { matchLabels: selectorFor(p.name) }, policyTypes: ["Ingress", "Egress"], ingress, egress },
  };
}

function sharedPolicies(t) {
  return [
    {
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: { name: "default-deny", labels: { "app.kubernetes.io/part-of": PART_OF } },
      // Every pod of the namespace: nothing in, nothing out, unless a policy below allows it.
      spec: { podSelector: {}, policyTypes: ["Ingress", "Egress"] },
    },
    {
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: { name: "allow-dns", labels: { "app.kubernetes.io/part-of": PART_OF } },
      spec: {
        podSelector: { matchLabels: { "app.kubernetes.io/part-of": PART_OF } },
        policyTypes: ["Egress"],
        egress: [
          {
            to: t.kubernetes.dns.to,
            ports: [
              { protocol: "UDP", port: 53 },
              { protocol: "TCP", port: 53 },
            ],
          },
        ],
      },
    },
  ];
}

/** The ledger reconciliation, hourly: exits 1 on a mismatch, and the failed Job is what the alert sees. */
function reconcile(t, billing) {
  const name = "billing-reconcile";
  const container = {
    name,
    image: billing.image,
    imagePullPolicy: "IfNotPresent",
    command: ["node", billing.entry, "reconcile"],
    envFrom: [{ configMapRef: { name: `genui-${billing.name}` } }],
    ...(billing.secrets.length ? { env: envFor(t, billing) } : {}),
    resources: billing.k.resources,
    securityContext: containerSecurity(),
    volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
  };
  return [
    {
      apiVersion: "batch/v1",
      kind: "CronJob",
      metadata: { name, labels: labelsFor(name, "job") },
      spec: {
        schedule: t.kubernetes.reconcileSchedule,
        concurrencyPolicy: "Forbid",
        startingDeadlineSeconds: 600,
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 3,
        jobTemplate: {
          spec: {
            // A mismatch is not transient: one run, kept for its log.
            backoffLimit: 0,
            activeDeadlineSeconds: 1800,
            template: {
              metadata: { labels: labelsFor(name, "job") },
              spec: {
                restartPolicy: "Never",
                automountServiceAccountToken: false,
                enableServiceLinks: false,
                securityContext: podSecurity(),
                containers: [container],
                volumes: [tmpVolume()],
              },
            },
          },
        },
      },
    },
    {
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: { name, labels: labelsFor(name) },
      spec: {
        podSelector: { matchLabels: selectorFor(name) },
        policyTypes: ["Ingress", "Egress"],
        ingress: [],
        egress: [
          peerPorts(
            t.kubernetes.infrastructureTo,
            (billing.needs ?? []).map((n) => t.infrastructure[n].port),
          ),
        ],
      },
    },
  ];
}

function monitoring(t, processes) {
  const rules = parse(readFileSync(path.join(ROOT, RULES), "utf8"));
  const monitor = (name, port) => ({
    apiVersion: "monitoring.coreos.com/v1",
    kind: "ServiceMonitor",
    metadata: { name, labels: { "app.kubernetes.io/part-of": PART_OF } },
    spec: {
      selector: { matchLabels: { "app.kubernetes.io/part-of": PART_OF, "genui.dev/metrics-port": port } },
      // honorLabels: the processes' own `service` label (generation-worker, …) wins over the target's Service name.
      endpoints: [{ port, path: "/metrics", interval: "15s", honorLabels: true }],
    },
  });
  const ports = [...new Set(processes.map((p) => (p.internalPort ? "ops" : "http")))];
  return [
    ...ports.map((port) => monitor(port === "ops" ? "genui-public" : "genui-services", port)),
    {
      apiVersion: "monitoring.coreos.com/v1",
      kind: "PrometheusRule",
      metadata: { name: "genui-alerts", labels: { "app.kubernetes.io/part-of": PART_OF } },
      spec: { groups: rules.groups },
    },
  ];
}

const yamlDocs = (docs) => HEADER + docs.map((d) => stringify(d, { lineWidth: 0 })).join("---\n");

/** The Secret's keys the manifests reference: `{ key, optional, users }`, sorted. */
export function secretKeys(t = loadTopology()) {
  const keys = new Map();
  for (const p of kubernetesProcesses(t))
    for (const s of p.secrets) {
      const k = keys.get(s.key) ?? { key: s.key, optional: true, users: [] };
      k.optional &&= s.optional;
      k.users.push(p.name);
      keys.set(s.key, k);
    }
  for (const key of ["KEDA_REDIS_ADDRESS", "KEDA_REDIS_PASSWORD"])
    keys.set(key, { key, optional: false, users: ["keda (gen-worker's ScaledObject)"] });
  return [...keys.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Every file of the base: path → content. */
export function baseFiles(t = loadTopology()) {
  const processes = kubernetesProcesses(t);
  const files = {};
  for (const p of processes) {
    const docs = [deployment(t, p), service(p), pdb(p), networkPolicy(t, p, processes)];
    if (p.k.hpa) docs.push(hpa(p));
    if (p.k.keda) docs.push(...scaledObject(t, p));
    files[`${p.name}.yaml`] = yamlDocs(docs);
  }
  const billing = processes.find((p) => p.name === "billing");
  files["network-policies.yaml"] = yamlDocs(sharedPolicies(t));
  files["billing-reconcile.yaml"] = yamlDocs(reconcile(t, billing));
  files["monitoring.yaml"] = yamlDocs(monitoring(t, processes));
  const secretLines = secretKeys(t).map((s) => `#   ${s.key}${s.optional ? " (optional)" : ""}: ${s.users.join(", ")}`);
  const kustomization = {
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: Object.keys(files).sort(),
    configMapGenerator: processes.map((p) => ({
      name: `genui-${p.name}`,
      literals: Object.entries(p.config).map(([k, v]) => `${k}=${v}`),
    })),
  };
  files["kustomization.yaml"] =
    HEADER +
    `# The Secret "${t.kubernetes.secretName}" is never committed: create it in the namespace before applying. Its keys:\n` +
    secretLines.join("\n") +
    "\n" +
    stringify(kustomization, { lineWidth: 0 });
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = Object.fromEntries(Object.entries(baseFiles()).map(([f, content]) => [path.join(BASE, f), content]));
  const check = process.argv.includes("--check");
  process.exit(syncDerived(files, { root: ROOT, command: "npm run k8s:generate", check, owns: BASE }) ? 1 : 0);
}
