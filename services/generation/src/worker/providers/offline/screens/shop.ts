import { money, normalize, slug, titleCase } from "../text";
import {
  accordion,
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
  keyValue,
  list,
  markdown,
  row,
  select,
  slider,
  stat,
  table,
  tabs,
  text,
  textArea,
  textInput,
  type Json,
  type Row,
  type UiNode,
} from "../ui";
import { allNodes, type CodeScreen } from "../read-code";
import { faq, footer, navBar, photo, type ActionAnswer, type Built, type PressedAction, type ScreenContext } from "./shared";

/**
 * Online shops: "a pets care e-commerce website" (pet food, toys, health, plus grooming and vet services and care
 * guides) and general stores (coffee, books, fashion, electronics, plants, or products named after what the prompt
 * sells). Products open their detail page (`open_product`), go to the cart (`add_to_cart`), and the cart checks out
 * (`checkout` → `submit_order`).
 */

export interface Product {
  id: string;
  name: string;
  price: number;
  category: string;
  rating: number;
  reviews: number;
  blurb: string;
  options?: { label: string; values: string[] };
}

interface Catalog {
  key: string;
  re: RegExp;
  brand: string;
  tagline: string;
  heroAlt: string;
  categories: string[];
  products: Product[];
  faq: [string, string][];
}

const p = (
  name: string,
  price: number,
  category: string,
  rating: number,
  reviews: number,
  blurb: string,
  options?: Product["options"],
): Product => ({ id: slug(name, 36), name, price, category, rating, reviews, blurb, options });

const PETS: Catalog = {
  key: "pets",
  re: /\b(pets?|dogs?|cats?|puppy|kitten|animals?)\b/,
  brand: "Happy Tails Pet Co.",
  tagline: "Everything your pet needs, delivered",
  heroAlt: "A happy dog and cat sitting together",
  categories: ["Dogs", "Cats", "Birds", "Fish", "Small pets", "Health"],
  products: [
    p(
      "Grain-free salmon kibble 2 kg",
      34.99,
      "Dogs",
      4.8,
      1204,
      "High-protein recipe with wild salmon and sweet potato for sensitive stomachs.",
      {
        label: "Size",
        values: ["2 kg", "6 kg", "12 kg"],
      },
    ),
    p(
      "Orthopedic memory-foam dog bed",
      79,
      "Dogs",
      4.7,
      386,
      "Supportive foam for older joints, with a washable, chew-resistant cover.",
      {
        label: "Size",
        values: ["Small", "Medium", "Large"],
      },
    ),
    p(
      "Reflective no-pull harness",
      24.5,
      "Dogs",
      4.6,
      912,
      "Front clip to reduce pulling, padded chest plate, reflective stitching.",
      {
        label: "Size",
        values: ["XS", "S", "M", "L", "XL"],
      },
    ),
    p("Natural dental chews, 14 pack", 12.99, "Dogs", 4.5, 2210, "Vet-recommended chews that reduce plaque and freshen breath."),
    p("Indoor cat tree 120 cm", 89.99, "Cats", 4.8, 540, "Three platforms, a hideaway and sisal posts for happy claws."),
    p("Clumping clay cat litter 10 L", 14.99, "Cats", 4.4, 1780, "Low-dust, unscented, forms firm clumps for easy scooping."),
    p(
      "Wet food variety pack, 12 × 85 g",
      17.49,
      "Cats",
      4.6,
      995,
      "Chicken, tuna and turkey in gravy — complete nutrition for adult cats.",
    ),
    p("Feather wand toy set", 9.99, "Cats", 4.7, 640, "Three interchangeable feather toys on a flexible wand."),
    p(
      "Aquarium starter kit 60 L",
      119,
      "Fish",
      4.5,
      210,
      "Tank, LED light, filter and heater — everything for your first aquarium.",
    ),
    p("Budgie seed mix 1 kg", 8.49, "Birds", 4.6, 330, "Millet, canary seed and oats, with added vitamins."),
    p("Hamster habitat with wheel", 49.99, "Small pets", 4.3, 275, "Two levels, a silent wheel and a hideout; easy-clean base."),
    p("Flea & tick spot-on, 3 doses", 27.99, "Health", 4.6, 1420, "Three months of protection for dogs 10–25 kg."),
  ],
  faq: [
    [
      "How fast is delivery?",
      "Orders before 14:00 ship the same day; most arrive in 1–2 working days. Delivery is free over $49.",
    ],
    ["Can I return opened food?", "Yes — if your pet doesn't like it, we'll refund the first bag of any food within 30 days."],
    ["Do you offer subscriptions?", "Subscribe & save 10% on food and litter, and change or pause deliveries any time."],
    ["Are your vets real vets?", "Yes. Video consults are with licensed veterinarians, 8:00–22:00 every day."],
  ],
};

