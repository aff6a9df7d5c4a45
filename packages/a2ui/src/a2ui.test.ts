import { plan, type Turn } from "@genui/planner";
import { CATALOGUE, repairScreen, type ActionEvent, type AppComponent, type Screen } from "@genui/ui-runtime";
import { createAppComponentChecker, createNodeEvaluator } from "@genui/ui-runtime/node";
import basicCatalogJson from "../schemas/v0_9/catalogs/basic/catalog.json";
import {
  BASIC_CATALOG_ID,
  GENUI_CATALOG_ID,
  SurfaceTranslator,
  actionEvents,
  actionScreenId,
  genuiCatalog,
  screenMessages,
  surfaceTheme,
  translateScreen,
  unmappedTypes,
  validateClientMessage,
  validateServerMessage,
  withFallbacks,
  type A2uiAction,
  type A2uiComponent,
  type A2uiServerMessage,
} from "./index";

const evaluator = createNodeEvaluator({ timeoutMs: 5000 });
afterAll(() => evaluator.dispose());

/** A screen as the built-in generator answers a conversation, evaluated like the server does. */
async function generate(turns: Turn[]): Promise<{ code: string; screen: Screen }> {
  const { code } = plan(turns);
  const r = await evaluator.evaluate(code);
  if (!r.ok) throw new Error(`the generator's code does not evaluate: ${r.error.message}`);
  return { code, screen: r.screen };
}

/** What a renderer holds of a surface after applying messages: components by id and the data model. */
class ClientSurface {
  components = new Map<string, A2uiComponent>();
  data: Record<string, unknown> = {};
  created = 0;
  apply(messages: A2uiServerMessage[], catalogId = GENUI_CATALOG_ID): void {
    for (const m of messages) {
      const v = validateServerMessage(m, catalogId);
      if (!v.ok) throw new Error(`invalid message ${JSON.stringify(m).slice(0, 200)}: ${v.errors.join("; ")}`);
      if ("createSurface" in m) this.created++;
      if ("updateComponents" in m) for (const c of m.updateComponents.components) this.components.set(c.id, c);
      if ("updateDataModel" in m) {
        const { path = "/", value } = m.updateDataModel;
        const keys = path.split("/").filter(Boolean);
        if (!keys.length) {
          this.data = value as Record<string, unknown>;
          continue;
        }
        let at = this.data;
        for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
        if (value === undefined) delete at[keys.at(-1)!];
        else at[keys.at(-1)!] = value;
      }
    }
  }
  read(path: string): unknown {
    return path
      .split("/")
      .filter(Boolean)
      .reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], this.data);
  }
  /** Ids a component refers to (children, child, tabs, sections). */
  static refs(c: A2uiComponent): string[] {
    const out: string[] = [];
    if (Array.isArray(c.children)) out.push(...(c.children as string[]));
    if (typeof c.child === "string") out.push(c.child);
    for (const key of ["tabs", "sections"])
      if (Array.isArray(c[key])) out.push(...(c[key] as { child: string }[]).map((t) => t.child));
    return out;
  }
  /** The ids reachable from root; every reference must resolve. */
  reachable(): Set<string> {
    const seen = new Set<string>();
    const visit = (id: string) => {
      const c = this.components.get(id);
      if (!c) throw new Error(`component '${id}' is referenced but was never sent`);
      if (seen.has(id)) throw new Error(`component '${id}' is referenced twice`);
      seen.add(id);
      ClientSurface.refs(c).forEach(visit);
    };
    visit("root");
    return seen;
  }
  /** The rendered tree as JSON (reachable components only), to compare surfaces. */
  tree(id = "root"): unknown {
    const c = this.components.get(id)!;
    return { ...c, refs: ClientSurface.refs(c).map((r) => this.tree(r)) };
  }
  /** An action as a renderer sends it when `sourceId` (a Button) is pressed: its context resolved. */
  press(sourceId: string, surfaceId: string): { version: "v0.9"; action: A2uiAction } {
    const button = this.components.get(sourceId)!;
    const event = (button.action as { event: { name: string; context: Record<string, unknown> } }).event;
    const context = Object.fromEntries(
      Object.entries(event.context).map(([k, v]) => [
        k,
        typeof v === "object" && v && "path" in v ? this.read(String(v.path)) : v,
      ]),
    );
    return {
      version: "v0.9",
      action: { name: event.name, surfaceId, sourceComponentId: sourceId, timestamp: new Date().toISOString(), context },
    };
  }
}

