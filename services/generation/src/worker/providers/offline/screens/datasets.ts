import { capitalize, Rng, titleCase } from "../text";
import type { Column, IconName, ListItem, Row } from "../ui";

/**
 * Plausible data for tables, lists and dashboards: one dataset per kind of record a prompt names ("employees",
 * "orders", "books"…), with real-looking columns and rows drawn from a seeded random source, and a fallback that
 * builds columns for any other noun (or for the columns the prompt lists).
 */

export interface Dataset {
  key: string;
  /** "Employees". */
  title: string;
  singular: string;
  plural: string;
  icon: IconName;
  columns: Column[];
  rows(rng: Rng, n: number): Row[];
  /** A row as a list item. */
  item(row: Row): ListItem;
  /** The column a screen offers as a filter. */
  filter?: string;
  /** The column whose sum or average a screen shows as a figure. */
  figure?: { key: string; label: string; format: "number" | "currency" | "percent"; average?: boolean };
}

const FIRST = [
  "Amara",
  "Lucas",
  "Priya",
  "Mateo",
  "Hannah",
  "Kenji",
  "Sofia",
  "Omar",
  "Elena",
  "Noah",
  "Aisha",
  "Daniel",
  "Mei",
  "Jonas",
  "Chloe",
  "Rahul",
  "Grace",
  "Tomás",
  "Zara",
  "Felix",
  "Leila",
  "Ethan",
  "Ingrid",
  "Samuel",
] as const;
const LAST = [
  "Okafor",
  "Bennett",
  "Sharma",
  "García",
  "Müller",
  "Tanaka",
  "Rossi",
  "Haddad",
  "Petrova",
  "Williams",
  "Khan",
  "Kim",
  "Chen",
  "Larsen",
  "Dubois",
  "Iyer",
  "O'Brien",
  "Silva",
  "Ahmed",
  "Novak",
  "Moreau",
  "Brooks",
  "Nilsson",
  "Adeyemi",
] as const;

/** A seeded first and last name. */
export const personName = (rng: Rng): string => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
/** An email address for a name. */
export const emailOf = (name: string, domain = "example.com"): string =>
  `${name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z ]/g, "")
    .trim()
    .replace(/\s+/g, ".")}@${domain}`;

