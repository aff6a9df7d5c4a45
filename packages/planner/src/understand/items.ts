/**
 * The things a request enumerates, read from its own punctuation: "name, which class you took (hatha, vinyasa, yin),
 * rating 1-5 and comments" → four items, the second with three options, the third a 1–5 range. Each item may carry
 * options ("severity low/medium/high", "membership type: junior / adult / senior", "garden (yes/no)") and a value
 * ("US 40", "python 31%", "Toyota Corolla 2018 $12,500", "2018 (820)").
 */

export interface Item {
  /** What the item is called ("Severity", "US"); may be empty when only options were written. */
  label: string;
  /** The piece as the user wrote it, cleaned ("612 students", "severity low/medium/high"). */
  text: string;
  /** Choices written for it, in order. */
  options: string[];
  value?: number;
  /** "%", a currency symbol, or a unit written after the number ("h", "ml", "mm", "k"). */
  unit?: string;
  /** A numeric range written for it ("1-5", "0-10"). */
  range?: [number, number];
  /** A time written with it ("keynote 9:30", "metformin 8am"). */
  time?: string;
  /** A quantity written "2x" / "x4" / "3 x". */
  qty?: number;
  /** A single word or phrase written in parentheses ("Dr. Ito (cardiology)"). */
  detail?: string;
  /** True for the names of what each item of the list before it tells ("with role and timezone: Aiko (backend, JST)"). */
  head?: true;
  /**
   * Set when the item asks for a file ("CV upload", "attach a photo", "upload your resume"): the file types its input
   * should accept (".pdf,.doc,.docx" for a CV, "image/*" for a photo; "" for any file). The label is the file's noun.
   */
  upload?: string;
}

/** A file the user asks to have uploaded: what it is ("CV", "photo") and the types its input should accept. */
export interface Upload {
  label: string;
  accept: string;
}