const CATALOGS: Catalog[] = [
  {
    key: "coffee",
    re: /\b(coffee|cafe|espresso|beans|roastery|tea)\b/,
    brand: "Ember & Bean Roasters",
    tagline: "Freshly roasted coffee, delivered within 48 hours of roasting",
    heroAlt: "Coffee beans and a pour-over brewer",
    categories: ["Single origin", "Blends", "Decaf", "Equipment"],
    products: [
      p("Ethiopia Yirgacheffe 250 g", 16.5, "Single origin", 4.9, 412, "Floral and bright, with notes of bergamot and peach.", {
        label: "Grind",
        values: ["Whole bean", "Filter", "Espresso"],
      }),
      p("Colombia Huila 250 g", 14, "Single origin", 4.7, 388, "Caramel sweetness, red apple and a round body.", {
        label: "Grind",
        values: ["Whole bean", "Filter", "Espresso"],
      }),
      p("House espresso blend 1 kg", 38, "Blends", 4.8, 905, "Chocolate and hazelnut; made for milk drinks."),
      p("Swiss-water decaf 250 g", 15, "Decaf", 4.5, 201, "All of the flavour, 99.9% caffeine-free."),
      p("Ceramic pour-over dripper", 28, "Equipment", 4.6, 160, "A classic cone dripper for a clean, sweet cup."),
      p("Burr hand grinder", 69, "Equipment", 4.7, 143, "Stainless-steel burrs with 40 grind settings."),
    ],
    faq: [
      ["When is my coffee roasted?", "Every Monday and Thursday; we ship within 48 hours of roasting."],
      ["Can I pause my subscription?", "Yes, skip or pause any delivery from your account."],
    ],
  },
  {
    key: "books",
    re: /\b(books?|bookstore|bookshop|novels?)\b/,
    brand: "Chapter & Verse Books",
    tagline: "Hand-picked books, wrapped and shipped with care",
    heroAlt: "Shelves of books in a warm bookshop",
    categories: ["Fiction", "Non-fiction", "Children", "Sci-fi & fantasy"],
    products: [
      p(
        "Project Hail Mary — Andy Weir",
        18.99,
        "Sci-fi & fantasy",
        4.9,
        3120,
        "A lone astronaut, a dying sun, and an unlikely friendship.",
      ),
      p("Educated — Tara Westover", 16.99, "Non-fiction", 4.7, 2750, "A memoir of family, resilience and the power of learning."),
      p("The Overstory — Richard Powers", 17.5, "Fiction", 4.5, 1210, "Nine lives, connected by trees."),
      p("Sapiens — Yuval Noah Harari", 19.99, "Non-fiction", 4.6, 4020, "A brief history of humankind."),
      p("The Very Hungry Caterpillar", 8.99, "Children", 4.9, 5210, "A classic picture book for little readers."),
      p("Dune — Frank Herbert", 12.99, "Sci-fi & fantasy", 4.7, 3890, "Politics, prophecy and sandworms on Arrakis."),
    ],
    faq: [
      ["Do you gift-wrap?", "Yes — add gift wrap and a handwritten note at checkout for $3."],
      ["Can I order a book you don't list?", "Send us the title and we'll find it, usually within a week."],
    ],
  },
  {
    key: "fashion",
    re: /\b(fashion|clothing|clothes|apparel|shoes|sneakers|dresses|t ?shirts?|jeans)\b/,
    brand: "Northline Apparel",
    tagline: "Everyday clothes, made to last",
    heroAlt: "Folded knitwear and denim on a table",
    categories: ["Women", "Men", "Shoes", "Accessories"],
    products: [
      p("Organic cotton crew tee", 28, "Women", 4.6, 1310, "Heavyweight organic cotton with a relaxed fit.", {
        label: "Size",
        values: ["XS", "S", "M", "L", "XL"],
      }),
      p("Straight-leg selvedge jeans", 98, "Men", 4.7, 640, "Japanese selvedge denim that fades beautifully.", {
        label: "Waist",
        values: ["28", "30", "32", "34", "36"],
      }),
      p("Merino wool jumper", 89, "Women", 4.8, 520, "Soft, breathable and machine washable.", {
        label: "Size",
        values: ["XS", "S", "M", "L"],
      }),
      p("Leather everyday sneakers", 120, "Shoes", 4.5, 880, "Full-grain leather with a cushioned sole.", {
        label: "Size (EU)",
        values: ["37", "38", "39", "40", "41", "42", "43", "44"],
      }),
      p("Recycled nylon backpack", 75, "Accessories", 4.6, 410, "Padded laptop sleeve and a water-resistant shell."),
      p("Linen overshirt", 79, "Men", 4.4, 290, "Light and breathable for warm days.", {
        label: "Size",
        values: ["S", "M", "L", "XL"],
      }),
    ],
    faq: [
      ["How do sizes run?", "True to size; see each product's size guide for measurements."],
      ["What is your returns policy?", "Free returns within 30 days, unworn and with tags."],
    ],
  },
  {
    key: "plants",
    re: /\b(plants?|garden|gardening|flowers?|succulents?|nursery|florist)\b/,
    brand: "Greenhouse & Co.",
    tagline: "Healthy plants, delivered in plastic-free packaging",
    heroAlt: "Potted houseplants on a sunny windowsill",
    categories: ["Easy care", "Pet safe", "Large plants", "Pots & tools"],
    products: [
      p("Monstera deliciosa 60 cm", 45, "Large plants", 4.7, 720, "The classic split-leaf plant; loves bright, indirect light."),
      p("Snake plant 40 cm", 29, "Easy care", 4.8, 1102, "Thrives on neglect and low light."),
      p("Calathea orbifolia", 34, "Pet safe", 4.4, 260, "Striking striped leaves; safe for cats and dogs."),
      p("Golden pothos, hanging", 22, "Easy care", 4.8, 950, "Fast-growing trailing plant for shelves."),
      p("Terracotta pot set of 3", 32, "Pots & tools", 4.6, 430, "Breathable pots with saucers, 12/15/18 cm."),
      p("Copper watering can 1 L", 38, "Pots & tools", 4.5, 180, "Long spout for precise watering."),
    ],
    faq: [
      ["What if my plant arrives damaged?", "Send a photo within 7 days and we'll replace it."],
      ["Do you deliver in winter?", "Yes, with insulated packaging when it's below 5 °C."],
    ],
  },
  {
    key: "electronics",
    re: /\b(electronics?|gadgets?|tech|headphones|laptops?|phones?|cameras?)\b/,
    brand: "Voltline Electronics",
    tagline: "Tech that works — with a 2-year warranty",
    heroAlt: "Headphones, a smartwatch and a camera on a desk",
    categories: ["Audio", "Wearables", "Cameras", "Accessories"],
    products: [
      p("Wireless earbuds Pro", 129, "Audio", 4.6, 2310, "Active noise cancelling and 30 hours of battery.", {
        label: "Colour",
        values: ["Black", "White", "Sage"],
      }),
      p("Noise-cancelling headphones", 249, "Audio", 4.8, 1840, "All-day comfort and studio sound."),
      p("Smart fitness watch", 199, "Wearables", 4.5, 960, "GPS, heart-rate and sleep tracking, 7-day battery."),
      p("4K action camera", 299, "Cameras", 4.6, 540, "Stabilised 4K60 video, waterproof to 10 m."),
      p("USB-C charging hub", 49, "Accessories", 4.4, 1320, "100 W pass-through, HDMI, SD and 3 USB ports."),
      p("Mechanical keyboard", 119, "Accessories", 4.7, 780, "Hot-swappable switches and a solid aluminium case."),
    ],
    faq: [
      ["Is there a warranty?", "Every product has a 2-year warranty; we handle claims for you."],
      ["Can I return an opened item?", "Yes, within 30 days, as long as it's complete."],
    ],
  },
];

