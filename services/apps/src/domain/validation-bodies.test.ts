import { MAX_CODE_BYTES, createAppInput, isId, pagination, updateTemplateInput } from "./validation";

/** The issues of a failed parse as [field, message] pairs (undefined when it succeeded). */
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? undefined : r.error!.issues.map((i) => [i.path.join("."), i.message]);

describe("the page query", () => {
  it("when page and page_size are absent or empty, then page 1 of 100", () => {
    expect(pagination.parse({})).toEqual({ page: 1, page_size: 100 });
    expect(pagination.parse({ page: "", page_size: "" })).toEqual({ page: 1, page_size: 100 });
  });

  it("when they are digits (with spaces) or integers, then they are taken as numbers", () => {
    expect(pagination.parse({ page: " 3 ", page_size: "25" })).toEqual({ page: 3, page_size: 25 });
    expect(pagination.parse({ page: 2, page_size: 1 })).toEqual({ page: 2, page_size: 1 });
  });

  it("when they are not whole numbers or out of range, then each field says why", () => {
    for (const bad of ["1.5", "-1", "two", "1e2", 2.5])
      expect(issues(pagination.safeParse({ page: bad }))).toEqual([["page", "A valid integer is required."]]);
    expect(issues(pagination.safeParse({ page: "0" }))).toEqual([["page", "Ensure page is between 1 and 1000000."]]);
    expect(issues(pagination.safeParse({ page_size: "101" }))).toEqual([["page_size", "Ensure page_size is between 1 and 100."]]);
    expect(issues(pagination.safeParse({ page: true }))).toEqual([["page", "A valid integer is required."]]);
  });
});

describe("the create-app body", () => {
  it("when url is sent, then it is the URL; when only app_url is, then that one", () => {
    expect(createAppInput.parse({ url: "example.com" })).toBe("example.com");
    expect(createAppInput.parse({ app_url: "shop.example.com" })).toBe("shop.example.com");
    expect(createAppInput.parse({ url: "a.example.com", app_url: "b.example.com" })).toBe("a.example.com");
    // Blank is the URL check's to refuse (it says "may not be blank"), not this one's.
    expect(createAppInput.parse({ url: "" })).toBe("");
  });

  it("when neither is sent (or both are null), then url is required; a non-string is not a valid string", () => {
    expect(issues(createAppInput.safeParse({}))).toEqual([["url", "This field is required."]]);
    expect(issues(createAppInput.safeParse({ url: null, app_url: null }))).toEqual([["url", "This field is required."]]);
    expect(issues(createAppInput.safeParse({ url: 42 }))).toEqual([["url", "Not a valid string."]]);
  });
});

describe("the template update body", () => {
  it("when fields are null or empty, then they count as not sent; the others are kept", () => {
    expect(updateTemplateInput.parse({ name: "Hero", description: "", code: null, status: "publish" })).toEqual({
      name: "Hero",
      description: undefined,
      code: undefined,
      status: "publish",
    });
    expect(updateTemplateInput.parse({ status: "" })).toEqual({
      name: undefined,
      description: undefined,
      code: undefined,
      status: undefined,
    });
  });

  it("when the code is larger than the limit in UTF-8 bytes, then the code field says so", () => {
    const atLimit = "a".repeat(MAX_CODE_BYTES);
    expect(updateTemplateInput.parse({ code: atLimit }).code).toBe(atLimit);
    // Fewer characters than the limit, more bytes: "é" is two bytes.
    const tooMany = "é".repeat(MAX_CODE_BYTES / 2 + 1);
    expect(issues(updateTemplateInput.safeParse({ code: tooMany }))).toEqual([["code", "Code must be at most 256 KB."]]);
  });

  it("when the status is not one of the template statuses, then the choices are named", () => {
    expect(issues(updateTemplateInput.safeParse({ status: "live" }))).toEqual([
      ["status", "Not a valid choice: use one of draft, publish, pause."],
    ]);
    expect(issues(updateTemplateInput.safeParse({ status: 1 }))).toEqual([["status", "Not a valid string."]]);
  });
});

describe("ids", () => {
  it("when an id is a lower-case UUID, then it may exist; anything else cannot", () => {
    expect(isId("3f2b9c1e-8d4a-4f6b-9c2d-1a2b3c4d5e6f")).toBe(true);
    for (const v of [undefined, "", "3F2B9C1E-8D4A-4F6B-9C2D-1A2B3C4D5E6F", "3f2b9c1e8d4a4f6b9c2d1a2b3c4d5e6f", "../etc/passwd"])
      expect(isId(v)).toBe(false);
  });
});
