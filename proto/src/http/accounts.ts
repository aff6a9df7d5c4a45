import { z } from "zod";

/** The signed-in user (`GET /accounts/api/v1/me/`; SPEC §3 User: the SPA checks `id`). */
export const User = z
  .object({ id: z.string(), email: z.string(), name: z.string(), picture: z.string().nullable() })
  .meta({ id: "User" });
export type User = z.infer<typeof User>;

/** SPEC §3 Contact payload (the service trims, checks the e-mail and the phone's country code). */
export const ContactBody = z
  .object({
    email: z.string().max(254),
    phoneNumber: z.string().max(32).meta({ description: "With its country code: + then 8 to 15 digits." }),
    subject: z.string().max(200),
    message: z.string().max(5_000),
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