/** A store for anything else: products named after what the prompt sells. */
function catalogFor(topic: string): Catalog {
  const t = titleCase(topic);
  const kinds: [string, number, string][] = [
    ["Starter set", 24, "Everything you need to get going."],
    ["Classic", 18, "Our best seller, refined over the years."],
    ["Deluxe edition", 49, "Premium materials and finish."],
    ["Gift box", 39, "Beautifully packed, ready to give."],
    ["Refill pack", 12, "Top up what you love, with less packaging."],
    ["Travel size", 9, "Small enough for any bag."],
  ];
  return {
    key: "custom",
    re: /./,
    brand: `${t} Shop`,
    tagline: `Quality ${topic.toLowerCase()}, delivered to your door`,
    heroAlt: t,
    categories: ["New in", "Best sellers", "Gifts", "Bundles"],
    products: kinds.map(([k, price, blurb], i) =>
      p(
        `${t} — ${k}`,
        price - 0.01,
        ["New in", "Best sellers", "Gifts", "Bundles"][i % 4]!,
        4.3 + (i % 5) / 10,
        120 + i * 37,
        blurb,
      ),
    ),
    faq: [
      ["How long does delivery take?", "2–4 working days; free over $50."],
      ["Can I return something?", "Yes, within 30 days for a full refund."],
    ],
  };
}

function storeTopic(text: string): string {
  const m =
    /\b(?:store|shop|e ?commerce|ecommerce|marketplace|boutique|website|site)\s+(?:for|selling|of|that sells)\s+(?:a\s+|an\s+|the\s+)?([a-z][a-z ]{2,30}?)(?=\s+(?:with|and|that|in|for)\b|$)/.exec(
      text,
    ) ??
    /\b(?:sell|selling|sells)\s+([a-z][a-z ]{2,30}?)(?=\s+(?:with|and|that|in|for|online)\b|$)/.exec(text) ??
    /\b([a-z]+(?: [a-z]+)?)\s+(?:store|shop|e ?commerce|ecommerce|boutique)\b/.exec(text);
  const t = m?.[1]?.replace(/^(an?|the|online|my|our)\s+/, "").trim();
  return t && !/^(online|an?|the|e|my|our|web|simple|new)$/.test(t) ? t : "everyday goods";
}

function catalogOf(text: string, pets = false): Catalog {
  if (pets) return PETS;
  return CATALOGS.find((c) => c.re.test(text)) ?? (PETS.re.test(text) ? PETS : catalogFor(storeTopic(text)));
}

