import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import { newDeveloper, type Developer } from "../support/developer";
import { pinnedPython } from "../support/python";
import { loadDocsSnippets, type RunnableSnippet } from "../support/spa-module";
import { startStack, type Stack } from "../support/stack";

const { API_KEY_PLACEHOLDER, runnableSnippets } = loadDocsSnippets();

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface Answer {
  code: string;
  json: { name: string; screen: { v1: unknown[] } };
}

const lines = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The chunks of an event stream as curl prints it. */
const sseChunks = (stdout: string) =>
  lines(stdout)
    .filter((l) => l.startsWith("data: {"))
    .map(
      (l) =>
        JSON.parse(l.slice(6)) as {
          object: string;
          model: string;
          choices: { delta: { content?: string; reasoning_content?: string } }[];
        },
    );

const answerOf = (content: string | undefined) => JSON.parse(content ?? "") as Answer;

/** One expectation for the Python and the JavaScript program of a sample (they print the same). */
const pythonAndJavascript = (sample: string, check: (out: string) => void) => ({
  [`${sample}.python`]: check,
  [`${sample}.javascript`]: check,
});

/** The agent sample's output, with the tool result as each language writes JSON. */
const agentOutput = (toolResult: string) => (out: string) =>
  expect(lines(out)).toEqual([
    "render: Book a table",
    `tool result: ${toolResult}`,
    expect.stringMatching(/^render: /),
    "4 messages in the UI history",
  ]);

/** What each program must print (a runnable sample without an entry here fails: every sample is checked). */
const EXPECT: Record<string, (out: string) => void> = {
  "chat.curl": (out) => {
    const body = JSON.parse(out) as { object: string; choices: { message: { content: string } }[] };
    expect(body.object).toBe("chat.completion");
    const answer = answerOf(body.choices[0]?.message.content);
    expect(answer.code).toContain("screen(");
    expect(answer.json.screen.v1.length).toBeGreaterThan(0);
  },
  ...pythonAndJavascript("chat", (out) => {
    expect(out).toContain("screen(");
    expect(lines(out).at(-1)).toBe("Create your account");
  }),
  "stream.curl": (out) => {
    const chunks = sseChunks(out);
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    // The content pieces add up to the answer's JSON text (docs/api.md, "Streaming").
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(answerOf(text).json.name).toBe("Weather in Paris");
    expect(lines(out).at(-1)).toBe("data: [DONE]");
  },
  ...pythonAndJavascript("stream", (out) => expect(lines(out).at(-1)).toMatch(/^\d+ updates; final screen: Weather in Paris$/)),
  "resume.curl": (out) => {
    // The rest after the 1st event (the role): every content piece, ids from 2 on, the last [DONE].
    const ids = lines(out)
      .filter((l) => l.startsWith("id: "))
      .map((l) => Number(l.slice(4)));
    expect(ids).toEqual(ids.map((_, i) => i + 2));
    const text = sseChunks(out)
      .map((c) => c.choices[0]?.delta.content ?? "")
      .join("");
    expect(answerOf(text).json.name).toBe("Weather in Paris");
    expect(lines(out).at(-1)).toBe("data: [DONE]");
  },
  ...pythonAndJavascript("resume", (out) => expect(lines(out)).toEqual(["resumed after event 3: Weather in Paris"])),
  ...pythonAndJavascript("conversation", (out) =>
    expect(lines(out)).toEqual(["To-do list -> To-do list", "4 messages: each answer kept as its code"]),
  ),
  "thinking.curl": (out) => {
    const chunks = sseChunks(out);
    // Any chunk of another shape (an error event, a chunk of the other model) is shown whole.
    expect(chunks.filter((c) => c.model !== "genui-pluto-0.1-thinking")).toEqual([]);
    const firstThought = chunks.findIndex((c) => c.choices[0]?.delta.reasoning_content);
    const firstContent = chunks.findIndex((c) => c.choices[0]?.delta.content);
    expect(firstThought).toBeGreaterThanOrEqual(0);
    expect(firstContent).toBeGreaterThan(firstThought);
  },
  ...pythonAndJavascript("thinking", (out) => {
    expect(lines(out)[0]).toMatch(/^Reasoning: .*dashboard/);
    expect(lines(out)[1]).toBe("Screen: Sales dashboard");
  }),
  "retrieve.curl": (out) => {
    const body = JSON.parse(out) as Answer;
    expect(body.json.name).toBe("Welcome");
    expect(body.json.screen.v1).toEqual([expect.objectContaining({ component: "heading", value: "Hello from code" })]);
  },
  ...pythonAndJavascript("retrieve", (out) => expect(lines(out)).toEqual(["Welcome"])),
  "models.curl": (out) =>
    expect((JSON.parse(out) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      "genui-pluto-0.1",
      "genui-pluto-0.1-thinking",
    ]),
  ...pythonAndJavascript("models", (out) => expect(lines(out)).toEqual(["genui-pluto-0.1", "genui-pluto-0.1-thinking"])),
  ...pythonAndJavascript("errors", (out) => {
    expect(lines(out)[0]).toBe("404 model_not_found");
    expect(lines(out)[1]).toContain("The model 'genui-pluto-9' does not exist");
  }),
  "systemPrompt.curl": (out) => {
    const body = JSON.parse(out) as { choices: { message: { content: string } }[] };
    expect(answerOf(body.choices[0]?.message.content).json.name).toMatch(/book/i);
  },
  ...pythonAndJavascript("systemPrompt", (out) => expect(lines(out).at(-1)).toMatch(/book/i)),
  "webSearch.curl": (out) => {
    const body = JSON.parse(out) as { model: string; choices: { message: { content: string } }[] };
    expect(body.model).toBe("genui-pluto-0.1-thinking");
    expect(answerOf(body.choices[0]?.message.content).json.name).toMatch(/technology news/);
  },
  ...pythonAndJavascript("webSearch", (out) => expect(lines(out).at(-1)).toMatch(/technology news/)),
  "agent.python": agentOutput('{"shown": "Book a table"}'),
  "agent.javascript": agentOutput('{"shown":"Book a table"}'),
};

