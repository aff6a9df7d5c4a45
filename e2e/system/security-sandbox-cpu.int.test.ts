import http from "node:http";
import { SANDBOX_ATTACKS, SANDBOX_MEMORY_MESSAGE, SANDBOX_TIME_LIMIT_MESSAGE, type SandboxAttack } from "@genui/testkit";
import { newDeveloper, type Developer } from "../support/developer";
import { startStack, type Stack } from "../support/stack";

const API = "/apps/api/v1";
const VICTIM_CODE = 'text("victim screen")';
/** The sandbox's limit errors, whichever of the two an attack runs into. */
const LIMIT_MESSAGE = new RegExp(`${SANDBOX_TIME_LIMIT_MESSAGE.source}|${SANDBOX_MEMORY_MESSAGE.source}`, "i");
/** The longest any one answer is waited for (before the sandbox is bounded from outside, an attack takes seconds). */
const ANSWER_CAP_MS = 120_000;
/** How many times one attack and door are raced at most before the other tenant's answer must have come first. */
const RACES = 3;

/** An answer as a client reads it: status, body, and how long it took (printed for information only). */
interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** A request on its way: `sent` once it is all written to the connection, `answer` once its whole answer is read. */
interface InFlight {
  sent: Promise<void>;
  answer: Promise<Answer>;
}

/** POSTs JSON (with node:http, which tells when the request has gone out). */
function postJson(url: string, body: unknown, headers: Record<string, string>): InFlight {
  const started = performance.now();
  const payload = JSON.stringify(body);
  let sentResolve!: () => void;
  let sentReject!: (err: Error) => void;
  const sent = new Promise<void>((resolve, reject) => {
    sentResolve = resolve;
    sentReject = reject;
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Kept as text: the assertion shows it.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: Math.round(performance.now() - started) });
        });
      },
    );
    req.setTimeout(ANSWER_CAP_MS, () => req.destroy(new Error(`no answer within ${ANSWER_CAP_MS} ms`)));
    req.on("finish", sentResolve);
    req.on("error", (err) => {
      sentReject(err);
      reject(err);
    });
    req.end(payload);
  });
  // Whoever waits for `answer` sees the error; `sent` alone must not be an unhandled rejection.
  sent.catch(() => undefined);
  return { sent, answer };
}

/** The error message of an answer in either error shape (`{ error: { message } }` or `{ message }`). */
const messageOf = (body: unknown): string => {
  const b = body as { error?: { message?: unknown }; message?: unknown } | null;
  const m = b?.error?.message ?? b?.message;
  return typeof m === "string" ? m : JSON.stringify(body).slice(0, 300);
};

/** Everything a screen says (its components' values), to see whose screen an answer carries. */
const screenText = (body: unknown): string => JSON.stringify((body as { json?: unknown } | null)?.json ?? null);

/**
 * The UI code sandbox's CPU limit is enforced by QuickJS's interrupt handler, which runs only between bytecodes: a
 * built-in that runs long in C (a substring search with a long needle, Unicode reordering, BigInt arithmetic, a sort,
 * a JSON walk…) never gives it a chance, and while it runs the worker's JavaScript thread evaluates nothing else.
 * Every attack of @genui/testkit's SANDBOX_ATTACKS is sent through each door a stranger has to code-only evaluation —
 * a secret API key, a signed-in account without any credit, a publishable key from a non-browser client that forges
 * its app's Origin — and must be answered with the sandbox's time-limit (or memory) error, never a screen; and another
 * tenant's evaluation sent right behind it is answered first, with its own screen.
 */
