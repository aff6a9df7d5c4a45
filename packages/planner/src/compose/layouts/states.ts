import { capitalize } from "../../text";
import { button, heading, icon, row, text, textInput } from "../../ui";
import { CATALOG } from "../context";
import { nameOf } from "../sections";
import { type Layout } from "./helpers";

/**
 * The states group: an empty state and an error page.
 */

export const STATE_LAYOUTS: Record<string, Layout> = {
  "empty-state": (ctx) => {
    const e =
      CATALOG.empty.find((x) => ctx.e.words.some((w) => w.length > 3 && x.what.toLowerCase().includes(w))) ?? CATALOG.empty[0]!;
    const none = /\bno\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:yet|at all|found)\b|\bno\s+([a-z]+)\b/i.exec(ctx.e.text);
    const title = none ? `No ${(none[1] ?? none[2])!} yet` : ctx.title.length < 4 ? e.title : ctx.title;
    return [
      icon(e.icon, { name: "empty_icon", size: 48, tone: "info", label: "Nothing here" }),
      heading(title, { level: 1, align: "center" }),
      text(e.hint, { align: "center", tone: "muted" }),
      row(
        [
          button(ctx.e.buttons[0] ?? e.action, {
            name: "first_action",
            variant: "primary",
            icon: "plus",
            onPress: "first_action",
          }),
        ],
        {
          justify: "center",
        },
      ),
    ];
  },
  "error-state": (ctx) => {
    const n = ctx.e.norm;
    const kind = /payment|card/.test(n)
      ? "payment"
      : /offline|connection|internet|network/.test(n)
        ? "offline"
        : /denied|forbidden|permission|403/.test(n)
          ? "denied"
          : /maintenance/.test(n)
            ? "maintenance"
            : /500|went wrong|server/.test(n)
              ? "server"
              : /session|expired|timed out|signed out|logged out/.test(n)
                ? "session"
                : "not-found";
    const e = CATALOG.errors.find((x) => x.id.includes(kind)) ?? CATALOG.errors[0]!;
    // The status the user named ("404 page") is said; a search box asked for is there.
    const status = /\b([45]\d\d)\b/.exec(n)?.[1];
    // The state the user named ("NO INTERNET CONNECTION screen", "session expired page") is the heading.
    const named = /^(?:(?:an?|the|my|our)\s+)?([a-z][a-z' ]{3,40}?)\s+(?:screen|page|state|view|message)\b/i.exec(
      ctx.e.text,
    )?.[1];
    const own =
      named && !/\b(?:error|oops|generic|simple|basic|nice|friendly|custom|\d{3})\b/i.test(named) && named.split(" ").length <= 5
        ? capitalize(named.toLowerCase())
        : undefined;
    // "… when a sailing is sold out", "when the payment fails": the state the user describes.
    const when =
      /\bwhen (?:a |an |the |my |our |your )?([a-z][a-z ]{1,25}?) (?:is|are|was|has|have|gets?|goes) ((?:not |no longer |already )?[a-z][a-z ]{1,20}?)(?=[,.;]|\s+(?:with|and|so|but)\b|$)/i.exec(
        ctx.e.text,
      );
    const described = when
      ? `${capitalize(when[1]!)} ${/^(?:are|have)$/.test(when[0]!.split(" ")[0]!) ? "are" : "is"} ${when[2]}`
      : undefined;
    const title = own ?? described ?? (status && !e.title.includes(status) ? `${status} · ${e.title}` : e.title);
    // What the user can do, as named: buttons, or short quoted labels ("with 'See other sailings' and 'Join waitlist'").
    const actions = (
      ctx.e.buttons.length ? ctx.e.buttons : ctx.e.quotes.filter((q) => q.split(/\s+/).length <= 4).map(capitalize)
    ).slice(0, 3);
    return [
      icon("warning", { name: "error_icon", size: 48, tone: "danger", label: "Error" }),
      heading(title, { level: 1, align: "center" }),
      // A state the user described is not the catalogue's "page not found" text.
      text(described && kind === "not-found" ? "Sorry about that. Here is what you can do next." : e.text, {
        align: "center",
        tone: "muted",
      }),
      ...(/\bsearch\b/.test(n)
        ? [textInput({ name: "search", label: "Search", type: "search", placeholder: "Search the site" })]
        : []),
      row(
        [
          ...(actions.length ? actions : [e.action]).map((a, i) =>
            button(a, {
              name: i ? `action_${i + 1}` : "retry",
              variant: i ? "secondary" : "primary",
              onPress: i ? nameOf(a) : "retry",
            }),
          ),
          button("Go home", { name: "home", variant: "ghost", icon: "home", onPress: "home" }),
        ],
        { justify: "center", gap: 8, wrap: true },
      ),
    ];
  },
};
