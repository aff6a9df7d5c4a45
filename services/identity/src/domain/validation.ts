import { ConfirmSignupBody, ContactBody, GoogleLoginBody, PasswordLoginBody, RegisterBody } from "@genui/contracts/http";
import { z } from "zod";
import { normaliseEmail } from "./email";

// The bodies' shapes (types, required fields, lengths and their messages) are the contracts' (@genui/contracts/http);
// what identity adds here is its own reading of them: trimming, the e-mail's form, the password's rules.

const REQUIRED = "This field is required.";
const BLANK = "This field may not be blank.";

const email = (field: z.ZodString) =>
  field.trim().min(1, BLANK).pipe(z.email("Enter a valid email address.")).transform(normaliseEmail);

/** Sign-up: e-mail, password of 8+ characters that is not only spaces, optional display name. */
export const registerInput = z.object({
  email: email(RegisterBody.shape.email),
  password: RegisterBody.shape.password
    .min(8, "This password is too short. It must contain at least 8 characters.")
    .refine((p) => p.trim().length > 0, "The password cannot be only whitespace."),
  name: RegisterBody.shape.name.transform((n) => n ?? ""),
});
export type RegisterInput = z.output<typeof registerInput>;

/** Finishing a sign-up: the link's token (URL-safe base64 of 32 bytes; anything else cannot be one). */
export const confirmSignupInput = z.object({
  token: ConfirmSignupBody.shape.token.trim().min(1, BLANK),
});

/** Password sign-in: both fields present (the SPA also checks "Please fill in all fields."). */
export const passwordLoginInput = z.object({
  email: PasswordLoginBody.shape.email.trim().min(1, BLANK).transform(normaliseEmail),
  password: PasswordLoginBody.shape.password.min(1, BLANK),
});

const googleToken = (field: z.ZodOptional<z.ZodString>) => field.unwrap().trim().min(1, BLANK).optional();

/**
 * Google sign-in: the access token of Google's token client (SPEC) or the ID token of Google Identity Services
 * (`credential`; taken when both come). Without either, access_token is the field reported missing.
 */
export const googleLoginInput = z
  .object({
    access_token: googleToken(GoogleLoginBody.shape.access_token),
    credential: googleToken(GoogleLoginBody.shape.credential),
  })
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
  email: email(ContactBody.shape.email),
  phoneNumber: ContactBody.shape.phoneNumber
    .trim()
    .transform((p) => p.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\+\d{8,15}$/, "Enter a phone number with its country code: + then 8 to 15 digits.")),
  subject: ContactBody.shape.subject.trim().min(1, BLANK),
  message: ContactBody.shape.message.trim().min(1, BLANK),
});
export type ContactInput = z.output<typeof contactInput>;
