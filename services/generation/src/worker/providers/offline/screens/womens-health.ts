import { normalize, slug } from "../text";
import {
  alert,
  badge,
  button,
  card,
  checkbox,
  column,
  date,
  grid,
  heading,
  image,
  list,
  markdown,
  row,
  select,
  stat,
  table,
  tabs,
  text,
  textArea,
  textInput,
  type UiNode,
} from "../ui";
import { avatar, faq, footer, navBar, photo, type ActionAnswer, type Built, type ScreenContext } from "./shared";

/**
 * "A health care website for women": a clinic site with services, care by life stage, a screening guide, doctors,
 * an appointment form, reviews and a FAQ. Sections, services and doctors open their own pages; the form reports
 * `submit_appointment`.
 */

const BRAND = "Bloom Women's Health";

const SERVICES: { name: string; summary: string; expect: string[] }[] = [
  {
    name: "Gynecology",
    summary: "Well-woman exams, cervical screening, contraception, and care for pelvic pain, PCOS and endometriosis.",
    expect: [
      "A relaxed conversation about your health and history",
      "An exam only if you need one and agree to it",
      "A written plan to take home",
    ],
  },
  {
    name: "Pregnancy & maternity",
    summary: "Preconception advice, prenatal visits, scans, birth planning and postpartum support.",
    expect: [
      "Prenatal visits every 4 weeks, then more often near your due date",
      "Dating and anatomy scans on site",
      "A named midwife from week 12",
    ],
  },
  {
    name: "Fertility",
    summary: "Fertility assessments, cycle tracking, ovulation support and referrals for IVF.",
    expect: [
      "Blood tests and an ultrasound for both partners where relevant",
      "A results review within 2 weeks",
      "Options explained plainly, including costs",
    ],
  },
  {
    name: "Menopause care",
    summary: "Relief for hot flushes, sleep and mood changes; hormone therapy assessments; bone and heart health.",
    expect: [
      "A symptom check-in using a simple questionnaire",
      "A discussion of HRT and non-hormonal options",
      "Follow-up at 3 months",
    ],
  },
  {
    name: "Breast health",
    summary: "Clinical breast exams, mammogram referrals and same-week appointments for any new lump.",
    expect: ["An exam with a specialist nurse or doctor", "Imaging referral if needed", "Results explained in person"],
  },
  {
    name: "Mental wellbeing",
    summary: "Support for anxiety, low mood, postnatal depression and stress — in person or by video.",
    expect: ["A 50-minute first session", "Talking therapy, and medication review if helpful", "Flexible evening slots"],
  },
];

const DOCTORS: { name: string; role: string; languages: string; accepting: boolean }[] = [
  { name: "Dr. Amara Okafor", role: "Obstetrician & gynecologist", languages: "English, Yoruba", accepting: true },
  { name: "Dr. Elena Petrova", role: "Fertility specialist", languages: "English, Russian", accepting: true },
  { name: "Dr. Mei Chen", role: "Menopause specialist", languages: "English, Mandarin", accepting: false },
  { name: "Dr. Priya Sharma", role: "Perinatal psychiatrist", languages: "English, Hindi", accepting: true },
];

const SCREENINGS = [
  { screening: "Blood pressure", who: "All adults", often: "At least every 2 years" },
  { screening: "Cervical screening (Pap / HPV)", who: "From your 20s to 65", often: "Every 3–5 years" },
  { screening: "Mammogram", who: "From 40–50, earlier if at higher risk", often: "Every 1–2 years" },
  { screening: "Colorectal screening", who: "From 45", often: "Depends on the test" },
  { screening: "Cholesterol", who: "Adults, from your 20s", often: "Every 4–6 years" },
  { screening: "Bone density", who: "From 65, earlier if at risk", often: "As advised" },
];

const STAGES: [string, string][] = [
  [
    "Teens & 20s",
    "- **HPV vaccine** if you haven't had it\n- **Contraception** that suits you — reviewed yearly\n- **STI testing** when you have a new partner\n- First **cervical screening** when invited\n- Talk to us about **painful or heavy periods**: it's common, not normal",
  ],
  [
    "30s & 40s",
    "- Keep up **cervical screening**\n- Planning a pregnancy? Start **folic acid (400 mcg)** three months before\n- Ask about a **mammogram** from 40\n- Check **blood pressure and cholesterol**\n- Tired all the time? A simple **thyroid and iron** test can help",
  ],
  [
    "50 and over",
    "- **Mammograms** every 1–2 years\n- **Colorectal screening** from 45\n- **Menopause** symptoms are treatable — you don't have to put up with them\n- **Bone density** scan if you're at risk\n- Yearly check of **blood pressure, blood sugar and cholesterol**",
  ],
];

