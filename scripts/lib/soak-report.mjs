// What the soak (scripts/faults.mjs --soak MIN) reports, as Markdown ready for docs/operations.md: the load and the
// processes per sixth of the run, whether latency and memory stayed flat (least-squares slopes), and the
// reconciliation of every completion the load made with billing's ledger and of JetStream's consumers.
import { connect } from "nats";

const INTERVALS = 6;

/** Least-squares slope of `y` over `x` (NaN with fewer than two distinct x). */
export function slope(points) {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return NaN;
  return points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

export const quantile = (xs, q) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");
/** A signed figure with thousands separators ("+1,234.5", "−3.0"). */
const signed = (n, digits = 1) => {
  if (!Number.isFinite(n)) return "–";
  const abs = Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${n < 0 ? "−" : n > 0 ? "+" : ""}${abs}`;
};

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** k6 abandons the requests in flight when the load is stopped ("context canceled"): the client's own doing. */
export const abandonedByK6 = (r) => r.status === 0 && r.network === "context canceled";
const succeeded = (r) =>
  r.kind === "stream" ? r.status === 200 && r.done && !r.error : r.kind === "dashboard" ? r.ok : r.captured;

/**
 * The soak's figures per sixth of the run (load, latency, memory and descriptors per process type, queue), and the
 * series whose trend says whether anything grows: stream and dashboard p99 per interval, each process type's
 * resident memory and all descriptors per sample. "flat": the least-squares line moves less over the whole run than
 * a tenth of the series' mean for memory and descriptors (or 16 MiB, 40 fds), a fifth for latency (or 100 ms).
 */
export function soakTables(records, samples, start, durationS) {
  const span = (durationS * 1000) / INTERVALS;
  // The platform's processes (the load balancer and the stand-ins of PayPal, Google and mail are not measured).
  const names = [...new Set(samples.flatMap((s) => s.procs.map((p) => p.name)))].filter(
    (x) => x !== "haproxy" && !x.endsWith("-sim"),
  );
  const rss = (s, name) => s.procs.filter((p) => p.name === name).reduce((m, p) => m + p.rss, 0);
  const fds = (s) => s.procs.filter((p) => names.includes(p.name)).reduce((m, p) => m + p.fds, 0);
  const intervals = [];
  for (let i = 0; i < INTERVALS; i++) {
    const a = start + i * span;
    const b = a + span;
    const rs = records.filter((r) => r.t >= a && r.t < b && !abandonedByK6(r));
    const ss = samples.filter((s) => s.t >= a && s.t < b);
    intervals.push({
      mid: (a + b) / 2,
      label: `${((i * span) / 60000).toFixed(durationS < 600 ? 1 : 0)}–${(((i + 1) * span) / 60000).toFixed(durationS < 600 ? 1 : 0)}`,
      requests: rs.length,
      failed: rs.filter((r) => !succeeded(r)).length,
      streams: rs.filter((r) => r.kind === "stream" && succeeded(r)).map((r) => r.end - r.t),
      dashboard: rs.filter((r) => r.kind === "dashboard" && succeeded(r)).map((r) => r.end - r.t),
      last: ss.at(-1),
      queue: Math.max(0, ...ss.map((s) => s.queue)),
    });
  }
  const head = [
    "minutes",
    "requests",
    "failed",
    "stream p50",
    "stream p99",
    "dashboard p99",
    ...names.map((x) => `${x} MiB`),
    "fds",
    "queue max",
  ];
  const rows = intervals.map((v) => [
    v.label,
    int(v.requests),
    int(v.failed),
    `${int(quantile(v.streams, 0.5))} ms`,
    `${int(quantile(v.streams, 0.99))} ms`,
    `${int(quantile(v.dashboard, 0.99))} ms`,
    ...names.map((x) => (v.last ? int(rss(v.last, x)) : "–")),
    v.last ? int(fds(v.last)) : "–",
    int(v.queue),
  ]);

  // Trends: per 10 minutes, from the intervals (latency) or every sample (memory, descriptors).
  const per10 = 600_000;
  const series = [
    {
      name: "stream p99 (ms)",
      points: intervals.filter((v) => v.streams.length).map((v) => ({ x: v.mid, y: quantile(v.streams, 0.99) })),
      share: 0.2,
      floor: 100,
    },
    {
      name: "dashboard p99 (ms)",
      points: intervals.filter((v) => v.dashboard.length).map((v) => ({ x: v.mid, y: quantile(v.dashboard, 0.99) })),
      share: 0.2,
      floor: 100,
    },
    ...names.map((x) => ({ name: `${x} MiB`, points: samples.map((s) => ({ x: s.t, y: rss(s, x) })), share: 0.1, floor: 16 })),
    { name: "fds", points: samples.map((s) => ({ x: s.t, y: fds(s) })), share: 0.1, floor: 40 },
  ];
  const trends = series.map((s) => {
    const k = slope(s.points);
    const mean = s.points.reduce((m, p) => m + p.y, 0) / Math.max(1, s.points.length);
    const drift = k * durationS * 1000;
    const flat = Number.isFinite(k) ? Math.abs(drift) <= Math.max(s.share * mean, s.floor) : undefined;
    return {
      name: s.name,
      first: s.points[0]?.y,
      last: s.points.at(-1)?.y,
      per10: k * per10,
      drift,
      flat,
    };
  });
  const trendRows = trends.map((t) => [
    t.name,
    int(t.first),
    int(t.last),
    signed(t.per10),
    signed(t.drift, 0),
    t.flat === undefined ? "too few points" : t.flat ? "flat" : t.drift > 0 ? "RISING" : "falling",
  ]);
  return {
    intervals: table(head, rows),
    trends: table(["series", "first", "last", "slope / 10 min", "over the run", "verdict"], trendRows),
    rising: trends.filter((t) => t.flat === false && t.drift > 0).map((t) => t.name),
  };
}

/**
 * Every completion the load made against billing's ledger. A completion is a stream that answered 200 with an id;
 * received whole ([DONE], no error chunk) it must be charged exactly once (`usage:<request id>`), cut it may be
 * charged at most once. `doubled`: references recorded twice (billing's keys make it impossible by construction; this
 * checks it). Also counted: usage charged to the load's users for requests no client saw an id of (streams cut or
 * abandoned before their first chunk).
 */
export async function reconcileCompletions(ledger, records, requestIdOf, doubledRefs) {
  const completions = records.filter((r) => r.kind === "stream" && r.status === 200 && r.id);
  const whole = completions.filter((r) => r.done && !r.error);
  const ids = [...new Set(completions.map((r) => requestIdOf(r.id)))];
  const found = new Set();
  for (let i = 0; i < ids.length; i += 500)
    for (const d of await ledger
      .find({ _id: { $in: ids.slice(i, i + 500).map((id) => `usage:${id}`) } }, { projection: { _id: 1 } })
      .toArray())
      found.add(String(d._id).slice("usage:".length));
  const missing = whole.filter((r) => !found.has(requestIdOf(r.id))).map((r) => requestIdOf(r.id));
  const cut = completions.filter((r) => !(r.done && !r.error));
  const idSet = new Set(ids);
  const duplicated = doubledRefs.filter((d) => d._id.source === "usage" && idSet.has(d._id.reference));
  const users = [...new Set(records.map((r) => r.user).filter(Boolean))];
  const usageOfUsers = users.length ? await ledger.countDocuments({ source: "usage", userId: { $in: users } }) : 0;
  return {
    completions: completions.length,
    whole: whole.length,
    charged: found.size,
    missing,
    duplicated,
    cut: cut.length,
    cutCharged: cut.filter((r) => found.has(requestIdOf(r.id))).length,
    unseen: Math.max(0, usageOfUsers - found.size),
  };
}

/**
 * JetStream's advisories while the load runs: events a consumer's max_deliver made JetStream give up on, and events
 * terminated (by a handler's verdict or as undecodable). `stop()` closes the connection and answers the counts.
 */
export async function watchAdvisories(natsUrl) {
  const nc = await connect({ servers: natsUrl, name: "soak-advisories", maxReconnectAttempts: -1 });
  const counts = { maxDeliveries: new Map(), terminated: new Map() };
  const listen = (kind, map) =>
    nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.${kind}.>`, {
      callback: (err, m) => {
        if (err) return;
        const key = m.subject.split(".").slice(-2).join(" > ");
        map.set(key, (map.get(key) ?? 0) + 1);
      },
    });
  listen("MAX_DELIVERIES", counts.maxDeliveries);
  listen("MSG_TERMINATED", counts.terminated);
  await nc.flush();
  return {
    async stop() {
      await nc.drain();
      return counts;
    },
  };
}

