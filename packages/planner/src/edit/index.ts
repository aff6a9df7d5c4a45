import { makeCtx, type RoleComponents } from "../compose/context";
import { allNodes, type CodeScreen, readUiCode } from "../read-code";
import { printProgram, type ScreenSettings } from "../ui";
import { readEntities } from "../understand/entities";
import { detectFamily } from "../understand/family";
import { ADDITION_EDITS } from "./additions";
import { CHANGE_EDITS } from "./changes";
import { type Edit, type EditState } from "./operations";
import { REMOVAL_EDITS } from "./removals";
import { SECTION_EDITS } from "./sections";
import { fromCode, toUi } from "./tree";

/**
 * Edits to the last screen: a follow-up ("add a phone field", "make it a line chart", "sort by price", "dark theme")
 * changes the previous screen's code instead of starting over. The code is read back into its tree (read-code), the
 * edit applied to the tree, and the tree printed again; anything the edit does not touch stays as it was.
 */

export interface Edited {
  code: string;
  /** What was changed, one line each. */
  notes: string[];
}

/** Does the request read as a change to the screen on show (rather than a new request)? */
export function looksLikeEdit(request: string): boolean {
  const t = request.trim().toLowerCase();
  if (t.length > 200) return false;
  if (
    /^(?:please\s+|can you\s+|could you\s+|now\s+|also\s+|and\s+|ok,?\s+|then\s+)*(?:add|remove|delete|drop|hide|get rid of|take out|change|turn|switch|convert|sort|order|filter|rename|retitle|call it|title it|use|put|move|replace|swap|set|insert|append|include|shorten|increase|decrease|reduce|limit|only|show only|keep only|make (?:it|this|the|them|that|everything|all|a (?:line|bar|pie|area|donut|doughnut) ?(?:chart|graph)?\b))/.test(
      t,
    )
  )
    return true;
  if (/^(?:in |with |use )?(?:dark|light|night)(?: mode| theme)?\.?$/.test(t)) return true;
  if (
    /^(?:also\s+)?(?:ask|asks) (?:for|about)\b|^(?:only|just) keep\b|^keep (?:only|just)\b|^show (?:the|it|them|these)\b.*\b(?:columns?|side by side|grid)\b/.test(
      t,
    )
  )
    return true;
  if (/^(?:a\s+)?(?:line|bar|pie|area|donut|doughnut|column)(?: chart| graph)?(?:,)?\s*(?:please|instead|now)?\.?!?$/.test(t))
    return true;
  if (/^(?:two|three|four|one|single|2|3|4)[ -]columns?(?: layout)?\.?$/.test(t)) return true;
  if (/\binstead\b|\bas a (?:line|bar|pie|area|donut) (?:chart|graph)\b/.test(t)) return true;
  return false;
}

/** The edits, in the order they are tried: the first to make a change is the clause's edit. */
const EDITS: [RegExp, Edit][] = [...CHANGE_EDITS, ...ADDITION_EDITS, ...REMOVAL_EDITS, ...SECTION_EDITS];

/** Applies the edit a request asks for to the previous screen's code; undefined when nothing applies. */
export function editScreen(
  previousCode: string,
  request: string,
  basePrompt: string,
  roles: RoleComponents = {},
): Edited | undefined {
  const screen: CodeScreen = readUiCode(previousCode);
  if (!allNodes(screen).length) return undefined;
  const roots = screen.roots.map(fromCode);
  const e = readEntities(basePrompt || request);
  const ctx = makeCtx(e, detectFamily(e), screen.name ?? "Screen", roles);
  const state: EditState = {
    roots,
    settings: { ...screen.settings },
    name: screen.name ?? "Screen",
    ctx,
    request: request.toLowerCase(),
    original: request,
  };
  const notes: string[] = [];
  // Several edits in one request ("add a phone field and make it dark") apply one after another.
  for (const clause of request.split(
    /\s*(?:[,;]\s*(?:and\s+|then\s+|also\s+)?|\band then\b|\band also\b|\band\b)(?=\s*(?:add|remove|make|change|sort|use|turn|switch|rename|put|delete|hide|set|dark|light)\b)\s*/i,
  )) {
    const c = clause
      .trim()
      .toLowerCase()
      .replace(/^(?:please|now|then|can you|could you)\s+/, "");
    if (!c) continue;
    state.request = c;
    state.original = clause.trim();
    for (const [re, edit] of EDITS) {
      const m = re.exec(c);
      if (!m) continue;
      const note = edit(state, m);
      if (note) {
        notes.push(note);
        break;
      }
    }
  }
  if (!notes.length) return undefined;
  const settings: ScreenSettings = { ...(state.settings as ScreenSettings) };
  return { code: printProgram(state.name, settings, state.roots.map(toUi)), notes };
}
