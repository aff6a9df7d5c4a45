import { describeAction } from "./action-text";

const press = (name: string, value?: unknown, type = "onPress") => JSON.stringify({ type, component: { name, value } });

describe("what the user did, as the chat shows it", () => {
  it("when a plan is chosen, then 'Chose <plan>' in the user's words, never the button's internal name", () => {
    expect(describeAction(press("choose_essentials", "Essentials"))).toBe("Chose Essentials");
    expect(describeAction(press("choose_2", "Choose Starter"))).toBe("Chose Starter");
    expect(describeAction(press("choose_2"))).toBe("Chose option 2");
    for (const line of [press("choose_essentials", "Essentials"), press("choose_2")].map(describeAction))
      expect(line).not.toMatch(/_/);
  });

  it("when a button's label says what it does, then it is said in the past tense; otherwise the label is quoted", () => {
    expect(describeAction(press("check", "Check answers"))).toBe("Checked answers");
    expect(describeAction(press("submit", "Send application"))).toBe("Sent application");
    expect(describeAction(press("cook", "Start cooking mode"))).toBe("Started cooking mode");
    expect(describeAction(press("fav", "Favourite"))).toBe("Pressed “Favourite”");
    expect(describeAction(press("del", "Delete", "onLongPress"))).toBe("Long-pressed “Delete”");
  });

  it("when text is typed, then the field is named in words", () => {
    expect(describeAction(JSON.stringify({ type: "onChangeText", component: { name: "answer_2", value: "Lisbon" } }))).toBe(
      "Entered “Lisbon” in Answer 2",
    );
    expect(describeAction(JSON.stringify({ type: "onChangeText", component: { name: "email", value: "" } }))).toBe(
      "Cleared Email",
    );
  });

  it("when the content is not an action's JSON, then it is shown as it is", () => {
    expect(describeAction("hello")).toBe("hello");
    expect(describeAction('{"type":"onPress"}')).toBe('{"type":"onPress"}');
  });
});
