import http from "node:http";
import zlib from "node:zlib";
import { newDeveloper, type Developer } from "../support/developer";
import { parseEventStream } from "../support/sse";
import { startStack, type Stack } from "../support/stack";

const MODEL = "genui-pluto-0.1";
const API = "/apps/api/v1";

/** A varied set of the offline generator's screens (forms, tables, dashboards, charts, pricing, profile, …). */
const PROMPTS = [
  "A login form with e-mail and password",
  "A sign-up form with name, e-mail, password and a terms checkbox",
  "A checkout form with name, e-mail, card number and a pay button",
  "A table of recent orders with customer, amount and status",
  "A sales dashboard with revenue, orders and a chart by month",
  "An analytics dashboard for a SaaS product with signups, churn and MRR",
  "A bar chart of rainfall by month",
  "A line chart of daily active users over two weeks",
  "A pricing page with three tiers",
  "A profile page for a photographer",
  "A weather screen for Lisbon with a five-day forecast",
  "A settings page with notifications, privacy and theme",
  "A shopping list for the weekend",
  "A task board with to do, doing and done",
];

interface Chunk {
  choices: { delta: { content?: string | null }; finish_reason: string | null }[];
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const distribution = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (x: number) => Number(x.toFixed(3));
  return { min: f(s[0]!), p50: f(quantile(s, 0.5)), p90: f(quantile(s, 0.9)), max: f(s.at(-1)!) };
};

/**
 * Bytes on the wire per streamed answer (`npm run report:stream-bytes`): the published API's whole event-stream body
 * over its final content (goal ≤ 1.3×), and the signed-in chat's snapshots (content bytes and wire bytes over the
 * final content), with the offline generator at its default pace. Prints the distributions; asserts only what a
 * client relies on (the pieces add up to the non-streaming content; the last snapshot is the whole answer).
 */
