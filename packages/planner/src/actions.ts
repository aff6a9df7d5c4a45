import { humanize } from "@genui/ui-runtime";
import { composeNew, printScreen, type Composed } from "./compose";
import { cartTable, cartTotals, nameOf } from "./compose/sections";
import type { Conversation, HostAction } from "./conversation";
import { allNodes, eventOf, labelOf, readUiCode, type CodeNode } from "./read-code";
import { capitalize } from "./text";
import { alert, button, card, heading, icon, keyValue, list, row, text, type Json } from "./ui";
import { readEntities } from "./understand/entities";

/**
 * Answers to actions a screen sends back: a submitted form gets a confirmation of what was entered; "add to cart" a
 * cart holding the item; "checkout" a checkout; paying or booking a confirmation; a link, tab, list item or card its
 * own screen (composed for the label in the original request's context); anything else the same screen with a notice
 * of what was pressed.
 */

const isObj = (v: Json | undefined): v is { [k: string]: Json | undefined } => !!v && typeof v === "object" && !Array.isArray(v);
const INPUTS = new Set(["textInput", "textArea", "select", "date", "checkbox", "switch", "slider"]);

/** The node the action came from (by name, else by label for actions written as text). */
function pressed(nodes: CodeNode[], a: HostAction): CodeNode | undefined {
  return (
    nodes.find((n) => n.name === a.name) ??
    nodes.find((n) => labelOf(n)?.toLowerCase() === a.name.toLowerCase()) ??
    nodes.find((n) => eventOf(n.onPress) === a.name)
  );
}

/** The product a press is about: the action's value, else the card around the button. */
function itemOf(node: CodeNode | undefined, a: HostAction): { name: string; price?: number } | undefined {
  const v = a.value ?? (isObj(node?.onPress) ? node!.onPress.value : undefined);
  let name = typeof v === "string" ? v : isObj(v) && typeof v.name === "string" ? v.name : undefined;
  let price: number | undefined;
  for (let p = node?.parent; p; p = p.parent)
    if (p.component === "card") {
      name ??= typeof p.value === "string" ? p.value : undefined;
      for (const n of allNodes({ settings: {}, roots: [p] })) {
        const m = typeof n.value === "string" ? /[$€£₹₦¥]\s?(\d[\d,]*(?:\.\d+)?)/.exec(n.value) : null;
        if (m) {
          price = Number(m[1]!.replace(/,/g, ""));
          break;
        }
        if (n.component === "heading" && typeof n.value === "string" && /\d/.test(n.value)) {
          const k = /(\d[\d,]*(?:\.\d+)?)/.exec(n.value);
          if (k) price = Number(k[1]!.replace(/,/g, ""));
        }
      }
      break;
    }
  return name ? { name, ...(price !== undefined ? { price } : {}) } : undefined;
}

function currencyOf(code: string): string {
  return /€/.test(code) ? "EUR" : /£/.test(code) ? "GBP" : /₹/.test(code) ? "INR" : /¥/.test(code) ? "JPY" : "USD";
}

/** The previous screen with a notice on top. */
function notice(code: string, message: string): string {
  const line = `alert(${JSON.stringify(message)}, {name: "notice", tone: "info"})`;
  const lines = code.split("\n");
  const at = lines.findIndex((l) => l.startsWith("screen("));
  lines.splice(at + 1, 0, line);
  return lines.join("\n");
}