/** An ISO date in 2025 (screens carry no clock, so dates come from the seed). */
export function isoDate(rng: Rng, fromMonth = 1, toMonth = 12): string {
  const m = rng.int(fromMonth, toMonth);
  const d = rng.int(1, 28);
  return `2025-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const distinctNames = (rng: Rng, n: number): string[] => {
  const out = new Set<string>();
  while (out.size < n) out.add(personName(rng));
  return [...out];
};

const round = (n: number, step: number) => Math.round(n / step) * step;

const DEPARTMENTS: Record<string, string[]> = {
  Engineering: ["Software Engineer", "Senior Engineer", "QA Engineer", "Engineering Manager"],
  Design: ["Product Designer", "UX Researcher"],
  Sales: ["Account Executive", "Sales Manager"],
  Marketing: ["Content Strategist", "Growth Marketer"],
  Finance: ["Financial Analyst", "Controller"],
  "People Ops": ["HR Generalist", "Recruiter"],
};
const OFFICES = ["London", "Berlin", "Austin", "Toronto", "Singapore", "Remote"];

const PRODUCTS: [string, string, number][] = [
  ["Wireless Earbuds Pro", "Audio", 129],
  ["Noise-Cancelling Headphones", "Audio", 249],
  ["4K Action Camera", "Cameras", 299],
  ["Smart Fitness Watch", "Wearables", 199],
  ["USB-C Charging Hub", "Accessories", 49],
  ["Mechanical Keyboard", "Accessories", 119],
  ["Ergonomic Mouse", "Accessories", 59],
  ["27-inch Monitor", "Displays", 329],
  ["Portable SSD 1TB", "Storage", 109],
  ["Bluetooth Speaker", "Audio", 89],
  ["Laptop Stand", "Accessories", 39],
  ["Webcam 1080p", "Cameras", 79],
];

const BOOKS: Row[] = [
  {
    title: "The Left Hand of Darkness",
    author: "Ursula K. Le Guin",
    year: 1969,
    genre: "Science fiction",
    pages: 304,
    rating: 4.2,
  },
  { title: "Beloved", author: "Toni Morrison", year: 1987, genre: "Literary fiction", pages: 324, rating: 4.0 },
  { title: "Sapiens", author: "Yuval Noah Harari", year: 2011, genre: "History", pages: 443, rating: 4.4 },
  { title: "Project Hail Mary", author: "Andy Weir", year: 2021, genre: "Science fiction", pages: 476, rating: 4.5 },
  { title: "Pride and Prejudice", author: "Jane Austen", year: 1813, genre: "Classic", pages: 432, rating: 4.3 },
  { title: "Thinking, Fast and Slow", author: "Daniel Kahneman", year: 2011, genre: "Psychology", pages: 499, rating: 4.2 },
  {
    title: "One Hundred Years of Solitude",
    author: "Gabriel García Márquez",
    year: 1967,
    genre: "Magical realism",
    pages: 417,
    rating: 4.1,
  },
  { title: "The Overstory", author: "Richard Powers", year: 2018, genre: "Literary fiction", pages: 502, rating: 4.1 },
  { title: "Educated", author: "Tara Westover", year: 2018, genre: "Memoir", pages: 334, rating: 4.5 },
  { title: "Dune", author: "Frank Herbert", year: 1965, genre: "Science fiction", pages: 688, rating: 4.3 },
];

const MOVIES: Row[] = [
  { title: "Spirited Away", director: "Hayao Miyazaki", year: 2001, genre: "Animation", runtime: 125, rating: 8.6 },
  { title: "Parasite", director: "Bong Joon-ho", year: 2019, genre: "Thriller", runtime: 132, rating: 8.5 },
  { title: "The Godfather", director: "Francis Ford Coppola", year: 1972, genre: "Crime", runtime: 175, rating: 9.2 },
  { title: "Arrival", director: "Denis Villeneuve", year: 2016, genre: "Science fiction", runtime: 116, rating: 7.9 },
  { title: "Amélie", director: "Jean-Pierre Jeunet", year: 2001, genre: "Comedy", runtime: 122, rating: 8.3 },
  { title: "Mad Max: Fury Road", director: "George Miller", year: 2015, genre: "Action", runtime: 120, rating: 8.1 },
  { title: "Moonlight", director: "Barry Jenkins", year: 2016, genre: "Drama", runtime: 111, rating: 7.4 },
  { title: "Inception", director: "Christopher Nolan", year: 2010, genre: "Science fiction", runtime: 148, rating: 8.8 },
  { title: "Coco", director: "Lee Unkrich", year: 2017, genre: "Animation", runtime: 105, rating: 8.4 },
  { title: "Whiplash", director: "Damien Chazelle", year: 2014, genre: "Drama", runtime: 106, rating: 8.5 },
];

const COUNTRIES: Row[] = [
  { country: "Japan", capital: "Tokyo", continent: "Asia", population: 124.5, area: 377975, currency: "Yen" },
  { country: "Brazil", capital: "Brasília", continent: "South America", population: 203.1, area: 8515767, currency: "Real" },
  { country: "Nigeria", capital: "Abuja", continent: "Africa", population: 223.8, area: 923768, currency: "Naira" },
  { country: "Germany", capital: "Berlin", continent: "Europe", population: 84.5, area: 357588, currency: "Euro" },
  { country: "India", capital: "New Delhi", continent: "Asia", population: 1428.6, area: 3287263, currency: "Rupee" },
  {
    country: "Canada",
    capital: "Ottawa",
    continent: "North America",
    population: 40.1,
    area: 9984670,
    currency: "Canadian dollar",
  },
  {
    country: "Australia",
    capital: "Canberra",
    continent: "Oceania",
    population: 26.6,
    area: 7692024,
    currency: "Australian dollar",
  },
  { country: "Mexico", capital: "Mexico City", continent: "North America", population: 128.5, area: 1964375, currency: "Peso" },
  { country: "Kenya", capital: "Nairobi", continent: "Africa", population: 55.1, area: 580367, currency: "Shilling" },
  { country: "Norway", capital: "Oslo", continent: "Europe", population: 5.5, area: 385207, currency: "Krone" },
];

const PLANETS: Row[] = [
  { planet: "Mercury", type: "Rocky", moons: 0, distance: 0.39, diameter: 4879, day: "59 days" },
  { planet: "Venus", type: "Rocky", moons: 0, distance: 0.72, diameter: 12104, day: "243 days" },
  { planet: "Earth", type: "Rocky", moons: 1, distance: 1, diameter: 12742, day: "24 hours" },
  { planet: "Mars", type: "Rocky", moons: 2, distance: 1.52, diameter: 6779, day: "24.6 hours" },
  { planet: "Jupiter", type: "Gas giant", moons: 95, distance: 5.2, diameter: 139820, day: "9.9 hours" },
  { planet: "Saturn", type: "Gas giant", moons: 146, distance: 9.58, diameter: 116460, day: "10.7 hours" },
  { planet: "Uranus", type: "Ice giant", moons: 28, distance: 19.2, diameter: 50724, day: "17.2 hours" },
  { planet: "Neptune", type: "Ice giant", moons: 16, distance: 30.05, diameter: 49244, day: "16.1 hours" },
];

const CITIES: Row[] = [
  { city: "Tokyo", country: "Japan", population: 37.1, timezone: "UTC+9", founded: 1457 },
  { city: "Lagos", country: "Nigeria", population: 15.9, timezone: "UTC+1", founded: 1472 },
  { city: "São Paulo", country: "Brazil", population: 22.6, timezone: "UTC−3", founded: 1554 },
  { city: "Mumbai", country: "India", population: 21.3, timezone: "UTC+5:30", founded: 1507 },
  { city: "Mexico City", country: "Mexico", population: 22.3, timezone: "UTC−6", founded: 1325 },
  { city: "Cairo", country: "Egypt", population: 22.2, timezone: "UTC+2", founded: 969 },
  { city: "Istanbul", country: "Türkiye", population: 15.8, timezone: "UTC+3", founded: 660 },
  { city: "London", country: "United Kingdom", population: 9.6, timezone: "UTC+0", founded: 47 },
  { city: "New York", country: "United States", population: 18.9, timezone: "UTC−5", founded: 1624 },
  { city: "Seoul", country: "South Korea", population: 10, timezone: "UTC+9", founded: 1394 },
];

const LANGUAGES: Row[] = [
  { language: "Python", year: 1991, creator: "Guido van Rossum", typing: "Dynamic", use: "Data, scripting, web" },
  { language: "JavaScript", year: 1995, creator: "Brendan Eich", typing: "Dynamic", use: "Web front ends, servers" },
  { language: "TypeScript", year: 2012, creator: "Microsoft", typing: "Static", use: "Large web applications" },
  { language: "Rust", year: 2015, creator: "Graydon Hoare", typing: "Static", use: "Systems, WebAssembly" },
  { language: "Go", year: 2009, creator: "Google", typing: "Static", use: "Cloud services, CLIs" },
  { language: "Kotlin", year: 2011, creator: "JetBrains", typing: "Static", use: "Android, back ends" },
  { language: "Swift", year: 2014, creator: "Apple", typing: "Static", use: "iOS and macOS apps" },
  { language: "Java", year: 1995, creator: "James Gosling", typing: "Static", use: "Enterprise, Android" },
  { language: "C#", year: 2000, creator: "Microsoft", typing: "Static", use: "Games, enterprise" },
  { language: "Ruby", year: 1995, creator: "Yukihiro Matsumoto", typing: "Dynamic", use: "Web applications" },
];

const GROCERIES: [string, string, string, number][] = [
  ["Bananas", "1 bunch", "Produce", 1.49],
  ["Greek yogurt", "2 tubs", "Dairy", 5.98],
  ["Sourdough bread", "1 loaf", "Bakery", 4.5],
  ["Free-range eggs", "12", "Dairy", 4.29],
  ["Baby spinach", "1 bag", "Produce", 2.99],
  ["Chicken thighs", "1 kg", "Meat", 8.75],
  ["Basmati rice", "2 kg", "Pantry", 6.4],
  ["Olive oil", "1 bottle", "Pantry", 9.99],
  ["Cherry tomatoes", "1 punnet", "Produce", 3.2],
  ["Oat milk", "2 cartons", "Dairy", 4.6],
  ["Coffee beans", "500 g", "Pantry", 11.5],
  ["Dark chocolate", "2 bars", "Snacks", 4.0],
];

const SONGS: Row[] = [
  { title: "Blinding Lights", artist: "The Weeknd", album: "After Hours", length: "3:20", plays: 4_620_000 },
  { title: "Dreams", artist: "Fleetwood Mac", album: "Rumours", length: "4:14", plays: 1_980_000 },
  { title: "Levitating", artist: "Dua Lipa", album: "Future Nostalgia", length: "3:23", plays: 2_870_000 },
  { title: "Bohemian Rhapsody", artist: "Queen", album: "A Night at the Opera", length: "5:55", plays: 3_150_000 },
  { title: "Redbone", artist: "Childish Gambino", album: "Awaken, My Love!", length: "5:26", plays: 1_640_000 },
  { title: "Heat Waves", artist: "Glass Animals", album: "Dreamland", length: "3:58", plays: 2_410_000 },
  { title: "Superstition", artist: "Stevie Wonder", album: "Talking Book", length: "4:26", plays: 1_120_000 },
  { title: "Anti-Hero", artist: "Taylor Swift", album: "Midnights", length: "3:21", plays: 2_980_000 },
];

const slice = (rows: Row[], rng: Rng, n: number) => rng.sample(rows, Math.min(n, rows.length));

/** The known kinds of record, each with the words that name it. */
export const DATASETS: { match: RegExp; data: Dataset }[] = [
  {
    match: /\b(employees?|staff|team members?|workers|personnel|headcount|empleados|employes|mitarbeiter)\b/,
    data: {
      key: "employees",
      title: "Employees",
      singular: "employee",
      plural: "employees",
      icon: "user",
      columns: [
        "name",
        "role",
        "department",
        "office",
        { key: "salary", label: "Salary", format: "currency", align: "right" },
        { key: "started", label: "Start date", format: "date" },
        "status",
      ],
      filter: "department",
      figure: { key: "salary", label: "Average salary", format: "currency", average: true },
      rows: (rng, n) =>
        distinctNames(rng, n).map((name) => {
          const department = rng.pick(Object.keys(DEPARTMENTS));
          return {
            name,
            role: rng.pick(DEPARTMENTS[department]!),
            department,
            office: rng.pick(OFFICES),
            salary: round(rng.int(52_000, 148_000), 500),
            started: `20${rng.int(16, 25)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
            status: rng.next() < 0.85 ? "Active" : rng.pick(["On leave", "Onboarding"]),
          };
        }),
      item: (r) => ({ title: String(r.name), subtitle: `${r.role} · ${r.department} · ${r.office}`, icon: "user" }),
    },
  },
  {
    match: /\b(orders?|purchases|sales orders|pedidos|commandes|bestellungen)\b/,
    data: {
      key: "orders",
      title: "Orders",
      singular: "order",
      plural: "orders",
      icon: "cart",
      columns: [
        { key: "order", label: "Order" },
        "customer",
        { key: "date", label: "Date", format: "date" },
        { key: "items", label: "Items", format: "number", align: "right" },
        { key: "total", label: "Total", format: "currency", align: "right" },
        "status",
      ],
      filter: "status",
      figure: { key: "total", label: "Order value", format: "currency" },
      rows: (rng, n) => {
        const start = rng.int(1040, 4800);
        return distinctNames(rng, n).map((customer, i) => {
          const items = rng.int(1, 6);
          return {
            order: `#${start + i * rng.int(1, 3)}`,
            customer,
            date: isoDate(rng, 9, 11),
            items,
            total: Math.round(items * rng.float(12, 90, 2) * 100) / 100,
            status: rng.pick(["Paid", "Shipped", "Delivered", "Processing", "Delivered", "Refunded"]),
          };
        });
      },
      item: (r) => ({
        title: `${r.order} · ${r.customer}`,
        subtitle: `${r.items} items · $${r.total} · ${r.status}`,
        icon: "cart",
      }),
    },
  },
  {
    match: /\b(products?|items in stock|inventory|stock|catalog|catalogue|sku|productos|produits|produkte)\b/,
    data: {
      key: "products",
      title: "Products",
      singular: "product",
      plural: "products",
      icon: "cart",
      columns: [
        { key: "sku", label: "SKU" },
        "product",
        "category",
        { key: "price", label: "Price", format: "currency", align: "right" },
        { key: "stock", label: "In stock", format: "number", align: "right" },
        { key: "rating", label: "Rating", format: "number", align: "right" },
        "status",
      ],
      filter: "category",
      figure: { key: "stock", label: "Units in stock", format: "number" },
      rows: (rng, n) =>
        slice(
          PRODUCTS.map(([product, category, price]) => ({ product, category, price })),
          rng,
          n,
        ).map((p, i) => {
          const stock = rng.next() < 0.15 ? 0 : rng.int(3, 420);
          return {
            sku: `${String(p.category).slice(0, 3).toUpperCase()}-${100 + i * 7 + rng.int(0, 6)}`,
            product: String(p.product),
            category: String(p.category),
            price: Number(p.price) - 0.01,
            stock,
            rating: rng.float(3.8, 4.9, 1),
            status: stock === 0 ? "Out of stock" : stock < 20 ? "Low stock" : "In stock",
          };
        }),
      item: (r) => ({ title: String(r.product), subtitle: `${r.category} · $${r.price} · ${r.status}`, icon: "cart" }),
    },
  },
  {
    match: /\b(customers?|clients?|accounts|leads|crm|clientes)\b/,
    data: {
      key: "customers",
      title: "Customers",
      singular: "customer",
      plural: "customers",
      icon: "user",
      columns: [
        "name",
        "email",
        "company",
        "country",
        "plan",
        { key: "ltv", label: "Lifetime value", format: "currency", align: "right" },
        { key: "since", label: "Customer since", format: "date" },
      ],
      filter: "plan",
      figure: { key: "ltv", label: "Lifetime value", format: "currency" },
      rows: (rng, n) =>
        distinctNames(rng, n).map((name) => {
          const company = rng.pick([
            "Northwind",
            "Brightline",
            "Acme Labs",
            "Bluebird Co",
            "Tidewater",
            "Summit & Co",
            "Kestrel",
            "Halcyon",
          ]);
          return {
            name,
            email: emailOf(name, `${company.toLowerCase().replace(/[^a-z]/g, "")}.com`),
            company,
            country: rng.pick(["United States", "Germany", "India", "Brazil", "Canada", "Japan", "France", "Kenya"]),
            plan: rng.pick(["Starter", "Growth", "Growth", "Enterprise"]),
            ltv: round(rng.int(400, 48_000), 10),
            since: isoDate(rng),
          };
        }),
      item: (r) => ({ title: String(r.name), subtitle: `${r.company} · ${r.plan} plan`, icon: "user" }),
    },
  },
  {
    match: /\b(invoices?|bills?|billing|receivables|facturas|factures|rechnungen)\b/,
    data: {
      key: "invoices",
      title: "Invoices",
      singular: "invoice",
      plural: "invoices",
      icon: "mail",
      columns: [
        "invoice",
        "client",
        { key: "issued", label: "Issued", format: "date" },
        { key: "due", label: "Due", format: "date" },
        { key: "amount", label: "Amount", format: "currency", align: "right" },
        "status",
      ],
      filter: "status",
      figure: { key: "amount", label: "Invoiced", format: "currency" },
      rows: (rng, n) =>
        Array.from({ length: n }, (_, i) => ({
          invoice: `INV-2025-${String(rng.int(100, 180) + i * 3).padStart(4, "0")}`,
          client: rng.pick(["Northwind Traders", "Globex", "Initech", "Umbrella Health", "Stark Design", "Wayne Foods", "Hooli"]),
          issued: isoDate(rng, 7, 9),
          due: isoDate(rng, 10, 12),
          amount: round(rng.int(350, 12_000), 5),
          status: rng.pick(["Paid", "Paid", "Sent", "Overdue", "Draft"]),
        })),
      item: (r) => ({ title: `${r.invoice} · ${r.client}`, subtitle: `$${r.amount} · due ${r.due} · ${r.status}`, icon: "mail" }),
    },
  },
  {
    match: /\b(students?|pupils|grades|class roster|classroom|alumnos|etudiants|schuler)\b/,
    data: {
      key: "students",
      title: "Students",
      singular: "student",
      plural: "students",
      icon: "user",
      columns: [
        "name",
        "class",
        { key: "math", label: "Math", format: "number", align: "right" },
        { key: "science", label: "Science", format: "number", align: "right" },
        { key: "english", label: "English", format: "number", align: "right" },
        { key: "attendance", label: "Attendance", format: "percent", align: "right" },
      ],
      filter: "class",
      figure: { key: "attendance", label: "Average attendance", format: "percent", average: true },
      rows: (rng, n) =>
        distinctNames(rng, n).map((name) => ({
          name,
          class: rng.pick(["9A", "9B", "10A", "10B"]),
          math: rng.int(58, 99),
          science: rng.int(55, 98),
          english: rng.int(60, 97),
          attendance: rng.float(86, 99.5, 1),
        })),
      item: (r) => ({
        title: String(r.name),
        subtitle: `Class ${r.class} · Math ${r.math} · Science ${r.science}`,
        icon: "user",
      }),
    },
  },
  {
    match: /\b(transactions?|payments?|expenses?|spending|bank statement|budget|gastos|depenses|ausgaben)\b/,
    data: {
      key: "transactions",
      title: "Transactions",
      singular: "transaction",
      plural: "transactions",
      icon: "info",
      columns: [
        { key: "date", label: "Date", format: "date" },
        "description",
        "category",
        "account",
        { key: "amount", label: "Amount", format: "currency", align: "right" },
      ],
      filter: "category",
      figure: { key: "amount", label: "Net", format: "currency" },
      rows: (rng, n) => {
        const pool: [string, string, number, number][] = [
          ["Whole Foods Market", "Groceries", -35, -140],
          ["Salary — Acme Labs", "Income", 3200, 4200],
          ["Blue Bottle Coffee", "Eating out", -4, -12],
          ["City Power & Light", "Utilities", -60, -120],
          ["Netflix", "Subscriptions", -15.49, -15.49],
          ["Uber", "Transport", -9, -38],
          ["Rent — Maple Court", "Housing", -1650, -1650],
          ["Shell", "Transport", -30, -70],
          ["Amazon", "Shopping", -12, -160],
          ["Gym membership", "Health", -45, -45],
          ["Refund — Zara", "Shopping", 25, 80],
        ];
        return rng
          .sample(pool, Math.min(n, pool.length))
          .map(([description, category, a, b]) => ({
            date: isoDate(rng, 10, 10),
            description,
            category,
            account: rng.pick(["Checking", "Credit card"]),
            amount: Math.round(rng.float(Math.min(a, b), Math.max(a, b) + 0.001, 2) * 100) / 100,
          }))
          .sort((x, y) => String(y.date).localeCompare(String(x.date)));
      },
      item: (r) => ({ title: String(r.description), subtitle: `${r.date} · ${r.category} · ${r.amount}`, icon: "info" }),
    },
  },
  {
    match: /\b(users?|members?|accounts|admins|usuarios|utilisateurs|benutzer)\b/,
    data: {
      key: "users",
      title: "Users",
      singular: "user",
      plural: "users",
      icon: "user",
      columns: ["name", "email", "role", { key: "lastActive", label: "Last active", format: "date" }, "status"],
      filter: "role",
      rows: (rng, n) =>
        distinctNames(rng, n).map((name) => ({
          name,
          email: emailOf(name, "acme.io"),
          role: rng.pick(["Admin", "Editor", "Editor", "Viewer", "Viewer"]),
          lastActive: isoDate(rng, 10, 11),
          status: rng.next() < 0.8 ? "Active" : rng.pick(["Invited", "Suspended"]),
        })),
      item: (r) => ({ title: String(r.name), subtitle: `${r.email} · ${r.role}`, icon: "user" }),
    },
  },
  {
    match: /\b(books?|novels?|reading|libros|livres|bucher)\b/,
    data: {
      key: "books",
      title: "Books",
      singular: "book",
      plural: "books",
      icon: "star",
      columns: [
        "title",
        "author",
        { key: "year", label: "Year" },
        "genre",
        { key: "pages", label: "Pages", format: "number" },
        "rating",
      ],
      filter: "genre",
      rows: (rng, n) => slice(BOOKS, rng, n),
      item: (r) => ({ title: String(r.title), subtitle: `${r.author} · ${r.year} · ${r.genre}`, icon: "star" }),
    },
  },
  {
    match: /\b(movies?|films?|cinema|watchlist|peliculas|filmes)\b/,
    data: {
      key: "movies",
      title: "Movies",
      singular: "movie",
      plural: "movies",
      icon: "star",
      columns: [
        "title",
        "director",
        { key: "year", label: "Year" },
        "genre",
        { key: "runtime", label: "Minutes", format: "number" },
        "rating",
      ],
      filter: "genre",
      rows: (rng, n) => slice(MOVIES, rng, n),
      item: (r) => ({ title: `${r.title} (${r.year})`, subtitle: `${r.director} · ${r.genre} · ★ ${r.rating}`, icon: "star" }),
    },
  },
  {
    match: /\b(countries|country|nations|paises|pays|lander)\b/,
    data: {
      key: "countries",
      title: "Countries",
      singular: "country",
      plural: "countries",
      icon: "home",
      columns: [
        "country",
        "capital",
        "continent",
        { key: "population", label: "Population (M)", format: "number", align: "right" },
        { key: "area", label: "Area (km²)", format: "number", align: "right" },
        "currency",
      ],
      filter: "continent",
      rows: (rng, n) => slice(COUNTRIES, rng, n),
      item: (r) => ({ title: String(r.country), subtitle: `Capital: ${r.capital} · ${r.continent}`, icon: "home" }),
    },
  },
  {
    match: /\b(planets?|solar system)\b/,
    data: {
      key: "planets",
      title: "Planets",
      singular: "planet",
      plural: "planets",
      icon: "star",
      columns: [
        "planet",
        "type",
        { key: "moons", label: "Moons", format: "number" },
        { key: "distance", label: "Distance (AU)", format: "number" },
        { key: "diameter", label: "Diameter (km)", format: "number" },
        { key: "day", label: "Length of day" },
      ],
      filter: "type",
      rows: () => PLANETS,
      item: (r) => ({
        title: String(r.planet),
        subtitle: `${r.type} · ${r.moons} moons · ${r.distance} AU from the Sun`,
        icon: "star",
      }),
    },
  },
  {
    match: /\b(cities|city|towns|ciudades|villes|stadte)\b/,
    data: {
      key: "cities",
      title: "Cities",
      singular: "city",
      plural: "cities",
      icon: "home",
      columns: [
        "city",
        "country",
        { key: "population", label: "Metro population (M)", format: "number", align: "right" },
        "timezone",
        { key: "founded", label: "Founded" },
      ],
      filter: "country",
      rows: (rng, n) => slice(CITIES, rng, n),
      item: (r) => ({ title: String(r.city), subtitle: `${r.country} · ${r.population}M people`, icon: "home" }),
    },
  },
  {
    match: /\b(programming languages?|languages|coding languages)\b/,
    data: {
      key: "languages",
      title: "Programming languages",
      singular: "language",
      plural: "languages",
      icon: "settings",
      columns: ["language", { key: "year", label: "Year" }, "creator", "typing", { key: "use", label: "Popular for" }],
      filter: "typing",
      rows: (rng, n) => slice(LANGUAGES, rng, n),
      item: (r) => ({ title: String(r.language), subtitle: `${r.year} · ${r.creator} · ${r.use}`, icon: "settings" }),
    },
  },
  {
    match: /\b(projects?|sprints?|milestones|initiatives|proyectos|projets)\b/,
    data: {
      key: "projects",
      title: "Projects",
      singular: "project",
      plural: "projects",
      icon: "calendar",
      columns: [
        "project",
        "owner",
        { key: "due", label: "Due", format: "date" },
        { key: "progress", label: "Progress", format: "percent", align: "right" },
        "priority",
        "status",
      ],
      filter: "status",
      figure: { key: "progress", label: "Average progress", format: "percent", average: true },
      rows: (rng, n) =>
        slice(
          [
            "Website redesign",
            "Mobile app v2",
            "Billing migration",
            "Customer portal",
            "Data warehouse",
            "Onboarding revamp",
            "Security audit",
            "Partner API",
            "Help center",
            "Q4 campaign",
          ].map((project) => ({ project })),
          rng,
          n,
        ).map((p) => {
          const progress = rng.int(5, 100);
          return {
            project: String(p.project),
            owner: personName(rng),
            due: isoDate(rng, 10, 12),
            progress,
            priority: rng.pick(["High", "Medium", "Low"]),
            status: progress === 100 ? "Done" : progress > 70 ? "On track" : rng.pick(["On track", "At risk", "Blocked"]),
          };
        }),
      item: (r) => ({ title: String(r.project), subtitle: `${r.owner} · ${r.progress}% · due ${r.due}`, icon: "calendar" }),
    },
  },
  {
    match: /\b(groceries|grocery|shopping|supermarket|compras)\b/,
    data: {
      key: "groceries",
      title: "Shopping list",
      singular: "item",
      plural: "items",
      icon: "cart",
      columns: ["item", "quantity", "aisle", { key: "price", label: "Est. price", format: "currency", align: "right" }],
      filter: "aisle",
      figure: { key: "price", label: "Estimated total", format: "currency" },
      rows: (rng, n) =>
        rng
          .sample(GROCERIES, Math.min(n, GROCERIES.length))
          .map(([item, quantity, aisle, price]) => ({ item, quantity, aisle, price })),
      item: (r) => ({ title: String(r.item), subtitle: `${r.quantity} · ${r.aisle}`, icon: "cart" }),
    },
  },
  {
    match: /\b(contacts?|address book|phone book|people|contactos)\b/,
    data: {
      key: "contacts",
      title: "Contacts",
      singular: "contact",
      plural: "contacts",
      icon: "phone",
      columns: ["name", "company", "email", "phone", "city"],
      filter: "city",
      rows: (rng, n) =>
        distinctNames(rng, n).map((name) => ({
          name,
          company: rng.pick(["Northwind", "Globex", "Brightline", "Kestrel", "Halcyon", "Bluebird Co"]),
          email: emailOf(name),
          phone: `+1 (${rng.int(201, 989)}) 555-${String(rng.int(100, 9999)).padStart(4, "0")}`,
          city: rng.pick(["Chicago", "Seattle", "Denver", "Boston", "Austin", "Atlanta"]),
        })),
      item: (r) => ({ title: String(r.name), subtitle: `${r.company} · ${r.phone}`, icon: "phone" }),
    },
  },
  {
    match: /\b(workouts?|runs|activities|exercises|training log)\b/,
    data: {
      key: "workouts",
      title: "Workouts",
      singular: "workout",
      plural: "workouts",
      icon: "heart",
      columns: [
        { key: "date", label: "Date", format: "date" },
        "activity",
        { key: "minutes", label: "Minutes", format: "number", align: "right" },
        { key: "distance", label: "Distance (km)", format: "number", align: "right" },
        { key: "calories", label: "Calories", format: "number", align: "right" },
        { key: "heartRate", label: "Avg. heart rate", format: "number", align: "right" },
      ],
      filter: "activity",
      figure: { key: "minutes", label: "Active minutes", format: "number" },
      rows: (rng, n) =>
        Array.from({ length: n }, () => {
          const activity = rng.pick(["Run", "Cycle", "Strength", "Yoga", "Walk", "Swim"]);
          const minutes = rng.int(20, 75);
          const pace: Record<string, number> = { Run: 0.19, Cycle: 0.42, Walk: 0.09, Swim: 0.04 };
          return {
            date: isoDate(rng, 10, 11),
            activity,
            minutes,
            distance: pace[activity] ? Math.round(minutes * pace[activity]! * 10) / 10 : 0,
            calories: Math.round(minutes * rng.float(5, 11, 1)),
            heartRate: rng.int(98, 158),
          };
        }).sort((a, b) => b.date.localeCompare(a.date)),
      item: (r) => ({ title: `${r.activity} · ${r.minutes} min`, subtitle: `${r.date} · ${r.calories} kcal`, icon: "heart" }),
    },
  },
  {
    match: /\b(incidents?|deploys?|deployments?|alerts|outages?)\b/,
    data: {
      key: "incidents",
      title: "Incidents",
      singular: "incident",
      plural: "incidents",
      icon: "warning",
      columns: [
        "id",
        "service",
        "summary",
        "severity",
        { key: "opened", label: "Opened", format: "date" },
        { key: "minutes", label: "Duration (min)", format: "number", align: "right" },
        "status",
      ],
      filter: "severity",
      rows: (rng, n) =>
        Array.from({ length: n }, (_, i) => ({
          id: `INC-${2300 + i * rng.int(2, 9)}`,
          service: rng.pick(["api", "web", "auth", "search", "workers", "database"]),
          summary: rng.pick([
            "Elevated 5xx responses",
            "Slow queries on orders",
            "Certificate renewal failed",
            "Queue backlog over 10k",
            "Memory pressure on pods",
            "Login latency spike",
          ]),
          severity: rng.pick(["SEV-1", "SEV-2", "SEV-3", "SEV-3"]),
          opened: isoDate(rng, 9, 11),
          minutes: rng.int(4, 190),
          status: rng.pick(["Resolved", "Resolved", "Monitoring", "Investigating"]),
        })),
      item: (r) => ({ title: `${r.id} · ${r.summary}`, subtitle: `${r.service} · ${r.severity} · ${r.status}`, icon: "warning" }),
    },
  },
  {
    match: /\b(songs?|tracks?|music|playlist|albums?|canciones)\b/,
    data: {
      key: "songs",
      title: "Playlist",
      singular: "song",
      plural: "songs",
      icon: "heart",
      columns: [
        "title",
        "artist",
        "album",
        { key: "length", label: "Length" },
        { key: "plays", label: "Plays", format: "number" },
      ],
      filter: "artist",
      rows: (rng, n) => slice(SONGS, rng, n),
      item: (r) => ({ title: String(r.title), subtitle: `${r.artist} · ${r.album} · ${r.length}`, icon: "heart" }),
    },
  },
];