function bookingCard(doctor = "First available", service = "Gynecology"): UiNode {
  return card(
    "Book an appointment",
    [
      row(
        [
          textInput({ name: "full_name", label: "Full name", placeholder: "Jane Doe", required: true }),
          textInput({ name: "email", label: "Email", type: "email", placeholder: "you@example.com", required: true }),
        ],
        { gap: 12, wrap: true },
      ),
      row(
        [
          textInput({ name: "phone", label: "Phone", type: "tel", placeholder: "+1 555 0100" }),
          select(service, { name: "service", label: "Service", options: SERVICES.map((s) => s.name) }),
        ],
        { gap: 12, wrap: true },
      ),
      row(
        [
          select(doctor, { name: "doctor", label: "Doctor", options: ["First available", ...DOCTORS.map((d) => d.name)] }),
          select("In person", { name: "visit_type", label: "Visit type", options: ["In person", "Video call", "Phone call"] }),
        ],
        { gap: 12, wrap: true },
      ),
      row(
        [
          date(undefined, { name: "preferred_date", label: "Preferred date" }),
          select("09:30", {
            name: "preferred_time",
            label: "Preferred time",
            options: ["08:30", "09:30", "11:00", "13:30", "15:00", "17:30"],
          }),
        ],
        { gap: 12, wrap: true },
      ),
      textArea({ name: "reason", label: "Reason for visit (optional)", placeholder: "A few words help us prepare", rows: 3 }),
      checkbox(false, { name: "consent", label: "I agree to be contacted about my appointment" }),
      button("Request appointment", {
        name: "submit_appointment",
        variant: "primary",
        fullWidth: true,
        onPress: "submit_appointment",
      }),
      text("We confirm within 2 working hours, Monday to Saturday.", { size: "sm", tone: "muted" }),
    ],
    { name: "booking_card", elevated: true },
  );
}

function servicesGrid(): UiNode {
  return grid(
    SERVICES.map((s) =>
      card(
        s.name,
        [
          text(s.summary, { size: "sm" }),
          button("Learn more", {
            name: `service_${slug(s.name, 30)}`,
            variant: "ghost",
            size: "sm",
            icon: "arrow-right",
            onPress: { event: "open_service", value: s.name },
          }),
        ],
        { name: `service_card_${slug(s.name, 30)}` },
      ),
    ),
    { columns: 3, gap: 12, name: "services" },
  );
}

function doctorsGrid(): UiNode {
  return grid(
    DOCTORS.map((d) =>
      card(
        d.name,
        [
          image(avatar(d.name), { alt: `Portrait placeholder for ${d.name}`, width: 72, height: 72, radius: 36 }),
          text(d.role, { weight: "medium" }),
          text(`Speaks ${d.languages}`, { size: "sm", tone: "muted" }),
          badge(d.accepting ? "Accepting new patients" : "Waitlist open", { tone: d.accepting ? "success" : "warning" }),
          button(`Book with ${d.name.replace(/^Dr\. /, "Dr ")}`, {
            name: `book_${slug(d.name, 30)}`,
            variant: "secondary",
            size: "sm",
            onPress: { event: "book_doctor", value: d.name },
          }),
        ],
        { name: `doctor_${slug(d.name, 30)}` },
      ),
    ),
    { columns: 4, gap: 12, name: "doctors" },
  );
}

const header = () =>
  navBar(BRAND, ["Services", "Doctors", "Resources", "Locations"], {
    label: "Book a visit",
    name: "nav_book",
    action: "open_booking",
  });

const siteFooter = () =>
  footer(
    BRAND,
    {
      Phone: "+1 (555) 010-4477",
      Email: "care@bloomhealth.example",
      Address: "220 Linden Avenue, Suite 4",
      Hours: "Mon–Fri 8:00–19:00 · Sat 9:00–14:00",
    },
    "Information on this site is general and does not replace advice from your clinician.",
  );

const emergency = () =>
  alert("If you are having a medical emergency, call your local emergency number or go to the nearest emergency department.", {
    name: "emergency_note",
    title: "In an emergency",
    tone: "danger",
  });

const settings = (title: string) => ({ title, theme: "light" as const, maxWidth: 1120, padding: 24, gap: 20 });

