import { putComponentInput, updateThemeInput } from "./appearance";

/** The issues of a failed parse as [field, message] pairs (undefined when it succeeded). */
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? undefined : r.error!.issues.map((i) => [i.path.join("."), i.message]);

describe("the theme update body", () => {
  it("when theme (and a version) are sent, then they are taken as sent; other fields are ignored", () => {
    expect(updateThemeInput.parse({ theme: { radius: 4 }, version: 3, extra: 1 })).toEqual({ theme: { radius: 4 }, version: 3 });
    expect(updateThemeInput.parse({ theme: {} })).toEqual({ theme: {}, version: undefined });
  });

  it("when the body is not a JSON object, then one message for the whole body", () => {
    for (const body of [[], "theme", 42, null, undefined])
      expect(issues(updateThemeInput.safeParse(body))).toEqual([
        ["", 'The body must be a JSON object: { "theme": { … }, "version": 3 }.'],
      ]);
  });

  it("when theme is missing or null, or version is null or not a whole number from 0, then each field says why", () => {
    expect(issues(updateThemeInput.safeParse({}))).toEqual([["theme", "This field is required."]]);
    expect(issues(updateThemeInput.safeParse({ theme: null, version: "2" }))).toEqual([
      ["theme", "This field may not be null."],
      ["version", "A valid integer is required."],
    ]);
    for (const version of [1.5, 2 ** 53, "3", true])
      expect(issues(updateThemeInput.safeParse({ theme: {}, version }))).toEqual([["version", "A valid integer is required."]]);
    expect(issues(updateThemeInput.safeParse({ theme: {}, version: null }))).toEqual([
      ["version", "This field may not be null."],
    ]);
    expect(issues(updateThemeInput.safeParse({ theme: {}, version: -1 }))).toEqual([
      ["version", "Ensure this value is greater than or equal to 0."],
    ]);
  });
});

describe("the component body", () => {
  it("when component is an object, then it is taken as sent (its fields are the use case's to check)", () => {
    expect(putComponentInput.parse({ component: { name: "X", anything: 1 }, version: 0 })).toEqual({
      component: { name: "X", anything: 1 },
      version: 0,
    });
  });

  it("when the body is not an object, or component is missing, null or not an object, then it says why", () => {
    expect(issues(putComponentInput.safeParse([{ component: {} }]))).toEqual([
      ["", 'The body must be a JSON object: { "component": { "name": …, "props": { … }, … }, "version": 3 }.'],
    ]);
    expect(issues(putComponentInput.safeParse({ name: "ProductCard" }))).toEqual([["component", "This field is required."]]);
    expect(issues(putComponentInput.safeParse({ component: null }))).toEqual([["component", "This field may not be null."]]);
    expect(issues(putComponentInput.safeParse({ component: ["ProductCard"] }))).toEqual([
      ["component", "A component declaration: an object with name, description, props, example and fallback."],
    ]);
  });
});
