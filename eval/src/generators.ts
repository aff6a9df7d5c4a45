import { plan, type Turn } from "@genui/planner";
import { repairScreen, validateScreen, type Screen } from "@genui/ui-runtime";
import { createNodeEvaluator } from "@genui/ui-runtime/node";
import OpenAI from "openai";

export type { Turn };

/** One answer of a generator to a conversation, and what came with it. */
export interface Answer {
  /** The UI code to keep in the history (an upstream's repaired code when it sent one). */
  code?: string;
  /** The screen to judge: evaluated from the code (offline) or the answer's json (upstream, repaired when invalid). */
  screen?: Screen;
  /** Why the screen is not schema-valid (empty when it is). */
  schemaIssues: string[];
  /** The screen's JSON text length in bytes (JSON.stringify of the screen as produced). */
  jsonBytes?: number;
  /** What the generator said it made (offline: plan()'s family). */
  family?: string;
  /** CPU time of plan() in microseconds, user + system (offline). */
  cpuMicros?: number;
  /** Wall time of the request in milliseconds (upstream). */
  latencyMs?: number;
  /** Why there is no screen at all: the generator threw, the request failed, the code did not evaluate. */
  error?: string;
}

export interface Generator {
  readonly name: "offline" | "upstream";
  answer(messages: Turn[]): Promise<Answer>;
  close(): Promise<void>;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const bytes = (s: string) => Buffer.byteLength(s, "utf8");
const issueTexts = (issues: readonly { path: string; message: string }[]) => issues.map((i) => `${i.path}: ${i.message}`);

/**
 * The built-in generator in-process: `plan()` of @genui/planner, its code evaluated in the UI runtime's sandbox as
 * the worker does. A screen is schema-valid when it evaluates and needed no repair.
 */
export function offlineGenerator(planner: (messages: readonly Turn[]) => { code: string; family: string } = plan): Generator {
  const evaluator = createNodeEvaluator();
  return {
    name: "offline",
    async answer(messages) {
      const before = process.cpuUsage();
      let planned: { code: string; family: string };
      try {
        planned = planner(messages);
      } catch (err) {
        const cpu = process.cpuUsage(before);
        return { schemaIssues: [], cpuMicros: cpu.user + cpu.system, error: `plan() threw: ${message(err)}` };
      }
      const cpu = process.cpuUsage(before);
      const base = { code: planned.code, family: planned.family, cpuMicros: cpu.user + cpu.system };
      const r = await evaluator.evaluate(planned.code);
      if (!r.ok)
        return {
          ...base,
          schemaIssues: [`${r.error.kind}: ${r.error.message}`],
          error: `the code does not evaluate (${r.error.kind})`,
        };
      const strict = validateScreen(r.screen);
      const schemaIssues = [...issueTexts(r.issues), ...r.repairs, ...(strict.ok ? [] : issueTexts(strict.issues))];
      return { ...base, screen: r.screen, schemaIssues, jsonBytes: bytes(JSON.stringify(r.screen)) };
    },
    async close() {
      evaluator.dispose();
    },
  };
}

/** Where the upstream generator is reached (EVAL_BASE_URL, EVAL_API_KEY, EVAL_MODEL). */
export interface UpstreamSettings {
  baseURL: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

export const DEFAULT_UPSTREAM = { baseURL: "http://127.0.0.1:8080/apps/api/v1", model: "genui-pluto-0.1" } as const;

export function upstreamSettings(env: NodeJS.ProcessEnv = process.env): UpstreamSettings {
  const apiKey = env.EVAL_API_KEY;
  if (!apiKey) throw new Error("EVAL_API_KEY is not set: an app's secret key (gk_live_…) of the platform to evaluate");
  return {
    baseURL: env.EVAL_BASE_URL || DEFAULT_UPSTREAM.baseURL,
    apiKey,
    model: env.EVAL_MODEL || DEFAULT_UPSTREAM.model,
  };
}

/** The answer content of the published API (docs/api.md): a JSON text `{code, repaired_code?, json}`. */
interface Content {
  code?: unknown;
  repaired_code?: unknown;
  json?: unknown;
}

/**
 * A GenUI endpoint (the published, OpenAI-compatible API) through the official openai client. The answer's `json` is
 * validated again here; an invalid one is repaired only to judge the rest of the rubric (it stays schema-invalid).
 */
export function upstreamGenerator(settings: UpstreamSettings): Generator {
  const client = new OpenAI({
    baseURL: settings.baseURL,
    apiKey: settings.apiKey,
    timeout: settings.timeoutMs ?? 120_000,
    maxRetries: 4,
  });
  return {
    name: "upstream",
    async answer(messages) {
      const started = performance.now();
      let content: string | null | undefined;
      try {
        const r = await client.chat.completions.create({
          model: settings.model,
          messages: messages.map((m) =>
            m.role === "assistant"
              ? { role: "assistant" as const, content: m.content }
              : m.role === "system" || m.role === "developer"
                ? { role: "system" as const, content: m.content }
                : { role: "user" as const, content: m.content },
          ),
        });
        content = r.choices[0]?.message.content;
      } catch (err) {
        return { schemaIssues: [], latencyMs: performance.now() - started, error: `request failed: ${message(err)}` };
      }
      const latencyMs = performance.now() - started;
      let parsed: Content;
      try {
        parsed = JSON.parse(content ?? "") as Content;
      } catch {
        return {
          schemaIssues: [],
          latencyMs,
          error: `the answer is not the JSON text {code, json}: ${String(content).slice(0, 120)}`,
        };
      }
      const code =
        typeof parsed.repaired_code === "string"
          ? parsed.repaired_code
          : typeof parsed.code === "string"
            ? parsed.code
            : undefined;
      if (parsed.json === undefined)
        return { code, schemaIssues: ["the answer has no json"], latencyMs, error: "no screen in the answer" };
      const strict = validateScreen(parsed.json);
      const screen = strict.ok ? strict.screen : repairScreen(parsed.json).screen;
      return {
        code,
        screen,
        schemaIssues: strict.ok ? [] : issueTexts(strict.issues),
        jsonBytes: bytes(JSON.stringify(parsed.json)),
        latencyMs,
      };
    },
    async close() {},
  };
}
