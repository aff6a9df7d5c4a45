import { normaliseEmail } from "./email";

describe("normaliseEmail", () => {
  it("when an address has capitals and spaces, then it is trimmed and lower-cased", () => {
    expect(normaliseEmail("  Demo@GenUI.Dev ")).toBe("demo@genui.dev");
  });
});