/** Every durable consumer's state: what it was delivered, what is still unacknowledged, what waits. */
export async function consumerStates(natsUrl) {
  const nc = await connect({ servers: natsUrl, name: "soak-consumers" });
  try {
    const jsm = await nc.jetstreamManager();
    const out = [];
    for (const s of await jsm.streams.list().next())
      for (const c of await jsm.consumers.list(s.config.name).next())
        out.push({
          stream: s.config.name,
          consumer: c.name,
          delivered: c.delivered.stream_seq,
          ackFloor: c.ack_floor.stream_seq,
          ackPending: c.num_ack_pending,
          redelivered: c.num_redelivered,
          unprocessed: c.num_pending,
        });
    return out;
  } finally {
    await nc.close();
  }
}

export function consumerTable(states) {
  return table(
    ["stream", "consumer", "stream sequence reached", "delivered, unacknowledged", "redelivered", "not delivered yet"],
    states.map((c) => [c.stream, c.consumer, int(c.delivered), int(c.ackPending), int(c.redelivered), int(c.unprocessed)]),
  );
}

/** Sums of the chassis' event counters over every billing copy's /metrics (since each copy started). */
export async function meteringCounters(billingUrls) {
  const sums = { handled: {}, terminated: 0, maxDeliveries: 0 };
  for (const url of billingUrls) {
    let text;
    try {
      const r = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) });
      text = await r.text();
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      const m = /^(\w+)\{([^}]*)\}\s+([0-9.eE+-]+)$/.exec(line);
      if (!m) continue;
      const [, name, labels, value] = m;
      const v = Number(value);
      if (name === "nats_messages_handled_total" && labels.includes('subject="generation.completed"')) {
        const outcome = /outcome="([^"]+)"/.exec(labels)?.[1] ?? "?";
        sums.handled[outcome] = (sums.handled[outcome] ?? 0) + v;
      } else if (name === "nats_messages_terminated_total" && labels.includes('subject="generation.completed"'))
        sums.terminated += v;
      else if (name === "nats_consumer_max_deliveries_total" && labels.includes('consumer="billing-metering"'))
        sums.maxDeliveries += v;
    }
  }
  return sums;
}