const productValue = (x: Product): Json => ({ id: x.id, name: x.name, price: x.price });

function productCard(x: Product, c: Catalog): UiNode {
  return card(
    x.name,
    [
      image(photo(`${c.key}-${x.id}`, 480, 360), { alt: x.name, height: 160, fit: "cover", radius: 12 }),
      text(x.blurb, { size: "sm", tone: "muted" }),
      row(
        [badge(money(x.price), { tone: "info" }), text(`★ ${x.rating} (${x.reviews.toLocaleString("en-US")})`, { size: "sm" })],
        {
          justify: "between",
          align: "center",
        },
      ),
      row(
        [
          button("View", {
            name: `open_product_${x.id}`,
            variant: "ghost",
            size: "sm",
            onPress: { event: "open_product", value: productValue(x) },
          }),
          button("Add to cart", {
            name: `add_to_cart_${x.id}`,
            variant: "primary",
            size: "sm",
            icon: "cart",
            onPress: { event: "add_to_cart", value: productValue(x) },
          }),
        ],
        { gap: 8, justify: "end" },
      ),
    ],
    { name: `product_${x.id}`, subtitle: x.category },
  );
}

const productGrid = (items: Product[], c: Catalog, name = "products") =>
  grid(
    items.map((x) => productCard(x, c)),
    { columns: 4, gap: 12, name },
  );

const header = (c: Catalog) =>
  navBar(c.brand, c.categories.slice(0, 4), { label: "Cart", name: "open_cart", action: "open_cart" });

const siteFooter = (c: Catalog) =>
  footer(
    c.brand,
    {
      "Customer care": "+1 (555) 010-7788",
      Email: `help@${slug(c.brand, 20).replace(/_/g, "")}.example`,
      Delivery: "Free over $49 · 1–2 days",
      Returns: "30 days, free",
    },
    "Secure checkout · All prices include tax.",
  );

const settings = (title: string) => ({ title, theme: "light" as const, maxWidth: 1200, padding: 24, gap: 20 });

