import type { AgUiMessage, AgUiTool } from "@genui/contracts/http";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020";
import { GENERATION_ERRORS as E, invalidRequest } from "./errors";
import type { ChatTurn } from "./messages";
import type { ScreenActionEvent } from "./screen-summary";
import { withThousands } from "@genui/ui-runtime/numbers";

/**
 * An AG-UI run read as a generation (docs/api.md, "AG-UI"): what is asked (the user messages after the last assistant
 * or tool message — the request, or a user's actions on the screen as the chat page sends them), what came before
 * (the conversation a stored screen names, else the messages with the state's code for our last answer), and the
 * frontend tool the screen is handed to. Pure: the use case (use-cases/ag-ui-runs.ts) looks the screen up and runs it.
 */

/**
 * The fields of the state a run sends back (`appearance`: the app's theme and its version); the client's other fields
 * are kept as they are.
 */
export const STATE_FIELDS = ["screen", "code", "screen_id", "appearance"] as const;

/** What the state a client sent back says about the screen before (both optional), and its other fields. */
export interface RunState {
  screenId?: string;
  code?: string;
  /** The client's own fields (not ours), kept in every state this run sends. */
  rest: Record<string, unknown>;
}

/** What a run is asked: new user turns to answer (after `history`), or nothing new (the thread ends with our answer). */
export type RunRequest =
  | {
      kind: "answer";
      /** The conversation before, built from the messages (used when no stored screen names it). */
      history: ChatTurn[];
      /** The user's new turns (text; actions as their JSON). */
      turns: ChatTurn[];
      /** Set when every new turn is a screen action: what the user did (the summary says so). */
      actions?: ScreenActionEvent[];
    }
  | { kind: "nothing" };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Code points of `s` over `max` (counted only when the UTF-16 length could be). */
const longerThan = (s: string, max: number) => s.length > max && [...s].length > max;

/** The state's screen fields (a state that is not an object carries none) and the client's own fields. */
export function readState(state: unknown, maxCodeChars: number): RunState {
  if (!isRecord(state)) return { rest: {} };
  const rest = Object.fromEntries(Object.entries(state).filter(([k]) => !(STATE_FIELDS as readonly string[]).includes(k)));
  const code = typeof state.code === "string" && state.code.trim() ? state.code : undefined;
  if (code && longerThan(code, maxCodeChars))
    throw invalidRequest(
      `'state.code' is ${withThousands(code.length)} characters long; UI code may be at most ${withThousands(maxCodeChars)} characters.`,
      "state.code",
      E.CODE_TOO_LONG,
    );
  const screenId = typeof state.screen_id === "string" && state.screen_id ? state.screen_id : undefined;
  return { rest, ...(code ? { code } : {}), ...(screenId ? { screenId } : {}) };
}

type UserMessage = Extract<AgUiMessage, { role: "user" }>;

/** A user message's text (its text parts, joined); `strict`: a media part is refused (the request must be text). */
function textOf(m: UserMessage, index: number, strict: boolean): string {
  if (typeof m.content === "string") return m.content;
  const texts: string[] = [];
  m.content.forEach((part, j) => {
    if (part.type === "text") texts.push(part.text);
    else if (strict)
      throw invalidRequest(
        `Content parts of type '${part.type}' are not supported; send text.`,
        `messages[${index}].content[${j}]`,
      );
  });
  return texts.join("\n");
}

/** A user turn that is a screen action as the chat page sends it (`{"type":"onPress","component":{"name":…}}`). */
export function actionOf(text: string): ScreenActionEvent | undefined {
  const t = text.trim();
  if (!t.startsWith("{")) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    if (!isRecord(v) || !isRecord(v.component) || typeof v.component.name !== "string" || !v.component.name) return undefined;
    if (v.type !== "onPress" && v.type !== "onLongPress" && v.type !== "onChangeText") return undefined;
    return { type: v.type, component: { name: v.component.name, value: v.component.value } };
  } catch {
    return undefined;
  }
}

/** Roles that end a request: what the user says after one of them is new. */
const ANSWERED = new Set(["assistant", "tool"]);

/**
 * What the run is asked. The new turns are the user messages after the last assistant or tool message (system and
 * developer messages among them are instructions, kept in order); none — the thread ends with our answer or a tool's
 * result — asks for nothing. A thread with no user message at all is refused. The history before the new turns keeps
 * the user's and the developer's messages, and our last answer as its code (`code`, the state's) — earlier answers'
 * text is our summary, not their code, so it is left out.
 */
export function readRequest(messages: readonly AgUiMessage[], code: string | undefined): RunRequest {
  if (!messages.some((m) => m.role === "user"))
    throw invalidRequest("'messages' must contain a user message: the request to answer.", "messages", E.MISSING_PARAMETER);
  let start = messages.length;
  while (start > 0 && !ANSWERED.has(messages[start - 1]!.role)) start--;
  const fresh = messages.slice(start);
  if (!fresh.some((m) => m.role === "user")) return { kind: "nothing" };

  const turnOf = (m: AgUiMessage, index: number, strict: boolean): ChatTurn | undefined => {
    if (m.role === "user") return { role: "user", content: textOf(m, index, strict) };
    if (m.role === "system" || m.role === "developer") return { role: "system", content: m.content };
    return undefined;
  };
  const lastAnswer = messages.findLastIndex((m, i) => i < start && m.role === "assistant");
  const history: ChatTurn[] = [];
  messages.slice(0, start).forEach((m, i) => {
    if (i === lastAnswer && code) history.push({ role: "assistant", content: code });
    const turn = turnOf(m, i, false);
    if (turn && turn.content.trim()) history.push(turn);
  });
  // The state's code with no answer in the messages (a client that keeps the state, not the thread): it is the last.
  if (lastAnswer < 0 && code) history.push({ role: "assistant", content: code });
  const turns = fresh.flatMap((m, i) => turnOf(m, start + i, true) ?? []).filter((t) => t.content.trim());
  const users = turns.filter((t) => t.role === "user");
  if (!users.length)
    throw invalidRequest(
      `'messages[${messages.length - 1}].content' has no text: send the request as text.`,
      `messages[${messages.length - 1}].content`,
    );
  const actions = users.map((t) => actionOf(t.content));
  return {
    kind: "answer",
    history,
    turns,
    ...(actions.every((a) => a !== undefined) ? { actions: actions as ScreenActionEvent[] } : {}),
  };
}