export function answerAction(conv: Conversation): Composed {
  const a = conv.action!;
  const prev = conv.previousCode ?? "";
  const screen = readUiCode(prev);
  const nodes = allNodes(screen);
  const node = pressed(nodes, a);
  const event = (eventOf(node?.onPress) ?? a.name).toLowerCase();
  const what = (node && labelOf(node)) ?? humanize(a.name);
  const e = readEntities(conv.prompt);
  const cur = e.currency ?? currencyOf(prev);
  const done = (family: string, title: string, nodesOut: Parameters<typeof printScreen>[1], why: string): Composed => ({
    code: printScreen(title, nodesOut, e),
    family: `action:${family}`,
    reasoning: [`The user pressed "${what}" on the screen.\n`, `${why}\n`],
  });

  if (a.type === "onChangeText")
    return { code: prev, family: "action:typed", reasoning: [`The user changed "${what}"; the screen stays as it is.\n`] };

  // Add to cart → the cart.
  if (/cart|buy|add_to_bag|order_now/.test(event) || /add to (?:cart|bag)|buy/i.test(what)) {
    const item = itemOf(node, a) ?? { name: what };
    const price = item.price ?? 25;
    return done(
      "cart",
      "Your cart",
      [
        heading("Your cart", { level: 1 }),
        alert(`${item.name} was added to your cart.`, { name: "added", tone: "success" }),
        cartTable([{ item: item.name, qty: 1, price, total: price }]),
        cartTotals(price, cur),
        row(
          [
            button("Continue shopping", { name: "continue_shopping", variant: "ghost", onPress: "continue_shopping" }),
            button("Checkout", { name: "checkout", variant: "primary", onPress: "checkout" }),
          ],
          { justify: "end", gap: 8 },
        ),
      ],
      "Added the item to a cart, with its totals and a way to check out.",
    );
  }
  // Checkout → the checkout form with the cart's total.
  if (/^checkout$|proceed_to_checkout/.test(event)) {
    const total = nodes
      .map((n) => (n.component === "keyValue" && isObj(n.value) ? n.value.Total : undefined))
      .find((v) => typeof v === "string");
    const c = composeNew("checkout");
    return {
      code: total ? c.code.replace(/Pay [^"]+"/, `Pay ${total}"`) : c.code,
      family: "action:checkout",
      reasoning: [`The user pressed "${what}".\n`, "Showing the checkout: shipping, payment and the order summary.\n"],
    };
  }
  // A submitted form (or a payment, a booking) → its confirmation, echoing what was entered.
  const inputs = nodes.filter((n) => INPUTS.has(n.component));
  if (
    inputs.length &&
    /submit|send|save|sign|book|confirm|pay|register|apply|create|join|subscribe|rsvp|check|continue|next|place|reserve|request|post|calculate/.test(
      event,
    )
  ) {
    const entered: Record<string, string> = {};
    for (const n of inputs) {
      const v = conv.values[n.name] ?? a.extra[n.name] ?? n.value;
      if (v === undefined || v === "" || n.component === "checkbox" || /password|card|cvc|cvv/i.test(n.name)) continue;
      entered[String(n.props.label ?? humanize(n.name))] = typeof v === "string" ? v : JSON.stringify(v);
    }
    const paying = /pay|place/.test(event);
    const booking = /book|reserve|confirm_booking/.test(event);
    const title = paying
      ? "Payment received"
      : booking
        ? "Booking confirmed"
        : /sign|register|create|join/.test(event)
          ? "Welcome aboard"
          : /message|contact|send/.test(`${event} ${what}`.toLowerCase())
            ? "Message sent"
            : "Thank you";
    return done(
      "confirmation",
      title,
      [
        icon("check", { name: "done_icon", size: 48, tone: "success", label: "Done" }),
        heading(title, { level: 1 }),
        alert(
          paying
            ? "Your order is placed; a receipt is on its way."
            : booking
              ? "We have sent the details to your email."
              : "We received your details.",
          { name: "confirmation", tone: "success" },
        ),
        ...(Object.keys(entered).length
          ? [card("What you sent", { name: "summary" }, [keyValue(entered, { name: "entered" })])]
          : []),
        row([button("Back", { name: "back", variant: "ghost", onPress: "back" })]),
      ],
      `It submits ${Object.keys(entered).length} filled field${Object.keys(entered).length === 1 ? "" : "s"}: answering with a confirmation that echoes them.`,
    );
  }
  // Back, home, start over → the original request again.
  if (/^(?:back|home|start_over|continue_shopping|go_home|retry)$/.test(event) && conv.prompt) {
    const c = composeNew(conv.prompt);
    return {
      ...c,
      family: "action:back",
      reasoning: [`The user pressed "${what}": back to the screen for the request.\n`, ...c.reasoning],
    };
  }
  // A link, tab, list item or card → its own screen, in the request's context.
  const target =
    typeof a.value === "string"
      ? a.value
      : isObj(node?.onPress) && typeof node!.onPress.value === "string"
        ? node!.onPress.value
        : what;
  if (
    /navigate|open|view|choose|select|details|learn|read|shop|get_started|play|directions/.test(event) ||
    node?.component === "list"
  ) {
    const about = conv.prompt ? ` for ${conv.prompt.replace(/^(?:a|an|the)\s+/i, "")}` : "";
    const c = composeNew(`${target}${about}`);
    return { ...c, family: `action:${nameOf(event)}`, reasoning: [`The user chose "${target}".\n`, ...c.reasoning] };
  }
  // To-do: a task added.
  if (/add_task|add_entry|add_card/.test(event)) {
    const typed = Object.values(conv.values).find((v) => typeof v === "string" && v.trim());
    if (typeof typed === "string") {
      const lines = prev.split("\n");
      const at = lines.findIndex((l) => /checkbox\(/.test(l));
      if (at >= 0) {
        const indent = /^\s*/.exec(lines[at]!)![0];
        lines.splice(
          at,
          0,
          `${indent}checkbox(false, {name: "task_${nameOf(typed)}", label: ${JSON.stringify(capitalize(typed))}}),`,
        );
        return { code: lines.join("\n"), family: "action:add", reasoning: [`The user added "${typed}".\n`] };
      }
    }
  }
  return {
    code: prev
      ? notice(prev, `You pressed "${what}".`)
      : printScreen("Done", [heading(what, { level: 1 }), text("Done."), list([what])], e),
    family: "action:notice",
    reasoning: [`The user pressed "${what}"; nothing new to show, so the same screen with a notice.\n`],
  };
}
