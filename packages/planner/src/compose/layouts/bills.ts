import { capitalize } from "../../text";
import { alert, button, type Row, row, type UiNode } from "../../ui";
import { addDays, type Ctx, peopleFor, shortDate, TODAY } from "../context";
import { details, header, lineItemsTable, money } from "../sections";
import { type Layout, own, ownItems } from "./helpers";

/**
 * The commerce group's bills: an invoice and a receipt, from the lines the user wrote.
 */

export const BILL_LAYOUTS: Record<string, Layout> = {
  invoice: (ctx) => lineItemsLayout(ctx, "invoice"),
  receipt: (ctx) => lineItemsLayout(ctx, "receipt"),
};

/** An amount as written: "€0,80" and "4,20 €" are decimals, "₹45,000" and "1,200" thousands. */
function amountOf(raw: string): number {
  const t = raw.replace(/[^\d.,]/g, "");
  return Number(/^\d+,\d{2}$/.test(t) ? t.replace(",", ".") : t.replace(/,/g, ""));
}
const AMOUNT = String.raw`[$€£₹₦¥]\s?\d[\d,.]*|\d[\d,.]*\s?[$€£₹₦¥]`;
/** A bill's line as written: "3 days of consulting at €650/day", "40 Brezeln à €0,80", "boiler valve (£145)", "fee £40". */
function billLine(text: string): { item: string; qty: number; price: number } | undefined {
  const t = text
    .replace(/^(?:he|she|they|we|i)\s+(?:replaced|fixed|installed|did|supplied|added)\s+(?:the|a|an)?\s*/i, "")
    // "tuition fee ₹45,000 paid on 12 Aug via UPI": what follows the amount is how it was paid.
    .replace(/(\d)\s+(?:paid|on|via|by|using)\b.*$/i, "$1");
  const rated = new RegExp(
    String.raw`^(\d+(?:\.\d+)?)\s*(?:x|×)?\s*(days?|hrs?|hours?|nights?|weeks?|months?|units?|pcs|pieces|sessions?|lessons?|seats?|licen[cs]es?)?\s*(?:of\s+)?(.+?)\s+(?:at|à|@|x|×|for)\s*(${AMOUNT})\s*(?:\/\s*[a-z]+|each|per\s+[a-z]+)?$`,
    "i",
  ).exec(t);
  if (rated) {
    const unit = rated[2] ? rated[2].toLowerCase().replace(/^hrs?$/, "hours") : "";
    const item = capitalize(rated[3]!.trim());
    return {
      item: unit && !/^(?:units?|pcs|pieces)$/.test(unit) ? `${item} (${unit.replace(/(?<!s)$/, "s")})` : item,
      qty: Number(rated[1]),
      price: amountOf(rated[4]!),
    };
  }
  const priced = new RegExp(String.raw`^(.+?)\s*[:(-]?\s*(${AMOUNT})\)?(?:\s*x\s*(\d+))?$`, "i").exec(t);
  if (priced && /\p{L}/u.test(priced[1]!))
    return { item: capitalize(priced[1]!.trim()), qty: Number(priced[3] ?? 1), price: amountOf(priced[2]!) };
  return undefined;
}

