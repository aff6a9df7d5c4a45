import { act, screen, waitFor } from "@testing-library/react";
import { CATALOGUE } from "@genui/ui-runtime";
import { galleryScreen } from "./gallery";
import { renderScreen } from "./render";
import { stubResizeObserver } from "./test-helpers";

beforeAll(stubResizeObserver);

describe("gallery and renderScreen", () => {
  test("when the gallery screen is built, then it has one card per category holding every catalogue example", () => {
    const g = galleryScreen();
    const cards = g.screen.v1.filter((n) => n.component === "card");
    expect(cards.map((c) => c.value)).toEqual(["Layout", "Text", "Inputs", "Data", "Charts", "Media", "Feedback"]);
    const examples = cards.flatMap((c) => (c.content ?? []).filter((n) => !n.name.startsWith("gallery-label-")));
    expect(examples.map((n) => n.component)).toEqual(CATALOGUE.map((e) => e.example.component));
  });

  test("when the gallery is rendered with renderScreen, then every component draws without a notice and update/unmount work", async () => {
    const el = document.createElement("div");
    document.body.appendChild(el);
    const onAction = jest.fn();
    let handle: ReturnType<typeof renderScreen> | undefined;
    await act(async () => {
      handle = renderScreen(el, galleryScreen(), { onAction, theme: "dark" });
    });
    await waitFor(() => expect(el.querySelectorAll('.gu-chart [role="img"]')).toHaveLength(4), { timeout: 10_000 });
    expect(screen.queryAllByRole("note")).toEqual([]);
    expect(el.querySelector(".gu-root")?.getAttribute("data-theme")).toBe("dark");
    expect(screen.getByRole("heading", { level: 1, name: "Component gallery" })).toBeTruthy();
    expect(onAction).not.toHaveBeenCalled(); // the gallery has no hooks

    await act(async () =>
      handle?.update({ name: "gallery", screen: { v1: [{ name: "only", component: "text", value: "Updated" }] } }),
    );
    expect(screen.getByText("Updated")).toBeTruthy();
    await act(async () => handle?.unmount());
    expect(el.innerHTML).toBe("");
    el.remove();
  });
});