describe("bytes on the wire of streamed answers", () => {
  let stack: Stack;
  let dev: Developer;

  beforeAll(async () => {
    // The offline generator at its default pace (400 tokens/s, a fast model's): the stream has pieces to coalesce.
    // GEN_DELTA_INTERVAL_MS / GEN_SNAPSHOT_* / OFFLINE_TOKENS_PER_SECOND (the worker's) and GEN_STREAM_GZIP_LEVEL (the
    // API's) from the environment compare other settings.
    const level = process.env.GEN_STREAM_GZIP_LEVEL;
    const api: Record<string, string> = level ? { GEN_STREAM_GZIP_LEVEL: level } : {};
    const passed = Object.fromEntries(
      ["GEN_DELTA_INTERVAL_MS", "GEN_SNAPSHOT_INTERVAL_MS", "GEN_SNAPSHOT_BYTE_FACTOR", "OFFLINE_TOKENS_PER_SECOND"].flatMap(
        (k) => (process.env[k] ? [[k, process.env[k]!]] : []),
      ),
    );
    stack = await startStack({
      generation: { workers: 1, workerEnv: { OFFLINE_TOKENS_PER_SECOND: "400", ...passed }, apiEnv: api },
    });
    process.stdout.write(`settings: ${JSON.stringify({ ...stack.workerEnv, ...api })}\n`);
    dev = await newDeveloper(stack, 50_000_000);
  }, 120_000);
  afterAll(async () => stack.stop());

  /**
   * A streamed published answer as it crosses the wire: the body bytes as sent (compressed when `encoding` is gzip),
   * every byte the socket read (status line, headers, chunked framing included), and the decoded text.
   */
  const onTheWire = (prompt: string, encoding: "gzip" | "identity") =>
    new Promise<{ status: number; encoding: string; body: number; socket: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify({ model: MODEL, messages: [{ role: "user", content: prompt }], stream: true });
      const url = new URL(`${stack.bff.url}${API}/chat/completions`);
      const req = http.request(
        url,
        {
          method: "POST",
          agent: false, // a socket of its own: bytesRead counts this response only
          headers: {
            authorization: `Bearer ${dev.apiKey}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            "accept-encoding": encoding,
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on("data", (b: Buffer) => parts.push(b));
          res.on("end", () => {
            const raw = Buffer.concat(parts);
            const coding = String(res.headers["content-encoding"] ?? "identity");
            resolve({
              status: res.statusCode ?? 0,
              encoding: coding,
              body: raw.length,
              socket: res.socket.bytesRead,
              text: (coding === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8"),
            });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

  const published = async (prompt: string, stream: boolean) =>
    fetch(`${stack.bff.url}${API}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: prompt }], stream }),
    });

  /** Runs `fn` over the prompts, a few at a time (the machine is shared). */
  const each = async <T>(fn: (prompt: string) => Promise<T>): Promise<T[]> => {
    const out: T[] = [];
    for (let i = 0; i < PROMPTS.length; i += 4) out.push(...(await Promise.all(PROMPTS.slice(i, i + 4).map(fn))));
    return out;
  };

  it("when each prompt of a varied set is streamed, then the pieces add up to the content and the bytes per answer are printed", async () => {
    const rows = await each(async (prompt) => {
      const [gz, plain, wholeRes] = await Promise.all([
        onTheWire(prompt, "gzip"),
        onTheWire(prompt, "identity"),
        published(prompt, false),
      ]);
      expect([gz.status, plain.status, wholeRes.status]).toEqual([200, 200, 200]);
      expect([gz.encoding, plain.encoding]).toEqual(["gzip", "identity"]);
      const wholeBody = Buffer.from(await wholeRes.arrayBuffer());
      const whole = (JSON.parse(wholeBody.toString("utf8")) as { choices: { message: { content: string } }[] }).choices[0]!
        .message.content;
      const piecesOf = (text: string) =>
        parseEventStream(text)
          .data.filter((d) => d !== "[DONE]")
          .map((d) => JSON.parse(d) as Chunk)
          .flatMap((c) => (c.choices[0]?.delta.content ? [c.choices[0].delta.content] : []));
      const chunks = parseEventStream(plain.text).data.filter((d) => d !== "[DONE]");
      expect(piecesOf(gz.text).join("")).toBe(whole);
      expect(piecesOf(plain.text).join("")).toBe(whole);
      const finalBytes = Buffer.byteLength(whole);

      // The signed-in chat (the SPA): SPEC's snapshots, each the screen so far.
      const auth = await dev.client.post(`${API}/auth-chat/completions?app_id=${dev.appId}`, {
        model: MODEL,
        messages: [{ role: "user", content: prompt }],
        stream: true,
      });
      expect(auth.status).toBe(200);
      const authBody = Buffer.from(await auth.arrayBuffer());
      const snapshots = parseEventStream(authBody.toString("utf8"))
        .data.filter((d) => d !== "[DONE]")
        .flatMap((d) => {
          const c = (JSON.parse(d) as Chunk).choices[0]?.delta.content;
          return c ? [c] : [];
        });
      const lastSnapshot = snapshots.at(-1)!;
      expect(JSON.parse(lastSnapshot)).toEqual(expect.objectContaining({ code: expect.any(String), json: expect.any(Object) }));
      const snapshotBytes = snapshots.reduce((n, s) => n + Buffer.byteLength(s), 0);
      return {
        prompt,
        finalBytes,
        events: chunks.length,
        gzipFactor: gz.body / finalBytes,
        gzipSocketFactor: gz.socket / finalBytes,
        plainFactor: plain.body / finalBytes,
        // The non-streaming response body carries the same content (escaped inside a JSON string the same way).
        plainOverNonStreaming: plain.body / wholeBody.length,
        snapshots: snapshots.length,
        snapshotContentFactor: snapshotBytes / Buffer.byteLength(lastSnapshot),
        snapshotWireFactor: authBody.length / Buffer.byteLength(lastSnapshot),
      };
    });
    const report = {
      prompts: rows.length,
      finalContentBytes: distribution(rows.map((r) => r.finalBytes)),
      published: {
        eventsPerAnswer: distribution(rows.map((r) => r.events)),
        // What the official clients, browsers and curl --compressed receive (Accept-Encoding: gzip).
        gzipBodyBytesOverContentBytes: distribution(rows.map((r) => r.gzipFactor)),
        gzipSocketBytesOverContentBytes: distribution(rows.map((r) => r.gzipSocketFactor)),
        // A client that asks for no compression.
        plainBodyBytesOverContentBytes: distribution(rows.map((r) => r.plainFactor)),
        plainBodyBytesOverNonStreamingBody: distribution(rows.map((r) => r.plainOverNonStreaming)),
      },
      signedInSnapshots: {
        snapshotsPerAnswer: distribution(rows.map((r) => r.snapshots)),
        contentBytesOverFinalContent: distribution(rows.map((r) => r.snapshotContentFactor)),
        wireBytesOverFinalContent: distribution(rows.map((r) => r.snapshotWireFactor)),
      },
      perPrompt: rows.map((r) => ({
        prompt: r.prompt,
        finalBytes: r.finalBytes,
        events: r.events,
        gzip: Number(r.gzipFactor.toFixed(3)),
        plain: Number(r.plainFactor.toFixed(3)),
        snapshots: r.snapshots,
        snapshotContent: Number(r.snapshotContentFactor.toFixed(3)),
      })),
    };
    process.stdout.write(`\nstream bytes report\n${JSON.stringify(report, null, 2)}\n`);
  }, 300_000);
});
