import { browserScriptHead, scriptJson } from "../http";

/**
 * Browser scripts the payment emulator serves in place of the providers' JS SDKs, so the SPA runs the same code in
 * local/demo mode as in production (only the script URL differs). Each one is API-compatible with the subset of the real
 * SDK the SPA uses:
 *
 * - `GET /paypal/sdk/js?client-id=…&currency=USD&components=buttons` (https://www.paypal.com/sdk/js): `window.paypal =
 *   { version, FUNDING, Buttons(options) }`; the button opens `/paypal/checkoutnow?token=<id>&popup=1` in a popup.
 * - `GET /cashfree/js/v3/cashfree.js` (https://sdk.cashfree.com/js/v3/cashfree.js): `window.Cashfree({ mode })` →
 *   `{ checkout({ paymentSessionId, redirectTarget }) }`; `_modal` frames `/cashfree/checkout/<session>?embedded=1`.
 *
 * The checkout pages tell the script how they ended with `postMessage` (`genui-paypal-emulator` /
 * `genui-cashfree-emulator`). The scripts find the emulator from their own `src` (so whatever address the browser used
 * works), falling back to the emulator's public URL. They style elements through the CSSOM only (no inline `<style>` or
 * `style` attributes), so a page whose Content-Security-Policy forbids inline styles still draws them.
 *
 * The scripts are plain ES2017 in template strings (they run in the browser, not in Node); the browser test
 * e2e/browser/payment-sdks.e2e.test.ts exercises them in Chromium.
 */

/** postMessage `source` of the PayPal checkout page opened with `popup=1`. */
export const PAYPAL_POPUP_MESSAGE_SOURCE = "genui-paypal-emulator";
/** postMessage `source` of the Cashfree checkout page framed with `embedded=1`. */
export const CASHFREE_EMBED_MESSAGE_SOURCE = "genui-cashfree-emulator";

export const PAYPAL_SDK_VERSION = "5.0.0-genui-emulator";
export const CASHFREE_SDK_VERSION = "3.0.0-genui-emulator";

/** What the real SDK answers (with HTTP 400) for a bad query: a script that throws. */
export const paypalSdkErrorScript = (message: string): string =>
  `/* PayPal JS SDK (local emulator): the request was refused. */\n` +
  `throw new Error(${scriptJson(`SDK Validation error: '${message}'`)});\n`;