/** The women's health care website. */
export function buildWomensHealth(_ctx: ScreenContext): Built {
  const nodes: UiNode[] = [
    header(),
    image(photo("bloom-womens-health-hero", 1200, 420), {
      name: "hero_image",
      alt: "A doctor talking with a patient in a bright consultation room",
      height: 320,
      fit: "cover",
      radius: 16,
    }),
    column(
      [
        heading("Care that listens, at every stage of life", { level: 1, name: "hero_title" }),
        text(
          "Gynecology, pregnancy, fertility, menopause and mental health — with women doctors, same-week appointments and video visits when it suits you.",
          { size: "lg", name: "hero_text" },
        ),
        row(
          [
            button("Book an appointment", {
              name: "hero_book",
              variant: "primary",
              size: "lg",
              icon: "calendar",
              onPress: "open_booking",
            }),
            button("Find a doctor", { name: "hero_doctors", variant: "secondary", size: "lg", onPress: "open_doctors" }),
          ],
          { gap: 12, wrap: true },
        ),
      ],
      { gap: 12, name: "hero", animation: { type: "fade", duration: 300 } },
    ),
    grid(
      [
        stat(12_400, { name: "patients", label: "Women cared for each year" }),
        stat(28, { name: "clinicians", label: "Specialist clinicians" }),
        stat(4.9, { name: "rating", label: "Average rating (2,310 reviews)" }),
        stat(2, { name: "wait", label: "Days to a first appointment (avg.)" }),
      ],
      { columns: 4, name: "figures" },
    ),
    heading("Our services", { level: 2, name: "services_title" }),
    servicesGrid(),
    heading("Your health, stage by stage", { level: 2, name: "stages_title" }),
    tabs(
      STAGES.map(([s]) => s),
      STAGES.map(([s, md]) => markdown(md, { name: `stage_${slug(s, 20)}` })),
      { name: "life_stages" },
    ),
    card(
      "Screening guide",
      [
        table(SCREENINGS, {
          name: "screenings",
          columns: [
            { key: "screening", label: "Screening" },
            { key: "who", label: "Who" },
            { key: "often", label: "How often" },
          ],
          caption: "General guidance — your clinician will tailor it to you",
          sortable: false,
        }),
      ],
      { name: "screening_card", subtitle: "Common checks and when to have them" },
    ),
    heading("Meet our doctors", { level: 2, name: "doctors_title" }),
    doctorsGrid(),
    row(
      [
        column([bookingCard()], { name: "booking_column" }),
        column(
          [
            card(
              "What patients say",
              [
                list(
                  [
                    { title: "“I finally felt heard about my endometriosis.”", subtitle: "Hannah, 34", icon: "heart" },
                    { title: "“The menopause clinic changed my sleep and my mood.”", subtitle: "Ingrid, 52", icon: "heart" },
                    {
                      title: "“Video follow-ups made the first months with a newborn easier.”",
                      subtitle: "Leila, 29",
                      icon: "heart",
                    },
                  ],
                  { name: "reviews", dividers: true },
                ),
              ],
              { name: "reviews_card" },
            ),
            card(
              "Visiting us",
              [
                text("Step-free access, a private feeding room and free parking behind the building.", { size: "sm" }),
                badge("Most insurance plans accepted", { tone: "info", name: "insurance_badge" }),
              ],
              { name: "visit_card" },
            ),
          ],
          { gap: 12, name: "side_column" },
        ),
      ],
      { gap: 16, align: "start", wrap: true, name: "booking_section" },
    ),
    heading("Questions", { level: 2, name: "faq_title" }),
    faq([
      ["Do I need a referral?", "No. You can book any service directly; bring any letters or results you already have."],
      [
        "Do you take my insurance?",
        "We work with most major insurers. Add your provider when you book and we'll check cover before your visit.",
      ],
      ["Can I bring my partner or a friend?", "Of course — to any appointment, in person or on video."],
      ["Are video appointments available?", "Yes, for most follow-ups, contraception reviews, menopause care and mental health."],
    ]),
    emergency(),
    ...siteFooter(),
  ];
  return {
    name: BRAND,
    settings: settings(BRAND),
    nodes,
    sections: [
      "header with navigation",
      "hero with booking call to action",
      "4 key figures",
      "6 services",
      "care by life stage (tabs)",
      "screening guide table",
      "4 doctors",
      "appointment form and reviews",
      "FAQ",
      "emergency note and footer",
    ],
    summary: `a women's health clinic website (${BRAND})`,
  };
}

