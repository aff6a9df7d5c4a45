import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compileFunction } from "node:vm";
import { REPO_ROOT } from "@genui/testkit";
import ts from "typescript";
import { newDeveloper, type Developer } from "./support/developer";
import { startStack, type Stack } from "./support/stack";

/** What the test uses of frontend/web/src/features/docs/{snippets,api-snippets}.ts (declared here: the SPA's sources
 * follow the bundler's module rules, not this project's). */
interface RunnableSnippet {
  id: string;
  language: "bash" | "python" | "javascript";
  code: string;
}
interface Snippets {
  API_KEY_PLACEHOLDER: string;
}
interface ApiSnippets {
  runnableSnippets(origin: string): RunnableSnippet[];
}

/**
 * The SPA's snippet modules (in an ES-module package, which jest cannot require), compiled to CommonJS here; the
 * only import among them is api-snippets.ts → ./snippets.
 */
function loadSnippets(): { snippets: Snippets; api: ApiSnippets } {
  const dir = path.join(REPO_ROOT, "frontend/web/src/features/docs");
  const load = (name: string, imports: Record<string, unknown>): unknown => {
    const { outputText } = ts.transpileModule(readFileSync(path.join(dir, `${name}.ts`), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const mod = { exports: {} };
    const require = (id: string) => {
      if (!(id in imports)) throw new Error(`${name}.ts imports ${id}, which the test does not provide`);
      return imports[id];
    };
    compileFunction(outputText, ["module", "exports", "require"])(mod, mod.exports, require);
    return mod.exports;
  };
  const snippets = load("snippets", {}) as Snippets;
  return { snippets, api: load("api-snippets", { "./snippets": snippets }) as ApiSnippets };
}

const {
  snippets: { API_KEY_PLACEHOLDER },
  api: { runnableSnippets },
} = loadSnippets();

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

/** What each program must print (a runnable sample without an entry here fails: every sample is checked). */
const EXPECT: Record<string, (out: string) => void> = {
  "chat.curl": (out) => {
    const body = JSON.parse(out) as { object: string; choices: { message: { content: string } }[] };
    expect(body.object).toBe("chat.completion");
    const answer = answerOf(body.choices[0]?.message.content);
    expect(answer.code).toContain("screen(");
    expect(answer.json.screen.v1.length).toBeGreaterThan(0);
  },
  "chat.python": (out) => {
    expect(out).toContain("screen(");
    expect(lines(out).at(-1)).toBe("Create your account");
  },
  "chat.javascript": (out) => {
    expect(out).toContain("screen(");
    expect(lines(out).at(-1)).toBe("Create your account");
  },
  "stream.curl": (out) => {
    const chunks = sseChunks(out);
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    const last = chunks.filter((c) => c.choices[0]?.delta.content).at(-1);
    expect(answerOf(last?.choices[0]?.delta.content).json.name).toBe("Weather in Paris");
    expect(lines(out).at(-1)).toBe("data: [DONE]");
  },
  "stream.python": (out) => expect(lines(out).at(-1)).toMatch(/^\d+ updates; final screen: Weather in Paris$/),
  "stream.javascript": (out) => expect(lines(out).at(-1)).toMatch(/^\d+ updates; final screen: Weather in Paris$/),
  "conversation.python": (out) =>
    expect(lines(out)).toEqual(["To-do list -> To-do list", "4 messages: each answer kept as its code"]),
  "conversation.javascript": (out) =>
    expect(lines(out)).toEqual(["To-do list -> To-do list", "4 messages: each answer kept as its code"]),
  "thinking.curl": (out) => {
    const chunks = sseChunks(out);
    expect(chunks.every((c) => c.model === "genui-pluto-0.1-thinking")).toBe(true);
    const firstThought = chunks.findIndex((c) => c.choices[0]?.delta.reasoning_content);
    const firstContent = chunks.findIndex((c) => c.choices[0]?.delta.content);
    expect(firstThought).toBeGreaterThanOrEqual(0);
    expect(firstContent).toBeGreaterThan(firstThought);
  },
  "thinking.python": (out) => {
    expect(lines(out)[0]).toMatch(/^Reasoning: .*dashboard/);
    expect(lines(out)[1]).toBe("Screen: Sales dashboard");
  },
  "thinking.javascript": (out) => {
    expect(lines(out)[0]).toMatch(/^Reasoning: .*dashboard/);
    expect(lines(out)[1]).toBe("Screen: Sales dashboard");
  },
  "retrieve.curl": (out) => {
    const body = JSON.parse(out) as Answer;
    expect(body.json.name).toBe("Welcome");
    expect(body.json.screen.v1).toEqual([expect.objectContaining({ component: "heading", value: "Hello from code" })]);
  },
  "retrieve.python": (out) => expect(lines(out)).toEqual(["Welcome"]),
  "retrieve.javascript": (out) => expect(lines(out)).toEqual(["Welcome"]),
  "models.curl": (out) =>
    expect((JSON.parse(out) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      "genui-pluto-0.1",
      "genui-pluto-0.1-thinking",
    ]),
  "models.python": (out) => expect(lines(out)).toEqual(["genui-pluto-0.1", "genui-pluto-0.1-thinking"]),
  "models.javascript": (out) => expect(lines(out)).toEqual(["genui-pluto-0.1", "genui-pluto-0.1-thinking"]),
  "errors.python": (out) => {
    expect(lines(out)[0]).toBe("404 model_not_found");
    expect(lines(out)[1]).toContain("The model 'genui-pluto-9' does not exist");
  },
  "errors.javascript": (out) => {
    expect(lines(out)[0]).toBe("404 model_not_found");
    expect(lines(out)[1]).toContain("The model 'genui-pluto-9' does not exist");
  },
  "systemPrompt.curl": (out) => {
    const body = JSON.parse(out) as { choices: { message: { content: string } }[] };
    expect(answerOf(body.choices[0]?.message.content).json.name).toMatch(/book/i);
  },
  "systemPrompt.python": (out) => expect(lines(out).at(-1)).toMatch(/book/i),
  "systemPrompt.javascript": (out) => expect(lines(out).at(-1)).toMatch(/book/i),
  "webSearch.curl": (out) => {
    const body = JSON.parse(out) as { model: string; choices: { message: { content: string } }[] };
    expect(body.model).toBe("genui-pluto-0.1-thinking");
    expect(answerOf(body.choices[0]?.message.content).json.name).toMatch(/technology news/);
  },
  "webSearch.python": (out) => expect(lines(out).at(-1)).toMatch(/technology news/),
  "webSearch.javascript": (out) => expect(lines(out).at(-1)).toMatch(/technology news/),
  "agent.python": (out) =>
    expect(lines(out)).toEqual([
      "render: Book a table",
      'tool result: {"shown": "Book a table"}',
      expect.stringMatching(/^render: /),
      "4 messages in the UI history",
    ]),
  "agent.javascript": (out) =>
    expect(lines(out)).toEqual([
      "render: Book a table",
      'tool result: {"shown":"Book a table"}',
      expect.stringMatching(/^render: /),
      "4 messages in the UI history",
    ]),
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
    python = execFileSync("bash", [path.join(REPO_ROOT, "scripts/python-env.sh")], { encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1)!;
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
