/**
 * The playground's examples: UI code a visitor can start from. Each evaluates without errors or repairs and
 * type-checks against the DSL's declarations (e2e/browser/playground.e2e.test.ts checks both). They load nothing from other
 * sites (no images or videos), so the playground works offline. Dependency-free (the test loads it on its own).
 */

export interface Example {
  id: string;
  title: string;
  code: string;
}

/** The first example is the DSL's own (packages/ui-runtime's DSL_EXAMPLE): the screen a new visitor sees. */
export const EXAMPLES: readonly Example[] = [
  {
    id: "checkout",
    title: "Checkout",
    code: `screen("Checkout")
heading("Your cart")
card("Order", [
  text("2 items"),
  row([button("Pay", {onPress: "pay"}), button("Cancel", {variant: "ghost"})]),
])`,
  },
  {
    id: "signup",
    title: "Sign-up form",
    code: `screen("Sign up", {maxWidth: 480})
heading("Create your account")
text("Start building generative UI in minutes.", {tone: "muted"})
card("Your details", [
  textInput({name: "full_name", label: "Full name", placeholder: "Ada Lovelace", required: true}),
  textInput({name: "email", label: "Email", type: "email", placeholder: "you@example.com", required: true}),
  textInput({name: "password", label: "Password", type: "password"}),
  select("starter", {name: "plan", label: "Plan", options: [
    {label: "Starter", value: "starter"},
    {label: "Team", value: "team"},
    {label: "Enterprise", value: "enterprise"},
  ]}),
  checkbox(false, {name: "terms", label: "I accept the terms of service"}),
  button("Create account", {name: "sign_up", fullWidth: true, onPress: "sign_up"}),
])
divider("or")
button("Sign in instead", {variant: "ghost", fullWidth: true, onPress: "sign_in"})`,
  },
  {
    id: "dashboard",
    title: "Sales dashboard",
    code: `screen("Sales dashboard", {maxWidth: 960})
heading("Sales overview")
grid({columns: 3}, [
  stat(48200, {name: "revenue", label: "Revenue", format: "currency", currency: "USD", delta: 12.4}),
  stat(1284, {name: "orders", label: "Orders", delta: 3.1}),
  stat(3.6, {name: "conversion", label: "Conversion", format: "percent", delta: -0.4}),
])
card("Revenue by month", [
  barChart([
    {month: "Jan", revenue: 32000, costs: 21000},
    {month: "Feb", revenue: 36500, costs: 22800},
    {month: "Mar", revenue: 41200, costs: 24100},
    {month: "Apr", revenue: 48200, costs: 26300},
  ], {name: "revenue_chart", x: "month", y: ["revenue", "costs"], height: 240}),
])
card("Top products", [
  table([
    {product: "Pluto Pro", units: 412, revenue: 20600},
    {product: "Pluto Team", units: 128, revenue: 15360},
    {product: "Add-on seats", units: 744, revenue: 12240},
  ], {name: "products", sortable: true, columns: [
    "product",
    {key: "units", label: "Units", format: "number", align: "right"},
    {key: "revenue", label: "Revenue", format: "currency", align: "right"},
  ]}),
])`,
  },
  {
    id: "pricing",
    title: "Pricing table",
    code: `screen("Pricing", {maxWidth: 960})
heading("Simple, usage-based pricing", {align: "center"})
text("Pay for the requests you make. Every plan includes unlimited apps.", {align: "center", tone: "muted"})
grid({columns: 3}, [
  card("Starter", {subtitle: "For side projects"}, [
    stat(0, {label: "per month", format: "currency", currency: "USD"}),
    list(["1,000 requests", "Community support"]),
    button("Start free", {name: "choose_starter", variant: "secondary", fullWidth: true, onPress: {event: "choose_plan", value: "starter"}}),
  ]),
  card("Pro", {subtitle: "For growing products", elevated: true}, [
    badge("Most popular", {tone: "info"}),
    stat(49, {label: "per month", format: "currency", currency: "USD"}),
    list(["50,000 requests", "Templates", "Email support"]),
    button("Choose Pro", {name: "choose_pro", fullWidth: true, onPress: {event: "choose_plan", value: "pro"}}),
  ]),
  card("Enterprise", {subtitle: "For large teams"}, [
    text("Custom pricing", {size: "lg", weight: "bold"}),
    list(["Unlimited requests", "SSO", "A dedicated engineer"]),
    button("Contact sales", {name: "contact_sales", variant: "ghost", fullWidth: true, onPress: "contact_sales"}),
  ]),
])`,
  },
  {
    id: "profile",
    title: "Profile card",
    code: `screen("Profile", {maxWidth: 520})
card("Ada Lovelace", {subtitle: "Analyst & programmer", elevated: true}, [
  row({gap: 8, align: "center"}, [
    icon("user", {size: 40, tone: "info", label: "Profile"}),
    badge("Available for work", {tone: "success"}),
  ]),
  text("Writes programs for engines that do not exist yet. Interested in poetical science."),
  keyValue({Location: "London", Joined: "1833-06-05", Projects: "12"}),
  progress(80, {label: "Profile complete", tone: "success"}),
  row({gap: 8}, [
    button("Follow", {name: "follow", icon: "plus", onPress: "follow"}),
    button("Message", {name: "message", variant: "secondary", icon: "mail", onPress: "message"}),
  ]),
])`,
  },
  {
    id: "todo",
    title: "To-do list",
    code: `screen("To-do")
heading("Today")
progress(1, {name: "done", label: "1 of 3 done", max: 3})
card("Tasks", [
  checkbox(true, {name: "task_1", label: "Write the release notes", onChangeText: "toggle"}),
  checkbox(false, {name: "task_2", label: "Review the pricing page", onChangeText: "toggle"}),
  checkbox(false, {name: "task_3", label: "Ship the template editor", onChangeText: "toggle"}),
])
row({gap: 8, align: "end"}, [
  textInput({name: "new_task", label: "New task", placeholder: "What needs doing?"}),
  button("Add", {name: "add_task", icon: "plus", onPress: "add_task"}),
])`,
  },
  {
    id: "settings",
    title: "Settings",
    code: `screen("Settings", {maxWidth: 640})
heading("Settings")
tabs(["Notifications", "Budget", "Travel"], {name: "sections"}, [
  column({gap: 12}, [
    switch_(true, {name: "email_me", label: "Email me about new features"}),
    switch_(false, {name: "weekly", label: "Weekly summary"}),
  ]),
  column({gap: 12}, [
    slider(40, {name: "budget", label: "Monthly budget (USD)", min: 0, max: 100, step: 5}),
    alert("You are charged only for what you use.", {title: "Pay as you go", tone: "info"}),
  ]),
  column({gap: 12}, [
    date("2026-12-01", {name: "check_in", label: "Check-in"}),
    textArea({name: "notes", label: "Notes", rows: 3}),
  ]),
])
button("Save settings", {name: "save", onPress: {set: {name: "saved", value: "Saved just now"}}})
text("Not saved yet", {name: "saved", tone: "muted"})`,
  },
  {
    id: "help",
    title: "Help center",
    code: `screen("Help")
heading("How can we help?")
accordion(["What is GenUI?", "How do I install the component?", "Is there a free plan?"], {name: "faq"}, [
  markdown("GenUI turns **plain language** into interactive screens inside your chat."),
  code("npm install @genui/react", {language: "bash"}),
  text("You pay only for the requests you make; every plan includes unlimited apps."),
])
divider()
row({gap: 8, wrap: true}, [
  button("Read the docs", {name: "docs", variant: "secondary", onPress: {navigate: "https://genui.dev/docs"}}),
  button("Contact support", {name: "support", onPress: "contact_support"}),
])`,
  },
];

export const DEFAULT_EXAMPLE: Example = EXAMPLES[0]!;
