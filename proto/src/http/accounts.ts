import { z } from "zod";

/** The signed-in user (`GET /accounts/api/v1/me/`; SPEC §3 User: the SPA checks `id`). */
export const User = z
  .object({ id: z.string(), email: z.string(), name: z.string(), picture: z.string().nullable() })
  .meta({ id: "User" });
export type User = z.infer<typeof User>;

/** DRF's messages for a missing field, a value of the wrong type and one too long (the SPA shows them under the field). */
const REQUIRED = "This field is required.";
const requiredText = (max: number, label = "This field") =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? REQUIRED : "Not a valid string.") })
    .max(max, `${label} must have at most ${max} characters.`);

/** SPEC §3 Contact payload (the service trims, checks the e-mail and the phone's country code). */
export const ContactBody = z
  .object({
    email: requiredText(254),
    phoneNumber: requiredText(32).meta({ description: "With its country code: + then 8 to 15 digits." }),
    subject: requiredText(200, "Subject"),
    message: requiredText(5_000, "Message"),
  })
  .meta({ id: "ContactBody" });
export type ContactBody = z.infer<typeof ContactBody>;

export const ContactMessage = z
  .object({
    id: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "ContactMessage" });
export type ContactMessage = z.infer<typeof ContactMessage>;

/**
 * Sign-up (`POST /accounts/api/v1/register/`, the BFF's own route: it forwards the body to identity). The service
 * trims and normalises the e-mail, requires a password of 8+ characters and answers 202 SignupStarted.
 */
export const RegisterBody = z
  .object({
    email: requiredText(254),
    password: requiredText(1_024, "Password"),
    name: z.string("Not a valid string.").trim().max(150, "Name must have at most 150 characters.").optional(),
  })
  .meta({ id: "RegisterBody" });
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * What a sign-up answers (202), the same whether or not the address already has an account: the next step is in the
 * inbox (a link that creates the account, or a note that one exists).
 */
export const SignupStarted = z
  .object({
    email: z.string(),
    message: z.string(),
    expiresInMinutes: z.number().int().meta({ description: "How long the mailed link works." }),
  })
  .meta({ id: "SignupStarted" });
export type SignupStarted = z.infer<typeof SignupStarted>;

/**
 * Finishing a sign-up (`POST /accounts/api/v1/register/confirm/`, the BFF's own route): the token from the mailed
 * link. Answers 201 with the User and a session; a link works once, until it expires.
 */
export const ConfirmSignupBody = z.object({ token: requiredText(512, "Token") }).meta({ id: "ConfirmSignupBody" });
export type ConfirmSignupBody = z.infer<typeof ConfirmSignupBody>;

/** Password sign-in (`POST /accounts/api/v1/login-password/`, through the BFF). */
export const PasswordLoginBody = z
  .object({ email: requiredText(254), password: requiredText(1_024) })
  .meta({ id: "PasswordLoginBody" });
export type PasswordLoginBody = z.infer<typeof PasswordLoginBody>;

/**
 * Google sign-in (`POST /accounts/api/v1/login-google/`, through the BFF): the access token of Google's token client
 * (SPEC) or the ID token of Google Identity Services (`credential`; taken when both come); one of them is required.
 */
export const GoogleLoginBody = z
  .object({ access_token: requiredText(4_096).optional(), credential: requiredText(4_096).optional() })
  .meta({ id: "GoogleLoginBody" });
export type GoogleLoginBody = z.infer<typeof GoogleLoginBody>;
