/**
 * What the user did on a generated screen, in their words, for the conversation ("Chose Essentials", "Checked
 * answers", "Entered “Lisbon” in Answer 2") — never the screen's internal names ("choose_2"). The model still receives
 * the action's JSON; this is only what the chat shows.
 */

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

/** "answer_2" → "Answer 2", "choose-plan" → "Choose plan". */
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
  // "Sign up" / "Log in" style particles stay with the verb's object.
  return m[2] ? `${verb} ${m[2]}` : verb;
}

export interface ActionLike {
  type: string;
  component: { name: string; value: unknown };
}

/** The chat's line for an action message (its JSON content). */
export function describeAction(content: string | undefined): string {
  let a: ActionLike;
  try {
    a = JSON.parse(content ?? "") as ActionLike;
    if (!a || typeof a !== "object" || !a.component || typeof a.component.name !== "string") return content ?? "";
  } catch {
    return content ?? "";
  }
  const value = a.component.value;
  const shown = typeof value === "string" ? value.trim().slice(0, 80) : typeof value === "number" ? String(value) : "";
  const field = humanizeName(a.component.name);
  if (a.type === "onChangeText") return shown ? `Entered “${shown}” in ${field}` : `Cleared ${field}`;
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
  if (numbered && PAST[numbered[1]!.toLowerCase()] && !held) return `${PAST[numbered[1]!.toLowerCase()]} option ${numbered[2]}`;
  return `${held ? "Long-pressed" : "Pressed"} “${field}”`;
}