function storeHome(c: Catalog, pets: boolean): Built {
  const nodes: UiNode[] = [
    header(c),
    row(
      [
        textInput({
          name: "search_products",
          label: "Search",
          type: "search",
          placeholder: `Search ${c.products.length * 40}+ products…`,
        }),
        select("popular", {
          name: "sort_products",
          label: "Sort by",
          options: [
            { label: "Most popular", value: "popular" },
            { label: "Price: low to high", value: "price_asc" },
            { label: "Price: high to low", value: "price_desc" },
            { label: "Top rated", value: "rating" },
          ],
        }),
      ],
      { gap: 12, align: "end", wrap: true, name: "search_row" },
    ),
    image(photo(`${c.key}-hero`, 1200, 420), { name: "hero_image", alt: c.heroAlt, height: 300, fit: "cover", radius: 16 }),
    column(
      [
        heading(c.tagline, { level: 1, name: "hero_title" }),
        text(
          pets
            ? "Food, toys, beds and health care for dogs, cats and small pets — chosen with vets, delivered in 1–2 days."
            : "Carefully chosen products, fast delivery and easy returns.",
          { size: "lg", name: "hero_text" },
        ),
        row(
          [
            button("Shop best sellers", {
              name: "shop_now",
              variant: "primary",
              size: "lg",
              icon: "arrow-right",
              onPress: { event: "open_category", value: "Best sellers" },
            }),
          ],
          {
            gap: 12,
          },
        ),
      ],
      { gap: 10, name: "hero", animation: { type: "fade", duration: 300 } },
    ),
    alert("Free delivery on orders over $49 · Subscribe & save 10% · 30-day returns", {
      name: "promo",
      title: "This week",
      tone: "info",
    }),
    heading("Shop by category", { level: 2, name: "categories_title" }),
    row(
      c.categories.map((cat) =>
        button(cat, { name: `category_${slug(cat, 24)}`, variant: "secondary", onPress: { event: "open_category", value: cat } }),
      ),
      { gap: 8, wrap: true, name: "categories" },
    ),
    heading("Best sellers", { level: 2, name: "bestsellers_title" }),
    productGrid(c.products.slice(0, 8), c),
  ];
  const sections = [
    "header with categories and cart",
    "search and sort",
    "hero",
    "promotion",
    "category buttons",
    `${Math.min(8, c.products.length)} best sellers`,
  ];
  if (pets) {
    nodes.push(
      heading("Care services", { level: 2, name: "services_title" }),
      grid(
        SERVICES.map((s) =>
          card(
            s.name,
            [
              text(s.blurb, { size: "sm" }),
              badge(s.price, { tone: "neutral" }),
              button("Book", {
                name: `book_${slug(s.name, 24)}`,
                variant: "secondary",
                size: "sm",
                icon: "calendar",
                onPress: { event: "book_service", value: s.name },
              }),
            ],
            { name: `service_${slug(s.name, 24)}` },
          ),
        ),
        { columns: 4, gap: 12, name: "services" },
      ),
      heading("Care guides", { level: 2, name: "guides_title" }),
      tabs(
        ["New puppy", "New kitten", "Senior pets"],
        [
          markdown(
            "- Feed **puppy food** 3–4 times a day until 6 months\n- First vaccinations at **6–8 weeks**, boosters after\n- Start short, positive **training sessions** (5 minutes)\n- Puppy-proof cables and shoes!",
          ),
          markdown(
            "- Kittens eat **little and often** — 4 meals a day\n- One **litter tray** per cat, plus one spare\n- **Scratching posts** save your sofa\n- Book neutering at around **4–6 months**",
          ),
          markdown(
            "- **Twice-yearly** vet check-ups after age 7\n- Softer food if teeth are sensitive\n- Orthopedic beds ease **stiff joints**\n- Keep walks shorter but regular",
          ),
        ],
        { name: "care_guides" },
      ),
    );
    sections.push("4 care services with booking", "care guides (tabs)");
  }
  nodes.push(
    grid(
      [
        stat(4.8, { name: "store_rating", label: "Average rating" }),
        stat(pets ? 120_000 : 48_000, { name: "customers", label: pets ? "Happy pets" : "Happy customers" }),
        stat(2, { name: "delivery_days", label: "Days to your door (max.)" }),
        stat(30, { name: "return_days", label: "Days to return" }),
      ],
      { columns: 4, name: "trust" },
    ),
    card(
      "What customers say",
      [
        list(
          pets
            ? [
                {
                  title: "“Our senior lab sleeps so much better on the orthopedic bed.”",
                  subtitle: "Marta · ★★★★★",
                  icon: "heart",
                },
                { title: "“Food subscription arrives before we run out. Brilliant.”", subtitle: "Daniel · ★★★★★", icon: "heart" },
                { title: "“The video vet calmed me down at 10 pm on a Sunday.”", subtitle: "Aisha · ★★★★★", icon: "heart" },
              ]
            : [
                { title: "“Arrived the next day and beautifully packed.”", subtitle: "Marta · ★★★★★", icon: "star" },
                { title: "“Exactly as described — will order again.”", subtitle: "Daniel · ★★★★★", icon: "star" },
                { title: "“A return was sorted in minutes.”", subtitle: "Aisha · ★★★★☆", icon: "star" },
              ],
          { name: "reviews", dividers: true },
        ),
      ],
      { name: "reviews_card" },
    ),
    card(
      "Join the club",
      [
        text("Get 10% off your first order and early access to sales."),
        row(
          [
            textInput({ name: "newsletter_email", label: "Email", type: "email", placeholder: "you@example.com" }),
            button("Subscribe", { name: "submit_newsletter", variant: "primary", onPress: "submit_newsletter" }),
          ],
          { gap: 8, align: "end", wrap: true },
        ),
      ],
      { name: "newsletter_card" },
    ),
    heading("Questions", { level: 2, name: "faq_title" }),
    faq(c.faq),
    ...siteFooter(c),
  );
  sections.push("trust figures", "reviews", "newsletter", "FAQ", "footer");
  return {
    name: c.brand,
    settings: settings(c.brand),
    nodes,
    sections,
    summary: `an online store (${c.brand}) with ${c.products.length} products`,
  };
}

const SERVICES = [
  { name: "Grooming", blurb: "Bath, brush, nail trim and ear clean by certified groomers.", price: "from $45" },
  { name: "Vet video consult", blurb: "Talk to a licensed vet in minutes, 8:00–22:00 daily.", price: "$29" },
  { name: "Dog walking", blurb: "30- or 60-minute walks with insured local walkers.", price: "from $18" },
  { name: "Pet sitting", blurb: "Home visits to feed, play and cuddle while you're away.", price: "from $25/visit" },
];

/** The pet care e-commerce website. */
export function buildPetShop(_ctx: ScreenContext): Built {
  const b = storeHome(PETS, true);
  return { ...b, summary: `a pet care e-commerce website (${PETS.brand}) with ${PETS.products.length} products and 4 services` };
}

/** An online store for what the prompt sells. */
export function buildShop(ctx: ScreenContext): Built {
  return storeHome(catalogOf(ctx.text), false);
}

// Answers ---------------------------------------------------------------------------------------------------------------

const ALL_PRODUCTS = [PETS, ...CATALOGS].flatMap((c) => c.products.map((x) => ({ x, c })));

