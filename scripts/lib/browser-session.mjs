// A signed-up browser-like session against the BFF for scripts and benchmarks (scripts/, deploy/, loadtests/): cookies
// kept, CSRF header sent.
import { pathOf } from "@genui/contracts/http";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { loadTopology } from "./topology.mjs";

/** A process's port in the one topology (deploy/topology.json). */
function portOf(name) {
  const p = loadTopology().processes.find((x) => x.name === name);
  if (!p?.port) throw new Error(`no process ${name} with a port in deploy/topology.json`);
  return p.port;
}

/**
 * The mailbox of the local platform whose BFF is at `base`: a profile (dev, faults, test) moves every port by one
 * offset, so the mail stand-in's port is its topology port plus (base's port − the BFF's topology port).
 */
export function mailboxFor(base) {
  const u = new URL(base);
  if (!u.port) throw new Error(`cannot derive the mailbox from ${base} (no port): pass the mailbox's URL`);
  const offset = Number(u.port) - portOf("bff");
  return `${u.protocol}//${u.hostname}:${portOf("mail-sim") + offset}`;
}

/**
 * Waits for the first mail to `to` in the mail stand-in's mailbox at `mailbox` (`GET /api/messages?to=`, newest
 * first) that `match` accepts, polling every `pollMs` up to `timeoutMs`. Answers the stored mail.
 */
export async function waitForMail(mailbox, to, { match = () => true, timeoutMs = 60_000, pollMs = 100 } = {}) {
  const url = `${mailbox.replace(/\/+$/, "")}/api/messages?to=${encodeURIComponent(to)}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let res;
    try {
      res = await fetch(url);
    } catch (err) {
      const why = err?.cause?.message ?? err;
      throw new Error(`the mailbox at ${mailbox} does not answer (is the mail stand-in running?): ${why}`, { cause: err });
    }
    if (!res.ok) throw new Error(`the mailbox at ${mailbox} answered ${res.status}: ${await res.text()}`);
    const { messages } = await res.json();
    const found = [...messages].reverse().find(match);
    if (found) return found;
    if (Date.now() >= deadline) throw new Error(`no mail to ${to} in ${mailbox} within ${timeoutMs / 1000} s`);
    await sleep(pollMs);
  }
}

/** The token of a sign-up mail's link (`…/confirm-email#token=…`), or undefined when the mail has none. */
export function signupToken(mail) {
  const link = mail.links.find((l) => l.includes("/confirm-email#token="));
  return link ? new URL(link).hash.replace(/^#token=/, "") : undefined;
}

/**
 * The token mailed to `email` after its sign-up (the address must be new: a taken one gets a note without a link).
 * `mailbox` defaults to the mailbox of the local platform serving `base` (same profile offset).
 */
export async function signupTokenFor(email, { base, mailbox = mailboxFor(base), timeoutMs = 60_000 } = {}) {
  const mail = await waitForMail(mailbox, email, { timeoutMs });
  const token = signupToken(mail);
  if (!token) throw new Error(`the sign-up mail to ${email} has no link ("${mail.subject}"): the address already has an account`);
  return token;
}

/**
 * Signs a fresh address up through the BFF at `base` the way a person does: the sign-up (202), the link mailed to
 * the mail stand-in (read from its mailbox at `mailbox`, by default the one of the local platform serving `base`),
 * and the link's confirmation (201, the user and the session's cookies).
 */
export async function signedUpSession(base, emailPrefix, { mailbox = mailboxFor(base) } = {}) {
  const jar = new Map();
  const call = async (method, path, body) => {
    const headers = { "content-type": "application/json", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
    if (jar.has("csrftoken")) headers["x-csrftoken"] = jar.get("csrftoken");
    const res = await fetch(base + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    for (const c of res.headers.getSetCookie()) jar.set(c.split("=")[0], c.split(";")[0].split("=").slice(1).join("="));
    return res;
  };
  await call("GET", pathOf("bff.csrf"));
  const email = `${emailPrefix}-${randomUUID()}@genui.dev`.toLowerCase();
  const password = "bench-password";
  const reg = await call("POST", pathOf("bff.register"), { email, password });
  if (reg.status !== 202) throw new Error(`sign-up answered ${reg.status}: ${await reg.text()}`);
  await reg.body?.cancel();
  const token = await signupTokenFor(email, { mailbox });
  const confirmed = await call("POST", pathOf("bff.confirmSignup"), { token });
  if (confirmed.status !== 201) throw new Error(`sign-up confirmation answered ${confirmed.status}: ${await confirmed.text()}`);
  const user = await confirmed.json();
  return { call, userId: user.id, email, password };
}
