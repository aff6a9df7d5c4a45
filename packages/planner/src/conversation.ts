import type { Json } from "./ui";

/**
 * Reading the conversation: the request (the last user turn), whether it is an action the host sent back
 * (`{ "type": "onPress", "component": { "name", "value" } }` as JSON, possibly wrapped in text or sent as the
 * iframe's `{ action: "<json>" }`, or plain "Clicked Send"), the prompt the current screen answers, the code of the
 * previous screen, and what the user typed into it (onChangeText actions sent since).
 */

/** A turn of the conversation, as the chat completion request carries it (assistant turns hold UI code). */
export interface Turn {
  role: "system" | "user" | "assistant" | "developer" | "tool";
  content: string;
}

export type ActionType = "onPress" | "onChangeText" | "onLongPress";

/** An action as the host sent it. */
export interface HostAction {
  type: ActionType;
  name: string;
  value: Json | undefined;
  /** Form values sent alongside (`values`, `form`, `data` or `fields` next to `component`). */
  extra: Record<string, Json>;
  /** Came as plain text ("Clicked Send"): `name` is what the user named, maybe a label. */
  fromText: boolean;
  /** Plain text with a verb that also starts ordinary requests ("selected works…"): only an action if it names something on screen. */
  weak?: boolean;
}

/** What the conversation says, as the composer needs it. */
export interface Conversation {
  /** The last user turn as written. */
  request: string;
  /** Set when the last user turn is an action. */
  action?: HostAction;
  /** The latest user turn that is not an action: what the screens are about. */
  prompt: string;
  /** The code of the latest assistant turn. */
  previousCode?: string;
  /** Values typed since `prompt`, by component name (latest wins). */
  values: Record<string, Json>;
}

const TYPES: Record<string, ActionType> = {
  onpress: "onPress",
  onchangetext: "onChangeText",
  onlongpress: "onLongPress",
  press: "onPress",
  click: "onPress",
};

const isObj = (v: unknown): v is Record<string, Json> => !!v && typeof v === "object" && !Array.isArray(v);

function fromObject(o: Record<string, Json>): HostAction | undefined {
  if (typeof o.action === "string") return fromJsonText(o.action);
  if (isObj(o.action)) return fromObject(o.action);
  const type = typeof o.type === "string" ? TYPES[o.type.toLowerCase()] : undefined;
  const comp = isObj(o.component) ? o.component : undefined;
  const name = typeof comp?.name === "string" ? comp.name : typeof o.name === "string" && type ? o.name : undefined;
  if (!type || !name) return undefined;
  const extra: Record<string, Json> = {};
  for (const k of ["values", "form", "data", "fields"]) if (isObj(o[k])) Object.assign(extra, o[k]);
  return { type, name, value: comp ? comp.value : o.value, extra, fromText: false };
}

function fromJsonText(s: string): HostAction | undefined {
  try {
    const v: unknown = JSON.parse(s);
    if (typeof v === "string") return fromJsonText(v);
    return isObj(v) ? fromObject(v) : undefined;
  } catch {
    return undefined;
  }
}

const CLICKED =
  /^\s*(?:the\s+)?(?:user\s+)?(clicked|pressed|tapped|selected|chose|picked|long[- ]?pressed|hit)\s+(?:on\s+)?(?:the\s+)?["“'‘`]?(.+?)["”'’`]?(?:\s+(?:button|link|tab|item|option|menu item))?\s*[.!]?\s*$/i;

/** The action in a user message, if it is one. */
export function parseAction(text: string): HostAction | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const whole = fromJsonText(t);
  if (whole) return whole;
  // JSON wrapped in text: try each "{" against the closing braces after it, outermost first.
  const opens: number[] = [];
  for (let i = t.indexOf("{"); i >= 0 && opens.length < 6; i = t.indexOf("{", i + 1)) opens.push(i);
  const closes: number[] = [];
  for (let i = t.lastIndexOf("}"); i >= 0 && closes.length < 12; i = t.lastIndexOf("}", i - 1)) closes.push(i);
  for (const o of opens)
    for (const c of closes) {
      if (c <= o) continue;
      const a = fromJsonText(t.slice(o, c + 1));
      if (a) return a;
    }
  if (t.length <= 160) {
    const m = CLICKED.exec(t);
    if (m) {
      const verb = m[1]!.toLowerCase();
      return {
        type: /long/.test(verb) ? "onLongPress" : "onPress",
        name: m[2]!.trim(),
        value: undefined,
        extra: {},
        fromText: true,
        weak: !/^(clicked|pressed|tapped|long)/.test(verb),
      };
    }
  }
  return undefined;
}

/** Code from an assistant turn (tolerates a fenced block). */
export function codeOf(content: string): string {
  const fence = /```[a-z]*\n([\s\S]*?)```/i.exec(content);
  return fence ? fence[1]! : content;
}

/** Reads the conversation: the request, any action, the prompt behind it, the previous code and typed values. */
export function readConversation(messages: readonly Turn[]): Conversation {
  let last = -1;
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i]!.role === "user") {
      last = i;
      break;
    }
  const request = last >= 0 ? messages[last]!.content : "";
  const action = parseAction(request);
  let previousCode: string | undefined;
  for (let i = (last >= 0 ? last : messages.length) - 1; i >= 0; i--)
    if (messages[i]!.role === "assistant" && messages[i]!.content.trim()) {
      previousCode = codeOf(messages[i]!.content);
      break;
    }
  let prompt = action ? "" : request;
  const values: Record<string, Json> = {};
  if (action) {
    // Walk back to the prompt, collecting what was typed on the way (older first, so the latest wins).
    const typed: HostAction[] = [];
    for (let i = last - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.role !== "user") continue;
      const a = parseAction(m.content);
      if (!a) {
        prompt = m.content;
        break;
      }
      typed.push(a);
    }
    for (const a of typed.reverse()) {
      if (a.type === "onChangeText" && a.value !== undefined) values[a.name] = a.value;
      Object.assign(values, a.extra);
    }
    if (action.type === "onChangeText" && action.value !== undefined) values[action.name] = action.value;
    Object.assign(values, action.extra);
  }
  return { request, action, prompt, previousCode, values };
}