function page(title: string, body: UiNode[], sections: string[]): Built {
  return {
    name: `${title} — ${BRAND}`,
    settings: settings(`${title} — ${BRAND}`),
    nodes: [header(), heading(title, { level: 1, name: "page_title" }), ...body, emergency(), ...siteFooter()],
    sections: ["header", ...sections, "footer"],
    summary: `the “${title}” page of ${BRAND}`,
  };
}

/** Pages behind the site's navigation, services and doctors. */
export const answerWomensHealth: ActionAnswer = (a) => {
  const what = normalize(`${a.event ?? ""} ${a.name} ${a.label}`);
  const service = SERVICES.find(
    (s) => normalize(s.name) === normalize(a.label) || what.includes(slug(s.name, 30).replace(/_/g, " ")),
  );
  if (a.event === "open_service" || (service && /service/.test(what))) {
    const s = service ?? SERVICES[0]!;
    return page(
      s.name,
      [
        image(photo(`bloom-${s.name}`, 1200, 360), { name: "service_image", alt: s.name, height: 260, fit: "cover", radius: 16 }),
        text(s.summary, { size: "lg", name: "service_summary" }),
        card("What to expect", [list(s.expect, { name: "expect_list", ordered: true })], { name: "expect_card" }),
        heading("Doctors for this service", { level: 2, name: "doctors_title" }),
        doctorsGrid(),
        bookingCard("First available", s.name),
      ],
      ["service description", "what to expect", "doctors", "booking form"],
    );
  }
  const doctor = DOCTORS.find((d) => d.name === a.label || (a.value === d.name && a.event === "book_doctor"));
  if (a.event === "book_doctor" || doctor) {
    const d = doctor ?? DOCTORS[0]!;
    return page(
      `Book with ${d.name}`,
      [
        row(
          [
            image(avatar(d.name), {
              name: "doctor_avatar",
              alt: `Portrait placeholder for ${d.name}`,
              width: 96,
              height: 96,
              radius: 48,
            }),
            column([text(d.role, { size: "lg", weight: "medium" }), text(`Speaks ${d.languages}`, { tone: "muted" })], {
              gap: 4,
            }),
          ],
          { gap: 16, align: "center" },
        ),
        d.accepting
          ? alert(`${d.name} has appointments this week.`, { name: "availability", tone: "success" })
          : alert(`${d.name} has a waitlist; we'll offer the first free slot.`, { name: "availability", tone: "warning" }),
        bookingCard(d.name),
      ],
      ["doctor details", "availability", "booking form"],
    );
  }
  if (/booking|book a visit|book an appointment|open booking/.test(what))
    return page("Book an appointment", [bookingCard()], ["booking form"]);
  if (/doctors?/.test(what)) return page("Our doctors", [doctorsGrid()], ["doctors"]);
  if (/services?/.test(what)) return page("Services", [servicesGrid()], ["services"]);
  if (/resources?|guide|stages?/.test(what))
    return page(
      "Resources",
      [
        tabs(
          STAGES.map(([s]) => s),
          STAGES.map(([, md]) => markdown(md)),
          { name: "life_stages" },
        ),
        table(SCREENINGS, {
          name: "screenings",
          columns: ["screening", "who", { key: "often", label: "How often" }],
          sortable: false,
        }),
        list(
          [
            { title: "Understanding your cycle", subtitle: "6 min read" },
            { title: "PCOS: what helps, what doesn't", subtitle: "8 min read" },
            { title: "Sleep and menopause", subtitle: "5 min read" },
            { title: "Your first prenatal visit", subtitle: "4 min read" },
          ],
          { name: "articles", dividers: true },
        ),
      ],
      ["care by life stage", "screening guide", "articles"],
    );
  if (/locations?/.test(what))
    return page(
      "Locations",
      [
        grid(
          [
            card("Linden Avenue", [
              text("220 Linden Avenue, Suite 4"),
              text("Mon–Fri 8:00–19:00 · Sat 9:00–14:00", { tone: "muted" }),
            ]),
            card("Riverside", [text("14 Harbour Street, 2nd floor"), text("Mon–Fri 8:30–18:00", { tone: "muted" })]),
            card("Video clinic", [text("Anywhere with a good connection"), text("Mon–Sat 7:30–21:00", { tone: "muted" })]),
          ],
          { columns: 3, name: "locations" },
        ),
      ],
      ["locations"],
    );
  return undefined;
};
