import type { MailSim, StoredMail } from "@genui/sims";

/*
 * Sign-up as a person does it: the form's POST answers 202 (the same for a new address and a taken one), the link
 * arrives by mail (the stack's mail stand-in, which identity reaches over SMTP), and the link's page sends its token,
 * which creates the account and signs the browser in. Every test that needs a fresh account goes through here.
 */

const mailboxes = new Map<string, MailSim>();

/** The stack whose BFF is at `baseUrl` delivers its mail to `mail` (startStack registers it). */
export function registerMailbox(baseUrl: string, mail: MailSim): void {
  mailboxes.set(new URL(baseUrl).origin, mail);
}

export function forgetMailbox(baseUrl: string): void {
  mailboxes.delete(new URL(baseUrl).origin);
}

/** The mailbox of the stack serving `baseUrl`. */
export function mailboxFor(baseUrl: string): MailSim {
  const mail = mailboxes.get(new URL(baseUrl).origin);
  if (!mail) throw new Error(`no test stack's mailbox for ${baseUrl}`);
  return mail;
}

/** The token of a sign-up mail's link (`…/confirm-email#token=…`), or undefined when the mail has none. */
export function signupToken(mail: StoredMail): string | undefined {
  const link = mail.links.find((l) => l.includes("/confirm-email#token="));
  return link ? new URL(link).hash.replace(/^#token=/, "") : undefined;
}

/**
 * Posts a sign-up with `send` (any client: an HTTP client, a page's fetch) and waits for its mail to `email`: the
 * mail, and the link's token when the address was new. `send` answers the status it got; anything but 202 throws.
 */
export async function startSignup(
  mail: MailSim,
  email: string,
  send: () => Promise<number>,
): Promise<{ mail: StoredMail; token?: string }> {
  const before = mail.messages(email).length;
  const status = await send();
  if (status !== 202) throw new Error(`sign-up answered ${status}`);
  const received = await mail.waitFor(email, { after: before, timeoutMs: 60_000 });
  const token = signupToken(received);
  return { mail: received, ...(token ? { token } : {}) };
}

/**
 * Signs `client` up through the BFF with `body` (email, password, optional name): the sign-up, its mailed link, and
 * the link's confirmation. Answers the confirmation's response (201 with the new user; the client is signed in).
 */
export async function signUp(
  client: { base: string; post(path: string, body?: unknown): Promise<Response> },
  body: { email: string; password: string; name?: string },
): Promise<Response> {
  const { token } = await startSignup(mailboxFor(client.base), body.email, async () => {
    const res = await client.post("/accounts/api/v1/register/", body);
    await res.body?.cancel();
    return res.status;
  });
  if (!token) throw new Error(`the sign-up mail to ${body.email} has no link: the address already has an account`);
  return client.post("/accounts/api/v1/register/confirm/", { token });
}