/** The dataset a prompt names, if any. */
export function findDataset(matchText: string): Dataset | undefined {
  let best: { at: number; data: Dataset } | undefined;
  for (const d of DATASETS) {
    const m = d.match.exec(matchText);
    // The first named kind of record wins ("orders of products" is about orders).
    if (m && (!best || m.index < best.at)) best = { at: m.index, data: d.data };
  }
  return best?.data;
}

const COLUMN_KINDS: { re: RegExp; make: (rng: Rng, i: number) => string | number; format?: Column }[] = [
  { re: /e-?mail/, make: (rng) => emailOf(personName(rng)) },
  { re: /phone|mobile|tel/, make: (rng) => `+1 (${rng.int(201, 989)}) 555-${String(rng.int(1000, 9999))}` },
  { re: /date|day|created|updated|joined|due|deadline|since|birthday/, make: (rng) => isoDate(rng) },
  { re: /price|cost|amount|total|salary|revenue|budget|fee|balance|value/, make: (rng) => round(rng.int(20, 9000), 5) },
  { re: /age/, make: (rng) => rng.int(19, 67) },
  { re: /qty|quantity|count|stock|units|number|score|points|votes/, make: (rng) => rng.int(1, 240) },
  { re: /rating|stars/, make: (rng) => rng.float(3.5, 5, 1) },
  { re: /percent|rate|progress|completion/, make: (rng) => rng.int(5, 100) },
  { re: /status|state/, make: (rng) => rng.pick(["Active", "Pending", "Done", "On hold"]) },
  { re: /city|location|office/, make: (rng) => rng.pick(["Lisbon", "Chicago", "Nairobi", "Osaka", "Toronto", "Melbourne"]) },
  { re: /country/, make: (rng) => rng.pick(["Portugal", "United States", "Kenya", "Japan", "Canada", "Australia"]) },
  { re: /name|owner|author|assignee|customer|client|person|manager|contact/, make: (rng) => personName(rng) },
  { re: /id|code|ref|number/, make: (rng, i) => `#${1000 + i * 7 + rng.int(0, 6)}` },
  { re: /priority/, make: (rng) => rng.pick(["High", "Medium", "Low"]) },
  { re: /category|type|kind|group|department|team/, make: (rng) => rng.pick(["Alpha", "Core", "Growth", "Platform", "Support"]) },
];