/** A product from an action's value (`{id, name, price}` or a name) or from the earlier screen. */
function productFrom(a: PressedAction, c: Catalog): Product {
  const v = a.value;
  const obj = v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
  const id = typeof obj?.id === "string" ? obj.id : undefined;
  // The card the pressed component sits in names the product when the value is only the button's label.
  let holder = a.node?.parent;
  while (holder && holder.component !== "card") holder = holder.parent;
  const isLabel = typeof v === "string" && a.node?.component === "button" && v === a.node.value;
  const name =
    (typeof obj?.name === "string" ? obj.name : undefined) ??
    (typeof obj?.title === "string" ? obj.title : undefined) ??
    (typeof v === "string" && !isLabel ? v : undefined) ??
    (typeof holder?.value === "string" ? holder.value : undefined) ??
    a.label;
  const known =
    c.products.find((x) => x.id === id || normalize(x.name) === normalize(name)) ??
    ALL_PRODUCTS.find(({ x }) => x.id === id || normalize(x.name) === normalize(name))?.x ??
    (a.name.startsWith("open_product_") || a.name.startsWith("add_to_cart_")
      ? c.products.find((x) => a.name.endsWith(`_${x.id}`))
      : undefined);
  if (known) return known;
  // Not one of ours: the price from the value, else from the texts of the card it sits in.
  let price = typeof obj?.price === "number" ? obj.price : Number(String(obj?.price ?? "").replace(/[^0-9.]/g, "")) || undefined;
  if (price === undefined && holder) {
    const texts = allNodes({ roots: [holder], settings: {} }).map((n) => (typeof n.value === "string" ? n.value : ""));
    if (typeof holder.props.subtitle === "string") texts.push(holder.props.subtitle);
    const found = texts.map((t) => /[$€£]\s?(\d+(?:[.,]\d{1,2})?)/.exec(t)).find(Boolean);
    if (found) price = Number(found[1]!.replace(",", "."));
  }
  const desc = typeof obj?.description === "string" ? obj.description : `${name} — chosen by our team for quality and value.`;
  return p(name || "Selected item", price ?? 24.99, "Featured", 4.6, 128, desc);
}

function productPage(x: Product, c: Catalog): Built {
  const related = c.products
    .filter((y) => y.id !== x.id && y.category === x.category)
    .concat(c.products.filter((y) => y.category !== x.category))
    .slice(0, 4);
  const nodes: UiNode[] = [
    header(c),
    text(`Home / ${x.category} / ${x.name}`, { size: "sm", tone: "muted", name: "breadcrumbs" }),
    row(
      [
        column(
          [
            image(photo(`${c.key}-${x.id}`, 800, 600), {
              name: "product_image",
              alt: x.name,
              height: 360,
              fit: "cover",
              radius: 16,
            }),
          ],
          {
            name: "media_column",
            style: { flex: 1 },
          },
        ),
        column(
          [
            heading(x.name, { level: 1, name: "product_name" }),
            row(
              [
                text(`★ ${x.rating}`, { weight: "bold" }),
                text(`${x.reviews.toLocaleString("en-US")} reviews`, { tone: "muted" }),
                badge("In stock", { tone: "success", name: "stock_badge" }),
              ],
              {
                gap: 8,
                align: "center",
              },
            ),
            stat(x.price, { name: "product_price", label: "Price", format: "currency", currency: "USD" }),
            text(x.blurb, { name: "product_blurb" }),
            ...(x.options
              ? [select(x.options.values[0], { name: "product_option", label: x.options.label, options: x.options.values })]
              : []),
            slider(1, { name: "quantity", label: "Quantity", min: 1, max: 10, step: 1 }),
            row(
              [
                button("Add to cart", {
                  name: `add_to_cart_${x.id}`,
                  variant: "primary",
                  size: "lg",
                  icon: "cart",
                  onPress: { event: "add_to_cart", value: productValue(x) },
                }),
                button("Buy now", {
                  name: `buy_now_${x.id}`,
                  variant: "secondary",
                  size: "lg",
                  onPress: { event: "buy_now", value: productValue(x) },
                }),
                button("Save", {
                  name: `save_${x.id}`,
                  variant: "ghost",
                  icon: "heart",
                  onPress: { event: "save_product", value: x.name },
                }),
              ],
              { gap: 8, wrap: true },
            ),
            keyValue(
              {
                Category: x.category,
                Delivery: "1–2 working days",
                Returns: "Free within 30 days",
                SKU: x.id.toUpperCase().slice(0, 12),
              },
              { name: "product_facts" },
            ),
          ],
          { gap: 10, name: "buy_column", style: { flex: 1 } },
        ),
      ],
      { gap: 24, align: "start", wrap: true, name: "product_main" },
    ),
    accordion(
      ["Description", "Delivery & returns", `Reviews (${x.reviews.toLocaleString("en-US")})`],
      [
        markdown(`${x.blurb}\n\n- Chosen and tested by our team\n- Backed by our 30-day guarantee`),
        text("Order before 14:00 for same-day dispatch. Free delivery over $49. Returns are free within 30 days."),
        list(
          [
            { title: "“Exactly what we needed.”", subtitle: "★★★★★ · verified buyer", icon: "star" },
            { title: "“Good quality, fast delivery.”", subtitle: "★★★★☆ · verified buyer", icon: "star" },
          ],
          { dividers: true },
        ),
      ],
      { name: "product_details", open: [0] },
    ),
    heading("You may also like", { level: 2, name: "related_title" }),
    productGrid(related, c, "related_products"),
    ...siteFooter(c),
  ];
  return {
    name: x.name,
    settings: settings(`${x.name} — ${c.brand}`),
    nodes,
    sections: [
      "breadcrumbs",
      "product image",
      "name, rating, price, options and quantity",
      "add to cart and buy now",
      "description, delivery and reviews",
      "related products",
    ],
    summary: `the product page for ${x.name} (${money(x.price)})`,
  };
}

