import nodemailer from "nodemailer";

/** One message the platform sends. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the provider accepted the message; rejects when it refused it or could not be reached. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail over SMTP (nodemailer): `url` is smtp://user:pass@host:port or smtps://…; a few pooled connections, and
 * timeouts so an unreachable provider fails the attempt instead of holding it (the sweep retries).
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, {
    from,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
