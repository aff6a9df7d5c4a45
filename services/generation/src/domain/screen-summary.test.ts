import type { Screen } from "@genui/ui-runtime";
import { describeActions, summarizeScreen } from "./screen-summary";

const form: Screen = {
  name: "signup",
  props: { screenProps: { title: "Join the newsletter" } },
  screen: {
    v1: [
      { name: "title", component: "heading", props: { text: "Stay in the loop" } },
      {
        name: "card",
        component: "card",
        content: [
          { name: "email", component: "textInput", props: { label: "Email", placeholder: "you@example.com" } },
          { name: "topics", component: "select", props: { label: "Topics" } },
          { name: "submit", component: "button", props: { text: "Subscribe" }, onPress: { event: "submit" } },
        ],
      },
    ],
  },
};

describe("what the host's model is told about a screen", () => {
  it("when a screen has a heading, fields and a button, then the summary names its title, fields and buttons by their labels", () => {
    expect(summarizeScreen(form)).toBe(
      "The user now sees the screen “Join the newsletter” (5 components). It opens with “Stay in the loop”. " +
        "Fields: “Email”, “Topics”. Buttons: “Subscribe”. The user acts on it directly; each press comes back as the next screen.",
    );
  });

  it("when a screen has many inputs, then the list is cut and says how many more", () => {
    const many: Screen = {
      name: "long",
      screen: {
        v1: Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, component: "textInput", props: { label: `Field ${i}` } })),
      },
    };
    expect(summarizeScreen(many)).toMatch(/Fields: “Field 0”, .*“Field 7” and 4 more\./);
    expect(summarizeScreen(undefined)).toBe("The screen is empty.");
  });

  it("when the user typed and pressed, then the line says what they entered and pressed in their words, typed values first", () => {
    expect(
      describeActions([
        { type: "onChangeText", component: { name: "email", value: "ada@example.com" } },
        { type: "onPress", component: { name: "submit", value: "Send message" } },
      ]),
    ).toBe("The user: Entered “ada@example.com” in Email. Sent message.");
    expect(describeActions([{ type: "onPress", component: { name: "choose_2", value: "Essentials" } }])).toBe(
      "The user: Chose Essentials.",
    );
    expect(describeActions([])).toBe("The user acted on the screen.");
  });
});
