// Runs the platform from its built images and smoke-tests it through the BFF (npm run images:smoke).
//
//   node deploy/images/smoke.mjs [--profile dev|test] [--tag dev]
//
// 1. Starts the local infrastructure (deploy/local/infra.sh, "dev" profile by default) unless it already runs.
// 2. Runs every process of the topology from its image (localhost/genui/<image>:<tag>, made by npm run images:build)
//    with `buildah run --isolation chroot --network host` as user 10001, with the variables the local launcher gives
//    it (scripts/lib/topology.mjs), fresh secrets, and the topology's ports on loopback. Podman is not used: `podman
//    run` fails on this machine (crun cannot set rlimits; cgroups in hybrid mode).
//    The stand-ins (google-sim, payments-sim, mail-sim) run from the sims image; identity mails through mail-sim
//    (SMTP_URL and PUBLIC_URL from the topology's local values), without which sign-up by e-mail answers 503.
// 3. Waits for each process's /readyz, then through the BFF: signs up (the sign-up, its link read from mail-sim's
//    mailbox, the confirmation), creates an app, tops the account up with PayPal through the payments stand-in, and
//    makes a chat completion with the app's key (offline generator).
// 4. Stops what it started, by PID (each image's node process, then its buildah run), removes its working
//    containers, and stops the infrastructure if it started it. Exit code 0 when every step passed.
import { pathOf } from "@genui/contracts/http";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync, createWriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadTopology, processesFor, sharedEnvFor } from "../../scripts/lib/topology.mjs";
import { signedUpSession } from "../../scripts/lib/browser-session.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const profile = arg("profile", "dev");
const tag = arg("tag", process.env.GENUI_IMAGE_TAG ?? "dev");
const logs = path.join(root, ".local/images-smoke", new Date().toISOString().replace(/[:.]/g, "-"));
mkdirSync(logs, { recursive: true });

const t0 = Date.now();
const log = (msg) => console.error(`[smoke ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const infra = (cmd) =>
  execFileSync("bash", [path.join(root, "deploy/local/infra.sh"), cmd, "--profile", profile], { encoding: "utf8" });

const topology = loadTopology();
const processes = processesFor(topology, "local");
const started = []; // { name, ctr, child }
let startedInfra = false;
let stopping = false;

/** Every descendant PID of `pid` (children first found through /proc). */
function descendants(pid) {
  const out = [];
  for (const entry of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const { name, ctr, child } of [...started].reverse()) {
    // The node process inside the image gets SIGTERM first (its graceful shutdown), then buildah run's own processes.
    const pids = descendants(child.pid);
    const nodes = pids.filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, "utf8").trim() === "node";
      } catch {
        return false;
      }
    });
    for (const p of nodes) process.kill(p, "SIGTERM");
    for (let i = 0; i < 60 && nodes.some(alive); i++) await sleep(250);
    for (const p of [...nodes, ...pids, child.pid].filter(alive)) {
      try {
        process.kill(p, "SIGTERM");
      } catch {
        // exited meanwhile
      }
    }
    for (let i = 0; i < 20 && alive(child.pid); i++) await sleep(250);
    if (alive(child.pid)) process.kill(child.pid, "SIGKILL");
    try {
      execFileSync("buildah", ["rm", ctr], { stdio: "ignore" });
    } catch {
      log(`could not remove working container ${ctr} (${name})`);
    }
    log(`stopped ${name}`);
  }
  if (startedInfra) {
    infra("stop");
    log(`stopped the ${profile} infrastructure`);
  }
}

async function waitReady(name, url, anyAnswer, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const s = started.find((x) => x.name === name);
    if (s?.exited) throw new Error(`${name} exited (${s.exited}); see ${logs}/${name}.log`);
    try {
      const res = await fetch(url);
      if (res.ok || anyAnswer) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${name} was not ready at ${url} within ${ms / 1000} s; see ${logs}/${name}.log`);
}

const steps = [];
async function step(name, fn) {
  const s0 = Date.now();
  try {
    const detail = await fn();
    steps.push({ step: name, ok: true, ms: Date.now() - s0, detail });
    log(`ok   ${name}${detail ? `: ${detail}` : ""}`);
  } catch (err) {
    steps.push({ step: name, ok: false, ms: Date.now() - s0, detail: String(err?.message ?? err) });
    log(`FAIL ${name}: ${err?.message ?? err}`);
    throw err;
  }
}

