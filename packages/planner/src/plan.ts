import type { AppComponent } from "@genui/ui-runtime";
import { answerAction } from "./actions";
import { composeNew } from "./compose";
import { rolesOf, setToday } from "./compose/context";
import { parseAction, readConversation, type Turn } from "./conversation";
import { editScreen, looksLikeEdit } from "./edit";
import { readEntities } from "./understand/entities";
import { detectFamily } from "./understand/family";

/** A turn of the conversation (declared where the conversation is read, which this module and `actions` both use). */
export type { Turn } from "./conversation";

/** A planned answer. */
export interface Planned {
  /** The screen's UI code. */
  code: string;
  /**
   * What the answer is: a family id of data/families.json for a new screen, `edit:<family>` for an edit of the last
   * screen, `action:<kind>` for the answer to an action sent back from a screen, `template:<id>` for an app's own
   * template, `welcome` for an empty request.
   */
  family: string;
  /** What was recognised and composed, one line each (each ending in a line break), for the reasoning stream. */
  reasoning: string[];
}

/** What the app brings (the worker passes them): its published templates and its own components. */
export interface PlanOptions {
  /** Published templates the answer may reuse. */
  templates?: readonly { id?: string; name: string; description?: string; code: string }[];
  /**
   * The app's own components: one declared for a role a layout composes (a shop's product card, a pricing tier, a
   * landing page's hero) is drawn in its place, its props filled from what the built-in would have shown.
   */
  components?: readonly AppComponent[];
  /** The day the screen is made on (default: now); sample dates are relative to it. */
  today?: Date;
}

const STOP = new Set("the and for with that this from page screen show make build create please want need template".split(" "));
const words = (t: string): Set<string> =>
  new Set(
    t
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^\p{L}\p{N}\s]/gu, " ")
      .split(/\s+/)
      .filter((w) => w.length >= 3 && !STOP.has(w)),
  );

/** The app's published template the request names, or shares most of its name's words with. */
function matchTemplate(
  templates: PlanOptions["templates"],
  request: string,
): NonNullable<PlanOptions["templates"]>[number] | undefined {
  if (!templates?.length || !request.trim()) return undefined;
  const asked = words(request);
  let best: { t: NonNullable<PlanOptions["templates"]>[number]; score: number } | undefined;
  for (const t of templates) {
    const name = t.name.trim().toLowerCase();
    const nameWords = words(t.name);
    const all = new Set([...nameWords, ...words(t.description ?? "")]);
    const shared = [...all].filter((w) => asked.has(w)).length;
    const sharedName = [...nameWords].filter((w) => asked.has(w)).length;
    const named = name.length >= 3 && request.toLowerCase().includes(name);
    if (!(named || (shared >= 2 && nameWords.size > 0 && sharedName / nameWords.size >= 0.5))) continue;
    const score = (named ? 100 : 0) + shared;
    if (!best || score > best.score) best = { t, score };
  }
  return best?.t;
}

/** The earliest user request of the conversation that is neither an action nor an edit: what the screens are about. */
function basePrompt(messages: readonly Turn[], upTo: number): string {
  let base = "";
  for (let i = upTo - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== "user" || parseAction(m.content)) continue;
    base = m.content;
    if (!looksLikeEdit(m.content)) break;
  }
  return base;
}

/**
 * How much of a request the planner reads. Everyday requests are far shorter (the evaluation's longest is about 200
 * characters); past this the text says nothing a layout uses, while every pass over it costs CPU in the worker's
 * event loop — a request built to be slow (a run of "a - a - …", a long run of capitalised words) took minutes at
 * 120,000 characters and blocked every other generation of that worker. Actions sent back from a screen are read whole.
 */
export const MAX_REQUEST_CHARS = 2_000;

/** A user turn cut to MAX_REQUEST_CHARS at a word boundary (actions, which are JSON, are kept whole). */
function bounded(m: Turn): Turn {
  if (m.role !== "user" || m.content.length <= MAX_REQUEST_CHARS || parseAction(m.content)) return m;
  const head = m.content.slice(0, MAX_REQUEST_CHARS);
  const space = head.search(/\s\S*$/);
  return { ...m, content: space > MAX_REQUEST_CHARS / 2 ? head.slice(0, space) : head };
}

export function plan(input: readonly Turn[], opts: PlanOptions = {}): Planned {
  setToday(opts.today ?? Date.now());
  const messages = input.map(bounded);
  const conv = readConversation(messages);
  const roles = rolesOf(opts.components);
  if (conv.action) return answerAction(conv, roles);
  const request = conv.request.trim();
  if (!request) {
    const c = composeNew("welcome", { family: "empty-state", score: 1, parts: [], ranked: [] });
    return {
      code: c.code.replace(/No \w+ yet/, "What shall we build?"),
      family: "welcome",
      reasoning: ["The message is empty: a welcome screen.\n"],
    };
  }
  const template = matchTemplate(opts.templates, request);
  if (template)
    return {
      code: template.code.trim(),
      family: `template:${template.id ?? template.name}`,
      reasoning: [
        `The app has a published template "${template.name}" that fits this request.\n`,
        "Answering with it, as the app's owner designed it.\n",
      ],
    };
  const last = messages.map((m) => m.role).lastIndexOf("user");
  if (conv.previousCode && looksLikeEdit(request)) {
    const base = basePrompt(messages, last);
    const edited = editScreen(conv.previousCode, request, base, roles);
    if (edited) {
      const family = detectFamily(readEntities(base)).family || "list";
      return {
        code: edited.code,
        family: `edit:${family}`,
        reasoning: ["The request changes the screen on show.\n", ...edited.notes.map((n) => `${n}\n`)],
      };
    }
    // An edit nothing applies to: the base request and the change, composed afresh.
    if (base) {
      const c = composeNew(`${base}. ${request}`, undefined, roles);
      return {
        ...c,
        family: `edit:${c.family}`,
        reasoning: ["The change could not be applied to the screen as it is, so it is composed again with it.\n", ...c.reasoning],
      };
    }
  }
  return composeNew(request, undefined, roles);
}