describe("UI code that keeps a built-in of the sandbox busy in C", () => {
  let stack: Stack;
  /** The attacker: an app of their own (secret and publishable keys) and no credit at all. */
  let attacker: Developer;
  let victim: Developer;

  beforeAll(async () => {
    stack = await startStack({
      // One worker: the attack and the other tenant's evaluation land on the same process.
      // The publishable key's request budget and the free sandbox time are not what this suite is about (it sends
      // one request per attack and door, each stopped at the sandbox's deadline).
      generation: {
        workers: 1,
        apiEnv: {
          GEN_PUBLISHABLE_RATE: "1000/60",
          GEN_FREE_SANDBOX_MS_PER_TENANT: "100000000/60",
          GEN_FREE_SANDBOX_MS_PER_ACCOUNT: "100000000/60",
        },
        // The host stops an overrunning thread 1 s past the sandbox's 100 ms: a generous window in which the other
        // tenant's whole round trip (edge, queue, worker, relay) must finish first on a loaded machine, while a worker
        // that waited for the attack would answer both together.
        workerEnv: { SANDBOX_MARGIN_MS: "1000" },
      },
    });
    // Accounts get no credit unless someone pays (only the local platform's seeded demo account gets demo credit).
    [attacker, victim] = await Promise.all([newDeveloper(stack, 0), newDeveloper(stack)]);
    const balance = (await (await attacker.client.get("/billing/api/v1/balance")).json()) as { balance: number };
    expect(balance.balance).toBe(0);
  }, 300_000);
  afterAll(async () => stack?.stop());

  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    postJson(`${stack.bff.url}${API}${path}`, body, headers);

  /** The ways in, each a client that is not a browser. */
  const doors: { name: string; send: (code: string) => Promise<InFlight> }[] = [
    {
      name: "secret key",
      send: async (code) => post("/retrieve/", { code }, { authorization: `Bearer ${attacker.apiKey}` }),
    },
    {
      name: "signed-in account without credit",
      // The session and CSRF cookies the browser-like client holds since sign-up, sent the way it sends them.
      send: async (code) => {
        const csrf = await attacker.client.csrf();
        const cookie = [...attacker.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        return post("/auth-retrieve/", { code }, { cookie, "x-csrftoken": csrf });
      },
    },
    {
      name: "publishable key with its app's Origin",
      send: async (code) =>
        post(
          "/retrieve/",
          { code },
          { authorization: `Bearer ${attacker.publishableKey}`, origin: new URL(attacker.url).origin },
        ),
    },
  ];

  /**
   * Sends the attack and, as soon as it has gone out, the other tenant's evaluation; answers both, and which of the
   * two answers arrived first.
   */
  async function race(door: (code: string) => Promise<InFlight>, attack: SandboxAttack) {
    // The previous race's overrunning thread was terminated and is being replaced (a new thread loads QuickJS: on a
    // loaded machine that has taken over a second). Two evaluations at once are answered only when both of the
    // worker's threads are up — idle threads take them first, a loading one once it is ready — so each race starts
    // with the whole pool, as an attack on a worker that has had a moment does.
    const probes = await Promise.all(
      [0, 1].map(() => post("/retrieve/", { code: VICTIM_CODE }, { authorization: `Bearer ${victim.apiKey}` }).answer),
    );
    expect(probes.map((p) => p.status)).toEqual([200, 200]);
    const arrived: ("attack" | "victim")[] = [];
    const attacking = await door(attack.code);
    const attackAnswer = attacking.answer.finally(() => arrived.push("attack"));
    // Seen by Promise.all below; an attack that could not even be sent fails on `sent` first.
    attackAnswer.catch(() => undefined);
    await attacking.sent;
    const victimAnswer = post("/retrieve/", { code: VICTIM_CODE }, { authorization: `Bearer ${victim.apiKey}` }).answer.finally(
      () => arrived.push("victim"),
    );
    const [a, v] = await Promise.all([attackAnswer, victimAnswer]);
    return { a, v, first: arrived[0]! };
  }

  it.each(SANDBOX_ATTACKS.map((a) => [a.name, a] as const))(
    "when %s is sent through a secret key, a signed-in account without credit and a publishable key, then each is answered with the sandbox's time-limit or memory error and another tenant's evaluation is answered first, with its own screen",
    async (_name, attack) => {
      const seen = [];
      for (const door of doors) {
        let outcome = await race(door.send, attack);
        // The other tenant has the attack's window (the sandbox's 100 ms and the host's margin) for its whole round
        // trip; on a loaded machine that round trip has once taken longer. A worker that holds the other tenant's
        // evaluation behind the attack answers it last every time, so a race the attack won after being stopped is
        // run again, at most RACES times in all, and only the last one counts.
        for (let tries = 1; tries < RACES && outcome.first === "attack" && outcome.a.status === 400; tries++) {
          process.stdout.write(
            `${attack.name} via ${door.name}: the attack was answered first (the other tenant after ${outcome.v.ms} ms); racing again\n`,
          );
          outcome = await race(door.send, attack);
        }
        const { a, v, first } = outcome;
        // For information only (a loaded machine stretches every figure).
        process.stdout.write(
          `${attack.name} via ${door.name}: ${a.status} after ${a.ms} ms (${a.status === 200 ? "a screen" : messageOf(a.body)}); ` +
            `the other tenant's answer ${v.status} after ${v.ms} ms; first: ${first}\n`,
        );
        seen.push({
          door: door.name,
          attack: {
            status: a.status,
            message: a.status === 200 ? `a screen: ${screenText(a.body).slice(0, 80)}` : messageOf(a.body),
          },
          victim: { status: v.status, screen: screenText(v.body) },
          first,
        });
      }
      // All three doors are tried before anything is asserted, so a failure shows every door's answers.
      expect(seen).toEqual(
        doors.map((door) => ({
          door: door.name,
          attack: { status: 400, message: expect.stringMatching(LIMIT_MESSAGE) },
          victim: { status: 200, screen: expect.stringContaining("victim screen") },
          first: "victim",
        })),
      );
    },
    600_000,
  );
});
