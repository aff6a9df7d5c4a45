import catalogJson from "../../data/content/catalog.json";
import domainsJson from "../../data/content/domains.json";
import fieldsJson from "../../data/content/fields.json";
import peopleJson from "../../data/content/people.json";
import placesJson from "../../data/content/places.json";
import {
  CATALOG,
  DOMAINS,
  DomainSchema,
  DomainsFileSchema,
  FIELD_LEXICON,
  FieldSpecSchema,
  PEOPLE,
  PLACES,
  domainFor,
  fieldFor,
  rankDomains,
  words,
} from "./index";

/** Every string in a JSON value, with the path that leads to it. */
function strings(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

const FILES = {
  "domains.json": domainsJson,
  "people.json": peopleJson,
  "places.json": placesJson,
  "catalog.json": catalogJson,
  "fields.json": fieldsJson,
};

describe("content files", () => {
  it("when the module loads, then every file has parsed into typed content of the promised size", () => {
    expect(DOMAINS.length).toBeGreaterThanOrEqual(40);
    expect(PEOPLE.names.length).toBeGreaterThanOrEqual(80);
    expect(PEOPLE.titles.length).toBeGreaterThanOrEqual(30);
    expect(PEOPLE.teams.length).toBeGreaterThanOrEqual(20);
    expect(PLACES.cities.length).toBeGreaterThanOrEqual(60);
    expect(PLACES.countries.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(FIELD_LEXICON).length).toBeGreaterThanOrEqual(60);
    expect(CATALOG.quizzes.map((q) => q.id)).toEqual(["general-knowledge", "science", "geography", "history", "programming"]);
    expect(PEOPLE.names[0]!.name).toBe(`${PEOPLE.names[0]!.first} ${PEOPLE.names[0]!.last}`);
    expect(DOMAINS.every((d) => d.currency === "USD" || /^[A-Z]{3}$/.test(d.currency))).toBe(true);
  });

  it("when a domain is missing its items or uses an unknown icon, then parsing fails with the reason", () => {
    const pets = domainsJson.find((d) => d.id === "pets")!;
    const noItems = DomainSchema.safeParse({ ...pets, items: [] });
    expect(noItems.success).toBe(false);
    expect(JSON.stringify(noItems.error?.issues)).toContain("items");
    const badIcon = DomainSchema.safeParse({ ...pets, features: pets.features.map((f) => ({ ...f, icon: "paw" })) });
    expect(badIcon.success).toBe(false);
    const badCategory = DomainSchema.safeParse({ ...pets, items: pets.items.map((i) => ({ ...i, category: "Snacks" })) });
    expect(JSON.stringify(badCategory.error?.issues)).toContain("not in categories");
    expect(DomainsFileSchema.safeParse([...domainsJson, domainsJson[0]]).success).toBe(false);
  });

  it("when a select field has no options, then parsing fails", () => {
    expect(FieldSpecSchema.safeParse({ label: "Size", input: "select" }).success).toBe(false);
    expect(FieldSpecSchema.safeParse({ label: "Size", input: "select", options: ["S", "M"] }).success).toBe(true);
  });

  it.each(Object.entries(FILES))(
    "when %s is read, then no string is lorem ipsum, a placeholder, a numbered item or a to-do",
    (_file, json) => {
      const banned =
        /\blorem\b|\bipsum\b|\bplaceholder\b|\bsamples?\b|\bfoo\b|\bbar baz\b|\bitem \d+\b|\bxxx\b|\bexample\.com\b/i;
      // Upper case only: "todo" is the kanban status a card starts in.
      const marker = /\b(TODO|TBD|FIXME)\b/;
      const offending = strings(json)
        .filter(({ text }) => banned.test(text) || marker.test(text))
        // An email field's hint is the one place where example.com is the right address to show.
        .filter(({ path, text }) => !(/\.placeholder$/.test(path) && /^[a-z.]+@example\.com$/.test(text)));
      expect(offending).toEqual([]);
    },
  );

  it("when a domain's content is read, then no well-known brand appears in it", () => {
    const brands =
      /\b(Nike|Adidas|Apple|iPhone|Amazon|Google|Netflix|Spotify|Starbucks|Airbnb|Uber|Lego|LEGO|Bluetooth|Coca-Cola|IKEA|Samsung|Sony|Disney|PlayStation|Xbox|Nintendo|Tesla|Mastercard|PayPal|Facebook|Instagram|TikTok|YouTube|LinkedIn|WhatsApp|Shopify|Salesforce)\b/;
    expect(strings(domainsJson).filter(({ text }) => brands.test(text))).toEqual([]);
    expect(strings(catalogJson).filter(({ text }) => brands.test(text))).toEqual([]);
  });
});

describe("domains", () => {
  const REQUIRED = [
    "womens-health",
    "programming",
    "pets",
    "astrology",
    "health-clinic",
    "dental",
    "fitness",
    "yoga",
    "restaurant",
    "coffee",
    "bakery",
    "grocery",
    "fashion",
    "shoes",
    "electronics",
    "books",
    "furniture",
    "beauty",
    "travel",
    "hotel",
    "flights",
    "car-rental",
    "real-estate",
    "school",
    "online-courses",
    "saas",
    "finance",
    "insurance",
    "investing",
    "music",
    "podcasts",
    "movies",
    "gaming",
    "sports-club",
    "photography",
    "wedding",
    "events",
    "charity",
    "law-firm",
    "home-services",
    "gardening",
    "weather",
    "logistics",
    "recruiting",
    "marketing-agency",
  ];

  it("when the brief's list of topics is checked, then each has a domain", () => {
    expect(REQUIRED.filter((id) => !DOMAINS.some((d) => d.id === id))).toEqual([]);
  });

  it.each(DOMAINS.map((d) => [d.id, d] as const))("when %s is used, then it has the counts a screen needs", (_id, d) => {
    expect(d.brand.length).toBeGreaterThanOrEqual(3);
    expect(d.items.length).toBeGreaterThanOrEqual(8);
    expect(d.items.length).toBeLessThanOrEqual(12);
    expect(d.services.length).toBeGreaterThanOrEqual(4);
    expect(d.features.length).toBeGreaterThanOrEqual(3);
    expect(d.faqs.length).toBeGreaterThanOrEqual(4);
    expect(d.people.length).toBeGreaterThanOrEqual(4);
    expect(d.metrics.length).toBeGreaterThanOrEqual(4);
    expect(d.series.values).toHaveLength(12);
    expect(d.posts.length).toBeGreaterThanOrEqual(4);
    // Consistency a designer would notice: every post is by someone on the team, every item in a listed category.
    const team = new Set(d.people.map((p) => p.name));
    expect(d.posts.filter((p) => !team.has(p.author))).toEqual([]);
    expect(d.items.filter((i) => !d.categories.includes(i.category))).toEqual([]);
    expect(d.series.values.every((v) => v >= 0)).toBe(true);
    expect(d.faqs.every(([q]) => q.endsWith("?"))).toBe(true);
  });

  it.each(["womens-health", "programming", "pets", "astrology"])(
    "when %s (a suggestion prompt's topic) fills a screen, then it has the richer set",
    (id) => {
      const d = DOMAINS.find((x) => x.id === id)!;
      expect(d.items.length).toBeGreaterThanOrEqual(10);
      expect(d.faqs.length).toBe(5);
      expect(d.posts.length).toBeGreaterThanOrEqual(5);
    },
  );

  it("when brands are listed, then no two domains share a brand name", () => {
    const all = DOMAINS.flatMap((d) => d.brand);
    expect(new Set(all).size).toBe(all.length);
  });

  it.each([
    ["A health care website for women", "womens-health"],
    ["A Python tutorial website", "programming"],
    ["A pets care ecommerce website", "pets"],
    ["An astrology website", "astrology"],
    ["a booking form for a dentist", "dental"],
    ["book a table at an italian restaurant", "restaurant"],
    ["landing page for a coffee shop", "coffee"],
    ["a menu for a café", "coffee"],
    ["a bakery that sells sourdough and cakes", "bakery"],
    ["grocery delivery app", "grocery"],
    ["online clothing store with dresses and jackets", "fashion"],
    ["running shoes store", "shoes"],
    ["a store selling laptops and headphones", "electronics"],
    ["children's books", "books"],
    ["a furniture shop with sofas", "furniture"],
    ["a hair salon booking", "beauty"],
    ["a travel agency site with tour packages", "travel"],
    ["hotel room booking", "hotel"],
    ["book a flight from Paris to Rome", "flights"],
    ["car rental checkout", "car-rental"],
    ["apartments for rent in the city centre", "real-estate"],
    ["a school website for parents and students", "school"],
    ["an online courses platform", "online-courses"],
    ["pricing page for a SaaS project management tool", "saas"],
    ["personal finance dashboard with expenses", "finance"],
    ["car insurance quote form", "insurance"],
    ["crypto portfolio tracker", "investing"],
    ["music streaming app with playlists", "music"],
    ["a podcast episode player", "podcasts"],
    ["cinema showtimes for movies", "movies"],
    ["football club fixtures and league table", "sports-club"],
    ["a wedding photographer", "photography"],
    ["wedding planning checklist", "wedding"],
    ["tech conference agenda and speakers", "events"],
    ["a charity donation page", "charity"],
    ["plumber booking form", "home-services"],
    ["weather forecast for the week", "weather"],
    ["parcel tracking for a courier", "logistics"],
    ["a job board for recruiters", "recruiting"],
    ["a digital marketing agency", "marketing-agency"],
    ["a yoga studio class schedule", "yoga"],
    ["a FAQ page for a vet clinic", "pets"],
    ["a pet insurance page", "insurance"],
    ["a health dashboard", "health-clinic"],
    ["a three course dinner menu", "restaurant"],
  ])("when the request is %j, then domainFor finds %s", (text, id) => {
    expect(domainFor(text)?.id).toBe(id);
  });

  it.each([
    "a to-do list app",
    "a login form",
    "a bar chart of visitors by country: US 40, India 25, UK 10",
    "a calendar of my events this week",
    "a contact form with name, email and message",
    "a checkout page with free shipping",
    // Field names and chart words are not topics.
    "a project inquiry form with name, email and budget",
    "a signup form with name, email and job title",
    "a checkout form with a delivery address",
    "a pie chart of market shares",
  ])("when the request %j names no domain, then domainFor finds none", (text) => {
    expect(domainFor(text)).toBeUndefined();
  });

  it("when the same request is ranked twice, then the ranking is the same, best first", () => {
    const text = "a landing page for a dog grooming salon";
    const once = rankDomains(text).map((m) => [m.domain.id, m.score]);
    expect(rankDomains(text).map((m) => [m.domain.id, m.score])).toEqual(once);
    expect(once[0]![0]).toBe("pets");
    expect(rankDomains(text)[0]!.cues).toEqual(expect.arrayContaining(["dog", "grooming"]));
  });

  it("when a cue is only part of a word, then it does not match", () => {
    // "cat" must not be found in "catalogue", nor "car" in "career".
    expect(rankDomains("a product catalogue").some((m) => m.domain.id === "pets")).toBe(false);
    expect(rankDomains("a career page").some((m) => m.domain.id === "car-rental")).toBe(false);
  });

  it("when text has capitals, accents and possessives, then words() gives plain lower-case words", () => {
    expect(words("Women's Café, T-shirts!")).toEqual(["women", "cafe", "t", "shirts"]);
  });
});

describe("form fields", () => {
  it.each([
    ["E-mail", "email"],
    ["Email Address", "email"],
    ["phone numbers", "phone"],
    ["Mobile", "phone"],
    ["Zip Code", "postal code"],
    ["DOB", "date of birth"],
    ["birthday", "date of birth"],
    ["your message", "message"],
    ["Comments", "message"],
    ["check in", "check-in"],
    ["Check-out date", "check-out"],
    ["Promo codes", "coupon code"],
    ["favourite colour", "color"],
    ["number of guests", "guests"],
    ["surname", "last name"],
    ["Budget", "budget"],
    ["countries", "country"],
    ["companies", "company"],
  ])("when a request asks for %j, then fieldFor gives the %s field", (word, key) => {
    expect(fieldFor(word)?.key).toBe(key);
  });

  it("when a word names no known field, then fieldFor gives nothing", () => {
    expect(fieldFor("flux capacitor")).toBeUndefined();
    expect(fieldFor("")).toBeUndefined();
  });

  it("when fields are looked up, then each gives what its input needs", () => {
    const email = fieldFor("email")!;
    expect(email).toMatchObject({ input: "textInput", type: "email", label: "Email" });
    expect(fieldFor("country")!.options).toContain("United Kingdom");
    expect(fieldFor("message")!.input).toBe("textArea");
    expect(fieldFor("date of birth")!.input).toBe("date");
    expect(fieldFor("terms")!.input).toBe("checkbox");
  });

  it("when every name and synonym is normalised, then no two fields claim the same words", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const field of Object.values(FIELD_LEXICON)) {
      for (const name of [field.key, ...field.synonyms]) {
        const k = words(name.replace(/-/g, " ")).join(" ");
        const prior = owner.get(k);
        if (prior && prior !== field.key) clashes.push(`${k}: ${prior} / ${field.key}`);
        owner.set(k, field.key);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("when a slider or select has a default, then the default is one it can show", () => {
    for (const f of Object.values(FIELD_LEXICON)) {
      if (f.input === "slider") {
        expect(f.min! < f.max!).toBe(true);
        if (typeof f.default === "number") expect(f.default >= f.min! && f.default <= f.max!).toBe(true);
      }
      if (f.input === "select" && f.default !== undefined) expect(f.options).toContain(f.default);
    }
  });
});

describe("people, places and the generic catalogue", () => {
  it("when names are drawn, then there are many women, men and a few neutral names, none repeated", () => {
    const by = (g: string) => PEOPLE.names.filter((n) => n.gender === g).length;
    expect(by("female")).toBeGreaterThanOrEqual(35);
    expect(by("male")).toBeGreaterThanOrEqual(35);
    expect(by("neutral")).toBeGreaterThanOrEqual(5);
    expect(new Set(PEOPLE.titles).size).toBe(PEOPLE.titles.length);
  });

  it("when a city's time zone is used to format a time, then the runtime knows it", () => {
    const unknown = PLACES.cities.filter((c) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: c.timezone });
        return false;
      } catch {
        return true;
      }
    });
    expect(unknown.map((c) => c.timezone)).toEqual([]);
  });

  it("when an itinerary needs a place of its kind, then there are several beach, city and mountain cities", () => {
    for (const kind of ["beach", "city", "mountains"] as const) {
      expect(PLACES.cities.filter((c) => c.kind === kind).length).toBeGreaterThanOrEqual(5);
      expect(CATALOG.itineraries[kind]).toHaveLength(12);
    }
  });

  it("when a quiz is shown, then every question has four different options and a valid answer", () => {
    for (const quiz of CATALOG.quizzes) {
      expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
      for (const q of quiz.questions) {
        expect(new Set(q.options).size).toBe(4);
        expect(q.options[q.answer]).toBeDefined();
      }
    }
  });

  it("when the leaderboard is shown, then players come in score order with unique handles", () => {
    const scores = CATALOG.players.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(CATALOG.players.map((p) => p.handle)).size).toBe(CATALOG.players.length);
  });

  it("when settings are shown, then the four sections exist with three to five settings each", () => {
    expect(CATALOG.settings.map((s) => s.section)).toEqual(["Account", "Notifications", "Privacy", "Appearance"]);
    expect(CATALOG.errors.map((e) => e.id)).toEqual(
      expect.arrayContaining(["not-found", "offline", "payment-failed", "access-denied"]),
    );
    expect(Object.keys(CATALOG.processes)).toEqual(expect.arrayContaining(["onboarding", "checkout", "account-setup"]));
  });

  it("when a chat is shown, then both people speak and times never go backwards", () => {
    for (const chat of CATALOG.chats) {
      expect(new Set(chat.messages.map((m) => m.from)).size).toBe(2);
      const times = chat.messages.map((m) => m.time);
      expect(times).toEqual([...times].sort());
    }
  });
});