const exec = (file: string, args: string[], cwd: string): Promise<Run> =>
  new Promise((resolve) => {
    execFile(file, args, { cwd, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ exitCode: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
    );
  });

/**
 * The programs the landing page and the docs show (features/docs/snippets.ts), executed as a reader would run them
 * against the platform with the offline generator: curl through bash, Python with the official `openai` package in
 * the project's pinned venv (scripts/python-env.sh), Node with the official `openai` package of the repository.
 * YOUR_API_KEY becomes a real key of a new developer's active app.
 */
describe("the code samples of the landing page and the docs, run against the platform", () => {
  const ids = runnableSnippets("http://origin").map((s) => s.id);
  const results = new Map<string, Run>();
  let stack: Stack;
  let dev: Developer;
  let python: string;
  let workDir: string;
  // Inside the repository, so that `import OpenAI from "openai"` resolves to its node_modules (ESM ignores NODE_PATH).
  const jsDir = path.join(REPO_ROOT, "node_modules", ".cache", `genui-snippets-${process.pid}`);

  const execute = (s: RunnableSnippet): Promise<Run> => {
    const code = s.code.replaceAll(API_KEY_PLACEHOLDER, dev.apiKey);
    const file = s.id.replace(/\W/g, "-");
    if (s.language === "bash") return exec("bash", ["-c", code], workDir);
    if (s.language === "python") {
      writeFileSync(path.join(workDir, `${file}.py`), code);
      return exec(python, [`${file}.py`], workDir);
    }
    writeFileSync(path.join(jsDir, `${file}.mjs`), code);
    return exec(process.execPath, [`${file}.mjs`], jsDir);
  };

  beforeAll(async () => {
    python = pinnedPython();
    stack = await startStack({ generation: { workers: 1 } });
    dev = await newDeveloper(stack, 5_000_000);
    workDir = mkdtempSync(path.join(tmpdir(), "genui-snippets-"));
    mkdirSync(jsDir, { recursive: true });
    // Three at a time: Python's start-up (importing openai) dominates, the generation itself is quick.
    const queue = runnableSnippets(stack.bff.url);
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) results.set(s.id, await execute(s));
    };
    await Promise.all([worker(), worker(), worker()]);
  }, 600_000);

  afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    rmSync(jsDir, { recursive: true, force: true });
    await stack?.stop();
  });

  it("when the samples are listed, then every one has an expectation here", () => {
    expect(ids.filter((id) => !EXPECT[id])).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(["chat.curl", "chat.python", "chat.javascript"]));
  });

  it.each(ids)("when the %s sample runs with a real key, then it exits 0 and prints what the docs say", (id) => {
    const out = results.get(id);
    expect(out).toBeDefined();
    expect({ id, exitCode: out!.exitCode, stderr: out!.exitCode === 0 ? "" : out!.stderr }).toEqual({
      id,
      exitCode: 0,
      stderr: "",
    });
    EXPECT[id]!(out!.stdout);
  });
});
