import type { Request, Response } from "express";
import type { BffConfig } from "../config";

/** What GET /get-config/ answers: the browser-side settings of the SPA (script URLs, the public Google client id). */
export interface ClientConfig {
  google_client_id: string;
  google_script_url: string;
  paypal_sdk_url: string;
  cashfree_sdk_url: string;
  /** The CSRF cookie the SPA echoes in X-CSRFToken (`__Host-csrftoken` in production, `csrftoken` elsewhere). */
  csrf_cookie_name: string;
  /** How the chat streams answers (CHAT_STREAM): server snapshots (default), or content pieces evaluated in the browser. */
  chat_stream: "deltas" | "snapshots";
}

export function clientConfig(
  config: Pick<BffConfig, "GOOGLE_CLIENT_ID" | "GOOGLE_SCRIPT_URL" | "PAYPAL_SDK_URL" | "CASHFREE_SDK_URL" | "CHAT_STREAM">,
  csrfCookieName: string,
) {
  const body: ClientConfig = {
    google_client_id: config.GOOGLE_CLIENT_ID,
    google_script_url: config.GOOGLE_SCRIPT_URL,
    paypal_sdk_url: config.PAYPAL_SDK_URL,
    cashfree_sdk_url: config.CASHFREE_SDK_URL,
    csrf_cookie_name: csrfCookieName,
    chat_stream: config.CHAT_STREAM,
  };
  return (_req: Request, res: Response) => {
    res.setHeader("cache-control", "no-cache");
    res.json(body);
  };
}
