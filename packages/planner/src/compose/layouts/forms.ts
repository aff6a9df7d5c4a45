import { fieldFor } from "../../content";
import { capitalize } from "../../text";
import { button, card, checkbox, fileInput, grid, row, select, textInput, type UiNode } from "../../ui";
import { fieldKey } from "../../understand/entities";
import { type Ctx, placesFor } from "../context";
import { details, field, type FieldWord, form, header, nameOf } from "../sections";
import { type Layout, ownItems } from "./helpers";

/**
 * The forms group's forms: a data-entry form built from the user's own fields, sign-in, sign-up, contact and booking;
 * with the form builder they share (its heading, its fields and files, its buttons).
 */

/** A button the user named that sends the form ("a submit button", "a send button", "'Count me in' button"). */
const SUBMIT_WORDS =
  /^(?:submit|send|apply|save|book|register|sign ?up|join|continue|next|confirm|done|finish|request|order|pay|donate|subscribe|rsvp|enquire|reserve|check ?out|get started|create|add|update|post|upload|go)\b/i;
/** A button the user named that leaves or clears the form. */
const CANCEL_WORDS = /^(?:cancel|back|go back|reset|clear|discard|close|start over|previous|skip)\b/i;

/** What a form is for, read from the request: a job application's role, else the request's own title. */
function formHeading(ctx: Ctx, subtitle: string): { title: string; subtitle: string; job: boolean } {
  const t = ctx.e.text;
  // "A form with name, email and a submit button" is named by its fields, not by its buttons.
  const own = ctx.title
    .replace(/(?:,\s*|\s+(?:and|with|plus)\s+)(?:(?:a|an|the)\s+)?(?:(?!(?:and|or|with)\b)[\p{L}']+\s+){1,2}buttons?\b/giu, "")
    .replace(/[\s,]+$/, "")
    .trim();
  const generic = { title: own || ctx.title, subtitle, job: false };
  if (!/\bappl(?:y|ying|ication|icant)\b/i.test(t)) return generic;
  const job =
    /\b(?:job|position|role|vacanc(?:y|ies)|hiring|career|employment|intern(?:ship)?|cv|c\.v\.|r[eé]sum[eé]|cover letter)\b/i.test(
      t,
    );
  // What (or whom) it is for, as written: "for the barista position", "application form for a barista with …",
  // "barista job application", "volunteer application form for the animal shelter".
  const WHAT = String.raw`([\p{L}][\p{L}'’&-]*(?:\s+(?!(?:with|at|in|who|that|and|or|for|to|job|position|role|form|page|asking|including)\b)[\p{L}][\p{L}'’&-]*){0,3})`;
  const what = [
    new RegExp(String.raw`\bfor\s+(?:a|an|the|our|my)\s+${WHAT}\s+(?:job|position|role|vacancy|opening)\b`, "iu"),
    new RegExp(
      String.raw`\bapplication(?:\s+form)?\s+(?:for|to)\s+(?:(?:a|an|the|our|my)\s+)?${WHAT}(?=\s+(?:with|at|in|who|that|and|asking|including)\b|\s*[,.;:!?—–-]|\s*$)`,
      "iu",
    ),
    new RegExp(String.raw`\b${WHAT}\s+(?:job|position|role)\s+application\b`, "iu"),
  ]
    .map((re) => re.exec(t)?.[1]?.trim())
    .find(
      (r) => r && !/^(?:a|an|the|job|new|simple|basic|online|my|our|form|screen|page)$/i.test(r) && !/^(?:a|an|the)\s/i.test(r),
    );
  if (job) {
    const cv = ctx.e.uploads.find((u) => u.accept.includes(".pdf"));
    const share = cv ? ` and share your ${cv.label === "CV" ? "CV" : cv.label.toLowerCase()}` : "";
    return what
      ? {
          title: `${capitalize(what)} job application`,
          subtitle: `Apply for the ${what} position: tell us about yourself${share}.`,
          job: true,
        }
      : { title: "Job application", subtitle: `Tell us about yourself${share}. We will be in touch.`, job: true };
  }
  // Another application ("volunteer application form for the animal shelter", "membership application for …").
  const kind = /\b([\p{L}-]+)\s+application\b/iu.exec(t)?.[1];
  const ofKind = kind && !/^(?:a|an|the|my|our|your|simple|basic|online|new|web|mobile|this|job)$/i.test(kind) ? kind : "";
  if (!what && !ofKind) return generic;
  return {
    title: capitalize([what, ofKind.toLowerCase(), "application"].filter(Boolean).join(" ")),
    subtitle: "Fill in the details below to apply. We will be in touch.",
    job: false,
  };
}

/** What file types an upload takes, as a hint ("PDF or Word", "JPG or PNG"). */
function acceptHint(accept: string): string {
  if (accept === ".pdf") return "PDF";
  if (accept.includes(".pdf") && accept.includes("image/")) return "PDF or photo";
  if (accept.includes(".pdf")) return "PDF or Word";
  if (accept.startsWith("image/")) return "JPG or PNG";
  if (accept.startsWith("video/")) return "a video";
  if (accept.startsWith("audio/")) return "an audio file";
  return "";
}

/**
 * A file to upload ("CV upload", "attach a photo"): a file picker offering the types it should be in (the CV as PDF or
 * Word), its label naming the file and, when the types are narrower than "any file", what they are.
 */
export function uploadField(u: { label: string; accept: string }): UiNode {
  const hint = acceptHint(u.accept);
  return fileInput({
    name: nameOf(u.label),
    label: hint ? `${u.label} (${hint})` : u.label,
    ...(u.accept ? { accept: u.accept } : {}),
  });
}

/**
 * A form: the user's fields (each once), the files they asked to upload (each once, whatever it is called: "CV" and
 * "resume upload" are one), and one row of buttons — the submit, labelled as the user named it ("a send button" →
 * "Send"), and any other button they named ("a cancel button") beside it.
 */
function formLayout(ctx: Ctx, defaults: string[], submit: string, event: string, subtitle: string): UiNode[] {
  const heading = formHeading(ctx, subtitle);
  const title = heading.title;
  const own = ownItems(ctx);
  const asked: FieldWord[] = own.length
    ? own
    : heading.job
      ? ["Full name", "Email", "Phone", "Experience", "Available from", "Cover letter"]
      : defaults;
  // Each field the user wrote once ("email, phone, email" has one Email); what each asks for (its lexicon key:
  // "CV" and "resume upload" are one thing) is kept so a file asked for again below is not added twice.
  const seen = new Set<string>();
  const written = new Set<string>();
  const fields: (FieldWord | { file: { label: string; accept: string } })[] = [];
  for (const f of asked) {
    const label = typeof f === "string" ? f : f.label || f.options.join(" or ");
    const plain = label.toLowerCase().replace(/\s+/g, " ").trim();
    if (written.has(plain)) continue;
    written.add(plain);
    seen.add(fieldKey(label));
    fields.push(typeof f !== "string" && f.upload !== undefined ? { file: { label: f.label, accept: f.upload } } : f);
  }
  // The files asked for ("… with CV upload") that are not among the fields yet: before a long text (a cover letter).
  for (const u of ctx.e.uploads) {
    const key = fieldKey(u.label);
    if (seen.has(key)) continue;
    seen.add(key);
    const at = own.length ? -1 : fields.findIndex((f) => typeof f === "string" && /^(?:cover letter|message)$/i.test(f));
    if (at >= 0) fields.splice(at, 0, { file: u });
    else fields.push({ file: u });
  }
  const inputs = fields.map((f) => (typeof f === "object" && "file" in f ? uploadField(f.file) : field(f)));
  // The buttons the user named: the first that sends the form is its submit; one that leaves it sits beside it.
  const named = ctx.e.buttons;
  const cancels = named.filter((b) => CANCEL_WORDS.test(b));
  const submitLabel =
    named.find((b) => SUBMIT_WORDS.test(b)) ??
    named.find((b) => !CANCEL_WORDS.test(b)) ??
    (heading.job ? "Send application" : submit);
  const others = named.filter((b) => b !== submitLabel && !cancels.includes(b)).slice(0, 2);
  const buttons = row(
    [
      ...cancels.slice(0, 1).map((b) => button(b, { name: nameOf(b), variant: "ghost", onPress: nameOf(b) })),
      ...others.map((b) => button(b, { name: nameOf(b), variant: "secondary", onPress: nameOf(b) })),
      button(submitLabel, { name: nameOf(event), variant: "primary", onPress: event }),
    ],
    { justify: "end", gap: 8 },
  );
  const columns = inputs.length > 6 ? 2 : 1;
  // In two columns, long texts (a cover letter, a message) take the whole width below the grid.
  const long = columns > 1 ? inputs.filter((n) => n.type === "textArea") : [];
  const short = inputs.filter((n) => !long.includes(n));
  return [
    ...header(title, heading.subtitle),
    card(title, { name: "form_card" }, [...(columns > 1 ? [grid(short, { columns, gap: 12 }), ...long] : inputs), buttons]),
  ];
}

export const FORM_LAYOUTS: Record<string, Layout> = {
  form: (ctx) =>
    formLayout(
      ctx,
      ["Full name", "Email", "Phone", "Message"],
      "Submit",
      "submit_form",
      "Fill in the details below and we will get back to you.",
    ),
  login: (ctx) => [
    ...header(
      /^(?:login|log in|sign in|signin)(?: form| page)?$/i.test(ctx.title) || ctx.title.length < 4 ? "Welcome back" : ctx.title,
      `Sign in to ${ctx.ownBrand || ctx.domainMatched ? ctx.brand : "your account"}.`,
    ),
    card("Sign in", { name: "sign_in_card" }, [
      ...(ownItems(ctx).length
        ? ownItems(ctx)
            .filter((f) => !/remember|forgot/i.test(f.label))
            .map((f) => field(f))
        : [field("email"), field("password")]),
      checkbox(false, { name: "remember_me", label: "Remember me" }),
      button("Sign in", { name: "sign_in", variant: "primary", fullWidth: true, onPress: "sign_in" }),
      row(
        [
          button("Forgot password?", { name: "forgot_password", variant: "ghost", onPress: "forgot_password" }),
          button("Create an account", { name: "create_account", variant: "ghost", onPress: "create_account" }),
        ],
        { justify: "between" },
      ),
    ]),
  ],
  signup: (ctx) => [
    ...header(
      ctx.title.length < 4 || /^(?:sign ?up|registration|register)(?: form| page)?$/i.test(ctx.title)
        ? "Create your account"
        : ctx.title,
      `Join ${ctx.ownBrand || ctx.domainMatched ? ctx.brand : "us"} in under a minute.`,
    ),
    card("Sign up", { name: "sign_up_card" }, [
      ...(ownItems(ctx).length ? ownItems(ctx) : ["Full name", "Email", "Password"]).map((f) => field(f)),
      checkbox(false, { name: "accept_terms", label: "I accept the terms and the privacy policy" }),
      button("Create account", { name: "create_account", variant: "primary", fullWidth: true, onPress: "sign_up" }),
    ]),
  ],
  contact: (ctx) => {
    const brand = ctx.brand;
    // The user's own ways to be reached, as written ("phone 0161 555 0192", "open Mon–Fri 9-18").
    const c = ctx.e.contacts;
    const hours =
      /\bopen(?:ing hours)?:?\s+((?:mon|tue|wed|thu|fri|sat|sun|daily|every|weekdays)[^,;.]*?\d[^,;.]*?)(?=[,;.]|\s+(?:and|with)\b|$)/i.exec(
        ctx.e.text,
      )?.[1];
    const where = placesFor(ctx, 1)[0]!;
    return [
      ...header(ctx.title.length < 4 ? "Contact us" : ctx.title, `Questions for ${brand}? We answer within one working day.`),
      grid(
        [
          card(
            "Send us a message",
            { name: "message_card" },
            // The user's fields when the list is fields ("a form with name, email, subject"), not the address it names.
            form(
              ownItems(ctx).filter((i) => !/\d|\p{Lu}/u.test(i.text) || fieldFor(i.label)).length >= 2
                ? ownItems(ctx).filter((i) => !/\d|\p{Lu}/u.test(i.text) || fieldFor(i.label))
                : ["Name", "Email", "Subject", "Message"],
              "Send message",
              "send_message",
            ),
          ),
          card("Other ways to reach us", { name: "reach_card" }, [
            details({
              Email: c.emails[0] ?? `hello@${nameOf(brand).replace(/_/g, "")}.com`,
              [/whatsapp/i.test(ctx.e.text) ? "WhatsApp" : "Phone"]: c.phones[0] ?? "+1 555 0142",
              ...(c.urls[0] ? { Website: c.urls[0] } : {}),
              Address: c.addresses[0]
                ? `${c.addresses[0]}${ctx.e.places.find((p) => !c.addresses[0]!.includes(p) && !p.includes(c.addresses[0]!)) ? `, ${ctx.e.places.find((p) => !c.addresses[0]!.includes(p) && !p.includes(c.addresses[0]!))}` : ""}`
                : `${where.address}, ${ctx.e.places[0] ?? where.city}`,
              Hours: hours ? capitalize(hours) : "Mon–Fri, 9:00–18:00",
            }),
          ]),
        ],
        { columns: 2, gap: 16 },
      ),
    ];
  },
  booking: (ctx) => {
    const e = ctx.e;
    const services = ctx.domain.services.map((s) => s.name);
    const party =
      /\bfor (\d{1,2})\b(?!\s*(?:min|h|hours?|:|am|pm|nights?|days?))|\b(\d{1,2})\s*(?:people|guests|persons|adults|pax)\b/i.exec(
        e.text,
      );
    const guests = party ? Number(party[1] ?? party[2]) : undefined;
    // Who the user may book with ("Dr. Okafor or Dr. Lindqvist"): a choice, not fields to type.
    const titled = /^(?:Dr|Mr|Mrs|Ms|Mx|Prof|Coach|Nurse)\.?\s+\p{Lu}/u;
    const whoList = ownItems(ctx).filter((i) => titled.test(i.label) || e.people.includes(i.label));
    const withWhom = whoList.length >= 2 ? whoList.map((i) => i.label) : undefined;
    // …and the times the user described are the slots, not fields.
    const rest = ownItems(ctx).filter(
      (i) => !whoList.includes(i) && !i.time && !/\bslots?\b|^\d{1,2}(?::\d{2})?\s?(?:am|pm)?$/i.test(i.text),
    );
    const fields = rest.length >= 2 ? rest : undefined;
    const slots = slotsAsked(e.text);
    const place = e.places[0] ?? e.people[0] ?? e.organisations[0];
    return [
      ...header(
        ctx.title,
        withWhom
          ? `With ${withWhom.slice(0, -1).join(", ")} or ${withWhom.at(-1)}${e.dates[0] ? `, ${e.dates[0]}` : ""}. Choose a time that suits you.`
          : place
            ? `At ${place}${e.dates[0] ? `, ${e.dates[0]}` : ""}${e.times[0] ? ` at ${e.times[0]}` : ""}.`
            : "Choose a time that suits you; we confirm by email.",
      ),
      card("Your booking", { name: "booking_card" }, [
        ...(withWhom ? [select(withWhom[0]!, { name: "with", label: "With", options: withWhom })] : []),
        ...(fields
          ? fields.map((f) => field(f))
          : [
              ...(services.length && !withWhom
                ? [select(services[0]!, { name: "service", label: "Service", options: services })]
                : []),
              row(
                [
                  field(e.dates[0] ? `Date (${e.dates[0]})` : "Date"),
                  slots
                    ? select(slots[0]!, { name: "time", label: "Time slot", options: slots })
                    : select(e.times[0] ?? "18:00", { name: "time", label: "Time", options: timeSlots(e.times[0]) }),
                ],
                { gap: 12, wrap: true },
              ),
              textInput({ name: "guests", label: "Guests", type: "number", value: String(guests ?? 2) }),
              field("Full name"),
              field("Email"),
              field("Notes"),
            ]),
        row([button("Confirm booking", { name: "confirm_booking", variant: "primary", onPress: "confirm_booking" })], {
          justify: "end",
        }),
      ]),
    ];
  },
};

/** Slots the user described ("30 min slots between 9:00 and 12:00", "a 10-minute slot … 16:00 to 18:00"), in order. */
function slotsAsked(text: string): string[] | undefined {
  const T = String.raw`(\d{1,2})(?::(\d{2}))?\s?(am|pm)?`;
  const span = new RegExp(String.raw`\b${T}\s*(?:to|until|till|-|–|and)\s*${T}(?![\d:])`, "i").exec(text);
  const step =
    /\b(\d{1,3})[- ]?(?:min(?:ute)?s?)\b[- ]?(?:slots?|appointments?|sessions?|intervals?)|\bslots? of (\d{1,3}) ?min/i.exec(
      text,
    );
  if (!span || !step) return undefined;
  const at = (h: string, m: string | undefined, ap: string | undefined) =>
    (ap ? (Number(h) % 12) + (ap.toLowerCase() === "pm" ? 12 : 0) : Number(h)) * 60 + Number(m ?? 0);
  const start = at(span[1]!, span[2], span[3] ?? span[6]);
  let end = at(span[4]!, span[5], span[6]);
  if (end <= start && end < 12 * 60) end += 12 * 60;
  const every = Number(step[1] ?? step[2]);
  if (!(every >= 5) || end <= start || (end - start) / every > 48) return undefined;
  const out: string[] = [];
  for (let t = start; t + every <= end; t += every) out.push(`${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`);
  return out.length >= 2 ? out : undefined;
}

function timeSlots(asked?: string): string[] {
  const slots = ["12:00", "12:30", "13:00", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30"];
  return asked && !slots.includes(asked) ? [asked, ...slots] : slots;
}