const SCREENS = {
  form: "A contact form with name, email and message",
  quiz: "A quiz about world capitals",
  plans: "Compare the Basic, Pro and Team plans",
  dashboard: "A sales dashboard with revenue charts and KPI stats",
  table: "A table of the last orders",
};

describe("our catalog as an A2UI catalog", () => {
  const catalog = genuiCatalog();
  const components = catalog.components as Record<string, unknown>;

  it("when every catalogue type is looked up, then each has an A2UI component in the catalog", () => {
    expect(unmappedTypes()).toEqual([]);
    for (const e of CATALOGUE) {
      const { components: out } = translateScreen({ name: "t", screen: { v1: [e.example] } });
      for (const c of out) expect(Object.keys(components)).toContain(c.component);
    }
  });

  it("when compared with the official basic catalog, then its basic components and functions are the same definitions", () => {
    const basic = basicCatalogJson as unknown as { components: Record<string, unknown>; functions: unknown };
    for (const [name, def] of Object.entries(basic.components)) expect(components[name]).toEqual(def);
    expect(catalog.functions).toEqual(basic.functions);
    expect(catalog.catalogId).toBe(GENUI_CATALOG_ID);
    expect(catalog.$id).toBe(GENUI_CATALOG_ID);
    for (const own of [
      "BarChart",
      "LineChart",
      "AreaChart",
      "PieChart",
      "Stat",
      "Table",
      "KeyValue",
      "Alert",
      "Badge",
      "Progress",
      "Code",
      "Markdown",
    ])
      expect(components[own]).toBeDefined();
  });

  it("when each catalogue example is translated, then every message validates against the schemas and the catalog", () => {
    for (const e of CATALOGUE) {
      const screen: Screen = { name: e.type, screen: { v1: [e.example] } };
      for (const catalogId of [GENUI_CATALOG_ID, BASIC_CATALOG_ID] as const) {
        const client = new ClientSurface();
        client.apply(screenMessages(screen, { surfaceId: "s", screenId: "scr_x", catalogId }), catalogId);
        expect(client.reachable().size).toBeGreaterThan(1);
      }
    }
  });
});