let code = 1;
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));
process.on("SIGTERM", () => void stopAll().then(() => process.exit(143)));
try {
  await step("images present", async () => {
    for (const image of new Set(processes.map((p) => p.image)))
      execFileSync("buildah", ["inspect", "--type", "image", `localhost/genui/${image}:${tag}`], { stdio: "ignore" });
    return `genui/*:${tag}`;
  });
  await step(`infrastructure (${profile})`, async () => {
    const status = spawnSync("bash", [path.join(root, "deploy/local/infra.sh"), "status", "--profile", profile]);
    if (status.status !== 0) {
      infra("start");
      startedInfra = true;
    }
    return startedInfra ? "started" : "already running";
  });
  const infraEnv = JSON.parse(infra("env-json"));
  // Fresh secrets for this run (the launcher keeps per-clone ones in .local/secrets.env).
  const secrets = Object.fromEntries(
    ["INTERNAL_IDENTITY_SECRET", "SESSION_SECRET", "APPS_KEY_ENCRYPTION_KEY"].map((k) => [k, randomBytes(32).toString("hex")]),
  );
  const base = { ...sharedEnvFor(topology, "local"), ...infraEnv, ...secrets };

  for (const p of processes) {
    const ctr = execFileSync("buildah", ["from", "--quiet", `localhost/genui/${p.image}:${tag}`], { encoding: "utf8" }).trim();
    const env = { ...base, ...p.env };
    const args = ["run", "--isolation", "chroot", "--network", "host", "--user", "10001:10001"];
    for (const [k, v] of Object.entries(env)) args.push("--env", `${k}=${v}`);
    args.push(ctr, "--", "node", p.entry);
    const child = spawn("buildah", args, { stdio: ["ignore", "pipe", "pipe"] });
    const out = createWriteStream(path.join(logs, `${p.name}.log`));
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const entry = { name: p.name, ctr, child, exited: undefined };
    child.on("exit", (c, sig) => (entry.exited = sig ?? String(c)));
    started.push(entry);
    log(`started ${p.name} from genui/${p.image}:${tag} (buildah run pid ${child.pid})`);
  }
  for (const p of processes) {
    // The BFF's detailed /readyz is on its internal listener; every other process answers on its own port. The
    // stand-ins have no /readyz: any HTTP answer means they listen.
    const port = p.env.INTERNAL_HTTP_PORT ?? p.port;
    const standIn = p.deploy === false;
    await step(`${p.name} ${standIn ? "listening" : "ready"}`, async () => {
      const s0 = Date.now();
      await waitReady(p.name, `http://127.0.0.1:${port}${standIn ? "/" : "/readyz"}`, standIn);
      return `${Date.now() - s0} ms`;
    });
  }

  const BASE = topology.publicUrl;
  const paymentsSim = processes.find((p) => p.name === "payments-sim");
  const mailSim = processes.find((p) => p.name === "mail-sim");
  let session;
  await step("sign up (link by mail)", async () => {
    const identity = processes.find((p) => p.name === "identity");
    if (!identity.env.SMTP_URL) throw new Error("identity has no SMTP_URL: sign-up by e-mail would answer 503");
    session = await signedUpSession(BASE, "images-smoke", { mailbox: `http://127.0.0.1:${mailSim.port}` });
    return `user ${session.userId}`;
  });
  let app;
  await step("create an app", async () => {
    const res = await session.call("POST", pathOf("apps.create"), { url: `https://smoke-${Date.now()}.example.com` });
    if (!res.ok) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    app = await res.json();
    for (let i = 0; i < 200; i++) {
      const list = await (await session.call("GET", pathOf("apps.list"))).json();
      if (list.results.find((a) => a.id === app.id)?.status === "active") return `app ${app.id} active`;
      await sleep(100);
    }
    throw new Error("the app never became active");
  });
  await step("top up $10 (PayPal via the payments stand-in)", async () => {
    const order = await (await session.call("POST", pathOf("billing.createOrder"), { amount: 10 })).json();
    const approved = await fetch(
      `http://127.0.0.1:${paymentsSim.port}/__emulator/paypal/orders/${order.paypal_order_id}/approve`,
      {
        method: "POST",
      },
    );
    if (!approved.ok) throw new Error(`approval answered ${approved.status}`);
    const cap = await (await session.call("POST", `/billing/api/v1/orders/paypal/${order.paypal_order_id}/capture/`)).json();
    if (cap.status !== "COMPLETED") throw new Error(`capture: ${JSON.stringify(cap)}`);
    return "captured";
  });
  await step("chat completion (offline generator, published API)", async () => {
    const res = await fetch(`${BASE}/apps/api/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${app.api_key}` },
      body: JSON.stringify({
        model: "genui-pluto-0.1",
        messages: [{ role: "user", content: "A signup form with name and email" }],
      }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${JSON.stringify(body)}`);
    const content = JSON.parse(body.choices[0].message.content);
    if (typeof content.code !== "string" || !content.code) throw new Error(`no UI code in ${JSON.stringify(body).slice(0, 300)}`);
    return `${body.usage.total_tokens} tokens, ${content.code.length} characters of UI code`;
  });
  await step("SPA served from the image", async () => {
    const res = await fetch(`${BASE}/`);
    const html = await res.text();
    if (!res.ok || !html.includes('id="root"')) throw new Error(`GET / answered ${res.status}`);
    return `${html.length} bytes`;
  });
  code = 0;
} catch (err) {
  log(`smoke test failed: ${err?.message ?? err}`);
} finally {
  await stopAll();
  writeFileSync(path.join(logs, "summary.json"), `${JSON.stringify({ tag, profile, code, steps }, null, 2)}\n`);
  log(`${code === 0 ? "PASSED" : "FAILED"}; logs and summary in ${path.relative(root, logs)}`);
  process.exit(code);
}
