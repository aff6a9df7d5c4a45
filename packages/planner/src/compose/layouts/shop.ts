import { capitalize, hash32 } from "../../text";
import { alert, button, card, grid, heading, icon, image, list, type Row, row, select, slider, text, textInput } from "../../ui";
import { readNumber } from "../../understand/items";
import { addDays, shortDate, TODAY } from "../context";
import { cartTable, cartTotals, details, faqSection, form, header, itemCards, money, nameOf, photo } from "../sections";
import { cellText, count, items, type Layout, own, ownItems, ownThings } from "./helpers";

/**
 * The commerce group's shop: checkout, a product's page, a catalogue, a cart, a confirmation and listings to browse.
 */

export const SHOP_LAYOUTS: Record<string, Layout> = {
  checkout: (ctx) => {
    // What is being bought, as the user wrote it: priced lines ("Banarasi silk saree ₹8,499, blouse stitching ₹650"),
    // or a number of things at a price each ("3 tickets … (£18 each)"); else the domain's.
    const priced = ctx.e.items
      .flat()
      .filter((i) => i.value !== undefined && i.unit && /^[$€£₹₦¥]$/.test(i.unit) && /\p{L}/u.test(i.label));
    const each =
      /\b(\d{1,3})\s+([a-z][a-z -]{2,30}?)\b[^.]*?([$€£₹₦]\s?\d[\d,.]*)\s*\)?\s*(?:each|apiece|per (?:ticket|item|person|head))/i.exec(
        ctx.e.text,
      );
    const bought: { name: string; unit: number; qty: number }[] = priced.length
      ? priced.map((i) => {
          // "2 agege bread ₦1,500 each": a count before the name is the quantity.
          const label = i.label.replace(/^(?:order(?: summary)?|summary)\s*:\s*/i, "");
          const counted = /^(\d{1,3})\s+(?:x\s+|×\s*)?(\D.*)$/.exec(label);
          return {
            name: capitalize(counted ? counted[2]! : label),
            unit: i.value!,
            qty: counted ? Number(counted[1]) : (i.qty ?? 1),
          };
        })
      : each
        ? [{ name: capitalize(each[2]!.trim()), unit: readNumber(each[3]!).value, qty: Number(each[1]) }]
        : items(ctx, 2).map((i) => ({ name: i.name, unit: i.price ?? 0, qty: 1 }));
    // A delivery or shipping fee the user wrote is the shipping, not a thing bought.
    const fee = bought.find((b) => /^(?:delivery|shipping|postage)(?: fee| charge)?$/i.test(b.name));
    if (fee) bought.splice(bought.indexOf(fee), 1);
    const subtotal = bought.reduce((s, i) => s + i.unit * i.qty, 0);
    const shipping = fee ? fee.unit : subtotal > 50 ? 0 : 4.99;
    return [
      ...header(ctx.title.length < 4 ? "Checkout" : ctx.title, "Secure payment. You can review everything before paying."),
      grid(
        [
          card(
            "Shipping and payment",
            { name: "payment_card" },
            // The user's fields when they list the form; one or two extras ("and a promo code field") join the usual ones.
            form(
              ownItems(ctx).filter((i) => i.value === undefined).length >= 3
                ? ownItems(ctx).filter((i) => i.value === undefined)
                : [
                    ...["Full name", "Email", "Address", "City", "Postal code", "Card number", "Expiry date", "CVC"],
                    ...ownItems(ctx).filter((i) => i.value === undefined),
                  ],
              `Pay ${money(subtotal + shipping, ctx.currency)}`,
              "pay",
              { columns: 2 },
            ),
          ),
          card("Order summary", { name: "summary_card" }, [
            list(
              bought.map((i) => ({
                title: i.qty > 1 ? `${i.qty} × ${i.name}` : i.name,
                subtitle:
                  i.qty > 1
                    ? `${money(i.unit, ctx.currency)} each · ${money(i.unit * i.qty, ctx.currency)}`
                    : money(i.unit, ctx.currency),
              })),
              { name: "order_items" },
            ),
            details(
              {
                Subtotal: money(subtotal, ctx.currency),
                Shipping: shipping ? money(shipping, ctx.currency) : "Free",
                Total: money(subtotal + shipping, ctx.currency),
              },
              "totals",
            ),
          ]),
        ],
        { columns: 2, gap: 16 },
      ),
    ];
  },
  product: (ctx) => {
    // A shop domain's item of that name, else the domain's first; no shop domain recognised: the product's own facts
    // only (not a borrowed catalogue item's, a software plan at $0).
    const found =
      ctx.domain.items.find((i) => ctx.e.norm.includes(i.name.toLowerCase().split(/[ ,]/)[0]!)) ?? ctx.domain.items[0]!;
    const item: { name: string; category?: string; price?: number; rating?: number; description?: string } = ctx.domainMatched
      ? found
      : { name: found.name, rating: 4.6, description: "Made to last, with free delivery and free returns." };
    // The product the user named ("the Trailblazer 2 hiking boot", "Kashmiri pashmina shawl") over a catalogue one.
    const named = ctx.e.names.length > 0 || ctx.e.quotes.length > 0;
    const head = ctx.title.split(/\s[—–-]\s|,/)[0]!.trim();
    // "product page for a hoodie": the thing after "for" when the heading only says what the page is.
    const thing = /^(?:product|item|product page|product detail|pdp|shop item)$/i.test(head)
      ? /\bfor (?:a |an |the |my |our )?([a-z][\w -]{2,30}?)(?:\s+(?:with|in|at|from)\b|[,.]|$)/i.exec(ctx.e.text)?.[1]
      : undefined;
    const name = thing ? capitalize(thing) : head.length >= 4 && (!ctx.domainMatched || named) ? head : item.name;
    // Its attributes as written: sizes (a range or a list), colours, stars and reviews, the rest as highlights.
    const its = ownItems(ctx);
    const sizeItem = its.find((i) => /\bsizes?\b/i.test(i.text));
    const SIZE = /^(?:\d{1,3}|x{0,3}s|m|x{0,3}l|\dxl)$/i;
    const sizeAt = sizeItem ? its.indexOf(sizeItem) : -1;
    const firstSize = sizeItem && /\bsizes?\s+(\S+)$/i.exec(sizeItem.text)?.[1];
    const sizes = sizeItem?.range
      ? Array.from({ length: Math.min(30, sizeItem.range[1] - sizeItem.range[0] + 1) }, (_, k) => String(sizeItem.range![0] + k))
      : sizeItem?.options.length
        ? sizeItem.options
        : firstSize && SIZE.test(firstSize)
          ? // "sizes S, M, L, XL": the sizes run on in the items after it.
            [
              firstSize,
              ...its
                .slice(sizeAt + 1)
                .filter((_, k, all) => all.slice(0, k + 1).every((x) => SIZE.test(x.text)))
                .map((i) => i.text),
            ]
          : [];
    const colourItem = its.find((i) => /\bcolou?rs?\b/i.test(i.text) && i.options.length >= 2);
    const colours = colourItem?.options ?? [];
    const stars = /(\d(?:\.\d)?)\s*(?:stars?|★)/i.exec(ctx.e.text)?.[1];
    const reviews = /(\d[\d,]*)\s+reviews?\b/i.exec(ctx.e.text)?.[1];
    const highlights = its
      .filter(
        (i) =>
          i !== sizeItem &&
          i !== colourItem &&
          !(sizes.includes(i.text) && SIZE.test(i.text)) &&
          !/^to (?:bag|basket|cart|trolley)$|^(?:buy (?:it )?now|order now|pre-?order|qty selector|quantity)$/i.test(i.text) &&
          !/\b(?:photos?|pictures?|images?|gallery|reviews?|stars?|add to|buy now)\b|★|^[$€£₹₦¥]\s?\d/i.test(i.text),
      )
      .map((i) => capitalize(i.text));
    const mine = sizes.length > 0 || colours.length > 0 || highlights.length > 0;
    const options = mine ? [] : own(ctx);
    // "add to bag", "add to basket": the button says what the user called it.
    const addLabel = capitalize(
      /\b(?:add to (?:bag|basket|trolley|cart)|buy (?:it )?now|order now|pre-?order)\b/i.exec(ctx.e.text)?.[0]?.toLowerCase() ??
        "add to cart",
    );
    return [
      grid(
        [
          image(photo(`${ctx.domain.id}-${name}`, 800, 800), { name: "product_photo", alt: name, height: 320, fit: "cover" }),
          card(
            name,
            {
              name: "product_card",
              ...(item.category || ctx.domainMatched ? { subtitle: item.category ?? ctx.domain.categories[0] } : {}),
            },
            [
              heading(money(ctx.e.amounts[0] ?? item.price ?? 49, ctx.currency), { level: 2 }),
              text(`★ ${stars ?? item.rating ?? 4.6} · ${reviews ?? 120 + ctx.rng.int(0, 800)} reviews`, { tone: "muted" }),
              text(item.description ?? ctx.domain.tagline),
              ...(highlights.length ? [list(highlights, { name: "highlights" })] : []),
              ...(sizes.length
                ? [
                    select(sizes[0]!, {
                      name: "size",
                      label: "Size",
                      options: sizes.map((z) => ({ label: capitalize(z), value: z })),
                    }),
                  ]
                : []),
              ...(colours.length
                ? [
                    select(nameOf(colours[0]!), {
                      name: "colour",
                      label: "Colour",
                      options: colours.map((c) => ({ label: capitalize(c), value: nameOf(c) })),
                    }),
                  ]
                : []),
              ...(options.length
                ? [
                    select(nameOf(options[0]!), {
                      name: "option",
                      label: /size|xs|xl|\bs\b|\bm\b/i.test(options.join(" "))
                        ? "Size"
                        : /colou?r|red|blue|black|white|green/i.test(options.join(" "))
                          ? "Colour"
                          : "Option",
                      options: options.map((o) => ({ label: capitalize(o), value: nameOf(o) })),
                    }),
                  ]
                : []),
              textInput({ name: "quantity", label: "Quantity", type: "number", value: "1" }),
              button(addLabel, {
                name: "add_to_cart",
                variant: "primary",
                icon: "cart",
                fullWidth: true,
                onPress: { event: "add_to_cart", value: name },
              }),
            ],
          ),
        ],
        { columns: 2, gap: 16 },
      ),
      faqSection(
        [
          ["Details", item.description ?? ctx.domain.tagline],
          [
            "Delivery",
            `Ships in 1–2 working days; free over ${money(50, ctx.currency === "INR" ? "INR" : ctx.currency).replace(/^₹50$/, "₹2,000")}.`,
          ],
          ["Returns", "Free returns within 30 days."],
        ],
        "product_details",
      ),
    ];
  },
  catalog: (ctx) => [
    ...header(ctx.title.length < 4 ? ctx.brand : ctx.title, ctx.domain.tagline),
    row(
      [
        textInput({ name: "search", label: `Search ${ctx.domain.itemNoun[1]}`, type: "search" }),
        select("all", {
          name: "category",
          label: "Category",
          options: [{ label: "All", value: "all" }, ...ctx.domain.categories.map((c) => ({ label: c, value: nameOf(c) }))],
        }),
      ],
      { gap: 12, wrap: true },
    ),
    itemCards(
      ctx,
      own(ctx).length >= 2
        ? own(ctx).map((n, i) => ({
            name: capitalize(n),
            price: ctx.e.amounts[i] ?? ctx.domain.items[i % ctx.domain.items.length]!.price ?? 20,
          }))
        : items(ctx, count(ctx, 6, 24)),
      { label: "Add to cart", event: "add_to_cart" },
      { role: "product-card" },
    ),
  ],
  cart: (ctx) => {
    // The user's lines with their quantities and prices ("'Hydrating Serum 30ml' €24 x2", "2x whole milk"); what they
    // say about the cart itself (subtotal, shipping, checkout, buttons) is not a line.
    const META = /^(?:sub)?total\b|\bshipping\b|\bcheck ?out\b|\bcoupon|\bpromo|\bcontinue shopping|\bbuttons?\b|^[+-]/i;
    const mine = ownItems(ctx).filter((i) => !META.test(i.text));
    const chosen = mine.length
      ? mine.map((it, i) => ({
          name: capitalize((it.label || it.text).replace(/^['"‘“]+|['"’”]+$/g, "")),
          // A number in parentheses is a pack size ("eggs (12)"), not a price; a price is plausible when none is given.
          price:
            it.value !== undefined && !it.text.includes(`(${it.value})`)
              ? it.value
              : (ctx.domainMatched ? ctx.domain.items[i % ctx.domain.items.length]!.price : 0) ||
                1.5 + (hash32(it.text) % 12) * 0.75,
          qty: it.qty ?? 1,
        }))
      : items(ctx, count(ctx, 3, 10)).map((it, i) => ({ ...it, qty: 1 + (i % 2) }));
    const rows: Row[] = chosen.map((c) => ({
      item: c.name,
      qty: c.qty,
      price: c.price ?? 0,
      total: Math.round((c.price ?? 0) * c.qty * 100) / 100,
    }));
    const subtotal = rows.reduce((s, r) => s + Number(r.total), 0);
    const freeOver = /free (?:shipping|delivery) (?:over|above|from) ([$€£₹₦]?\s?\d(?:[\d,.]*\d)?\s?[$€£₹₦]?)/i.exec(ctx.e.text);
    // The checkout button as the user named it ("proceed to checkout").
    const go = /\b(proceed to checkout|go to checkout|checkout now|pay now)\b/i.exec(ctx.e.text)?.[1];
    return [
      ...header(ctx.title.length < 4 ? "Your cart" : ctx.title, `${rows.length} items`),
      cartTable(rows, ctx.currency),
      cartTotals(subtotal, ctx.currency, freeOver ? readNumber(freeOver[1]!).value : 50),
      ...(freeOver ? [text(capitalize(freeOver[0]), { tone: "muted", name: "shipping_note" })] : []),
      ...(/\bremove|delete\b/i.test(ctx.e.text)
        ? [
            row(
              chosen.map((c, i) =>
                button(`Remove ${c.name}`, {
                  name: `remove_${i + 1}`,
                  variant: "ghost",
                  size: "sm",
                  onPress: { event: "remove_item", value: c.name },
                }),
              ),
              { gap: 8, wrap: true },
            ),
          ]
        : []),
      ...(/\b(?:coupon|promo|discount|voucher|gift card)\b/i.test(ctx.e.text)
        ? [
            row(
              [
                textInput({
                  name: "coupon_code",
                  label: /promo/i.test(ctx.e.text) ? "Promo code" : "Coupon code",
                  placeholder: "SAVE10",
                }),
                button("Apply", { name: "apply_coupon", variant: "secondary", onPress: "apply_coupon" }),
              ],
              { gap: 8, align: "end" },
            ),
          ]
        : []),
      row(
        [
          button("Continue shopping", { name: "continue_shopping", variant: "ghost", onPress: "continue_shopping" }),
          button(go ? capitalize(go) : "Checkout", { name: "checkout", variant: "primary", onPress: "checkout" }),
        ],
        { justify: "end", gap: 8 },
      ),
    ];
  },
  confirmation: (ctx) => {
    const booking = /book|reserv|appointment|table|room|ticket/.test(ctx.e.norm);
    const facts: Record<string, string | number> = booking
      ? {
          Reference: `BK-${4000 + ctx.rng.int(1, 5000)}`,
          Date: ctx.e.dates[0] ?? shortDate(addDays(TODAY, 7)),
          Time: ctx.e.times[0] ?? "19:00",
          ...(ctx.e.places[0] ? { Where: ctx.e.places[0] } : {}),
          Guests: ctx.e.numbers.find((n) => n <= 50) ?? 2,
        }
      : {
          "Order number": `GX-${10_000 + ctx.rng.int(1, 80_000)}`,
          Date: shortDate(TODAY),
          Total: money(ctx.e.amounts[0] ?? 86.5, ctx.currency),
          Delivery: shortDate(addDays(TODAY, 3)),
        };
    return [
      icon("check", { name: "done_icon", size: 48, tone: "success", label: "Success" }),
      heading(ctx.title.length < 4 ? (booking ? "Booking confirmed" : "Order placed") : ctx.title, { level: 1 }),
      alert(booking ? "We have sent the details to your email." : "Thank you! A receipt is on its way to your inbox.", {
        name: "confirmation",
        title: booking ? "You're all set" : "Payment received",
        tone: "success",
      }),
      details(facts, "summary"),
      row(
        [
          button(booking ? "Add to calendar" : "Track order", {
            name: "next_step",
            variant: "primary",
            onPress: booking ? "add_to_calendar" : "track_order",
          }),
          button("Back to home", { name: "home", variant: "ghost", onPress: "home" }),
        ],
        { gap: 8 },
      ),
    ];
  },
  listings: (ctx) => {
    const mine = ownThings(ctx);
    const asked = /\bfilters?\b|\bfilter by\b/i.test(ctx.e.text)
      ? (/\bfilter by\s+([a-z]+(?: (?!and\b|or\b|with\b)[a-z]+)?)/i.exec(ctx.e.text)?.[1] ?? "category")
      : "category";
    const columns = ownItems(ctx)
      .filter((i) => !/filter/i.test(i.label))
      .map((i) => i.label);
    return [
      ...header(ctx.title, `${mine.length || count(ctx, 6)} results`),
      row(
        [
          select("all", {
            name: nameOf(asked),
            label: capitalize(asked),
            options: [
              { label: "All", value: "all" },
              ...(/level/i.test(asked) ? ["Beginner", "Intermediate", "Advanced"] : ctx.domain.categories).map((c) => ({
                label: c,
                value: nameOf(c),
              })),
            ],
          }),
          slider(Math.max(...ctx.domain.items.map((i) => i.price ?? 0)), {
            name: "max_price",
            label: "Max price",
            min: 0,
            max: Math.ceil(Math.max(...ctx.domain.items.map((i) => i.price ?? 100)) * 1.2),
          }),
        ],
        { gap: 16, wrap: true },
      ),
      mine.length && !mine.every((m) => /^(?:salary|price|rating|location|filters?)$/i.test(m.name))
        ? itemCards(
            ctx,
            mine.map((m) => ({ name: m.name, ...(m.price !== undefined ? { price: m.price } : {}) })),
            { label: "View details", event: "view_listing" },
            { role: "product-card" },
          )
        : itemCards(
            ctx,
            items(ctx, count(ctx, 6, 24)).map((it, i) => ({
              ...it,
              ...(columns.length
                ? { description: columns.map((c) => `${capitalize(c)}: ${cellText(ctx, c, i)}`).join(" · ") }
                : {}),
            })),
            { label: "View details", event: "view_listing" },
            { role: "product-card" },
          ),
    ];
  },
};
