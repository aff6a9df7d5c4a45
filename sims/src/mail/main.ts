import { startMailSim } from "./mail-sim";

// The local platform's mail stand-in (deploy/topology.json starts it; production never does): the mailbox page on
// HTTP_PORT, SMTP on SMTP_PORT.
const port = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`mail stand-in: invalid ${name} ${process.env[name]}`);
    process.exit(1);
  }
  return n;
};
startMailSim({ httpPort: port("HTTP_PORT", 8111), smtpPort: port("SMTP_PORT", 8025) })
  .then(({ url, smtpUrl, close }) => {
    console.warn(`mail stand-in: SMTP ${smtpUrl}, mailbox ${url} (local platform only)`);
    const stop = () => void close().then(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
