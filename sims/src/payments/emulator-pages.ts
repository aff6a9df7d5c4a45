import type { ServerResponse } from "node:http";
import { escapeHtml, htmlPage, scriptJson, sendHtml } from "../http";

// The checkout pages' shared look and the message they post when a checkout ends.

const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'";
const MESSAGE_SOURCE = "genui-payment-emulator";

/** Checkout pages may be framed (the Cashfree SDK's modal): no frame-ancestors, no x-frame-options. */
export const sendPage = (res: ServerResponse, status: number, html: string): void =>
  sendHtml(res, status, html, { "content-security-policy": CSP });

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fa;color:#1c2430}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 1rem}
.note{font-size:.8rem;color:#8a5a00;background:#fff4d6;border-radius:6px;padding:.3rem .6rem;display:inline-block;margin:0 0 1rem}
.amount{font-size:2rem;font-weight:600;margin:.5rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem;font-size:.9rem;margin:0 0 1.5rem}
dt{color:#5b6675}dd{margin:0;word-break:break-all}
form{display:inline-block;margin:0 .5rem .5rem 0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #0b5ed7;background:#0b5ed7;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#b42318;border-color:#b42318}
.ok{color:#067647}.bad{color:#b42318}`;

export const page = (title: string, body: string, script?: string): string =>
  htmlPage(title, STYLE, `<p class="note">Local emulator &mdash; no real money moves</p>\n${body}`, script);

/** Tells the page that opened (or framed) the checkout how it ended. */
export const notifyOpenerScript = (message: Record<string, string>): string =>
  `(function(){var m=${scriptJson({ source: MESSAGE_SOURCE, ...message })};` +
  `window.opener && window.opener.postMessage(m, "*");` +
  `if (window.parent && window.parent !== window) window.parent.postMessage(m, "*");})();`;

export const details = (rows: [string, string][]): string =>
  `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>`;
