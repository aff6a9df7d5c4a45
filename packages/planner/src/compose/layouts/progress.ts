import { capitalize, escapeRegExp } from "../../text";
import { button, card, checkbox, grid, list, progress, row, stat, textInput } from "../../ui";
import { readNumber } from "../../understand/items";
import { addDays, CATALOG, iso, TODAY } from "../context";
import { deliveryLayout, isDeliveryRequest } from "../delivery";
import { chart, field, header, money } from "../sections";
import { count, type Layout, listOr, own, ownItems } from "./helpers";

/**
 * The progress group: a tracker, a timeline and the steps of a process.
 */

export const PROGRESS_LAYOUTS: Record<string, Layout> = {
  tracker: (ctx) => {
    const n = ctx.e.norm;
    if (isDeliveryRequest(ctx.e.text)) return deliveryLayout(ctx);
    const habits = listOr(
      ctx,
      /expense|spend|budget/.test(n)
        ? ["Groceries", "Transport", "Eating out", "Bills"]
        : ["Drink 8 glasses of water", "Walk 8,000 steps", "Read 20 pages", "Sleep by 23:00"],
    );
    const money_ = /expense|spend|budget|cost/.test(n);
    // "$3,200 of $5,000", "14 of 30 books": progress towards the user's goal.
    const AMT = String.raw`[$€£₹₦]?\s?\d[\d,.]*k?`;
    // …or written apart: "goal 30 books, 12 read so far", "goal €1,500, saved €940 so far".
    const target = new RegExp(String.raw`\bgoal(?:\s+of|:)?\s+(${AMT})\s*([a-z]+)?`, "i").exec(ctx.e.text);
    const reached = new RegExp(
      String.raw`(${AMT})\s+(?:[a-z]+\s+){0,2}(?:so far|to date)\b|\b(?:saved|raised|read|done|completed|walked|ran|collected)\s+(${AMT})`,
      "i",
    ).exec(ctx.e.text);
    const goal =
      /([$€£₹₦]?\s?\d[\d,.]*k?)\s+(?:of|out of|\/)\s+([$€£₹₦]?\s?\d[\d,.]*k?)\s*([a-z]+)?/i.exec(ctx.e.text) ??
      (target && reached
        ? ([`${reached[0]} ${target[0]}`, (reached[1] ?? reached[2])!, target[1]!, target[2] ?? ""] as const)
        : null);
    if (goal) {
      const [done, of] = [
        readNumber(goal[1]!.replace(/k$/i, ""), /k$/i.test(goal[1]!) ? "k" : undefined).value,
        readNumber(goal[2]!.replace(/k$/i, ""), /k$/i.test(goal[2]!) ? "k" : undefined).value,
      ];
      const unit = goal[3] && !/^(?:the|a|this|my|our)$/i.test(goal[3]) ? ` ${goal[3]}` : "";
      const isMoney = /[$€£₹₦]/.test(goal[0]);
      const show = (v: number) => (isMoney ? money(v, ctx.currency) : v.toLocaleString("en-US"));
      const left = Math.max(0, of - done);
      return [
        ...header(ctx.title, `${show(done)} of ${show(of)}${unit}`),
        progress(done, {
          name: "goal_progress",
          label: `${Math.round((done / Math.max(1, of)) * 100)}% of the goal`,
          max: of,
          tone: "success",
        }),
        grid(
          [
            stat(done, {
              name: "done",
              label: isMoney ? "Saved" : `Done${unit}`,
              ...(isMoney ? { format: "currency" as const, currency: ctx.currency } : {}),
            }),
            stat(of, {
              name: "target",
              label: "Goal",
              ...(isMoney ? { format: "currency" as const, currency: ctx.currency } : {}),
            }),
            stat(left, {
              name: "left",
              label: "To go",
              ...(isMoney ? { format: "currency" as const, currency: ctx.currency } : {}),
            }),
          ],
          { columns: 3, gap: 12 },
        ),
        row(
          [
            button(isMoney ? "Add savings" : "Log progress", {
              name: "log_progress",
              variant: "primary",
              onPress: "log_progress",
            }),
          ],
          { justify: "end" },
        ),
      ];
    }
    return [
      ...header(ctx.title, money_ ? "This month so far." : "Today, and how your streaks are going."),
      grid(
        [
          stat(money_ ? 1240 : 5, {
            name: "streak",
            label: money_ ? "Spent this month" : "Day streak",
            ...(money_ ? { format: "currency" as const, currency: ctx.currency } : {}),
          }),
          stat(money_ ? 2000 : 78, {
            name: "goal",
            label: money_ ? "Budget" : "Goals met",
            format: money_ ? "currency" : "percent",
            ...(money_ ? { currency: ctx.currency } : {}),
          }),
        ],
        { columns: 2, gap: 12 },
      ),
      card(
        money_ ? "By category" : "Today",
        { name: "entries" },
        habits.map((h, i) =>
          money_
            ? progress(30 + ((i * 23) % 60), { name: `entry_${i + 1}`, label: h })
            : checkbox(i % 2 === 0, { name: `habit_${i + 1}`, label: h }),
        ),
      ),
      chart(ctx, "bar", { title: money_ ? "Spending by month" : "Goals met per month", series: money_ ? "spent" : "goals met" }),
      row(
        [
          textInput({ name: "new_entry", label: money_ ? "New expense" : "New habit" }),
          button("Add", { name: "add_entry", onPress: "add_entry" }),
        ],
        { gap: 8, align: "end" },
      ),
    ];
  },
  timeline: (ctx) => {
    // When the user dated the events ("1962 opened …", "site survey Jan 2024", "12 Mar: kickoff"), those are the dates.
    const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
    const WHEN = new RegExp(
      String.raw`^(?:((?:\d{1,2}\s+)?${MONTH}(?:\s+\d{4})?|\d{4}(?:-\d{2}(?:-\d{2})?)?|q[1-4](?:\s+\d{4})?)[:,\s-]+(.+)|(.+?)[\s,(-]+((?:\d{1,2}\s+)?${MONTH}(?:\s+\d{4})?|\d{4}|q[1-4](?:\s+\d{4})?)\)?)$`,
      "i",
    );
    const dated = own(ctx).map((t) => WHEN.exec(t));
    const events = own(ctx).length
      ? own(ctx).map((t, i) => {
          const m = dated.filter(Boolean).length >= 2 ? dated[i] : null;
          const when = m?.[1] ?? m?.[4];
          return when
            ? { title: capitalize((m![2] ?? m![3])!.trim()), date: capitalize(when) }
            : { title: capitalize(t), date: iso(addDays(TODAY, 30 * i - 90)) };
        })
      : CATALOG.milestones.slice(0, count(ctx, 6, 10)).map((t) => ({ title: t.title, date: t.when }));
    return [
      ...header(ctx.title),
      list(
        events.map((ev) => ({ title: ev.title, subtitle: ev.date, icon: "calendar" as const })),
        { name: "timeline", dividers: true },
      ),
    ];
  },
  steps: (ctx) => {
    // A step's title as the user wrote it: "your business" keeps its "your" (a form field would drop it).
    const asWritten = (s: string) => {
      return capitalize(
        new RegExp(`\\b(?:your|my|our|pick|choose|select|enter|upload|add|rate|rank)\\s+${escapeRegExp(s)}\\b`, "i").exec(
          ctx.e.text,
        )?.[0] ?? s,
      );
    };
    const mine = ownItems(ctx);
    const steps = mine.length
      ? mine.map((i) => asWritten((/\p{L}/u.test(i.label) ? i.label : i.text).replace(/\s*[✓✔]\s*/g, " ").trim()))
      : (Object.values(CATALOG.processes)[0] ?? []).map((s) => s.title);
    // Where the user is: "we're on step 2", "step 3 of 5", a step marked "(current)" or after the ones ticked ✓.
    const said = /\b(?:on|at|currently|now|reached)\s+(?:step|stage)\s+(\d+)|\b(?:step|stage)\s+(\d+)\s+of\s+\d+/i.exec(
      ctx.e.text,
    );
    // "the user is on income", "we're at documents": the step named.
    const on =
      /\b(?:is|are|we're|i'm|they're|currently|now)\s+(?:on|at)\s+(?:the\s+)?([a-z][a-z ]{1,30}?)(?:\s+step)?\s*(?:[.,;!]|$)/i.exec(
        ctx.e.text,
      )?.[1];
    const named = on ? steps.findIndex((st) => st.toLowerCase() === on.toLowerCase()) : -1;
    const marked = named >= 0 ? named : mine.findIndex((i) => /^(?:current|now|in progress|you are here)$/i.test(i.detail ?? ""));
    const ticked = mine.filter((i) => /[✓✔]|\bdone\b/i.test(i.text)).length;
    const at = Math.min(
      steps.length - 1,
      Math.max(0, said ? Number(said[1] ?? said[2]) - 1 : marked >= 0 ? marked : ticked && ticked < steps.length ? ticked : 0),
    );
    return [
      ...header(ctx.title, `Step ${at + 1} of ${steps.length}`),
      progress(at + 1, { name: "steps_progress", label: `${steps[at]}`, max: steps.length }),
      list(
        steps.map((s, i) => ({
          title: s,
          subtitle: i === at ? "Current step" : i < at ? "Done" : "Next",
          icon: i === at ? ("arrow-right" as const) : i < at ? ("check" as const) : ("clock" as const),
        })),
        { name: "steps", ordered: true },
      ),
      card(steps[at]!, { name: "current_step" }, [field("Full name"), field("Email")]),
      row(
        [
          button("Back", { name: "back", variant: "ghost", disabled: at === 0, ...(at > 0 ? { onPress: "previous_step" } : {}) }),
          button("Next", { name: "next", variant: "primary", onPress: "next_step" }),
        ],
        { justify: "between" },
      ),
    ];
  },
};
