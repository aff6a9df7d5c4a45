import { CATALOGUE } from "./catalogue";
import { screenJsonSchema, type Screen } from "./schema";
import { repairScreen, validateScreen } from "./validate";

const screenOf = (...v1: unknown[]) => ({ name: "Test", screen: { v1 } });

describe("screen JSON v1: validation and repair", () => {
  it("when every catalogue example is a screen, then it validates", () => {
    for (const e of CATALOGUE)
      expect({ type: e.type, r: validateScreen(screenOf(e.example)) }).toMatchObject({ type: e.type, r: { ok: true } });
  });

  it("when a screen is broken, then every issue names its path and what was expected", () => {
    const r = validateScreen(
      screenOf(
        { name: "h", component: "heading", value: "Hi", props: { level: 9 } },
        { name: "h", component: "text", value: 5 },
        { name: "x", component: "sparkles" },
        { name: "b", component: "button", value: "Go", content: [{ name: "t", component: "text", value: "no" }] },
        { name: "bad name!", component: "text" },
      ),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path)).toEqual(["screen.v1[4].name"]);
    const r2 = validateScreen(
      repairScreen(
        screenOf(
          { name: "h", component: "heading", value: "Hi", props: { level: 9 } },
          { name: "h", component: "text", value: 5 },
          { name: "x", component: "sparkles" },
          { name: "b", component: "button", value: "Go", content: [{ name: "t", component: "text", value: "no" }] },
        ),
      ).screen,
    );
    expect(r2.ok ? [] : r2.issues).toEqual([{ path: "screen.v1[2].component", message: 'unknown component "sparkles"' }]);
    const strict = validateScreen(
      screenOf(
        { name: "h", component: "heading", value: "Hi", props: { level: 9 } },
        { name: "h", component: "text", value: 5 },
        { name: "b", component: "button", value: "Go", content: [{ name: "t", component: "text", value: "no" }] },
      ),
    );
    expect(strict.ok ? [] : strict.issues).toEqual([
      { path: "screen.v1[0].props.level", message: expect.stringContaining("6") },
      { path: "screen.v1[1].name", message: 'duplicate name "h"' },
      { path: "screen.v1[1].value", message: "expected text, got 5" },
      { path: "screen.v1[2].content", message: "button takes no children" },
    ]);
  });

  it("when repair meets obvious mistakes, then it coerces, renames and drops with a note each", () => {
    const { screen, repairs, issues } = repairScreen({
      name: "",
      screen: [
        {
          name: "s",
          component: "stat",
          value: "12",
          props: { label: "Users", delta: "3.5", colour: "red", style: { color: "red", position: "fixed" } },
        },
        { name: "s", component: "checkbox", value: "true", props: { label: "OK" } },
        { component: "progress", value: 40, onPress: 12 },
        "junk",
      ],
      props: { screenProps: { theme: "dark" }, style: { background: "url(javascript:x)" } },
    });
    expect(screen).toEqual({
      name: "Screen",
      screen: {
        v1: [
          { name: "s", component: "stat", value: 12, props: { label: "Users", delta: 3.5, style: { color: "red" } } },
          { name: "checkbox_1", component: "checkbox", value: true, props: { label: "OK" } },
          { name: "progress_1", component: "progress", value: 40 },
        ],
      },
      props: { screenProps: { theme: "dark" } },
    } satisfies Screen);
    expect(issues).toEqual([]);
    expect(repairs).toEqual(
      expect.arrayContaining([
        "screen: a list; moved to screen.v1",
        'screen.v1[0].value: coerced "12" to 12',
        'screen.v1[0].props.colour: stat has no prop "colour"; dropped',
        "screen.v1[0].props.style.position: unsupported style; dropped",
        'screen.v1[1].name: invalid or duplicate name; renamed "checkbox_1"',
        "screen.v1[2].onPress: invalid action; dropped",
        "screen.v1[3]: not a component; dropped",
        "props.style.background: invalid style value; dropped",
      ]),
    );
  });

  it("when the input is not a screen at all, then repair answers an empty screen", () => {
    expect(repairScreen("nope").screen).toEqual({ name: "Screen", screen: { v1: [] } });
    expect(repairScreen(null).repairs).toEqual([": not an object; replaced by an empty screen"]);
  });

  it("when the JSON Schema is published, then it describes the same structure", () => {
    const s = screenJsonSchema() as { $id: string; required: string[]; properties: Record<string, unknown> };
    expect(s.$id).toBe("https://genui.dev/apps/api/v1/schema/screen.v1.json");
    expect(s.required).toEqual(["name", "screen"]);
    expect(Object.keys(s.properties)).toEqual(["name", "screen", "props", "onStart", "onResume", "onPause", "onEnd"]);
  });
});