function lineItemsLayout(ctx: Ctx, kind: "invoice" | "receipt"): UiNode[] {
  const text = ctx.e.text;
  // What the user wrote about the bill itself rather than a line of it.
  const META =
    /^(?:invoice|receipt|bill|order)?\s*(?:number|no\.?|#|id)\b|^(?:client|customer|bill(?:ed)? to|to|from|due|paid|payment|transaction|ref|reference|tax|vat|gst|mwst|ust|total|subtotal)\b|\d\s?%/i;
  const written = ownItems(ctx)
    .filter((i) => !META.test(i.text))
    .map((i) => billLine(i.text));
  // The pieces that read as lines; none at all: "name amount" pairs anywhere ("… — tuition fee ₹45,000 paid on 12 Aug").
  let ownLines = written.filter((l): l is { item: string; qty: number; price: number } => !!l);
  if (ownLines.length && ownLines.length < written.length && ownLines.length < 2) ownLines = [];
  if (!ownLines.length)
    ownLines = [...text.matchAll(new RegExp(String.raw`\b((?:\d+-)?[a-z][a-z' -]{2,30}?)\s+(${AMOUNT})(?![\d])`, "gi"))]
      .map((m) => ({
        item: capitalize(m[1]!.replace(/^(?:a|an|the|for|of|my|our)\s+/i, "").trim()),
        qty: 1,
        price: amountOf(m[2]!),
      }))
      .filter((l) => !/^(?:paid|total|subtotal|receipt|invoice|amount|balance|price)$/i.test(l.item));
  const lines = ownLines.length
    ? ownLines
    : ctx.e.values.length >= 1
      ? ctx.e.values.map((v) => ({ item: capitalize(v.label), qty: 1, price: v.value }))
      : own(ctx).length
        ? own(ctx).map((l, i) => ({
            item: capitalize(l),
            qty: 1 + (i % 3),
            price: ctx.e.amounts[i] ?? ctx.domain.services[i % ctx.domain.services.length]?.price ?? 40,
          }))
        : [...ctx.domain.services, ...ctx.domain.items]
            .slice(0, 3)
            .map((s, i) => ({ item: s.name, qty: 1 + (i % 2), price: s.price ?? 30 }));
  const rows: Row[] = lines.map((l) => ({ ...l, total: Math.round(l.qty * l.price * 100) / 100 }));
  const subtotal = Math.round(rows.reduce((s, r) => s + Number(r.total), 0) * 100) / 100;
  // Tax as the user named it ("7% MwSt", "VAT 20%", "GST 18%"); "with tax" alone is 10 %; none said, none added.
  const taxed =
    /(\d+(?:[.,]\d+)?)\s?%\s*(vat|mwst|ust|gst|sales tax|tax)\b/i.exec(text) ??
    /\b(vat|mwst|ust|gst|sales tax|tax)\s*(?:of|at|@)?\s*(\d+(?:[.,]\d+)?)\s?%/i.exec(text);
  const rate = taxed
    ? Number((/^\d/.test(taxed[1]!) ? taxed[1]! : taxed[2]!).replace(",", "."))
    : /\b(?:tax|vat|gst)\b/i.test(text)
      ? 10
      : 0;
  const taxName = taxed ? (/^\d/.test(taxed[1]!) ? taxed[2]! : taxed[1]!) : "Tax";
  const tax = Math.round(subtotal * rate) / 100;
  const total = subtotal + tax;
  const NAME = String.raw`(\p{Lu}[\p{L}&.'-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}&.'-]*){0,3})`;
  const client = new RegExp(String.raw`\b(?:client|customer|bill(?:ed)? to|for|to)\s*:?\s+${NAME}`, "u").exec(text)?.[1];
  const from = new RegExp(String.raw`\bfrom\s+['"‘“]?${NAME}`, "u").exec(text)?.[1]?.replace(/['"’”]+$/, "");
  const brand = from ?? ctx.brand;
  const other = (n: string) => !brand.includes(n) && !n.includes(brand);
  const who = client ?? ctx.e.organisations.find(other) ?? ctx.e.people.find(other) ?? peopleFor(ctx, 1)[0]!;
  const theirs =
    /\b(?:number|no\.?|#|id)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,})\b/.exec(text)?.[1] ??
    /\b([A-Z]{2,5}-\d{2,}(?:-\d+)?)\b/.exec(text)?.[1];
  const no = theirs ?? `${kind === "invoice" ? "INV" : "RCT"}-${2026}-${String(100 + ctx.rng.int(1, 800)).padStart(4, "0")}`;
  // How it was paid, as the user said ("paid with apple pay", "paid contactless", "via UPI").
  const method =
    /\b(?:paid|payment)\s+(?:(?:with|by|via|using|in)\s+)?([a-z][a-z ]{1,18}?)(?=\s+(?:at|on|for|from)\b|\s*[,.;]|$)/i.exec(
      text,
    )?.[1] ??
    /\bvia\s+([a-z][a-z ]{1,18}?)(?=\s*[,.;]|$)/i.exec(text)?.[1] ??
    /\bpaid (?:with|by|using) ((?:visa|mastercard|amex|card|debit card|credit card)\s+(?:ending(?: in)?|•+|\*+)\s*\d{4})\b/i.exec(
      text,
    )?.[1] ??
    /\bpaid\b[^,.;]*?\bby\s+((?:bank |wire )?transfer|card|cash|cheque|check|direct debit|standing order|[a-z]+ card)\b/i.exec(
      text,
    )?.[1];
  const paidWith =
    method && !/^(?:on|at|the|a|an|in full)$/i.test(method)
      ? /^(?:upi|paypal|apple pay|google pay)$/i.test(method)
        ? method
            .replace(/\b\w/g, (c) => c.toUpperCase())
            .replace(/^Upi$/, "UPI")
            .replace(/^Paypal$/, "PayPal")
        : capitalize(method)
      : "Visa •••• 4242";
  // A journey bought ("Portsmouth → Bilbao", "from Dover to Calais").
  const trip = /(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'-]+)?)\s*(?:→|->|–>|\bto\b)\s*(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'-]+)?)/u.exec(
    text,
  );
  const route = trip ? `${trip[1]} → ${trip[2]}` : undefined;
  const inDays = /\bdue\s+in\s+(\d+)\s+days?\b|\bnet\s?(\d+)\b/i.exec(text);
  const due = inDays
    ? shortDate(addDays(TODAY, Number(inDays[1] ?? inDays[2])))
    : (ctx.e.dates[0] ?? shortDate(addDays(TODAY, 14)));
  return [
    ...header(
      kind === "invoice" ? `Invoice ${no}` : "Payment receipt",
      kind === "invoice" ? `From ${brand} to ${who}` : `Thank you, ${who}.`,
    ),
    ...(kind === "receipt"
      ? [alert(`We received ${money(total, ctx.currency)}.`, { name: "paid", title: "Paid", tone: "success" })]
      : []),
    details(
      kind === "invoice"
        ? { "Bill to": who, Issued: shortDate(TODAY), Due: due, Status: "Unpaid" }
        : {
            Receipt: no,
            Date: shortDate(TODAY),
            ...(route ? { Route: route } : {}),
            "Paid with": paidWith,
            Customer: who,
          },
      "header_details",
    ),
    lineItemsTable(rows, "line_items", { item: "Description", price: "Unit price", total: "Amount" }, ctx.currency),
    details(
      {
        Subtotal: money(subtotal, ctx.currency),
        ...(rate
          ? {
              [`${taxName.length <= 4 ? taxName.toUpperCase().replace("MWST", "MwSt") : capitalize(taxName)} (${rate}%)`]: money(
                tax,
                ctx.currency,
              ),
            }
          : {}),
        Total: money(total, ctx.currency),
      },
      "totals",
    ),
    row(
      kind === "invoice"
        ? [
            button("Download PDF", { name: "download", variant: "secondary", onPress: "download_pdf" }),
            button("Pay now", { name: "pay_now", variant: "primary", onPress: "pay_invoice" }),
          ]
        : [button("Email receipt", { name: "email_receipt", variant: "secondary", onPress: "email_receipt" })],
      { justify: "end", gap: 8 },
    ),
  ];
}
