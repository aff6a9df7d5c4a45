import { extractListedItems } from "../intents";
import { capitalize, clip, slug, titleCase } from "../text";
import {
  alert,
  button,
  card,
  checkbox,
  date,
  divider,
  heading,
  icon,
  keyValue,
  list,
  progress,
  row,
  select,
  slider,
  switch_,
  text,
  textArea,
  textInput,
  type Option,
  type UiNode,
} from "../ui";
import { faq, type Built, type ScreenContext } from "./shared";

/**
 * Forms: contact, sign-up, log-in, feedback, booking (appointment, restaurant table, hotel room), newsletter, job
 * application, or any form whose fields the prompt lists. Every input has a stable name (`full_name`, `email`) and
 * the submit button reports `submit_<kind>`, so the answer to a submit can echo what was entered.
 */

export type FormKind = "contact" | "signup" | "login" | "feedback" | "booking" | "newsletter" | "application" | "custom";
type Booking = "appointment" | "restaurant" | "hotel" | "salon" | "class";

/** A form field: its input kind, name, label and starting value. */
export interface Field {
  name: string;
  label: string;
  kind:
    "text" | "email" | "password" | "tel" | "number" | "url" | "textarea" | "select" | "date" | "checkbox" | "switch" | "slider";
  placeholder?: string;
  options?: Option[];
  value?: string | number | boolean;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

const f = (label: string, kind: Field["kind"], extra: Partial<Field> = {}): Field => ({
  name: slug(label, 32),
  label,
  kind,
  ...extra,
});

const COUNTRIES = ["United States", "United Kingdom", "Canada", "India", "Germany", "France", "Brazil", "Australia", "Other"];

/** Words in a listed field → a field. */
const FIELD_WORDS: { re: RegExp; make: (label: string) => Field }[] = [
  {
    re: /^(full )?name$|^your name$|^nombre$|^nom$/,
    make: () => f("Full name", "text", { placeholder: "Jane Doe", required: true }),
  },
  { re: /first name/, make: () => f("First name", "text", { required: true }) },
  { re: /last name|surname|family name/, make: () => f("Last name", "text", { required: true }) },
  { re: /e-?mail|correo/, make: () => f("Email", "email", { placeholder: "you@example.com", required: true }) },
  { re: /confirm(ation)? password|repeat password/, make: () => f("Confirm password", "password") },
  {
    re: /password|passcode|contrasena/,
    make: () => f("Password", "password", { placeholder: "At least 8 characters", required: true }),
  },
  { re: /phone|mobile|telephone|cell|telefono/, make: () => f("Phone", "tel", { placeholder: "+1 555 0100" }) },
  { re: /username|user name|handle/, make: () => f("Username", "text", { placeholder: "janedoe" }) },
  { re: /birth|birthday|dob/, make: () => f("Date of birth", "date") },
  { re: /^date$|preferred date|^day$/, make: () => f("Date", "date") },
  {
    re: /\btime\b/,
    make: () => f("Time", "select", { options: ["09:00", "10:30", "12:00", "14:00", "15:30", "17:00"], value: "10:30" }),
  },
  { re: /company|organi[sz]ation|business|employer/, make: () => f("Company", "text") },
  { re: /website|url|portfolio|linkedin|github/, make: (l) => f(capitalize(l), "url", { placeholder: "https://" }) },
  { re: /\bage\b/, make: () => f("Age", "number", { placeholder: "30" }) },
  {
    re: /guests|people|party size|attendees|tickets|quantity|number of/,
    make: (l) => f(capitalize(l), "slider", { value: 2, min: 1, max: 12, step: 1 }),
  },
  { re: /country|nationality/, make: () => f("Country", "select", { options: COUNTRIES, value: "United States" }) },
  { re: /\bgender\b/, make: () => f("Gender", "select", { options: ["Woman", "Man", "Non-binary", "Prefer not to say"] }) },
  { re: /\b(address|street)\b/, make: () => f("Street address", "text") },
  { re: /\b(city|town)\b/, make: () => f("City", "text") },
  { re: /zip|postcode|postal/, make: () => f("Postal code", "text") },
  {
    re: /subject|topic|reason/,
    make: (l) =>
      f(capitalize(l), "select", {
        options: ["General question", "Support", "Sales", "Partnerships"],
        value: "General question",
      }),
  },
  { re: /rating|score|satisfaction|stars/, make: (l) => f(capitalize(l), "slider", { value: 8, min: 0, max: 10, step: 1 }) },
  {
    re: /terms|agree|consent|privacy|policy/,
    make: () => f("I agree to the terms and privacy policy", "checkbox", { value: false }),
  },
  { re: /newsletter|subscribe|updates|marketing/, make: () => f("Email me news and updates", "switch", { value: true }) },
  {
    re: /message|comments?|question|description|notes?|details|bio|feedback|cover letter|about|requests?|mensaje/,
    make: (l) => f(capitalize(l), "textarea", { placeholder: "Write here…" }),
  },
];

/** A listed field as the user wrote it. */
function fieldFor(raw: string): Field | undefined {
  const label = raw
    .toLowerCase()
    .replace(/^(a|an|the|their|your|his|her)\s+/, "")
    .replace(/\s+(field|input|box)$/, "")
    .trim();
  if (!label || label.split(/\s+/).length > 4) return undefined;
  const known = FIELD_WORDS.find((w) => w.re.test(label));
  if (known) return known.make(label);
  return f(capitalize(label), "text");
}

/** Fields the prompt lists ("with name, email and message"), when it lists at least two that read as fields. */
function listedFields(prompt: string): Field[] {
  const items = extractListedItems(
    prompt,
    /(?::|\b(?:with|including|containing|that (?:asks|collects) for|asking for|fields?(?: for)?|for the)\b)\s+/i,
  );
  const fields = items.map(fieldFor).filter((x): x is Field => !!x);
  const known = items.filter((i) => FIELD_WORDS.some((w) => w.re.test(i.toLowerCase()))).length;
  if (fields.length < 2 || known < Math.ceil(fields.length / 2)) return [];
  const seen = new Set<string>();
  return fields.filter((x) => (seen.has(x.name) ? false : (seen.add(x.name), true))).slice(0, 12);
}

/** The kind of form the words ask for. */
export function formKindOf(text: string): FormKind {
  if (/\b(sign ?ups?|register|registration|create an? account|join|onboarding)\b/.test(text)) return "signup";
  if (/\b(log ?in|sign ?in|login)\b/.test(text)) return "login";
  if (/\b(book|booking|reservations?|reserve|appointments?|schedule|rsvp|check ?in)\b/.test(text)) return "booking";
  if (/\b(feedback|survey|questionnaire|nps|review|rating)\b/.test(text)) return "feedback";
  if (/\b(newsletter|subscribe|mailing list|waitlist)\b/.test(text)) return "newsletter";
  if (/\b(job|apply|application|careers?|candidate|resume)\b/.test(text)) return "application";
  if (/\b(contact|get in touch|enquiry|inquiry|support request|message us)\b/.test(text)) return "contact";
  return "custom";
}

function bookingKind(text: string): Booking {
  if (/\b(table|restaurant|dinner|lunch|brunch|cafe|bistro)\b/.test(text)) return "restaurant";
  if (/\b(hotel|room|rooms|stay|nights?|resort|hostel|check ?in|airbnb)\b/.test(text)) return "hotel";
  if (/\b(salon|hair|haircut|spa|massage|nails|barber|beauty)\b/.test(text)) return "salon";
  if (/\b(class|classes|lesson|lessons|yoga|pilates|fitness|workshop|course)\b/.test(text)) return "class";
  return "appointment";
}

/** "contact form for a bakery" → "bakery". */
function topicOf(prompt: string): string | undefined {
  const m =
    /\b(?:for|at)\s+(?:a|an|the|my|our)?\s*([\p{L}][\p{L}\p{N}' &-]{2,40}?)(?=[,.!?]|\s+(?:with|that|which|including|where|to)\b|$)/iu.exec(
      prompt,
    );
  const t = m?.[1]?.trim();
  return t && !/^(users?|customers?|people|me|us|them|it|this|that|free)$/i.test(t) ? t : undefined;
}

/** The input for a field (its name and label kept as given). */
function fieldNode(x: Field): UiNode {
  const base = { name: x.name, label: x.label };
  switch (x.kind) {
    case "textarea":
      return textArea({ ...base, placeholder: x.placeholder, rows: 4 }, typeof x.value === "string" ? x.value : undefined);
    case "select":
      return select(typeof x.value === "string" ? x.value : undefined, {
        ...base,
        options: x.options ?? [],
        placeholder: "Choose…",
      });
    case "date":
      return date(typeof x.value === "string" ? x.value : undefined, base);
    case "checkbox":
      return checkbox(x.value === true, base);
    case "switch":
      return switch_(x.value !== false, base);
    case "slider":
      return slider(typeof x.value === "number" ? x.value : (x.min ?? 0), { ...base, min: x.min, max: x.max, step: x.step });
    default:
      return textInput(
        { ...base, type: x.kind, placeholder: x.placeholder, required: x.required || undefined },
        typeof x.value === "string" ? x.value : undefined,
      );
  }
}

interface FormPlan {
  kind: FormKind;
  title: string;
  intro: string;
  cardTitle: string;
  fields: Field[];
  submit: string;
  side: UiNode[];
  sideTitle: string;
  extra: UiNode[];
  faq?: [string, string][];
  sections: string[];
}

function plan(kind: FormKind, ctx: ScreenContext, fields: Field[]): FormPlan {
  const topic = topicOf(ctx.prompt);
  const about = topic ? ` ${topic.toLowerCase()}` : "";
  switch (kind) {
    case "signup":
      return {
        kind,
        title: topic ? `Join ${titleCase(topic)}` : "Create your account",
        intro: "It takes less than a minute. No credit card needed.",
        cardTitle: "Sign up",
        fields: fields.length
          ? fields
          : [
              f("Full name", "text", { placeholder: "Jane Doe", required: true }),
              f("Email", "email", { placeholder: "you@example.com", required: true }),
              f("Password", "password", { placeholder: "At least 8 characters", required: true }),
              f("How did you hear about us?", "select", {
                options: ["Search engine", "A friend or colleague", "Social media", "Podcast or blog", "Other"],
              }),
              f("I agree to the terms and privacy policy", "checkbox", { value: false }),
              f("Email me product news (about once a month)", "switch", { value: false }),
            ],
        submit: "Create account",
        sideTitle: "Why join",
        side: [
          list(
            [
              { title: "Everything in one place", subtitle: "Your projects, files and history, synced", icon: "check" },
              { title: "Free to start", subtitle: "Upgrade only when you need more", icon: "check" },
              { title: "Private by default", subtitle: "You decide what is shared", icon: "check" },
            ],
            { name: "benefits" },
          ),
          progress(1, { name: "signup_step", max: 2, label: "Step 1 of 2 — account details", tone: "info" }),
        ],
        extra: [
          divider("or", { name: "or_rule" }),
          row(
            [
              button("Continue with Google", { name: "signup_google", variant: "secondary", onPress: "signup_google" }),
              button("Already have an account? Log in", { name: "open_login", variant: "ghost", onPress: "open_login" }),
            ],
            { gap: 8, wrap: true },
          ),
        ],
        sections: ["sign-up form", "benefits", "social sign-up"],
      };
    case "login":
      return {
        kind,
        title: topic ? `Log in to ${titleCase(topic)}` : "Welcome back",
        intro: "Log in to pick up where you left off.",
        cardTitle: "Log in",
        fields: fields.length
          ? fields
          : [
              f("Email", "email", { placeholder: "you@example.com", required: true }),
              f("Password", "password", { required: true }),
              f("Keep me logged in", "checkbox", { value: true }),
            ],
        submit: "Log in",
        sideTitle: "New here?",
        side: [
          text("Create an account in under a minute and get 14 days of every feature."),
          button("Create an account", { name: "open_signup", variant: "secondary", onPress: "open_signup" }),
        ],
        extra: [
          row(
            [
              button("Forgot password?", { name: "forgot_password", variant: "ghost", size: "sm", onPress: "forgot_password" }),
              button("Continue with Google", { name: "login_google", variant: "secondary", size: "sm", onPress: "login_google" }),
            ],
            { gap: 8, justify: "between", wrap: true },
          ),
        ],
        sections: ["log-in form", "sign-up prompt"],
      };
    case "feedback":
      return {
        kind,
        title: "Tell us how we did",
        intro: `Your feedback${about ? ` on our${about}` : ""} goes straight to the team. It takes about two minutes.`,
        cardTitle: "Feedback",
        fields: fields.length
          ? fields
          : [
              f("How likely are you to recommend us to a friend? (0–10)", "slider", { value: 8, min: 0, max: 10, step: 1 }),
              f("What is your feedback about?", "select", {
                options: ["Product quality", "Customer service", "Delivery", "Website or app", "Pricing", "Something else"],
                value: "Product quality",
              }),
              f("Overall satisfaction", "select", {
                options: ["Very satisfied", "Satisfied", "Neutral", "Dissatisfied", "Very dissatisfied"],
                value: "Satisfied",
              }),
              f("What did you like most?", "textarea", { placeholder: "The best part was…" }),
              f("What could we do better?", "textarea", { placeholder: "It would help if…" }),
              f("Email (optional)", "email", { placeholder: "you@example.com" }),
              f("You may contact me about this feedback", "checkbox", { value: false }),
            ],
        submit: "Send feedback",
        sideTitle: "What happens next",
        side: [
          list(["We read every response", "Themes are shared with the team weekly", "We reply within 2 days if you ask us to"], {
            name: "next_steps",
            ordered: true,
          }),
          alert("Responses are anonymous unless you leave your email.", { name: "privacy_note", tone: "info" }),
        ],
        extra: [],
        sections: ["rating", "feedback questions", "what happens next"],
      };
    case "booking":
      return bookingPlan(bookingKind(ctx.text), topic, fields);
    case "newsletter":
      return {
        kind,
        title: topic ? `The ${titleCase(topic)} newsletter` : "Get the weekly newsletter",
        intro: "One email a week with the best new articles, tips and offers. Unsubscribe any time.",
        cardTitle: "Subscribe",
        fields: fields.length
          ? fields
          : [
              f("First name", "text", { placeholder: "Jane" }),
              f("Email", "email", { placeholder: "you@example.com", required: true }),
              f("How often?", "select", {
                options: ["Weekly digest", "Twice a month", "Monthly roundup"],
                value: "Weekly digest",
              }),
              f("Tips and how-tos", "checkbox", { value: true }),
              f("Product news", "checkbox", { value: false }),
              f("Events near me", "checkbox", { value: false }),
            ],
        submit: "Subscribe",
        sideTitle: "What you get",
        side: [
          list(["5-minute read every Friday", "Early access to offers", "No spam — ever"], { name: "perks" }),
          keyValue({ Subscribers: "48,000+", "Open rate": "61%", Since: "2019" }, { name: "newsletter_facts" }),
        ],
        extra: [],
        sections: ["subscription form", "what you get"],
      };
    case "application":
      return {
        kind,
        title: topic ? `Apply: ${titleCase(topic)}` : "Job application",
        intro: "Tell us about yourself. We review every application and reply within 10 working days.",
        cardTitle: "Your application",
        fields: fields.length
          ? fields
          : [
              f("Full name", "text", { required: true }),
              f("Email", "email", { placeholder: "you@example.com", required: true }),
              f("Phone", "tel"),
              f("Position", "select", {
                options: ["Frontend Engineer", "Product Designer", "Customer Success Manager", "Data Analyst"],
                value: "Frontend Engineer",
              }),
              f("Years of experience", "slider", { value: 3, min: 0, max: 20, step: 1 }),
              f("LinkedIn or portfolio", "url", { placeholder: "https://" }),
              f("Earliest start date", "date"),
              f("Cover letter", "textarea", { placeholder: "Why this role, and why you?" }),
              f("I consent to my data being kept for 12 months", "checkbox", { value: false }),
            ],
        submit: "Submit application",
        sideTitle: "Hiring process",
        side: [
          list(
            [
              { title: "Application review", subtitle: "Within 10 working days", icon: "mail" },
              { title: "Intro call", subtitle: "30 minutes with the hiring manager", icon: "phone" },
              { title: "Skills interview", subtitle: "A practical exercise, no trick questions", icon: "settings" },
              { title: "Offer", subtitle: "References and a start date", icon: "star" },
            ],
            { name: "hiring_steps", ordered: true },
          ),
        ],
        extra: [],
        sections: ["application form", "hiring process"],
      };
    case "contact":
    case "custom": {
      const custom = kind === "custom" && fields.length > 0;
      return {
        kind,
        title: custom
          ? titleCase(clip(ctx.prompt.replace(/\s+(with|including|containing)\b.*$/is, ""), 60))
          : topic
            ? `Contact ${titleCase(topic)}`
            : "Contact us",
        intro: custom
          ? "Fill in the details below and press submit."
          : `Have a question${about ? ` about our${about}` : ""}? Send us a message and we'll get back to you within one business day.`,
        cardTitle: custom ? "Details" : "Send a message",
        fields: fields.length
          ? fields
          : [
              f("Full name", "text", { placeholder: "Jane Doe", required: true }),
              f("Email", "email", { placeholder: "you@example.com", required: true }),
              f("Phone (optional)", "tel", { name: "phone", placeholder: "+1 555 0100" }),
              f("Subject", "select", {
                options: ["General question", "Orders and billing", "Technical support", "Partnerships"],
                value: "General question",
              }),
              f("Message", "textarea", { placeholder: "How can we help?" }),
              f("Send me a copy of this message", "checkbox", { name: "send_copy", value: false }),
            ],
        submit: custom ? "Submit" : "Send message",
        sideTitle: "Other ways to reach us",
        side: [
          row([icon("mail", { tone: "info", name: "mail_icon" }), text("hello@example.com", { name: "contact_email" })], {
            gap: 8,
            align: "center",
          }),
          row([icon("phone", { tone: "info", name: "phone_icon" }), text("+1 (555) 010-2030", { name: "contact_phone" })], {
            gap: 8,
            align: "center",
          }),
          row([icon("clock", { tone: "info", name: "hours_icon" }), text("Mon–Fri, 9:00–17:30", { name: "contact_hours" })], {
            gap: 8,
            align: "center",
          }),
          text("We usually reply within one business day.", { tone: "muted", size: "sm" }),
        ],
        extra: [],
        faq: custom
          ? undefined
          : [
              ["How fast will I hear back?", "Within one business day, usually much sooner."],
              ["Can I call instead?", "Yes — our phone line is open Monday to Friday, 9:00 to 17:30."],
              [
                "Where do I report a problem with an order?",
                "Choose “Orders and billing” as the subject and include your order number.",
              ],
            ],
        sections: custom ? ["form with the fields asked for"] : ["contact form", "other ways to reach us", "FAQ"],
      };
    }
  }
}

function bookingPlan(kind: Booking, topic: string | undefined, fields: Field[]): FormPlan {
  const who = [
    f("Full name", "text", { required: true }),
    f("Email", "email", { placeholder: "you@example.com", required: true }),
    f("Phone", "tel"),
  ];
  const base = { kind: "booking" as const, extra: [], sideTitle: "Good to know" };
  const name = topic ? titleCase(topic) : undefined;
  switch (kind) {
    case "restaurant":
      return {
        ...base,
        title: name ? `Book a table at ${name}` : "Book a table",
        intro: "Reserve up to 30 days ahead. Tables are held for 15 minutes.",
        cardTitle: "Reservation",
        fields: fields.length
          ? fields
          : [
              f("Date", "date"),
              f("Time", "select", { options: ["18:00", "18:30", "19:00", "19:30", "20:00", "20:30", "21:00"], value: "19:30" }),
              f("Guests", "slider", { value: 2, min: 1, max: 12, step: 1 }),
              f("Seating", "select", {
                options: ["Dining room", "Terrace", "Bar counter", "No preference"],
                value: "No preference",
              }),
              ...who,
              f("Allergies or special requests", "textarea", { placeholder: "Birthday, high chair, nut allergy…" }),
            ],
        submit: "Reserve table",
        side: [
          keyValue({ Lunch: "12:00–14:30", Dinner: "18:00–22:30", Closed: "Mondays" }, { name: "opening_hours" }),
          alert("Groups of 8 or more: we'll call you to confirm the menu.", { name: "group_note", tone: "info" }),
        ],
        sections: ["reservation form", "opening hours"],
      };
    case "hotel":
      return {
        ...base,
        title: name ? `Book your stay at ${name}` : "Book your stay",
        intro: "Best rate guaranteed when you book direct. Free cancellation up to 48 hours before arrival.",
        cardTitle: "Your stay",
        fields: fields.length
          ? fields
          : [
              f("Check-in", "date"),
              f("Check-out", "date"),
              f("Room", "select", {
                options: [
                  { label: "Classic double — $149/night", value: "classic" },
                  { label: "Deluxe king — $189/night", value: "deluxe" },
                  { label: "Junior suite — $259/night", value: "suite" },
                ],
                value: "deluxe",
              }),
              f("Guests", "slider", { value: 2, min: 1, max: 6, step: 1 }),
              f("Add breakfast ($18 per person)", "switch", { value: true }),
              ...who.slice(0, 2),
              f("Special requests", "textarea", { placeholder: "Late check-in, quiet room…" }),
            ],
        submit: "Book room",
        side: [
          keyValue(
            { "Check-in": "from 15:00", "Check-out": "until 11:00", Parking: "$25 per night", "Wi-Fi": "Free" },
            { name: "stay_facts" },
          ),
          alert("Free cancellation up to 48 hours before arrival.", { name: "cancel_note", tone: "success" }),
        ],
        sections: ["stay details", "guest details", "hotel facts"],
      };
    case "salon":
      return {
        ...base,
        title: name ? `Book at ${name}` : "Book an appointment",
        intro: "Choose a service and a time that suits you.",
        cardTitle: "Appointment",
        fields: fields.length
          ? fields
          : [
              f("Service", "select", {
                options: ["Cut & blow-dry — 45 min", "Colour — 90 min", "Manicure — 40 min", "Massage — 60 min"],
                value: "Cut & blow-dry — 45 min",
              }),
              f("Stylist", "select", { options: ["First available", "Maya", "Jonah", "Lena"], value: "First available" }),
              f("Date", "date"),
              f("Time", "select", { options: ["09:30", "11:00", "13:30", "15:00", "16:30"], value: "11:00" }),
              ...who,
              f("Notes", "textarea", { placeholder: "Anything we should know?" }),
            ],
        submit: "Book appointment",
        side: [keyValue({ "Tue–Fri": "9:00–19:00", Saturday: "9:00–17:00", "Sun–Mon": "Closed" }, { name: "opening_hours" })],
        sections: ["service and time", "your details", "opening hours"],
      };
    case "class":
      return {
        ...base,
        title: name ? `Book a ${name} class` : "Book a class",
        intro: "Drop-in or join a course. Mats and equipment provided.",
        cardTitle: "Class booking",
        fields: fields.length
          ? fields
          : [
              f("Class", "select", {
                options: [
                  "Beginners — Mon 18:00",
                  "All levels — Wed 07:30",
                  "Intermediate — Thu 19:00",
                  "Weekend flow — Sat 10:00",
                ],
              }),
              f("Date", "date"),
              f("Spots", "slider", { value: 1, min: 1, max: 4, step: 1 }),
              ...who.slice(0, 2),
              f("This is my first class", "checkbox", { value: false }),
            ],
        submit: "Book class",
        side: [
          keyValue(
            { "Drop-in": "$18", "10-class pass": "$150", Cancellation: "Free until 12 h before" },
            { name: "class_prices" },
          ),
        ],
        sections: ["class choice", "your details", "prices"],
      };
    default:
      return {
        ...base,
        title: name ? `Book an appointment at ${name}` : "Book an appointment",
        intro: "Pick a service, a day and a time. You'll get a confirmation by email.",
        cardTitle: "Appointment",
        fields: fields.length
          ? fields
          : [
              f("Service", "select", {
                options: ["Consultation — 30 min", "Follow-up — 20 min", "Check-up — 45 min", "Video call — 20 min"],
                value: "Consultation — 30 min",
              }),
              f("Date", "date"),
              f("Time", "select", { options: ["09:00", "09:30", "10:30", "11:30", "14:00", "15:30", "16:30"], value: "10:30" }),
              f("Visit type", "select", { options: ["In person", "Video call", "Phone call"], value: "In person" }),
              ...who,
              f("Reason for visit", "textarea", { placeholder: "A few words help us prepare" }),
              f("Text me a reminder the day before", "checkbox", { value: true }),
            ],
        submit: "Request appointment",
        side: [
          keyValue({ "Mon–Fri": "8:00–18:00", Saturday: "9:00–13:00", Phone: "+1 (555) 010-4477" }, { name: "opening_hours" }),
          alert("Need to cancel? It's free up to 24 hours before.", { name: "cancel_note", tone: "info" }),
        ],
        sections: ["appointment details", "your details", "opening hours"],
      };
  }
}

/** Builds a form of a given kind (used for prompts, and for actions that open a form). */
export function buildFormOf(kind: FormKind, ctx: ScreenContext, fields: Field[] = [], submitEvent?: string): Built {
  const p = plan(kind, ctx, fields);
  const event = submitEvent ?? `submit_${kind === "custom" ? "form" : kind}`;
  const form = card(
    p.cardTitle,
    [
      ...p.fields.map(fieldNode),
      row(
        [
          button(p.submit, { name: event, variant: "primary", onPress: event }),
          button("Clear", { name: "clear_form", variant: "ghost", onPress: "clear_form" }),
        ],
        { gap: 8, justify: "end" },
      ),
      ...p.extra,
    ],
    { name: "form_card", elevated: true, style: { flex: 2 } },
  );
  const side = card(p.sideTitle, p.side, { name: "side_card", style: { flex: 1 } });
  const nodes: UiNode[] = [
    heading(p.title, { level: 1, name: "title" }),
    text(p.intro, { tone: "muted", name: "intro" }),
    row([form, side], { gap: 16, align: "start", wrap: true, name: "layout" }),
  ];
  if (p.faq) nodes.push(heading("Questions", { level: 3, name: "faq_title" }), faq(p.faq));
  nodes.push(text("We only use your details to answer this request.", { size: "sm", tone: "muted", name: "privacy" }));
  return {
    name: p.title,
    settings: { title: p.title, theme: "auto", maxWidth: 960, padding: 24, gap: 16 },
    nodes,
    sections: ["title and intro", ...p.sections],
    summary: `a ${kind === "custom" ? "" : `${kind} `}form with ${p.fields.length} fields (${p.fields
      .slice(0, 6)
      .map((x) => x.label)
      .join(", ")}${p.fields.length > 6 ? ", …" : ""}) submitting “${event}”`,
  };
}

/** The form a prompt asks for (its fields if it lists them). */
export function buildForm(ctx: ScreenContext): Built {
  return buildFormOf(formKindOf(ctx.text), ctx, listedFields(ctx.prompt));
}

/** For a column list of records (a table): the fields of a form that adds one. */
export function fieldsForColumns(labels: string[]): Field[] {
  return labels.slice(0, 8).map((l) => fieldFor(l) ?? f(capitalize(l), "text"));
}