/** The arguments a render tool can be given. */
export const TOOL_ARGUMENTS = ["screen", "code", "screen_id", "summary"] as const;
export type ToolArgumentName = (typeof TOOL_ARGUMENTS)[number];

/** Largest `parameters` schema (bytes of JSON) a render tool may have: it is compiled and run on every run's screen. */
export const MAX_TOOL_SCHEMA_BYTES = 32_000;

/** The frontend tool a run's screen is handed to: its name, the arguments it takes and their check. */
export interface RenderTool {
  name: string;
  /** The arguments it is given (those its parameters name, or all of them). */
  takes: ToolArgumentName[];
  validate: ValidateFunction;
}

/** What `parameters` says, checked: a JSON Schema that compiles, requiring only arguments we give. */
function compileParameters(tool: AgUiTool): RenderTool {
  const param = "forwardedProps.genui.render_tool";
  const schema = tool.parameters ?? { type: "object" };
  if (typeof schema !== "boolean" && !isRecord(schema))
    throw invalidRequest(`The render tool '${tool.name}' has parameters that are not a JSON Schema object.`, param);
  if ((JSON.stringify(schema) ?? "").length > MAX_TOOL_SCHEMA_BYTES)
    throw invalidRequest(
      `The render tool '${tool.name}' has parameters larger than ${MAX_TOOL_SCHEMA_BYTES} bytes of JSON.`,
      param,
    );
  const required = isRecord(schema) && Array.isArray(schema.required) ? schema.required.map(String) : [];
  const unknown = required.filter((r) => !(TOOL_ARGUMENTS as readonly string[]).includes(r));
  if (unknown.length)
    throw invalidRequest(
      `The render tool '${tool.name}' requires ${unknown.map((u) => `'${u}'`).join(", ")}, which GenUI does not give: its arguments are ${TOOL_ARGUMENTS.join(", ")}.`,
      param,
    );
  const declared = isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  const takes = declared.length ? TOOL_ARGUMENTS.filter((a) => declared.includes(a)) : [...TOOL_ARGUMENTS];
  if (!takes.includes("screen"))
    throw invalidRequest(`The render tool '${tool.name}' takes no 'screen' argument; its parameters should name it.`, param);
  // A fresh compiler per tool: frontends' schemas are not kept (Ajv caches what it compiles). Unknown keywords are
  // tolerated (frontends' generators add their own); 2020-12 schemas get the 2020-12 dialect.
  const dialect2020 = isRecord(schema) && typeof schema.$schema === "string" && schema.$schema.includes("2020-12");
  const options = { strict: false, allErrors: false, validateFormats: false } as const;
  try {
    const ajv = dialect2020 ? new Ajv2020(options) : new Ajv(options);
    return { name: tool.name, takes, validate: ajv.compile(schema) };
  } catch (err) {
    throw invalidRequest(
      `The render tool '${tool.name}' has parameters that are not a usable JSON Schema: ${(err as Error).message}`,
      param,
    );
  }
}

/**
 * The frontend tool to call with the screen: the one `render_tool` names (it must be offered), else one named
 * `fallback` (`render_screen`) if offered, else none.
 */
export function renderToolOf(tools: readonly AgUiTool[], named: string | undefined, fallback: string): RenderTool | undefined {
  if (named) {
    const tool = tools.find((t) => t.name === named);
    if (!tool)
      throw invalidRequest(
        `'forwardedProps.genui.render_tool' names '${named}', which is not one of the run's tools${tools.length ? ` (${tools.map((t) => t.name).join(", ")})` : ""}.`,
        "forwardedProps.genui.render_tool",
      );
    return compileParameters(tool);
  }
  const tool = tools.find((t) => t.name === fallback);
  return tool ? compileParameters(tool) : undefined;
}

/** The screen a run ends with, as a render tool's arguments take it. */
export interface ShownScreen {
  screen: unknown;
  code: string;
  screen_id?: string;
  summary: string;
}

/** The render tool's arguments (those it takes), checked against its parameters; a mismatch names the first problem. */
export function toolArguments(tool: RenderTool, shown: ShownScreen): Record<string, unknown> {
  const args = Object.fromEntries(tool.takes.flatMap((k) => (shown[k] === undefined ? [] : [[k, shown[k]]])));
  if (!tool.validate(args)) {
    const e = tool.validate.errors?.[0];
    throw invalidRequest(
      `The screen does not fit the render tool '${tool.name}''s parameters: ${e ? `${e.instancePath || "(arguments)"} ${e.message ?? "is invalid"}` : "invalid"}.`,
      "forwardedProps.genui.render_tool",
    );
  }
  return args;
}

/** Characters of the turns (the hold's input estimate). */
export const charsOf = (turns: readonly ChatTurn[]) => turns.reduce((n, t) => n + t.content.length, 0);
