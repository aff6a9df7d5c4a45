/**
 * What the user did on a screen, in their words ("Chose Essentials", "Entered “Ada” in Name"), for the line the app
 * posts to the conversation when the screen could not answer an action itself. The same rules as the chat page's
 * (frontend/web, features/chat/action-text.ts), kept to the part this page needs.
 */

export interface ScreenAction {
  type: "onPress" | "onLongPress" | "onChangeText";
  component: { name: string; value: unknown };
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

/** "answer_2" → "Answer 2", "choosePlan" → "Choose plan". */
export const humanizeName = (name: string): string => {
  const t = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim();
  return t ? t[0]!.toUpperCase() + t.slice(1).toLowerCase() : "";
};

/** "Choose Essentials" → "Chose Essentials"; a label without a known verb → undefined. */
function pastOf(label: string): string | undefined {
  const m = /^([A-Za-z]+)(?:\s+(.*))?$/.exec(label.trim());
  if (!m) return undefined;
  const verb = PAST[m[1]!.toLowerCase()];
  if (!verb) return undefined;
  return m[2] ? `${verb} ${m[2]}` : verb;
}

/** A value as words: text and numbers as they are (cut at 80 characters), a yes/no as "on"/"off", others not shown. */
function shownValue(value: unknown): string {
  if (typeof value === "string") return value.trim().slice(0, 80);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** One action as a short line. */
export function describeAction(a: ScreenAction): string {
  const value = a.component.value;
  const shown = shownValue(value);
  const field = humanizeName(a.component.name);
  if (a.type === "onChangeText") {
    if (typeof value === "boolean") return `${value ? "Checked" : "Unchecked"} ${field}`;
    return shown ? `Entered “${shown}” in ${field}` : `Cleared ${field}`;
  }
  const held = a.type === "onLongPress";
  // A label that says what it does ("Choose Essentials", "Check answers").
  const fromLabel = shown && !held ? pastOf(shown) : undefined;
  if (fromLabel) return fromLabel;
  // A value that is the thing acted on ("Essentials" of "choose_essentials"): the name's verb with it, quoted.
  const nameVerb = /^([a-z]+)[_-]/i.exec(a.component.name)?.[1];
  const verb = nameVerb ? PAST[nameVerb.toLowerCase()] : undefined;
  if (verb && shown && !held) return `${verb} “${shown}”`;
  if (shown) return `${held ? "Long-pressed" : "Pressed"} “${shown}”`;
  // Only a name: said as words ("Chose option 2" for choose_2).
  const numbered = /^([a-z]+)[_-](\d+)$/i.exec(a.component.name);
  const numberedVerb = numbered ? PAST[numbered[1]!.toLowerCase()] : undefined;
  if (numberedVerb && !held) return `${numberedVerb} option ${numbered![2]}`;
  return `${held ? "Long-pressed" : "Pressed"} “${field}”`;
}

/** The actions sent together (the values typed, then the press), one sentence each, for a message to the conversation. */
export function describeActions(actions: readonly ScreenAction[]): string {
  return actions.map((a) => `${describeAction(a)}.`).join(" ");
}
