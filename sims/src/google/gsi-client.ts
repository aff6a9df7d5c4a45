import { browserScriptHead } from "../http";

/**
 * The browser script the Google stand-in serves at `GET /gsi/client` in place of https://accounts.google.com/gsi/client,
 * API-compatible with the subset of Google Identity Services the SPA uses: `google.accounts.oauth2.initTokenClient(…)
 * .requestAccessToken()` opens the stand-in's consent page `/o/oauth2/v2/auth?…&popup=1` in a popup, which answers with
 * `postMessage({ source: "genui-google-sim", … })`; `google.accounts.id.*` are no-ops. Plain ES2017 in a template
 * string (it runs in the browser); e2e/browser/payment-sdks.e2e.test.ts exercises it in Chromium.
 */

/** postMessage `source` of the consent page opened with `popup=1`. */
export const GOOGLE_SIM_MESSAGE_SOURCE = "genui-google-sim";

export function gsiClientScript(config: { publicUrl: string }): string {
  const head = browserScriptHead(
    "Google Identity Services stand-in (local platform only; not Google).",
    { base: config.publicUrl, source: GOOGLE_SIM_MESSAGE_SOURCE },
    "/gsi/client",
  );
  return `${head}
  var POLL_MS = 500;
  var CLOSE_GRACE_MS = 300;

  function noop() {}

  function isClosed(w) {
    try {
      return !w || w.closed;
    } catch (e) {
      return false;
    }
  }

  function invoke(fn, arg) {
    if (typeof fn !== "function") return;
    try {
      fn(arg);
    } catch (e) {
      setTimeout(function () {
        throw e;
      });
    }
  }

  function scopesOf(response) {
    return response && typeof response.scope === "string" ? response.scope.split(" ").filter(Boolean) : [];
  }

  function initTokenClient(config) {
    if (!config || typeof config.client_id !== "string" || config.client_id === "") {
      throw new Error("Missing required parameter client_id.");
    }
    var active = null;

    function requestAccessToken(overrides) {
      var o = overrides || {};
      var scope = o.scope !== undefined ? o.scope : config.scope;
      var state = o.state !== undefined ? o.state : config.state;
      var hint = o.hint !== undefined ? o.hint : o.login_hint !== undefined ? o.login_hint : config.hint !== undefined ? config.hint : config.login_hint;
      var prompt = o.prompt !== undefined ? o.prompt : config.prompt;
      var q = new URLSearchParams();
      q.set("client_id", config.client_id);
      q.set("scope", typeof scope === "string" ? scope : "");
      q.set("response_type", "token");
      q.set("popup", "1");
      if (typeof state === "string" && state) q.set("state", state);
      if (typeof hint === "string" && hint) q.set("login_hint", hint);
      if (typeof prompt === "string" && prompt) q.set("prompt", prompt);

      if (active) active.stop(); // a newer request replaces the one in progress (same popup window)
      // Opened at once, inside the caller's user gesture, as GIS does.
      var popup = window.open(base + "/o/oauth2/v2/auth?" + q.toString(), "genui-google-sim", "width=500,height=640");
      if (!popup) {
        invoke(config.error_callback, { type: "popup_failed_to_open", message: "Failed to open popup window" });
        return;
      }
      var f = { done: false, closing: false, timer: 0, onMessage: null, stop: null };
      active = f;
      f.stop = function () {
        if (f.done) return false;
        f.done = true;
        window.removeEventListener("message", f.onMessage);
        clearInterval(f.timer);
        if (active === f) active = null;
        return true;
      };
      f.onMessage = function (event) {
        var d = event.data;
        if (f.done || event.origin !== ORIGIN || event.source !== popup) return;
        if (!d || typeof d !== "object" || d.source !== CONFIG.source) return;
        f.stop();
        if (typeof d.error === "string") {
          var failure = { error: d.error, error_description: d.error_description || "The user denied access." };
          if (typeof d.error_uri === "string") failure.error_uri = d.error_uri;
          if (typeof d.state === "string") failure.state = d.state;
          invoke(config.callback, failure);
          return;
        }
        var response = {
          access_token: d.access_token,
          token_type: d.token_type,
          expires_in: d.expires_in,
          scope: d.scope,
        };
        if (typeof d.state === "string") response.state = d.state;
        invoke(config.callback, response);
      };
      window.addEventListener("message", f.onMessage);
      f.timer = setInterval(function () {
        if (f.done || f.closing || !isClosed(popup)) return;
        f.closing = true;
        setTimeout(function () {
          if (f.stop()) invoke(config.error_callback, { type: "popup_closed", message: "Popup window closed" });
        }, CLOSE_GRACE_MS);
      }, POLL_MS);
    }

    return { requestAccessToken: requestAccessToken };
  }

  var oauth2 = {
    initTokenClient: initTokenClient,
    initCodeClient: function () {
      throw new Error("initCodeClient is not supported by the local Google stand-in; use initTokenClient");
    },
    hasGrantedAllScopes: function (response) {
      var granted = scopesOf(response);
      for (var i = 1; i < arguments.length; i++) if (granted.indexOf(arguments[i]) < 0) return false;
      return true;
    },
    hasGrantedAnyScope: function (response) {
      var granted = scopesOf(response);
      for (var i = 1; i < arguments.length; i++) if (granted.indexOf(arguments[i]) >= 0) return true;
      return false;
    },
    revoke: function (_token, done) {
      invoke(done, { successful: true });
    },
  };
  var id = {
    initialize: noop,
    prompt: noop,
    cancel: noop,
    renderButton: noop,
    disableAutoSelect: noop,
    storeCredential: noop,
    revoke: function (_hint, done) {
      invoke(done, { successful: true });
    },
  };

  var google = window.google || (window.google = {});
  google.accounts = google.accounts || {};
  google.accounts.oauth2 = oauth2;
  google.accounts.id = id;
  if (typeof window.onGoogleLibraryLoad === "function") {
    try {
      window.onGoogleLibraryLoad();
    } catch (e) {
      setTimeout(function () {
        throw e;
      });
    }
  }
})();
`;
}
