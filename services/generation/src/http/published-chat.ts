import type { IncomingMessage, ServerResponse } from "node:http";
import {
  IDENTITY_HEADER,
  answerJson,
  describeError,
  logRequestError,
  type Exchange,
  type PreRoute,
  type RequestExchanges,
  type StatusTable,
} from "@genui/chassis";
import { publishedRoutes } from "@genui/contracts/http";
import { describeOpenAIError } from "./errors";
import type { PublishedChat } from "./generation.routes";

/** The route table's row of the published chat completions (its path, as the BFF forwards it). */
const ROW = publishedRoutes().find((r) => r.id === "generation.chatCompletions")!;

/** `application/json`, with no charset or UTF-8's: what the clients send, and what express's JSON parser reads as UTF-8. */
const JSON_UTF8 = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;
/** The first character that is not JSON whitespace: body-parser's strict mode takes only an object or an array. */
const FIRST_CHAR = /^[ \t\n\r]*([^ \t\n\r])/;

export interface PublishedChatOptions {
  /** The chassis's per-request ids, log line, metrics, span and context (`requestExchanges`, trusting the caller's trace). */
  exchanges: RequestExchanges;
  /** The route's handler, the one the express route runs too (generation.routes.ts). */
  handler: PublishedChat;
  /** HTTP_BODY_LIMIT in bytes: a longer body goes to express, which refuses it as it refuses any. */
  bodyLimit: number;
  /** generation's error statuses, for an error after the answer started (the chassis's error mapper's log line). */
  errorStatus: StatusTable;
}

/**
 * The published chat completions answered before express (the chassis's `PreRoute`): node:http alone, no router,
 * no body-parser. It takes the common request — `POST` on the route's path, a JSON body in UTF-8 with its length
 * given, within the limit, not compressed, no identity header and no Idempotency-Key — and hands every other request
 * to the express app unchanged, which answers it as before (the same handler behind the same checks). What a taken
 * request gets is what the app would give it: the chassis's ids, access log line, metrics under the row's path,
 * server span and request context (`requestExchanges`), the JSON parsed as express's parser parses it (a BOM
 * dropped, only an object or an array, the same 400 in OpenAI's shape when it does not parse), and errors answered
 * by `describeOpenAIError` as the routes' error mapper answers them. `e2e/system/published-chat-edge.int.test.ts`
 * sends the same requests to both and compares the answers. One difference is on purpose: a body that does not parse
 * counts in the metrics (and names its span) under the route's path, where express, which parses before it routes,
 * counts it as "unmatched".
 */
export function publishedChatRoute(opts: PublishedChatOptions): PreRoute {
  const { exchanges, handler, bodyLimit } = opts;

  const takes = (req: IncomingMessage): boolean => {
    if (req.method !== "POST") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    if ((query < 0 ? url : url.slice(0, query)) !== ROW.path) return false;
    const h = req.headers;
    if (h[IDENTITY_HEADER] !== undefined || h["idempotency-key"] !== undefined || h["transfer-encoding"] !== undefined)
      return false;
    const encoding = h["content-encoding"];
    if (encoding !== undefined && encoding.toLowerCase() !== "identity") return false;
    if (!JSON_UTF8.test(h["content-type"] ?? "")) return false;
    const length = h["content-length"] ?? "";
    return /^\d{1,10}$/.test(length) && Number(length) > 0 && Number(length) <= bodyLimit;
  };

  /** An error as the app would answer it: the routes' mapper before the answer started, the chassis's after. */
  const fail = (req: IncomingMessage, res: ServerResponse, x: Exchange, err: unknown) => {
    if (res.headersSent) {
      const { status, body } = describeError(err, opts.errorStatus);
      logRequestError(x.log, err, status, body);
      res.end();
      return;
    }
    const e = describeOpenAIError(err, x.log);
    for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
    answerJson(req, res, e.status, e.body);
  };

  const parse = (bytes: Buffer): unknown => {
    let text = bytes.toString("utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const first = FIRST_CHAR.exec(text)?.[1];
    try {
      if (first === "{" || first === "[") return JSON.parse(text) as unknown;
    } catch {
      // as below
    }
    throw Object.assign(new SyntaxError("Unexpected token in JSON"), { type: "entity.parse.failed", status: 400 });
  };

  return (req, res) => {
    if (!takes(req)) return false;
    const x = exchanges.begin(req, res, ROW.path, ROW.path);
    const chunks: Buffer[] = [];
    let read = false;
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => {
      read = true;
      x.run(() => {
        let body: unknown;
        try {
          body = parse(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        } catch (err) {
          return fail(req, res, x, err);
        }
        handler(req, res, body).catch((err: unknown) => fail(req, res, x, err));
      });
    });
    // The body did not arrive whole (the client went away): answered as express's parser answers it.
    req.once("close", () => {
      if (!read) fail(req, res, x, Object.assign(new Error("request aborted"), { type: "request.aborted", status: 400 }));
    });
    return true;
  };
}
