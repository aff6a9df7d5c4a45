import { act, screen, waitFor, within } from "@testing-library/react";
import { CATALOGUE, type CatalogueEntry, type Category } from "@genui/ui-runtime";
import { rendererFor } from "./registry";
import { renderNodes, stubResizeObserver } from "./test-helpers";

beforeAll(stubResizeObserver);

/** What each example must show (by type); types without an entry fall back to their category's check. */
const byType: Record<string, (container: HTMLElement) => void | Promise<void>> = {
  column: () => expect(screen.getByText("One")).toBeTruthy(),
  row: () => {
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
  },
  grid: () => {
    expect(screen.getByText("Users")).toBeTruthy();
    expect(screen.getByText("1,204")).toBeTruthy();
    expect(screen.getByText("$5,400")).toBeTruthy();
  },
  card: () => {
    expect(screen.getByRole("region", { name: "Order summary" })).toBeTruthy();
    expect(screen.getByText("2 items")).toBeTruthy();
  },
  tabs: () => {
    expect(screen.getByRole("tablist")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Details" }).getAttribute("aria-selected")).toBe("false");
    expect(screen.getByRole("tabpanel").textContent).toBe("Overview panel");
  },
  accordion: () => {
    const trigger = screen.getByRole("button", { name: "What is GenUI?" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(trigger.getAttribute("aria-controls") ?? "")).toBeTruthy();
  },
  divider: () => expect(screen.getByRole("separator", { name: "or" })).toBeTruthy(),
  spacer: (c) => expect((c.querySelector(".gu-spacer") as HTMLElement).style.height).toBe("24px"),
  heading: () => expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy(),
  text: () => expect(screen.getByText("Here is what changed this week.").className).toContain("gu-tone-muted"),
  markdown: () => {
    expect(screen.getByText("Bold").tagName).toBe("STRONG");
    const link = screen.getByRole("link", { name: "link" });
    expect(link.getAttribute("href")).toBe("https://genui.dev");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["one", "two"]);
  },
  badge: () => expect(screen.getByText("Paid").className).toContain("gu-tone-success"),
  code: () => {
    expect(screen.getByText("npm install @genui/react").tagName).toBe("CODE");
    expect(screen.getByRole("button", { name: "Copy code" })).toBeTruthy();
  },
  textInput: () => {
    const input = screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    expect(input.type).toBe("email");
    expect(input.placeholder).toBe("you@example.com");
  },
  textArea: () => expect((screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).rows).toBe(4),
  button: () => expect(screen.getByRole("button", { name: "Buy now" })).toBeTruthy(),
  select: () => expect((screen.getByRole("combobox", { name: "Size" }) as HTMLSelectElement).value).toBe("m"),
  checkbox: () => expect((screen.getByRole("checkbox", { name: "I accept the terms" }) as HTMLInputElement).checked).toBe(false),
  switch: () => expect((screen.getByRole("switch", { name: "Email me" }) as HTMLInputElement).checked).toBe(true),
  slider: () => expect((screen.getByRole("slider", { name: "Budget" }) as HTMLInputElement).value).toBe("40"),
  date: () => expect((screen.getByLabelText("Check-in") as HTMLInputElement).value).toBe("2026-12-01"),
  table: () => {
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["ID", "Total", "Status"]);
    expect(screen.getAllByRole("columnheader").every((th) => th.getAttribute("scope") === "col")).toBe(true);
    expect(screen.getByRole("cell", { name: "$12.50" })).toBeTruthy();
  },
  list: () => {
    expect(screen.getByRole("list").tagName).toBe("OL");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("Get a key")).toBeTruthy();
  },
  stat: () => {
    expect(screen.getByText("Revenue")).toBeTruthy();
    expect(screen.getByText("$12,400")).toBeTruthy();
    expect(screen.getByText(/8\.2%/).textContent).toContain("up");
  },
  keyValue: () => {
    expect(screen.getByText("Plan").tagName).toBe("DT");
    expect(screen.getByText("Pluto").tagName).toBe("DD");
  },
  progress: () => {
    const bar = screen.getByRole("progressbar", { name: "Uploading" });
    expect(bar.getAttribute("aria-valuenow")).toBe("64");
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
  },
  image: (c) => {
    // The example is an illustration drawn in the screen (a data: URL): shown as it is.
    const img = screen.getByRole("img", { name: "A lilac banner" });
    expect(img.tagName).toBe("IMG");
    expect(img.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(c.querySelector(".gu-image-placeholder")).toBeNull();
  },
  fileInput: () => {
    const input = screen.getByLabelText("CV") as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.accept).toBe(".pdf,.doc,.docx");
  },
  icon: () => expect(screen.getByRole("img", { name: "Done" }).tagName.toLowerCase()).toBe("svg"),
  video: () => {
    const frame = screen.getByTitle("Demo") as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.src).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  },
  alert: () => {
    const status = screen.getByRole("status");
    expect(within(status).getByText("Saved")).toBeTruthy();
    expect(within(status).getByText("Your changes were saved.")).toBeTruthy();
  },
  skeleton: (c) => {
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    expect(c.querySelectorAll(".gu-skeleton-line")).toHaveLength(3);
  },
};

const byCategory: Record<Category, (e: CatalogueEntry, c: HTMLElement) => void | Promise<void>> = {
  layout: (_e, c) => expect(c.querySelector(".gu-root")?.children).toHaveLength(1),
  text: (_e, c) => expect(c.querySelector(".gu-root")?.textContent).not.toBe(""),
  inputs: (_e, c) => expect(c.querySelector("input, select, textarea, button")).toBeTruthy(),
  data: (_e, c) => expect(c.querySelector(".gu-root")?.textContent).not.toBe(""),
  charts: async (e) => {
    const chart = await screen.findByRole("img", {}, { timeout: 10_000 });
    expect(chart.getAttribute("aria-label")).toMatch(e.type === "pieChart" ? /chart\. .+ \d+ \(\d+%\)/ : /chart.* by /);
  },
  media: (_e, c) => expect(c.querySelector("img, svg, iframe, video")).toBeTruthy(),
  feedback: (_e, c) => expect(c.querySelector('[role="status"], [role="alert"]')).toBeTruthy(),
};

describe("catalogue examples", () => {
  test("when the catalogue is read, then every component type has a renderer", () => {
    expect(CATALOGUE.filter((e) => !rendererFor(e.type)).map((e) => e.type)).toEqual([]);
  });

  test.each(CATALOGUE.map((e) => [e.type, e] as const))(
    "when the %s example is rendered, then it shows its content",
    async (_type, entry) => {
      const { container } = renderNodes([entry.example]);
      await act(async () => {}); // let lazy chunks (charts) settle
      if (entry.category === "charts") await waitFor(() => expect(screen.queryByRole("img")).toBeTruthy(), { timeout: 10_000 });
      expect(screen.queryAllByRole("note")).toEqual([]);
      await (byType[entry.type] ?? ((c: HTMLElement) => byCategory[entry.category](entry, c)))(container);
      await byCategory[entry.category](entry, container);
    },
  );
});