/** The file types an upload of a thing accepts: documents for a CV, images for a photo; "" for anything else. */
const UPLOAD_KINDS: [RegExp, string][] = [
  [
    /^(?:cv|c\.v\.?|resume|résumé|curriculum vitae|cover letter|motivation letter|transcripts?|certificates?|diplomas?|documents?|references?|portfolio)$/i,
    ".pdf,.doc,.docx",
  ],
  [
    /^(?:photos?|photographs?|pictures?|pics?|images?|headshots?|selfies?|avatars?|logos?|screenshots?|(?:profile|passport|id) (?:photo|picture|image)s?)$/i,
    "image/*",
  ],
  [
    /^(?:ids?|id cards?|identity cards?|identity documents?|passports?|passport scans?|driving licen[cs]es?|driver'?s licen[cs]es?|proof of address|invoices?|receipts?|scans?)$/i,
    ".pdf,image/*",
  ],
  [/^(?:pdfs?|pdf files?)$/i, ".pdf"],
  [/^(?:videos?|video clips?|showreels?|reels?)$/i, "video/*"],
  [/^(?:audio|audio files?|recordings?|voice (?:notes?|memos?)|demo tracks?)$/i, "audio/*"],
];

/** The types an upload of `noun` accepts ("CV" → ".pdf,.doc,.docx", "profile photo" → "image/*"); undefined when unknown. */
export function uploadAccept(noun: string): string | undefined {
  const n = noun.trim().toLowerCase();
  const last = n.split(/\s+/).pop() ?? n;
  return UPLOAD_KINDS.find(([re]) => re.test(n))?.[1] ?? UPLOAD_KINDS.find(([re]) => re.test(last))?.[1];
}

/** A noun that names a kind of file ("CV", "profile photo", "file"). */
const isFileNoun = (noun: string) => uploadAccept(noun) !== undefined || /^(?:files?|attachments?)$/i.test(noun.trim());

/** A file's noun as it reads in a label: "cv" → "CV", "your resume" → "Resume". */
function uploadLabel(noun: string): string {
  const n = noun
    .trim()
    .replace(/^(?:a|an|the|your|their|my|our|his|her|some)\s+/i, "")
    .replace(/\s+(?:files?|here)$/i, "")
    .trim();
  return /^c\.?v\.?$/i.test(n) ? "CV" : n.charAt(0).toUpperCase() + n.slice(1);
}

/** Words that end a file's noun read backwards from "upload" ("… for a barista with CV upload" → "CV"). */
const UPLOAD_STOP =
  /^(?:with|and|or|plus|a|an|the|for|to|of|in|on|by|from|form|page|screen|field|fields|your|their|my|our|his|her|also|including|includes|include|has|have|lets?|allow|allows|where|that|which|can|could|will|would|may|must|should|please|i|we|you|they|users?|people|customers?|me|us|them)$/i;

/**
 * A piece that asks for a file: "CV upload", "resume upload field", "upload your resume", "attach a photo",
 * "a file upload for the cover letter", "photo attachment". Undefined for anything else.
 */
export function uploadPiece(raw: string): Upload | undefined {
  const t = raw
    .trim()
    .replace(/^[\s"'“‘]+|[\s"'”’.!?:]+$/g, "")
    .replace(/^(?:and|or|plus|also|then|with)\s+/i, "")
    .replace(/^(?:an?|the)\s+/i, "")
    .replace(/\s+(?:field|input|box|button|area)$/i, "")
    .trim();
  const of = /^(?:file\s+)?(?:upload|attachment|uploader)\s+(?:for|of)\s+(.{2,40})$/i.exec(t);
  const verb = /^(?:upload|attach)(?:ing)?\s+(?:of\s+)?(.{2,40})$/i.exec(t);
  const after = /^(.{1,40}?)\s+(?:file\s+)?(?:upload|uploader|attachment)s?$/i.exec(t);
  const noun = (of ?? verb ?? after)?.[1];
  if (!noun || /\b(?:upload|attach)/i.test(noun)) return undefined;
  // "upload date", "last upload" (a table's columns) are not files to upload: a file is led by an article ("upload
  // your resume", "attach a photo") or is a kind of file ("CV upload", "upload photos").
  if (!of && !/^(?:a|an|the|your|their|my|our|his|her|some)\s/i.test(noun) && !isFileNoun(uploadLabel(noun))) return undefined;
  const label = uploadLabel(noun);
  if (!label || label.split(/\s+/).length > 4) return undefined;
  return { label, accept: uploadAccept(label) ?? "" };
}

/**
 * Every file the request asks to have uploaded, in order: "with CV upload", "upload your resume", "attach a photo",
 * "a profile photo upload and …". Each thing once.
 */
export function readUploads(text: string): Upload[] {
  const out: Upload[] = [];
  const add = (noun: string) => {
    const label = uploadLabel(noun);
    if (!label || label.split(/\s+/).length > 3 || /^(?:it|them|this|that|here)$/i.test(label)) return;
    const key = (l: string) => l.toLowerCase().replace(/s$/, "");
    if (out.some((u) => key(u.label) === key(label))) return;
    out.push({ label, accept: uploadAccept(label) ?? "" });
  };
  // "upload your resume", "attach a photo", "file upload for the cover letter".
  for (const m of text.matchAll(
    /\b(?:(?:file\s+)?(?:upload|attachment)\s+(?:for|of)|(?:upload|attach)(?:ing)?(?:\s+of)?)\s+(?!(?:field|input|box|button|area|and|or|with|to|here|please|it|them)\b)((?:(?:a|an|the|your|their|my|our|his|her)\s+)?[\p{L}][\p{L}.'’-]*(?:\s+(?!(?:and|or|with|for|to|in|on|at|by|of|the|a|an|from|so|that|which|field|button|here|please)\b)[\p{L}][\p{L}.'’-]*){0,2})/giu,
  ))
    if (/^(?:a|an|the|your|their|my|our|his|her)\s/i.test(m[1]!) || isFileNoun(uploadLabel(m[1]!))) add(m[1]!);
  // "CV upload", "a profile photo upload": the noun read backwards from "upload", up to a word that is not part of it.
  for (const m of text.matchAll(
    /((?:[\p{L}][\p{L}.'’-]*\s+){1,3})(?:file\s+)?(?:upload|uploader|attachment)s?\b(?!\s+(?:for|of)\b)/giu,
  )) {
    const words = m[1]!.trim().split(/\s+/);
    const kept: string[] = [];
    for (let i = words.length - 1; i >= 0 && kept.length < 2; i--) {
      if (UPLOAD_STOP.test(words[i]!)) break;
      kept.unshift(words[i]!);
    }
    if (kept.length && isFileNoun(kept.join(" "))) add(kept.join(" "));
  }
  return out;
}

/** An item that names a button ("a submit button", "cancel button"), not a field or a thing of the list. */
export const isButtonItem = (it: Pick<Item, "label" | "text">): boolean =>
  /\bbuttons?$/i.test((it.text || it.label).trim()) || /\bbuttons?$/i.test(it.label.trim());

/** Words after which a list starts ("with", "columns:", "fields", "including" …); a colon too. */
const LEAD =
  /(?:\b(?:with|columns|fields|inputs|(?:column|field|input)(?=\s*:)|including|includes|include|containing|contains|for|of|like|such as|asking for|asks? for|collecting|collects?|showing|shows?|listing|between|about|on|candidates|by|from|named|called)\b\s*:?|\b(?:lists?|items?|tasks?|steps?|options?|sections?|tabs?|categories|plans?|tiers?|players?|cities|stops?|rows?)\s*:|:(?!\d)|—|–| - )\s*/gi;

/** A lead that is only a preposition ("name on card", "date of birth"): a later list must be longer to win. */
const WEAK = /\b(?:for|of|on|about|by|from|between|like)\s*$/i;

/** Where a list ends: a clause that is about the screen, not another item. */
const END =
  /\s+(?:for (?:my|our|the|a|an)\b|in (?:dark|light)\b|that\b|so (?:that|i|we|they)\b|sorted\b|grouped\b|ordered\b|please\b|show(?:ing)? the\b|let me\b|and (?:a|an) (?:button|chart|table|list|form|summary|total)\b).*$/i;

/** Cleans a piece: articles and filler off, trailing punctuation off. */
export function cleanItem(s: string): string {
  let t = s.replace(/^[\s"'“‘]+|[\s"'”’.!?:]+$/g, "");
  // A parenthesis closes what it opened; an unmatched one is punctuation.
  while (/\)$/.test(t) && (t.match(/\(/g) ?? []).length < (t.match(/\)/g) ?? []).length) t = t.slice(0, -1).trimEnd();
  while (/^\(/.test(t) && !t.includes(")")) t = t.slice(1);
  return (
    t
      .replace(/^(?:and|or|plus|also|then|with)\s+/i, "")
      .replace(/^(?:pick|choose|select|enter|upload|add|rate|rank|a checkbox for|checkbox for|a toggle for|toggle for)\s+/i, "")
      // A title keeps its article ("The Overstory", "A Little Life").
      .replace(/^(?:[Aa]n?|AN?|[Tt]he|THE)\s+(?![A-Z][a-z])/, "")
      .replace(/^(?:their|your|my|our|his|her|its|some)\s+/i, "")
      .replace(/\s+(?:field|fields|input|column|columns)$/i, "")
      .trim()
  );
}

const UNIT = String.raw`%|k|m|bn|h|hrs?|hours?|min|mins|minutes|ml|l|kg|g|mm|cm|km|kw|kwh|pts|points|steps`;
const NUMBER = String.raw`[$€£₹₦¥]?\s?\d(?:[\d,]*\d)?(?:\.\d+)?`;
/** A piece ending in a value: "US 40", "rent: 40%", "Pro at $39", "2018 (820)", "sleep 7.2 h", "6:10 120ml". */
const VALUED = new RegExp(
  String.raw`^(.*?[^#\s-])(?:\s*[:=]\s*|\s+(?:at|is|–|-)\s+|\s+\(?|\s*\()(${NUMBER})\s?(${UNIT})?\)?\s*(?:[€£₹₦¥]|each|\/\s?(?:month|mo|year|yr|user|night|hour|person))?$`,
  "i",
);
const RANGE = new RegExp(String.raw`^(.*?)\s*\(?(\d{1,3})\s?(?:-|–|to)\s?(\d{1,3})\s?(${UNIT})?\)?$`, "i");
const SYMBOL: Record<string, string> = { $: "$", "€": "€", "£": "£", "₹": "₹", "₦": "₦", "¥": "¥" };

/** A number as written: "12,500" → 12500, "$48k" → 48000, "1,20,000" → 120000. */
export function readNumber(raw: string, unit?: string): { value: number; unit?: string } {
  const t = raw.replace(/\s/g, "");
  const sym = SYMBOL[t[0] ?? ""] ?? (/[€£₹₦¥]$/.test(t) ? t.slice(-1) : undefined);
  let n = Number(t.replace(/[$€£₹₦¥,]/g, ""));
  const u = unit === "M" ? "mn" : unit?.toLowerCase();
  if (u === "k") n *= 1000;
  else if (u === "mn") n *= 1e6;
  else if (u === "bn") n *= 1e9;
  else if (u === "m" && !sym) return { value: n, unit: "m" };
  else if (u === "m") n *= 1e6;
  const out = u && !["k", "bn", "m", "mn"].includes(u) ? u : sym;
  return { value: n, ...(out ? { unit: out } : {}) };
}

/** Hides what is between parentheses (its commas are not the list's), returning the masked text and the hidden parts. */
function mask(s: string): { text: string; hidden: string[] } {
  const hidden: string[] = [];
  const text = s.replace(/\(([^()]*)\)/g, (_, inner: string) => `⟦${hidden.push(inner) - 1}⟧`);
  return { text, hidden };
}
const unmask = (s: string, hidden: string[]) => s.replace(/⟦(\d+)⟧/g, (_, i: string) => `(${hidden[Number(i)]})`);

/** Splits options written "a / b / c", "a, b or c", "a|b". */
function splitOptions(s: string): string[] {
  return (
    s
      // "/" separates options, except a price's "per" ("$12/user", "€59/month").
      .split(/\s*(?:(?<![$€£₹₦¥]\s?\d[\d,.]*)\/|,(?!\d{3}\b)|\bor\b|\||;)\s*/i)
      .map((o) => cleanItem(o))
      .filter(Boolean)
  );
}

/** One piece of a list, read as an item. */
export function readItem(raw: string): Item | undefined {
  const it = readPiece(raw);
  return it && { ...it, text: cleanItem(raw) || it.label };
}

function readPiece(raw: string): Omit<Item, "text"> | undefined {
  // "CV upload", "attach a photo": a file to upload, named by what it is.
  const upload = uploadPiece(raw);
  if (upload) return { label: upload.label, options: [], upload: upload.accept };
  let piece = cleanItem(raw);
  if (!piece) return undefined;
  let options: string[] = [];
  let detail: string | undefined;
  // "class you took (hatha, vinyasa, yin)", "2018 (820)", "garden (yes/no)".
  const paren = /^(.*?)\s*\(([^()]*)\)\s*(.*)$/.exec(piece);
  if (paren) {
    const inner = paren[2]!.trim();
    let opts = splitOptions(inner);
    // "room type (single double suite)": a few bare words are the options too.
    if (
      opts.length < 2 &&
      /^[a-z]+(?: [a-z]+){1,3}$/i.test(inner) &&
      !/\b(?:of|the|an?|to|in|on|for|and|with|is|it|course|yes|no|not|only|please)\b/i.test(inner) &&
      paren[1]!.trim()
    )
      opts = inner.split(" ");
    if (opts.length >= 2) {
      options = opts;
      piece = `${paren[1]} ${paren[3]}`.trim();
    } else if (/^[$€£₹₦¥]?\s?\d[\d,.]*\s?%?$/.test(inner)) piece = `${paren[1]} ${inner} ${paren[3]}`.trim();
    else {
      piece = `${paren[1]} ${paren[3]}`.trim();
      detail = inner;
    }
  }
  // "membership type: junior / adult / senior".
  const colon = /^([^:]{2,40}):\s*(.+)$/.exec(piece);
  if (!options.length && colon && /[/|]|\bor\b/.test(colon[2]!)) {
    options = splitOptions(colon[2]!);
    piece = colon[1]!.trim();
  }
  // "severity low/medium/high/critical", "car class economy / SUV / van", "weekdays/weekends".
  if (!options.length && /\//.test(piece) && !/\d\/\d/.test(piece)) {
    const parts = piece.split(/\s*\/\s*/);
    const first = parts[0]!.split(/\s+/);
    const rest = parts.slice(1).map(cleanItem);
    if (rest.every((p) => p.split(/\s+/).length <= 3)) {
      const lastWords = Math.max(1, Math.min(first.length - 1, rest[0]!.split(/\s+/).length));
      const label = first.length > 1 ? first.slice(0, -lastWords).join(" ") : "";
      options = [first.slice(-lastWords).join(" "), ...rest].map(cleanItem).filter(Boolean);
      piece = label;
    }
  }
  piece = cleanItem(piece);
  const extra: Pick<Item, "time" | "qty" | "detail"> = detail ? { detail } : {};
  const time = /(?:^|\s)(\d{1,2}:\d{2}(?:\s?[ap]m)?|\d{1,2}\s?[ap]m)(?=\s|$)/i.exec(piece);
  if (time) {
    extra.time = time[1]!;
    piece = cleanItem(piece.replace(time[0], " ").replace(/\s+/g, " "));
  }
  const qty = /^(\d{1,3})\s?x\s+|\s+x\s?(\d{1,3})$/i.exec(piece);
  if (qty) {
    extra.qty = Number(qty[1] ?? qty[2]);
    piece = cleanItem(piece.replace(qty[0], " "));
  }
  if (extra.time) {
    const bare = new RegExp(String.raw`^(${NUMBER})\s?(${UNIT})?$`, "i").exec(piece);
    if (!piece || bare) {
      const v = bare ? readNumber(bare[1]!, bare[2]) : undefined;
      return { label: extra.time, options, ...(v ? { value: v.value, ...(v.unit ? { unit: v.unit } : {}) } : {}), ...extra };
    }
  }
  const range = RANGE.exec(piece);
  if (range && Number(range[3]) > Number(range[2]) && Number(range[3]) - Number(range[2]) <= 100 && range[1]!.trim())
    return {
      label: cleanItem(range[1]!),
      options,
      range: [Number(range[2]), Number(range[3])],
      ...(range[4] ? { unit: range[4].toLowerCase() } : {}),
      ...extra,
    };
  // "612 students", "200g flour", "3 speakers": a count before its noun.
  const counted = new RegExp(String.raw`^(${NUMBER})\s?(${UNIT})?\s+([a-z][a-z' -]{1,30})$`, "i").exec(piece);
  if (counted && !/^\d{4}$/.test(counted[1]!)) {
    const { value, unit } = readNumber(counted[1]!, counted[2]);
    if (Number.isFinite(value)) return { label: cleanItem(counted[3]!), options, value, ...(unit ? { unit } : {}), ...extra };
  }
  const valued = VALUED.exec(piece);
  if (valued && cleanItem(valued[1]!)) {
    const label = cleanItem(valued[1]!.replace(/\s+(?:at|is|for|costs?|of)$/i, ""));
    const { value, unit } = readNumber(valued[2]!, valued[3]);
    const trailingSym = /([€£₹₦¥])\s*$/.exec(piece)?.[1];
    // "humidity high in bay 3", "leak on floor 2": a bare number after a place's noun is its name, not a value.
    const placeNumber = !unit && !/^[$€£₹₦¥]/.test(valued[2]!) && /\b(?:in|at|on|near|by)\s+[a-z]+$/i.test(label);
    if (
      label &&
      !placeNumber &&
      Number.isFinite(value) &&
      // "step 2", "week 3", "table 4" name a thing; "half day £18" prices one.
      (!!unit ||
        /^[$€£₹₦¥]/.test(valued[2]!) ||
        !!trailingSym ||
        !/^(?:top|last|next|first|only|about|over|under|every|week|day|step|stage|phase|level|grade|class|room|ward|table|gate|platform|seat|episode|chapter|season|part|round|q)$/i.test(
          label.split(/\s+/).pop()!,
        ))
    )
      return { label, options, value, ...(unit ? { unit } : trailingSym ? { unit: trailingSym } : {}), ...extra };
  }
  if (!piece && !options.length) return undefined;
  return { label: piece, options, ...extra };
}

/** Splits a list's text into pieces (commas inside numbers and parentheses kept). */
function pieces(s: string): string[] {
  const { text, hidden } = mask(s);
  // Written one per line: the lines are the items, whatever they say ("Klara and the Sun").
  if (text.includes("⁏"))
    return text
      .split(/\s*⁏\s*/)
      .map((p) => unmask(p, hidden))
      .filter((p) => p.trim());
  let parts = text.split(/\s*(?:,(?!\d{2,3}\b)|;|\||\band\b|\s&\s|\s\+\s|\s(?:>|→|->)\s|\bvs\.?\s|\bversus\b|\n|\s(?:or)\s)\s*/i);
  // "junior / adult / senior" alone (no other separator): the slashes separate the items.
  if (parts.length === 1 && / \/ /.test(text)) parts = text.split(/\s+\/\s+/);
  return parts.map((p) => unmask(p, hidden)).filter((p) => p.trim());
}

/** "hotel reservation form check in": what the screen is comes before the first item. */
const KIND_PREFIX = /^.*\b(?:form|page|screen|table|chart|graph|dashboard|tracker|widget|card|panel)\s+(?=\S)(?!\S*\s*$)/i;

/** A run of labelled values written without commas: "python 31% javascript 27% java 15% c# 9%". */
const RUN = new RegExp(
  String.raw`(?<=^|[\s:])((?!(?:and|or|of|by|per|with|for|the|a|an)\b)[a-z][\w#+.]*(?: (?!(?:and|or|of|by|per|with|for)\b)[a-z][\w#+.]*)?)\s+(\d[\d,.]*)\s?(${UNIT})?(?=\s|$|,)`,
  "gi",
);

const shortEnough = (it: Item, words = 6) => it.label.split(/\s+/).length <= words && it.label.length <= 10 * words;

/**
 * The items of a list's pieces, up to where the list ends: a dash clause after an item ("…, go live — we're on step 2")
 * or a piece too long to be an item ends it. A list led by a colon may have longer items ("2009 founded in a garage").
 */
function listItems(parts: string[], words: number): Item[] {
  const out: Item[] = [];
  // Dashes in several pieces pair their sides ("dishes - Mia, trash - Leo"); a dash in one piece ends the list there.
  const dashes = parts.filter((p) => /\s[-—–]\s/.test(p)).length;
  for (const [i, raw] of parts.entries()) {
    const dash = dashes === 1 ? /\s[-—–]\s/.exec(raw) : null;
    const it = readItem(dash && i > 0 ? raw.slice(0, dash.index) : raw);
    if (!it || (!it.label && !it.options.length)) continue;
    if (!shortEnough(it, words)) {
      if (out.length >= 2) break;
      return [];
    }
    out.push(it);
    if (dash && i > 0) break;
  }
  return out;
}

/** Lines of a request written one item per line ("reading list —\nDune\nPiranesi"): one list, as if with commas. */
function joinLines(text: string): string {
  return text.replace(/(?:\n[ \t]*(?:[-*•]\s*|\d+[.)]\s*)?[^\n.!?:]{1,60}(?=\n|$)){2,}/g, (block) =>
    block
      .split(/\n/)
      .map((l) => l.replace(/^[ \t]*(?:[-*•]\s*|\d+[.)]\s*)?/, "").trim())
      .filter(Boolean)
      .join(" ⁏ ")
      .replace(/^/, " "),
  );
}

/**
 * Every enumeration in the request: per sentence, the longest list found after a lead (ties: the later lead). A list
 * of `head` items follows a list whose items it names the properties of.
 */
export function readItemLists(text: string): Item[][] {
  const out: Item[][] = [];
  const { text: masked, hidden } = mask(joinLines(text));
  // A question followed by its answer in parentheses or by the next item ("do you take cats? (yes), what …") is a
  // piece of a list, not the end of a sentence.
  const sentences = masked.split(
    /(?<=[a-z)⟧\d%])(?<!\b(?:dr|mr|mrs|ms|st|prof|vs|no))(?:[.!]|\?(?!\s*⟦\d+⟧\s*[,;]|\s*,))(?:\s+|$)|\n+/i,
  );
  for (const m of sentences) {
    const starts = new Set<number>([0]);
    const s2 = m;
    LEAD.lastIndex = 0;
    for (let l = LEAD.exec(s2); l; l = LEAD.exec(s2)) starts.add(l.index + l[0].length);
    let best: Item[] = [];
    let bestAt = -1;
    let bestStrong = false;
    let bestNamed = false;
    let heads: Item[] = [];
    let bestColon = false;
    const found: { at: number; items: Item[] }[] = [];
    for (const at of [...starts].sort((a, b) => a - b)) {
      const tail = unmask(s2.slice(at), hidden).replace(END, "");
      const colonLed = /:\s*$/.test(s2.slice(0, at));
      const items = listItems(
        pieces(tail).map((p, i) => (i === 0 && !colonLed ? p.replace(KIND_PREFIX, "") : p)),
        // Items separated by semicolons may be sentences of their own ("1987 first rehearsal in a church hall in Cork; …").
        (tail.match(/;/g) ?? []).length >= 2 ? 14 : colonLed ? 8 : 6,
      );
      if (items.length < 2) continue;
      found.push({ at, items });
      // "for the charity run, ranked: Team Otters £4,310; …": a lone "label: item" after the first piece starts the list.
      if (items.some((it, k) => k > 0 && /^(?:ranked|sorted|ordered|listed|including|namely|e\.g\.)\s*:/i.test(it.text)))
        continue;
      const strong = at === 0 || !WEAK.test(s2.slice(0, at));
      // A start inside the first item of the list found ("posts like lost cat on Elm St, …") only cuts that item short.
      // …and so does any start inside the first item of a list led by a colon ("history: 1962 opened with 80 pupils, …").
      const insideFirst =
        (!strong || bestColon) &&
        best.length > 0 &&
        items.length === best.length &&
        best[0]!.text.toLowerCase().endsWith(items[0]!.text.toLowerCase());
      // A list inside the last item of the one found ("…, membership type: junior / adult / senior") is that item's options.
      // …and a dash inside an item ("dishes - Mia, trash - Leo") pairs its two sides rather than starting a list.
      const inLast =
        best.length > 0 &&
        (best[best.length - 1]!.text.toLowerCase().includes(tail.trim().toLowerCase()) ||
          (/\s[-—–]\s*$/.test(s2.slice(0, at)) && best.filter((b) => / [-—–] /.test(b.text)).length >= 2));
      // "with role and timezone: Aiko (backend, JST), Ben (…)": the colon inside the list found starts the real one, and
      // what came before it names what each of its items tells.
      const split = colonLed
        ? best.findIndex((b) => {
            const c = b.text.indexOf(":");
            return (
              c > 0 &&
              b.text
                .slice(c + 1)
                .trim()
                .toLowerCase() === items[0]!.text.toLowerCase()
            );
          })
        : -1;
      const before = split >= 0 ? readItem(best[split]!.text.slice(0, best[split]!.text.indexOf(":"))) : undefined;
      // …only when those are short names ("role", "timezone"), not items of their own ("goal €1,500", "a chart of …").
      const nameLike = (h: Item) => h.value === undefined && !h.options.length && h.label.split(/\s+/).length <= 3;
      // A colon inside a list read from the sentence's start ("checkout for Oven Fresh Bakery, Yaba: delivery address,
      // phone, …"): what precedes it describes the screen, the list is after it.
      if (split >= 0 && bestAt === 0 && !(split >= 1 && before && nameLike(before) && best.slice(0, split).every(nameLike))) {
        best = items;
        bestAt = at;
        bestStrong = true;
        bestColon = true;
        continue;
      }
      if (split >= 1 && before && nameLike(before) && best.slice(0, split).every(nameLike)) {
        heads = [...best.slice(0, split), before];
        best = items;
        bestAt = at;
        bestStrong = true;
        continue;
      }
      // A list of a form's fields or a table's columns named outright wins over a longer one ("…, and a form: name, postcode").
      const named = /\b(?:form|fields|columns|inputs)\s*:\s*$/i.test(s2.slice(0, at));
      if (named) bestNamed = true;
      else if (bestNamed) continue;
      if (
        named ||
        items.length > best.length ||
        (items.length === best.length && (strong || !bestStrong) && at > bestAt && !inLast && !insideFirst)
      ) {
        best = items;
        bestAt = at;
        bestStrong = strong;
        bestColon = colonLed;
      }
    }
    // A single item with its own options ("a quick poll … Thursday, Friday or Monday" is a list; "severity low/high" one item).
    if (!best.length) {
      const one = readItem(unmask(s2.slice(Math.max(...starts)), hidden).replace(END, ""));
      if (one && one.options.length >= 2) best = [one];
    }
    if (!best.length) {
      const run = [...unmask(s2, hidden).matchAll(RUN)].map((r) => ({
        label: r[1]!,
        text: r[0].trim(),
        options: [],
        ...readNumber(r[2]!, r[3]),
      }));
      if (run.length >= 3) best = run;
    }
    if (best.length) out.push(best);
    if (best.length && heads.length) {
      out.push(heads.map((h) => ({ ...h, head: true as const })));
      continue;
    }
    // A second list of the sentence, apart from the first ("three gyms: PureGym £22, … — opening hours, pool, classes").
    const overlaps = (a: Item[], b: Item[]) =>
      a.some((x) =>
        b.some((y) => x.text.toLowerCase().includes(y.text.toLowerCase()) || y.text.toLowerCase().includes(x.text.toLowerCase())),
      );
    const other = found
      .filter((f) => f.items !== best && !overlaps(f.items, best))
      .sort((a, b) => b.items.length - a.items.length || b.at - a.at)[0];
    if (best.length && other && !bestNamed) out.push(other.items);
  }
  // A button named among the items ("name, email and a submit button") is a button (entities' `buttons`), not an item.
  return out.map((l) => (l.some((i) => i.head) ? l : l.filter((i) => !isButtonItem(i)))).filter((l) => l.length);
}
