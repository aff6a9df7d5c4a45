import { humanize } from "./labels";

/**
 * What the user did on a generated screen, in their words ("Chose Essentials", "Checked answers", "Entered “Lisbon” in
 * Answer 2") — never the screen's internal names ("choose_2"). One describer for every place that says it: the chat
 * page's bubble for an action message, the MCP Apps page's message to a host's conversation, and what the MCP server
 * tells a host's model after an action (the model that generates the next screen still receives the action's JSON).
 */

/** An action event as the renderers report it (SPEC's `{ type, component: { name, value } }`). */
export interface ScreenActionLike {
  type: string;
  component: { name: string; value?: unknown };
}

/** Verbs a button's label or name starts with, in the past tense. */
const PAST: Record<string, string> = {
  add: "Added",
  apply: "Applied",
  back: "Went back",
  book: "Booked",
  buy: "Bought",
  cancel: "Cancelled",
  check: "Checked",
  checkout: "Checked out",
  choose: "Chose",
  confirm: "Confirmed",
  continue: "Continued",
  create: "Created",
  delete: "Deleted",
  download: "Downloaded",
  edit: "Edited",
  finish: "Finished",
  get: "Got",
  go: "Went",
  join: "Joined",
  like: "Liked",
  open: "Opened",
  order: "Ordered",
  pay: "Paid",
  pick: "Picked",
  play: "Played",
  register: "Registered",
  remove: "Removed",
  reserve: "Reserved",
  reset: "Reset",
  retry: "Retried",
  rsvp: "Replied",
  save: "Saved",
  search: "Searched",
  select: "Selected",
  send: "Sent",
  share: "Shared",
  show: "Showed",
  skip: "Skipped",
  start: "Started",
  submit: "Submitted",
  subscribe: "Subscribed",
  try: "Tried",
  update: "Updated",
  upgrade: "Upgraded",
  upload: "Uploaded",
  view: "Viewed",
};

/** "Choose Essentials" → "Chose Essentials"; a label without a known verb → undefined. */
function pastOf(label: string): string | undefined {
  const m = /^([A-Za-z]+)(?:\s+(.*))?$/.exec(label.trim());
  if (!m) return undefined;
  const verb = PAST[m[1]!.toLowerCase()];
  if (!verb) return undefined;
  return m[2] ? `${verb} ${m[2]}` : verb;
}

/** A value as words: text and numbers as they are (cut at 80 characters); other values are not shown. */
function shownValue(value: unknown): string {
  if (typeof value === "string") return value.trim().slice(0, 80);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** One action as a short line: "Chose Essentials", "Entered “Ada” in Name", "Checked Accept terms", "Pressed “Favourite”". */
export function describeScreenAction(a: ScreenActionLike): string {
  const value = a.component.value;
  const shown = shownValue(value);
  const field = humanize(a.component.name);
  if (a.type === "onChangeText") {
    if (typeof value === "boolean") return `${value ? "Checked" : "Unchecked"} ${field}`;
    return shown ? `Entered “${shown}” in ${field}` : `Cleared ${field}`;
  }
  const held = a.type === "onLongPress";
  // A label that says what it does ("Choose Essentials", "Check answers").
  const fromLabel = shown && !held ? pastOf(shown) : undefined;
  if (fromLabel) return fromLabel;
  // A value that is the thing acted on ("Essentials" of "choose_essentials"): the name's verb with it.
  const nameVerb = /^([a-z]+)[_-]/i.exec(a.component.name)?.[1];
  const verb = nameVerb ? PAST[nameVerb.toLowerCase()] : undefined;
  if (verb && shown && !held) return `${verb} ${shown}`;
  if (shown) return `${held ? "Long-pressed" : "Pressed"} “${shown}”`;
  // Only a name: said as words ("Chose option 2" for choose_2).
  const numbered = /^([a-z]+)[_-](\d+)$/i.exec(a.component.name);
  const numberedVerb = numbered ? PAST[numbered[1]!.toLowerCase()] : undefined;
  if (numberedVerb && !held) return `${numberedVerb} option ${numbered![2]}`;
  return `${held ? "Long-pressed" : "Pressed"} “${field}”`;
}

/** Actions sent together (the values typed, then the press), one sentence each. */
export function describeScreenActions(actions: readonly ScreenActionLike[]): string {
  return actions.map((a) => `${describeScreenAction(a)}.`).join(" ");
}
