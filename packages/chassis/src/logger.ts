import pino, { type Logger } from "pino";

export type { Logger } from "pino";

/** JSON logs, one line per event, with the service name on every line. */
export function createLogger(
  service: string,
  level: string = process.env.LOG_LEVEL ?? "info",
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "req.headers['x-genui-identity']", "*.password", "*.api_key"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

declare module "express-serve-static-core" {
  interface Request {
    /** This request's logger (request and correlation ids bound). */
    log: Logger;
  }
}