/** The reconciliation paragraph, as docs/operations.md writes it. */
export function reconciliationText({
  metering,
  paid,
  uncredited,
  reconcileOk,
  writes,
  lostWrites,
  created,
  inactive,
  queue,
  metered,
  advisories,
}) {
  const handled = Object.entries(metered.handled)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${o} ${int(n)}`)
    .join(", ");
  const given = [...advisories.maxDeliveries.values()].reduce((a, b) => a + b, 0);
  const terminated = [...advisories.terminated.values()].reduce((a, b) => a + b, 0);
  return [
    `Reconciled afterwards: ${int(metering.completions)} completions the load received (${int(metering.whole)} whole, ` +
      `${int(metering.cut)} cut); ${int(metering.whole - metering.missing.length)} of the whole ones charged, ` +
      `${int(metering.missing.length)} missing, ${int(metering.duplicated.length)} charged twice` +
      ` (${int(metering.cutCharged)} cut ones charged for what was generated; ${int(metering.unseen)} charges for ` +
      `requests no client saw an id of); ${int(paid)} top-ups captured, ${int(paid - uncredited)} credited once; ` +
      `${reconcileOk ? "every wallet equal to its ledger" : "a wallet DIFFERS from its ledger"}; ${int(writes)} ` +
      `template writes, ${int(lostWrites)} lost; ${int(created)} apps created, ${int(created - inactive)} activated; ` +
      `the queue ${queue === 0 ? "empty" : `holding ${int(queue)} jobs`}.`,
    `Metering: billing's consumer answered ${handled || "nothing"}; JetStream gave up on ${int(given)} events ` +
      `(MAX_DELIVERIES advisories) and ${int(terminated)} were terminated.`,
  ].join("\n");
}