describe("screens as A2UI messages", () => {
  it.each(Object.entries(SCREENS))(
    "when the %s screen is translated, then every message validates and the tree is whole",
    async (_k, prompt) => {
      const { screen } = await generate([{ role: "user", content: prompt }]);
      for (const catalogId of [GENUI_CATALOG_ID, BASIC_CATALOG_ID] as const) {
        const messages = screenMessages(screen, { surfaceId: "surface_1", screenId: "scr_1", catalogId });
        expect(messages[0]).toEqual({
          version: "v0.9",
          createSurface: expect.objectContaining({ surfaceId: "surface_1", catalogId }),
        });
        const client = new ClientSurface();
        client.apply(messages, catalogId);
        const reachable = client.reachable();
        // Every node of the screen is drawn, by its own name.
        const names: string[] = [];
        const walk = (nodes: Screen["screen"]["v1"]) => nodes.forEach((n) => (names.push(n.name), walk(n.content ?? [])));
        walk(screen.screen.v1);
        for (const n of names) expect(reachable).toContain(n);
        expect(client.read("/genui/screen")).toBe("scr_1");
      }
    },
  );

  it("when the dashboard is translated for our catalog, then its stats and chart are our components with their data", async () => {
    const { screen } = await generate([{ role: "user", content: SCREENS.dashboard }]);
    const client = new ClientSurface();
    client.apply(screenMessages(screen, { surfaceId: "s", screenId: "scr_1" }));
    const types = [...client.components.values()].map((c) => c.component);
    expect(types).toEqual(expect.arrayContaining(["Stat", "BarChart", "Card", "Grid", "Text"]));
    const stat = [...client.components.values()].find((c) => c.component === "Stat")!;
    expect(stat).toEqual(expect.objectContaining({ label: expect.any(String), value: expect.any(Number) }));
  });

  it("when the form is translated, then its inputs are TextFields bound to the data model with their values", async () => {
    const { screen } = await generate([{ role: "user", content: SCREENS.form }]);
    const client = new ClientSurface();
    client.apply(screenMessages(screen, { surfaceId: "s", screenId: "scr_1" }));
    expect(client.components.get("email")).toEqual(
      expect.objectContaining({ component: "TextField", label: "Email", value: { path: "/inputs/email" } }),
    );
    expect(client.components.get("message")).toEqual(expect.objectContaining({ variant: "longText" }));
    expect(client.read("/inputs")).toEqual({ name: "", email: "", message: "" });
    const send = client.components.get("send_message")!;
    expect(send).toEqual(expect.objectContaining({ component: "Button", variant: "primary", child: "send_message:label" }));
    expect(client.components.get("send_message:label")).toEqual(expect.objectContaining({ text: "Send message" }));
  });

  it("when a message is wrong, then validation says where and why", () => {
    const bad = (components: unknown[]) =>
      validateServerMessage({ version: "v0.9", updateComponents: { surfaceId: "s", components } });
    expect(bad([{ id: "x", component: "TextField" }])).toEqual({
      ok: false,
      errors: [`/updateComponents/components/0 (TextField "x"): must have required property 'label'`],
    });
    expect(bad([{ id: "x", component: "Sparkline" }])).toEqual({
      ok: false,
      errors: [`/updateComponents/components/0: component "Sparkline" is not in the surface's catalog`],
    });
    expect(
      validateServerMessage(
        {
          version: "v0.9",
          updateComponents: { surfaceId: "s", components: [{ id: "x", component: "Stat", value: 1, label: "L" }] },
        },
        BASIC_CATALOG_ID,
      ).ok,
    ).toBe(false);
    expect(validateServerMessage({ version: "v0.9", createSurface: { surfaceId: "s" } })).toEqual({
      ok: false,
      errors: ["/createSurface: must have required property 'catalogId'"],
    });
    expect(
      validateClientMessage({
        version: "v0.9",
        action: { name: "a", surfaceId: "s", sourceComponentId: "b", timestamp: "yesterday", context: {} },
      }),
    ).toEqual({
      ok: false,
      errors: ['/action/timestamp: must match format "date-time"'],
    });
    expect(validateClientMessage({ version: "v0.9" }).ok).toBe(false);
  });
});