/** Items already in the cart on the earlier screen. */
function cartFrom(previous: CodeScreen | undefined): Row[] {
  const t = previous ? allNodes(previous).find((n) => n.component === "table" && n.name === "cart_table") : undefined;
  return Array.isArray(t?.value) ? (t.value.filter((r) => r && typeof r === "object" && !Array.isArray(r)) as Row[]) : [];
}

function cartPage(items: Row[], c: Catalog, added?: Product): Built {
  const subtotal = Math.round(items.reduce((s, r) => s + Number(r.price ?? 0) * Number(r.qty ?? 1), 0) * 100) / 100;
  const shipping = subtotal >= 49 || subtotal === 0 ? 0 : 4.95;
  const nodes: UiNode[] = [header(c), heading("Your cart", { level: 1, name: "page_title" })];
  if (added)
    nodes.push(alert(`${added.name} was added to your cart.`, { name: "added_notice", title: "Added", tone: "success" }));
  if (!items.length) nodes.push(text("Your cart is empty.", { tone: "muted", name: "empty_cart" }));
  else
    nodes.push(
      table(items, {
        name: "cart_table",
        columns: [
          { key: "item", label: "Item" },
          { key: "qty", label: "Qty", format: "number", align: "right" },
          { key: "price", label: "Price", format: "currency", align: "right" },
          { key: "total", label: "Total", format: "currency", align: "right" },
        ],
        sortable: false,
      }),
      keyValue(
        { Subtotal: money(subtotal), Delivery: shipping ? money(shipping) : "Free", Total: money(subtotal + shipping) },
        { name: "cart_totals" },
      ),
      shipping
        ? text(`Add ${money(49 - subtotal)} more for free delivery.`, { tone: "primary", size: "sm", name: "free_delivery_hint" })
        : text("You've unlocked free delivery.", { tone: "success", size: "sm", name: "free_delivery_hint" }),
    );
  nodes.push(
    row(
      [
        button("Continue shopping", { name: "continue_shopping", variant: "ghost", icon: "arrow-left", onPress: "back" }),
        button("Checkout", {
          name: "checkout",
          variant: "primary",
          size: "lg",
          disabled: !items.length,
          onPress: { event: "checkout", value: money(subtotal + shipping) },
        }),
      ],
      { justify: "between", name: "cart_actions" },
    ),
    ...siteFooter(c),
  );
  return {
    name: "Your cart",
    settings: settings(`Cart — ${c.brand}`),
    nodes,
    sections: [added ? "added notice" : "cart", `${items.length} line${items.length === 1 ? "" : "s"}`, "totals", "checkout"],
    summary: `the cart with ${items.length} item${items.length === 1 ? "" : "s"}${added ? ` after adding ${added.name}` : ""}`,
  };
}

function checkoutPage(c: Catalog, items: Row[]): Built {
  const total = items.reduce((s, r) => s + Number(r.total ?? 0), 0);
  return {
    name: "Checkout",
    settings: settings(`Checkout — ${c.brand}`),
    nodes: [
      header(c),
      heading("Checkout", { level: 1, name: "page_title" }),
      row(
        [
          card(
            "Delivery",
            [
              textInput({ name: "full_name", label: "Full name", required: true }),
              textInput({ name: "email", label: "Email", type: "email", placeholder: "you@example.com", required: true }),
              textInput({ name: "street_address", label: "Street address", required: true }),
              row([textInput({ name: "city", label: "City" }), textInput({ name: "postal_code", label: "Postal code" })], {
                gap: 12,
                wrap: true,
              }),
              select("standard", {
                name: "delivery",
                label: "Delivery",
                options: [
                  { label: "Standard (1–2 days) — free over $49", value: "standard" },
                  { label: "Next day before 12:00 — $6.95", value: "express" },
                ],
              }),
              checkbox(true, { name: "save_details", label: "Save my details for next time" }),
              button("Place order", {
                name: "submit_order",
                variant: "primary",
                size: "lg",
                fullWidth: true,
                onPress: "submit_order",
              }),
            ],
            { name: "delivery_card", elevated: true, style: { flex: 2 } },
          ),
          card(
            "Order summary",
            [
              ...(items.length
                ? [
                    list(
                      items.map((r) => ({ title: String(r.item), subtitle: `${r.qty} × ${money(Number(r.price))}` })),
                      { name: "summary_items" },
                    ),
                  ]
                : [text("Your items", { tone: "muted" })]),
              keyValue({ Total: money(total) }, { name: "summary_total" }),
              text("Payment is taken securely on the next step.", { size: "sm", tone: "muted" }),
            ],
            { name: "summary_card", style: { flex: 1 } },
          ),
        ],
        { gap: 16, align: "start", wrap: true, name: "checkout_layout" },
      ),
      ...siteFooter(c),
    ],
    sections: ["delivery details", "order summary", "place order"],
    summary: "the checkout",
  };
}

