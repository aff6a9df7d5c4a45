import { describeScreenAction, describeScreenActions, type ScreenActionLike } from "./action-text";

const press = (name: string, value: unknown = null, type = "onPress"): ScreenActionLike => ({ type, component: { name, value } });

describe("what the user did on a screen, in their words", () => {
  it("when a press is described, then its label in the past tense, or the name's verb with its value, never the internal name", () => {
    expect(describeScreenAction(press("choose_essentials", "Essentials"))).toBe("Chose Essentials");
    expect(describeScreenAction(press("choose_2", "Choose Starter"))).toBe("Chose Starter");
    expect(describeScreenAction(press("create_account", "Create account"))).toBe("Created account");
    expect(describeScreenAction(press("choose_2"))).toBe("Chose option 2");
    expect(describeScreenAction(press("check", "Check answers"))).toBe("Checked answers");
    expect(describeScreenAction(press("fav", "Favourite"))).toBe("Pressed “Favourite”");
    expect(describeScreenAction(press("del", "Delete", "onLongPress"))).toBe("Long-pressed “Delete”");
    expect(describeScreenAction(press("moreInfo"))).toBe("Pressed “More info”");
  });

  it("when values were typed or ticked, then each is said before the press", () => {
    expect(
      describeScreenActions([
        press("full_name", "Ada Lovelace", "onChangeText"),
        press("email", "", "onChangeText"),
        press("accept_terms", true, "onChangeText"),
        press("answer_2", "Lisbon", "onChangeText"),
        press("create_account", "Create account"),
      ]),
    ).toBe(
      "Entered “Ada Lovelace” in Full name. Cleared Email. Checked Accept terms. Entered “Lisbon” in Answer 2. Created account.",
    );
  });
});
