import { describeAction, describeActions, type ScreenAction } from "./action-text";

const press = (name: string, value: unknown = null, type: ScreenAction["type"] = "onPress"): ScreenAction => ({
  type,
  component: { name, value },
});

describe("what the user did, as the app passes it to the conversation", () => {
  it("when a press is described, then in the user's words (past tense, the value quoted), never the internal name", () => {
    expect(describeAction(press("choose_essentials", "Essentials"))).toBe("Chose “Essentials”");
    expect(describeAction(press("create_account", "Create account"))).toBe("Created account");
    expect(describeAction(press("choose_2"))).toBe("Chose option 2");
    expect(describeAction(press("fav", "Favourite"))).toBe("Pressed “Favourite”");
    expect(describeAction(press("del", "Delete", "onLongPress"))).toBe("Long-pressed “Delete”");
    expect(describeAction(press("moreInfo"))).toBe("Pressed “More info”");
  });

  it("when values were typed or ticked, then each is said before the press", () => {
    expect(
      describeActions([
        press("full_name", "Ada Lovelace", "onChangeText"),
        press("email", "", "onChangeText"),
        press("accept_terms", true, "onChangeText"),
        press("create_account", "Create account"),
      ]),
    ).toBe("Entered “Ada Lovelace” in Full name. Cleared Email. Checked Accept terms. Created account.");
  });
});