export function paypalSdkScript(config: { publicUrl: string; clientId: string; currency: string }): string {
  const head = browserScriptHead(
    "PayPal JS SDK stand-in (local payment emulator; no real money moves).",
    {
      base: config.publicUrl,
      clientId: config.clientId,
      currency: config.currency,
      version: PAYPAL_SDK_VERSION,
      source: PAYPAL_POPUP_MESSAGE_SOURCE,
    },
    "/paypal/sdk/js",
  );
  return `${head}
  var POLL_MS = 500;
  var CLOSE_GRACE_MS = 300;
  var FUNDING = { PAYPAL: "paypal", VENMO: "venmo", APPLEPAY: "applepay", ITAU: "itau", CREDIT: "credit", PAYLATER: "paylater", CARD: "card" };

  function toError(e) {
    return e instanceof Error ? e : new Error(typeof e === "string" ? e : "Unknown error");
  }

  function isClosed(w) {
    try {
      return !w || w.closed;
    } catch (e) {
      return false;
    }
  }

  function closeWindow(w) {
    try {
      if (w && !w.closed) w.close();
    } catch (e) {
      /* already gone */
    }
  }

  function randomId(length) {
    var alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    var out = "";
    var bytes = new Uint8Array(length);
    window.crypto.getRandomValues(bytes);
    for (var i = 0; i < length; i++) out += alphabet.charAt(bytes[i] % alphabet.length);
    return out;
  }

  function setStyle(el, styles) {
    for (var k in styles) if (Object.prototype.hasOwnProperty.call(styles, k)) el.style.setProperty(k, styles[k]);
  }

  /** The about:blank popup says something while createOrder runs (best effort: it is still our origin). */
  function showLoading(popup) {
    try {
      var doc = popup.document;
      doc.title = "PayPal";
      if (!doc.body) return;
      var p = doc.createElement("p");
      p.textContent = "Loading PayPal checkout\\u2026";
      setStyle(p, { font: "16px system-ui, sans-serif", margin: "3rem auto", "text-align": "center", color: "#1c2430" });
      doc.body.appendChild(p);
    } catch (e) {
      /* not ours any more */
    }
  }

  function Buttons(options) {
    var props = options || {};
    var fundingSource = props.fundingSource;
    var wrapper = null;
    var flow = null;

    function report(err) {
      if (typeof props.onError === "function") {
        try {
          props.onError(err);
          return;
        } catch (e) {
          err = toError(e);
        }
      }
      console.error(err);
    }

    function call(handler, data, actions) {
      if (typeof handler !== "function") return;
      var result;
      try {
        result = handler(data, actions);
      } catch (e) {
        report(toError(e));
        return;
      }
      if (result && typeof result.then === "function") {
        result.then(undefined, function (e) {
          report(toError(e));
        });
      }
    }

    function isEligible() {
      return fundingSource === undefined || fundingSource === FUNDING.PAYPAL;
    }

    function finish(f) {
      if (f.done) return false;
      f.done = true;
      window.removeEventListener("message", f.onMessage);
      clearInterval(f.timer);
      if (flow === f) flow = null;
      return true;
    }

    var orderActions = {
      order: {
        create: function () {
          return Promise.reject(new Error("actions.order.create is not supported by the local PayPal emulator: create orders on your server"));
        },
      },
    };

    function approveActions(orderID) {
      return {
        order: {
          capture: function () {
            return Promise.reject(new Error("actions.order.capture is not supported by the local PayPal emulator: capture on your server"));
          },
          get: function () {
            return Promise.reject(new Error("actions.order.get is not supported by the local PayPal emulator: read orders on your server"));
          },
        },
        restart: function () {
          return Promise.reject(new Error("actions.restart is not supported by the local PayPal emulator"));
        },
        redirect: function (url) {
          window.location.assign(url || base + "/paypal/checkoutnow?token=" + encodeURIComponent(orderID));
        },
      };
    }

    function start() {
      if (flow && !isClosed(flow.popup)) {
        try {
          flow.popup.focus();
        } catch (e) {
          /* ignore */
        }
        return;
      }
      var gate = true;
      if (typeof props.onClick === "function") {
        try {
          gate = props.onClick(
            { fundingSource: FUNDING.PAYPAL },
            {
              resolve: function () {
                return Promise.resolve(true);
              },
              reject: function () {
                return Promise.resolve(false);
              },
            },
          );
        } catch (e) {
          report(toError(e));
          return;
        }
        if (gate === false) return;
      }
      // Opened at once, inside the click: popup blockers only let a user gesture open windows.
      var popup = window.open("about:blank", "paypal-checkout", "width=500,height=640");
      if (!popup) {
        report(new Error("The PayPal checkout window could not be opened. Allow pop-ups for this site and try again."));
        return;
      }
      showLoading(popup);
      var f = { popup: popup, orderID: null, done: false, cancelled: false, closing: false, timer: 0, onMessage: null };
      flow = f;

      f.onMessage = function (event) {
        var d = event.data;
        if (f.done || event.origin !== ORIGIN || !d || typeof d !== "object" || d.source !== CONFIG.source) return;
        if (event.source !== popup && !(f.orderID !== null && d.token === f.orderID)) return;
        if (d.status !== "approved" && d.status !== "declined") return;
        var orderID = f.orderID !== null ? f.orderID : String(d.token);
        finish(f);
        closeWindow(popup);
        // A decline also ends in onApprove, as with the real PayPal: the buyer leaves the popup and the merchant only
        // learns of the refusal when its server captures (PayPal answers 422 INSTRUMENT_DECLINED, which the SPA shows
        // as "Sorry, your transaction could not be processed.").
        call(
          props.onApprove,
          {
            orderID: orderID,
            payerID: typeof d.payerID === "string" && d.payerID ? d.payerID : randomId(13),
            paymentID: null,
            billingToken: null,
            facilitatorAccessToken: null,
            paymentSource: FUNDING.PAYPAL,
          },
          approveActions(orderID),
        );
      };
      window.addEventListener("message", f.onMessage);

      // Closed without a decision: onCancel. A short grace lets a message the page sent just before closing arrive.
      f.timer = setInterval(function () {
        if (f.done || f.closing || !isClosed(popup)) return;
        f.closing = true;
        setTimeout(function () {
          if (f.done) return;
          if (f.orderID === null) {
            f.cancelled = true; // createOrder still running: its outcome decides (onCancel or onError)
            return;
          }
          finish(f);
          call(props.onCancel, { orderID: f.orderID });
        }, CLOSE_GRACE_MS);
      }, POLL_MS);

      Promise.resolve(gate)
        .then(function (ok) {
          if (ok === false) {
            finish(f);
            closeWindow(popup);
            return undefined;
          }
          if (typeof props.createOrder !== "function") {
            throw new Error("The local PayPal emulator needs a createOrder callback that answers a PayPal order id");
          }
          return Promise.resolve(props.createOrder({ paymentSource: FUNDING.PAYPAL }, orderActions)).then(function (id) {
            if (f.done) return;
            if (typeof id !== "string" || id === "") throw new Error("Expected an order id to be passed");
            f.orderID = id;
            if (f.cancelled) {
              finish(f);
              call(props.onCancel, { orderID: id });
              return;
            }
            try {
              popup.location.replace(base + "/paypal/checkoutnow?token=" + encodeURIComponent(id) + "&popup=1");
            } catch (e) {
              popup.location.href = base + "/paypal/checkoutnow?token=" + encodeURIComponent(id) + "&popup=1";
            }
          });
        })
        .then(undefined, function (e) {
          if (f.done) return;
          finish(f);
          closeWindow(popup);
          report(toError(e));
        });
    }

    function drawButton() {
      var box = document.createElement("div");
      box.setAttribute("data-genui-paypal-emulator", "buttons");
      setStyle(box, { width: "100%", "min-width": "150px" });
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("aria-label", "PayPal");
      setStyle(button, {
        display: "flex",
        "align-items": "center",
        "justify-content": "center",
        "box-sizing": "border-box",
        width: "100%",
        height: "45px",
        margin: "0",
        padding: "0 16px",
        border: "1px solid #FFC439",
        "border-radius": "4px",
        background: "#FFC439",
        color: "#003087",
        font: "italic 700 20px/1 Verdana, 'Helvetica Neue', Arial, sans-serif",
        "letter-spacing": "-0.5px",
        cursor: "pointer",
        outline: "none",
        "-webkit-appearance": "none",
        appearance: "none",
      });
      var pay = document.createElement("span");
      pay.textContent = "Pay";
      setStyle(pay, { color: "#003087" });
      var pal = document.createElement("span");
      pal.textContent = "Pal";
      setStyle(pal, { color: "#012169" });
      pay.setAttribute("aria-hidden", "true");
      pal.setAttribute("aria-hidden", "true");
      button.appendChild(pay);
      button.appendChild(pal);

      // Focus ring and hover through the CSSOM (a stylesheet could be refused by the page's CSP).
      var hovered = false;
      var focused = false;
      function paint() {
        button.style.setProperty("background", hovered ? "#F2BA36" : "#FFC439");
        button.style.setProperty("box-shadow", focused ? "0 0 0 2px #FFFFFF, 0 0 0 5px #0B57D0" : "none");
      }
      button.addEventListener("mouseenter", function () { hovered = true; paint(); });
      button.addEventListener("mouseleave", function () { hovered = false; paint(); });
      button.addEventListener("focus", function () {
        var visible = true;
        try {
          visible = button.matches(":focus-visible");
        } catch (e) {
          /* older browsers: always show */
        }
        focused = visible;
        paint();
      });
      button.addEventListener("blur", function () { focused = false; paint(); });
      button.addEventListener("click", function (event) {
        event.preventDefault();
        start();
      });
      box.appendChild(button);
      return box;
    }

    function render(container) {
      return new Promise(function (resolve, reject) {
        var el = typeof container === "string" ? document.querySelector(container) : container;
        if (!el || typeof el.appendChild !== "function") {
          reject(new Error("Document is ready and element " + String(container) + " does not exist"));
          return;
        }
        if (!isEligible()) {
          reject(new Error("Instance not eligible"));
          return;
        }
        if (wrapper) {
          reject(new Error("Buttons can only be rendered once; call paypal.Buttons() again"));
          return;
        }
        wrapper = drawButton();
        el.appendChild(wrapper);
        resolve();
      });
    }

    function close() {
      if (flow) {
        var f = flow;
        finish(f);
        closeWindow(f.popup);
      }
      if (wrapper && wrapper.parentNode) wrapper.parentNode.removeChild(wrapper);
      wrapper = null;
      return Promise.resolve();
    }

    return { isEligible: isEligible, render: render, close: close };
  }

  var paypal = {
    version: CONFIG.version,
    FUNDING: FUNDING,
    Buttons: Buttons,
    getFundingSources: function () {
      return [FUNDING.PAYPAL];
    },
    isFundingEligible: function (source) {
      return source === FUNDING.PAYPAL;
    },
  };
  var namespace = script && script.getAttribute("data-namespace");
  window[namespace || "paypal"] = paypal;
})();
`;
}

