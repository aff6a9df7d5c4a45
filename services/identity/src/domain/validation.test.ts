import { contactInput, googleLoginInput, registerInput } from "./validation";

/** The first message per field, as the SPA shows it. */
function fieldErrors(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
}

describe("sign-up validation", () => {
  it("when input is good, then the e-mail is normalised and the name defaults to empty", () => {
    expect(registerInput.parse({ email: " Ada@Example.COM ", password: "correct horse" })).toEqual({
      email: "ada@example.com",
      password: "correct horse",
      name: "",
    });
  });

  it("when fields are missing, short, blank or of the wrong type, then each gets its message", () => {
    expect(fieldErrors(registerInput.safeParse({}))).toEqual({
      email: "This field is required.",
      password: "This field is required.",
    });
    expect(fieldErrors(registerInput.safeParse({ email: "not-an-email", password: "short" }))).toEqual({
      email: "Enter a valid email address.",
      password: "This password is too short. It must contain at least 8 characters.",
    });
    expect(fieldErrors(registerInput.safeParse({ email: "a@b.dev", password: "          " }))).toEqual({
      password: "The password cannot be only whitespace.",
    });
    expect(fieldErrors(registerInput.safeParse({ email: 42, password: ["x"] }))).toEqual({
      email: "Not a valid string.",
      password: "Not a valid string.",
    });
  });
});

describe("contact validation", () => {
  const ok = { email: "a@b.dev", phoneNumber: "+91 98765-43210", subject: "Hi", message: "Hello" };

  it("when the phone has a country code, then spaces and dashes are dropped", () => {
    expect(contactInput.parse(ok).phoneNumber).toBe("+919876543210");
  });

  it("when the phone lacks + or has too few or too many digits, then it is rejected", () => {
    for (const phoneNumber of ["919876543210", "+1234567", "+1234567890123456", "+91abc4567890"])
      expect(fieldErrors(contactInput.safeParse({ ...ok, phoneNumber }))).toEqual({
        phoneNumber: "Enter a phone number with its country code: + then 8 to 15 digits.",
      });
  });

  it("when subject or message are blank or too long, then they are rejected", () => {
    expect(fieldErrors(contactInput.safeParse({ ...ok, subject: "  ", message: "x".repeat(5_001) }))).toEqual({
      subject: "This field may not be blank.",
      message: "Message must have at most 5000 characters.",
    });
    expect(contactInput.safeParse({ ...ok, subject: "s".repeat(200), message: "m".repeat(5_000) }).success).toBe(true);
  });
});

describe("Google sign-in input", () => {
  it("when an access token or a credential comes, then it is taken (the credential when both come); neither is access_token required", () => {
    expect(googleLoginInput.parse({ access_token: " tok " })).toEqual({ kind: "access_token", token: "tok" });
    expect(googleLoginInput.parse({ credential: "a.b.c", access_token: "tok" })).toEqual({ kind: "credential", token: "a.b.c" });
    expect(fieldErrors(googleLoginInput.safeParse({}))).toEqual({ access_token: "This field is required." });
    expect(fieldErrors(googleLoginInput.safeParse({ credential: 5 }))).toEqual({ credential: "Not a valid string." });
    expect(fieldErrors(googleLoginInput.safeParse({ access_token: "x".repeat(4_097) }))).toEqual({
      access_token: "This field must have at most 4096 characters.",
    });
  });
});