const camel = (label: string): string => {
  const words = label
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : capitalize(w.toLowerCase()))).join("");
  const safe = /^[a-z]/.test(key) ? key : `c${key || "olumn"}`;
  return safe.slice(0, 40);
};

const formatFor = (label: string): "currency" | "date" | "number" | "percent" | undefined => {
  const l = label.toLowerCase();
  if (/price|cost|amount|total|salary|revenue|budget|fee|balance|value/.test(l)) return "currency";
  if (/date|created|updated|joined|due|deadline|since|birthday/.test(l)) return "date";
  if (/percent|rate|progress|completion/.test(l)) return "percent";
  if (/qty|quantity|count|stock|units|score|points|votes|age/.test(l)) return "number";
  return undefined;
};

/** A dataset for any noun, with the given columns or sensible defaults. */
export function customDataset(noun: string, columns?: string[]): Dataset {
  const plural = noun.toLowerCase();
  const singular = plural
    .replace(/ies$/, "y")
    .replace(/(s|x|ch|sh)es$/, "$1")
    .replace(/([^s])s$/, "$1");
  const labels = columns?.length ? columns.slice(0, 8) : ["Name", "Category", "Owner", "Status", "Updated", "Value"];
  const cols: Column[] = labels.map((l) => {
    const key = camel(l);
    const format = formatFor(l);
    return format
      ? { key, label: capitalize(l), format, align: format === "date" ? undefined : "right" }
      : { key, label: capitalize(l) };
  });
  const keys = cols.map((c) => (typeof c === "string" ? c : c.key));
  const nameKey = keys.find((_k, i) => /name|title|item/.test(labels[i]!.toLowerCase())) ?? keys[0]!;
  const titled = titleCase(singular);
  const names = [
    "Aurora",
    "Beacon",
    "Cedar",
    "Delta",
    "Ember",
    "Falcon",
    "Granite",
    "Harbor",
    "Iris",
    "Juniper",
    "Kite",
    "Lumen",
  ];
  return {
    key: "custom",
    title: titleCase(plural),
    singular,
    plural,
    icon: "info",
    columns: cols,
    filter: keys.find((_k, i) => /status|category|type|priority|department/.test(labels[i]!.toLowerCase())),
    rows: (rng, n) =>
      Array.from({ length: n }, (_, i) => {
        const out: Row = {};
        labels.forEach((l, j) => {
          const key = keys[j]!;
          if (key === nameKey) out[key] = `${titled} ${names[(i + rng.int(0, 2)) % names.length]}`;
          else {
            const kind = COLUMN_KINDS.find((k) => k.re.test(l.toLowerCase()));
            out[key] = kind ? kind.make(rng, i) : `${capitalize(l)} ${String.fromCharCode(65 + ((i + j) % 26))}`;
          }
        });
        return out;
      }),
    item: (r) => ({
      title: String(r[nameKey]),
      subtitle: keys
        .filter((k) => k !== nameKey)
        .slice(0, 3)
        .map((k) => String(r[k]))
        .join(" · "),
    }),
  };
}
