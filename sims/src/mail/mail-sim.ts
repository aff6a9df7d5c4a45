import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";
import { escapeHtml, htmlPage, listenDevServer, sendHtml, sendJson } from "../http";

/*
 * A stand-in for an outside mail provider: an SMTP server (the smtp-server library, the protocol the services speak
 * to a real provider) that keeps every message it accepts, and an HTTP mailbox to read them — a page for the person
 * running the local platform (the sign-up link arrives there) and JSON for tests. Nothing is delivered anywhere.
 */

export interface StoredMail {
  id: string;
  from: string;
  /** Every recipient of the envelope, lower-case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The links in the text part, in order. */
  links: string[];
  receivedAt: string;
}

export interface MailSim {
  /** Where services send: smtp://127.0.0.1:PORT. */
  smtpUrl: string;
  /** The mailbox: `GET /` (page), `GET /api/messages?to=` (JSON, newest first), `DELETE /api/messages`. */
  url: string;
  /** Every message to `to` (all when absent), newest first. */
  messages(to?: string): StoredMail[];
  /**
   * The first message to `to` (received after `after`, a count of that recipient's earlier messages) that matches;
   * waits for it up to `timeoutMs` (a cap, not a pace: it answers as soon as the message is stored).
   */
  waitFor(to: string, options?: { after?: number; match?: (m: StoredMail) => boolean; timeoutMs?: number }): Promise<StoredMail>;
  /** Makes the next `n` deliveries fail with a temporary SMTP error (a provider's outage). */
  failNext(n: number): void;
  close(): Promise<void>;
}

const MAX_MESSAGES = 2_000;
const MAX_SIZE = 1_000_000;

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #111; }
main { max-width: 860px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.note { color: #555; margin: 0 0 20px; }
article { background: #fff; border: 1px solid #dde1e6; border-radius: 10px; padding: 16px 20px; margin: 0 0 14px; }
article h2 { font-size: 17px; margin: 0 0 4px; }
.meta { color: #666; font-size: 13px; margin: 0 0 10px; }
pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
a { color: #2458d6; }
`;

/** The page: every message, newest first, links clickable. */
function mailboxPage(all: StoredMail[]): string {
  const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (u) => `<a href="${u}">${u}</a>`);
  const items = all.length
    ? all
        .map(
          (m) => `<article data-testid="mail">
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to.join(", "))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}</p>
<pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join("\n")
    : `<p>No mail yet. Messages the platform sends (the sign-up link, for one) show here.</p>`;
  return htmlPage(
    "Local mailbox",
    STYLE,
    `<h1>Local mailbox</h1>
<p class="note">The local platform's stand-in for a mail provider: every message sent to any address lands here. Reload to see new mail.</p>
${items}`,
  );
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? "").toLowerCase()));

/** Starts the stand-in: SMTP on `smtpPort`, the mailbox on `httpPort` (0: any free port). */
export async function startMailSim(options: { smtpPort?: number; httpPort?: number; host?: string } = {}): Promise<MailSim> {
  if (process.env.NODE_ENV === "production") throw new Error("the mail stand-in never runs in production");
  const host = options.host ?? "127.0.0.1";
  const store: StoredMail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: MAX_SIZE,
    banner: "GenUI local mail stand-in",
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on("end", () => {
          const err = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
          callback(err);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const mail: StoredMail = {
            id: randomUUID(),
            from: addresses(parsed.from)[0] ?? sender,
            to: recipients.length ? recipients : addresses(parsed.to),
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: text.match(/https?:\/\/[^\s<>"']+/g) ?? [],
            receivedAt: new Date().toISOString(),
          };
          store.unshift(mail);
          store.length = Math.min(store.length, MAX_MESSAGES);
          for (const w of [...waiters]) w();
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(options.smtpPort ?? 0, host, () => {
      smtp.server.off("error", reject);
      resolve();
    });
  });
  smtp.on("error", (err) => console.warn("mail stand-in: SMTP error", err.message));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const messages = (to?: string) => (to ? store.filter((m) => m.to.includes(to.toLowerCase())) : [...store]);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (req.method === "GET" && path === "/")
      return sendHtml(res, 200, mailboxPage(store), {
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      });
    if (req.method === "GET" && path === "/api/messages")
      return sendJson(res, 200, { messages: messages(url.searchParams.get("to") ?? undefined) });
    if (req.method === "DELETE" && path === "/api/messages") {
      store.length = 0;
      return sendJson(res, 200, { deleted: true });
    }
    sendJson(res, 404, { error: "not_found" });
  }
  const { server, url } = await listenDevServer("mail stand-in", handle, options.httpPort ?? 0, host);

  let closed: Promise<void> | undefined;
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    url,
    messages,
    waitFor(to, { after, match = () => true, timeoutMs = 30_000 } = {}) {
      const skip = after ?? 0;
      const find = () => messages(to).reverse().slice(skip).find(match);
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise<StoredMail>((resolve, reject) => {
        const check = () => {
          const m = find();
          if (!m) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (${messages(to).length} earlier ones)`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    failNext(n) {
      failures = n;
    },
    close: () =>
      (closed ??= Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
      ]).then(() => undefined)),
  };
}