describe("progressive generation", () => {
  it("when longer and longer prefixes of the code arrive, then each update sends only what changed and the surface ends as the whole screen", async () => {
    const { code, screen } = await generate([{ role: "user", content: SCREENS.plans }]);
    const t = new SurfaceTranslator({ surfaceId: "s" });
    const client = new ClientSurface();
    client.apply(t.begin());
    let updates = 0;
    let sentComponents = 0;
    const sends = new Map<string, number>();
    let last = "";
    for (let end = 200; end < code.length; end += 150) {
      const r = await evaluator.evaluatePrefix(code.slice(0, end));
      if (!r.ok) continue;
      const json = JSON.stringify(r.screen);
      const messages = t.update(r.screen);
      // The same screen again costs nothing.
      if (json === last) expect(messages).toEqual([]);
      last = json;
      expect(t.update(r.screen)).toEqual([]);
      for (const m of messages)
        if ("updateComponents" in m)
          for (const c of m.updateComponents.components) {
            sentComponents++;
            if (!Array.isArray(c.children)) sends.set(c.id, (sends.get(c.id) ?? 0) + 1);
          }
      if (messages.length) updates++;
      client.apply(messages);
    }
    client.apply(t.finish(screen, "scr_9"));
    expect(updates).toBeGreaterThan(2);
    // Components arrive as they are generated: a leaf is sent once or twice (its text may still grow), containers
    // again as children are added — never once per snapshot.
    const total = translateScreen(screen).components.length;
    expect(sentComponents).toBeLessThan(total * 2);
    expect(Math.max(...sends.values())).toBeLessThanOrEqual(2);
    const whole = new ClientSurface();
    whole.apply(screenMessages(screen, { surfaceId: "s", screenId: "scr_9" }));
    expect(client.tree()).toEqual(whole.tree());
    expect(client.read("/inputs")).toEqual(whole.read("/inputs"));
  });

  it("when a screen changes one component, then only that component (and no value) is sent", async () => {
    const { screen } = await generate([{ role: "user", content: SCREENS.form }]);
    const t = new SurfaceTranslator({ surfaceId: "s" });
    t.begin();
    t.finish(screen, "scr_1");
    const changed = structuredClone(screen);
    changed.screen.v1[0]!.value = "Write to us";
    expect(t.finish(changed, "scr_2")).toEqual([
      {
        version: "v0.9",
        updateComponents: { surfaceId: "s", components: [expect.objectContaining({ id: "heading_1", text: "Write to us" })] },
      },
      { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/genui/screen", value: "scr_2" } },
    ]);
  });
});

describe("actions", () => {
  it("when the form's button is pressed after typing, then the action maps back to the typed values and the press, and the next screen continues the surface", async () => {
    const prompt = SCREENS.form;
    const first = await generate([{ role: "user", content: prompt }]);
    const t = new SurfaceTranslator({ surfaceId: "contact" });
    const client = new ClientSurface();
    client.apply([...t.begin(), ...t.finish(first.screen, "scr_first")]);
    // The user types (two-way binding writes the data model), then presses.
    client.data = { ...client.data, inputs: { name: "Ada Lovelace", email: "ada@example.com", message: "" } };
    const message = client.press("send_message", "contact");
    expect(validateClientMessage(message)).toEqual({ ok: true });
    expect(actionScreenId(message.action)).toBe("scr_first");
    const events = actionEvents(message.action, first.screen);
    expect(events).toEqual<ActionEvent[]>([
      { type: "onChangeText", component: { name: "name", value: "Ada Lovelace" } },
      { type: "onChangeText", component: { name: "email", value: "ada@example.com" } },
      { type: "onPress", component: { name: "send_message", value: "Send message" } },
    ]);
    // The chat page's user turns for the same action: the generator answers them with the next screen.
    const next = await generate([
      { role: "user", content: prompt },
      { role: "assistant", content: first.code },
      ...events.map((e) => ({ role: "user" as const, content: JSON.stringify(e) })),
    ]);
    const after = new SurfaceTranslator({ surfaceId: "contact", shown: first.screen });
    const messages = [...after.begin(), ...after.finish(next.screen, "scr_next")];
    expect(messages.some((m) => "createSurface" in m)).toBe(false);
    client.apply(messages);
    expect(client.created).toBe(1);
    const whole = new ClientSurface();
    whole.apply(screenMessages(next.screen, { surfaceId: "contact", screenId: "scr_next" }));
    expect(client.tree()).toEqual(whole.tree());
    // The surface changed: the next screen is not the form again.
    expect(JSON.stringify(next.screen)).not.toEqual(JSON.stringify(first.screen));
    expect(client.components.get("root")!.children).toEqual(translateScreen(next.screen).components[0]!.children);
    expect(client.read("/genui/screen")).toBe("scr_next");
  });

  it("when a plan's choose button is pressed, then the press carries the button's own value", async () => {
    const { screen } = await generate([{ role: "user", content: SCREENS.plans }]);
    const client = new ClientSurface();
    client.apply(screenMessages(screen, { surfaceId: "p", screenId: "scr_p" }));
    const message = client.press("choose_plan_2", "p");
    expect(message.action.name).toBe("choose_plan");
    expect(actionEvents(message.action, screen)).toEqual([
      { type: "onPress", component: { name: "choose_plan_2", value: "Pro" } },
    ]);
  });

  it("when the quiz's answers are picked, then each choice comes back as its option value", async () => {
    const { screen } = await generate([{ role: "user", content: SCREENS.quiz }]);
    const client = new ClientSurface();
    client.apply(screenMessages(screen, { surfaceId: "q", screenId: "scr_q" }));
    const picker = client.components.get("answer_1")!;
    expect(picker).toEqual(expect.objectContaining({ component: "ChoicePicker", value: { path: "/inputs/answer_1" } }));
    const option = (picker.options as { value: string }[])[0]!.value;
    (client.data.inputs as Record<string, unknown>).answer_1 = [option];
    const events = actionEvents(client.press("check_answers", "q").action, screen);
    expect(events).toEqual([
      { type: "onChangeText", component: { name: "answer_1", value: option } },
      { type: "onPress", component: { name: "check_answers", value: "Check answers" } },
    ]);
  });

  it("when an action names a component the screen does not have, then it is refused clearly", async () => {
    const { screen } = await generate([{ role: "user", content: SCREENS.form }]);
    const action: A2uiAction = {
      name: "x",
      surfaceId: "s",
      sourceComponentId: "nope",
      timestamp: new Date().toISOString(),
      context: {},
    };
    expect(() => actionEvents(action, screen)).toThrow(
      "The action's sourceComponentId 'nope' is not a component of the screen it names.",
    );
  });
});

describe("the app's look on a surface", () => {
  const PRODUCT: AppComponent = {
    name: "ProductCard",
    description: "One product with its price.",
    props: {
      type: "object",
      properties: { title: { type: "string" }, price: { type: "number" }, cta: { type: "string" } },
      required: ["title", "price"],
    },
    example: { title: "Mug", price: 12 },
    fallback: "card",
    role: { name: "product-card" },
  };

  it("when a screen has the app's own components, then the surface draws their fallbacks and their presses come back", async () => {
    const { code } = plan([{ role: "user", content: "a shop selling mugs" }], { components: [PRODUCT] });
    const r = await evaluator.evaluate(code);
    if (!r.ok) throw new Error(r.error.message);
    // As the worker leaves it: each app node carries its fallback (repair with the app's declarations).
    const screen = repairScreen(r.screen, { components: createAppComponentChecker([PRODUCT]) }).screen;
    const first = screen.screen.v1.flatMap((n) => n.content ?? []).find((n) => n.package === "app")!;
    expect(first.fallback).toBeDefined();
    const client = new ClientSurface();
    client.apply(screenMessages(screen, { surfaceId: "shop", screenId: "scr_shop" }));
    expect(client.components.get(first.fallback!.name)).toMatchObject({ component: "Card" });
    expect(JSON.stringify([...client.components.values()])).toContain(String(first.props!.title));
    // Its button is the component's press.
    const message = client.press(`${first.name}_fallback_action`, "shop");
    expect(message.action.name).toBe("add_to_cart");
    expect(actionEvents(message.action, screen)).toEqual([
      { type: "onPress", component: { name: `${first.name}_fallback_action`, value: first.props!.title } },
    ]);
    // An app node without a fallback (a renderer's input that skipped repair) is still drawn, as a card of its props.
    const bare: Screen = {
      name: "S",
      screen: { v1: [{ name: "p", component: "ProductCard", package: "app", props: { title: "Jug", price: 20 } }] },
    };
    const t = translateScreen(bare);
    expect(t.components.find((c) => c.component === "Card")).toBeDefined();
    expect(JSON.stringify(t.components)).toContain("Jug");
    expect(withFallbacks(bare)).not.toBe(bare);
    expect(withFallbacks(first.fallback ? { name: "S", screen: { v1: [first.fallback] } } : bare)!.screen.v1[0]).toBe(
      first.fallback,
    );
  });

  it("when a surface is created for an app with a theme, then createSurface carries its primary colour and the theme", () => {
    const theme = { light: { primary: "#6d28d9" }, radius: 6 };
    const t = new SurfaceTranslator({ surfaceId: "s" });
    const [create] = t.begin(surfaceTheme({ version: 3, theme }));
    expect(validateServerMessage(create!, GENUI_CATALOG_ID)).toEqual({ ok: true });
    expect(create).toEqual({
      version: "v0.9",
      createSurface: {
        surfaceId: "s",
        catalogId: GENUI_CATALOG_ID,
        theme: { agentDisplayName: "GenUI", primaryColor: "#6d28d9", genui: { version: 3, theme } },
        sendDataModel: true,
      },
    });
    // No theme set: GenUI's own primary, and the basic catalog accepts it too.
    const plain = surfaceTheme({ version: 0, theme: {} });
    expect(plain.primaryColor).toBe("#1d4ed8");
    const basic = new SurfaceTranslator({ surfaceId: "b", catalogId: BASIC_CATALOG_ID }).begin(plain);
    expect(validateServerMessage(basic[0]!, BASIC_CATALOG_ID)).toEqual({ ok: true });
    expect(surfaceTheme()).toEqual({ agentDisplayName: "GenUI", primaryColor: "#1d4ed8" });
  });
});