export function cashfreeSdkScript(config: { publicUrl: string }): string {
  const head = browserScriptHead(
    "Cashfree JS SDK v3 stand-in (local payment emulator; no real money moves).",
    { base: config.publicUrl, version: CASHFREE_SDK_VERSION, source: CASHFREE_EMBED_MESSAGE_SOURCE },
    "/cashfree/js/v3/cashfree.js",
  );
  return `${head}
  var current = null; // the open modal, if any

  function failure(message, code, type) {
    return { error: { message: message, code: code, type: type } };
  }
  function invalidSession() {
    return failure("paymentSessionId is invalid", "payment_session_id_invalid", "invalid_request_error");
  }
  function cancelled() {
    return failure("Payment cancelled by the user", "payment_cancelled", "user_dropped");
  }

  function setStyle(el, styles) {
    for (var k in styles) if (Object.prototype.hasOwnProperty.call(styles, k)) el.style.setProperty(k, styles[k]);
  }

  function modal(sessionId, src) {
    if (current) current(cancelled());
    return new Promise(function (resolve) {
      var done = false;
      var previousFocus = document.activeElement;
      var root = document.documentElement;
      var previousOverflow = root.style.getPropertyValue("overflow");
      var madeInert = [];

      var overlay = document.createElement("div");
      overlay.setAttribute("data-genui-cashfree-emulator", "modal");
      setStyle(overlay, {
        position: "fixed",
        inset: "0",
        "z-index": "2147483000",
        display: "flex",
        "align-items": "center",
        "justify-content": "center",
        padding: "16px",
        "box-sizing": "border-box",
        background: "rgba(15, 23, 42, 0.6)",
      });
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-label", "Cashfree checkout");
      setStyle(dialog, {
        display: "flex",
        "flex-direction": "column",
        width: "100%",
        "max-width": "480px",
        height: "100%",
        "max-height": "720px",
        overflow: "hidden",
        background: "#FFFFFF",
        "border-radius": "12px",
        "box-shadow": "0 10px 40px rgba(0, 0, 0, 0.35)",
      });
      var bar = document.createElement("div");
      setStyle(bar, {
        display: "flex",
        "align-items": "center",
        "justify-content": "space-between",
        padding: "8px 8px 8px 16px",
        "border-bottom": "1px solid #E4E7EC",
      });
      var heading = document.createElement("span");
      heading.textContent = "Cashfree checkout (local emulator)";
      setStyle(heading, { font: "600 15px/1.4 system-ui, sans-serif", color: "#1C2430" });
      var close = document.createElement("button");
      close.type = "button";
      close.setAttribute("aria-label", "Close checkout");
      close.textContent = "\\u00D7";
      setStyle(close, {
        width: "36px",
        height: "36px",
        border: "0",
        "border-radius": "8px",
        background: "#F2F4F7",
        color: "#1C2430",
        font: "24px/1 system-ui, sans-serif",
        cursor: "pointer",
        outline: "none",
      });
      close.addEventListener("focus", function () {
        var visible = true;
        try {
          visible = close.matches(":focus-visible");
        } catch (e) {
          /* show it */
        }
        close.style.setProperty("box-shadow", visible ? "0 0 0 2px #FFFFFF, 0 0 0 5px #0B57D0" : "none");
      });
      close.addEventListener("blur", function () {
        close.style.setProperty("box-shadow", "none");
      });
      var frame = document.createElement("iframe");
      frame.title = "Cashfree payment page";
      frame.src = src;
      frame.setAttribute("allow", "payment");
      setStyle(frame, { flex: "1 1 auto", width: "100%", border: "0", background: "#F5F7FA" });
      bar.appendChild(heading);
      bar.appendChild(close);
      dialog.appendChild(bar);
      dialog.appendChild(frame);
      overlay.appendChild(dialog);

      function finish(result) {
        if (done) return;
        done = true;
        window.removeEventListener("message", onMessage);
        document.removeEventListener("keydown", onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        for (var i = 0; i < madeInert.length; i++) madeInert[i].removeAttribute("inert");
        if (previousOverflow) root.style.setProperty("overflow", previousOverflow);
        else root.style.removeProperty("overflow");
        if (current === finish) current = null;
        if (previousFocus && typeof previousFocus.focus === "function" && document.contains(previousFocus)) {
          try {
            previousFocus.focus();
          } catch (e) {
            /* ignore */
          }
        }
        resolve(result);
      }
      function onMessage(event) {
        var d = event.data;
        if (event.origin !== ORIGIN || !d || typeof d !== "object" || d.source !== CONFIG.source) return;
        if (event.source !== frame.contentWindow && d.session !== sessionId) return;
        if (d.status === "paid") finish({ paymentDetails: { paymentMessage: "Payment finished. Check status." } });
        else if (d.status === "failed") finish(failure("Payment failed", "payment_failed", "payment_error"));
        else if (d.status === "invalid") finish(invalidSession());
      }
      function onKey(event) {
        if (event.key === "Escape") {
          event.preventDefault();
          finish(cancelled());
        }
      }
      close.addEventListener("click", function () {
        finish(cancelled());
      });
      window.addEventListener("message", onMessage);
      document.addEventListener("keydown", onKey, true);
      current = finish;

      var children = document.body.children;
      for (var i = 0; i < children.length; i++) {
        var child = children[i];
        if (child.tagName !== "SCRIPT" && !child.hasAttribute("inert")) {
          child.setAttribute("inert", "");
          madeInert.push(child);
        }
      }
      root.style.setProperty("overflow", "hidden");
      document.body.appendChild(overlay);
      close.focus();
    });
  }

  function Cashfree(config) {
    var mode = config && config.mode;
    if (mode !== "sandbox" && mode !== "production") {
      throw new Error("Cashfree: mode must be 'sandbox' or 'production'");
    }
    return {
      mode: mode,
      version: function () {
        return CONFIG.version;
      },
      checkout: function (options) {
        var opts = options || {};
        var id = opts.paymentSessionId;
        if (typeof id !== "string" || id.trim() === "") return Promise.resolve(invalidSession());
        var url = base + "/cashfree/checkout/" + encodeURIComponent(id);
        var target = opts.redirectTarget === undefined ? "_self" : opts.redirectTarget;
        if (target === "_modal") return modal(id, url + "?embedded=1");
        if (target === "_blank") {
          if (!window.open(url, "_blank")) window.location.assign(url);
          return Promise.resolve({ redirect: true });
        }
        if (target === "_top") {
          try {
            window.top.location.assign(url);
          } catch (e) {
            window.location.assign(url);
          }
          return Promise.resolve({ redirect: true });
        }
        if (target === "_self") {
          window.location.assign(url);
          return Promise.resolve({ redirect: true });
        }
        return Promise.resolve(failure("redirectTarget is invalid", "redirect_target_invalid", "invalid_request_error"));
      },
    };
  }

  window.Cashfree = Cashfree;
})();
`;
}