function categoryPage(cat: string, c: Catalog): Built {
  const items = c.products.filter((x) => normalize(x.category) === normalize(cat));
  const shown = items.length ? items : c.products;
  const title = items.length ? cat : "Best sellers";
  return {
    name: title,
    settings: settings(`${title} — ${c.brand}`),
    nodes: [
      header(c),
      heading(title, { level: 1, name: "page_title" }),
      text(`${shown.length} product${shown.length === 1 ? "" : "s"}`, { tone: "muted", name: "count" }),
      row(
        [
          select("popular", {
            name: "sort_products",
            label: "Sort by",
            options: [
              { label: "Most popular", value: "popular" },
              { label: "Price: low to high", value: "price_asc" },
              { label: "Price: high to low", value: "price_desc" },
            ],
          }),
          ...c.categories.map((x) =>
            button(x, {
              name: `category_${slug(x, 24)}`,
              variant: normalize(x) === normalize(cat) ? "primary" : "ghost",
              size: "sm",
              onPress: { event: "open_category", value: x },
            }),
          ),
        ],
        { gap: 8, align: "end", wrap: true, name: "filters" },
      ),
      productGrid(shown, c),
      ...siteFooter(c),
    ],
    sections: ["category filters", `${shown.length} products`],
    summary: `the ${title} category with ${shown.length} products`,
  };
}

function servicePage(name: string): Built {
  const s = SERVICES.find((x) => normalize(x.name) === normalize(name)) ?? SERVICES[0]!;
  const title = `Book ${s.name.toLowerCase()}`;
  return {
    name: title,
    settings: settings(`${title} — ${PETS.brand}`),
    nodes: [
      header(PETS),
      heading(title, { level: 1, name: "page_title" }),
      text(`${s.blurb} ${s.price}.`, { tone: "muted", name: "service_blurb" }),
      card(
        "Appointment",
        [
          row(
            [
              textInput({ name: "pet_name", label: "Pet's name", required: true }),
              select("Dog", { name: "pet_type", label: "Pet", options: ["Dog", "Cat", "Rabbit", "Other"] }),
            ],
            {
              gap: 12,
              wrap: true,
            },
          ),
          select(s.name, { name: "service", label: "Service", options: SERVICES.map((x) => x.name) }),
          row(
            [
              date(undefined, { name: "preferred_date", label: "Date" }),
              select("10:00", {
                name: "preferred_time",
                label: "Time",
                options: ["08:00", "10:00", "12:00", "14:00", "16:00", "18:00"],
              }),
            ],
            {
              gap: 12,
              wrap: true,
            },
          ),
          row(
            [
              textInput({ name: "full_name", label: "Your name", required: true }),
              textInput({ name: "phone", label: "Phone", type: "tel" }),
            ],
            { gap: 12, wrap: true },
          ),
          textArea({
            name: "notes",
            label: "Anything we should know?",
            placeholder: "Allergies, nervous with strangers…",
            rows: 3,
          }),
          button("Book", { name: "submit_booking", variant: "primary", fullWidth: true, onPress: "submit_booking" }),
        ],
        { name: "booking_card", elevated: true },
      ),
      ...siteFooter(PETS),
    ],
    sections: ["service details", "booking form"],
    summary: `a booking form for ${s.name.toLowerCase()}`,
  };
}

/** Answers for shop screens: product pages, cart, checkout, categories and services. */
export function shopAnswer(pets: boolean): ActionAnswer {
  return (a, ctx, values, previous) => {
    const c = catalogOf(ctx.text, pets);
    const what = normalize(`${a.event ?? ""} ${a.name}`);
    if (/add to cart|buy now|add_to_cart|buy_now/.test(`${what} ${a.event ?? ""} ${a.name}`)) {
      const x = productFrom(a, c);
      const qty = typeof values.quantity === "number" ? Math.max(1, Math.min(10, Math.round(values.quantity))) : 1;
      const items = cartFrom(previous).filter((r) => r.item !== x.name);
      items.push({ item: x.name, qty, price: x.price, total: Math.round(x.price * qty * 100) / 100 });
      return /buy/.test(what) ? checkoutPage(c, items) : cartPage(items, c, x);
    }
    if (a.event === "open_product" || a.name.startsWith("open_product") || /\bproduct\b/.test(what))
      return productPage(productFrom(a, c), c);
    if (a.event === "checkout" || a.name === "checkout") return checkoutPage(c, cartFrom(previous));
    if (/open cart|\bcart\b/.test(what)) return cartPage(cartFrom(previous), c);
    if (a.event === "book_service" || (pets && /\b(book|service)\b/.test(what))) return servicePage(a.label);
    const cat = c.categories.find((x) => normalize(x) === normalize(a.label));
    if (a.event === "open_category" || a.name.startsWith("category_") || cat || /best sellers|shop now/.test(what))
      return categoryPage(cat ?? a.label, c);
    // A product named in a list or elsewhere.
    const named = c.products.find((x) => normalize(x.name) === normalize(a.label));
    if (named) return productPage(named, c);
    return undefined;
  };
}
