import { z } from "zod";
import { normaliseEmail } from "./email";

const REQUIRED = "This field is required.";
const requiredString = (max: number, label = "This field") =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? REQUIRED : "Not a valid string.") })
    .max(max, `${label} must have at most ${max} characters.`);

const email = requiredString(254)
  .trim()
  .min(1, "This field may not be blank.")
  .pipe(z.email("Enter a valid email address."))
  .transform(normaliseEmail);

/** Sign-up: e-mail, password of 8+ characters that is not only spaces, optional display name. */
export const registerInput = z.object({
  email,
  password: requiredString(1_024, "Password")
    .min(8, "This password is too short. It must contain at least 8 characters.")
    .refine((p) => p.trim().length > 0, "The password cannot be only whitespace."),
  name: z
    .string("Not a valid string.")
    .trim()
    .max(150, "Name must have at most 150 characters.")
    .optional()
    .transform((n) => n ?? ""),
});
export type RegisterInput = z.output<typeof registerInput>;

/** Password sign-in: both fields present (the SPA also checks "Please fill in all fields."). */
export const passwordLoginInput = z.object({
  email: requiredString(254).trim().min(1, "This field may not be blank.").transform(normaliseEmail),
  password: requiredString(1_024).min(1, "This field may not be blank."),
});

const googleToken = requiredString(4_096).trim().min(1, "This field may not be blank.");

/**
 * Google sign-in: the access token of Google's token client (SPEC) or the ID token of Google Identity Services
 * (`credential`; taken when both come). Without either, access_token is the field reported missing.
 */
export const googleLoginInput = z
  .object({ access_token: googleToken.optional(), credential: googleToken.optional() })
  .superRefine((v, ctx) => {
    if (v.access_token === undefined && v.credential === undefined)
      ctx.addIssue({ code: "custom", path: ["access_token"], message: REQUIRED });
  })
  .transform((v) =>
    v.credential !== undefined
      ? { kind: "credential" as const, token: v.credential }
      : { kind: "access_token" as const, token: v.access_token! },
  );
export type GoogleLoginInput = z.output<typeof googleLoginInput>;

/** Contact form: phone with its country code, "+" then 8-15 digits. */
export const contactInput = z.object({
  email,
  phoneNumber: requiredString(32)
    .trim()
    .transform((p) => p.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\+\d{8,15}$/, "Enter a phone number with its country code: + then 8 to 15 digits.")),
  subject: requiredString(200, "Subject").trim().min(1, "This field may not be blank."),
  message: requiredString(5_000, "Message").trim().min(1, "This field may not be blank."),
});
export type ContactInput = z.output<typeof contactInput>;
