import { capitalize } from "../../text";
import {
  button,
  card,
  checkbox,
  column,
  grid,
  heading,
  list,
  progress,
  row,
  select,
  stat,
  textInput,
  type UiNode,
} from "../../ui";
import { type Ctx } from "../context";
import { header, nameOf } from "../sections";
import { type Layout, own } from "./helpers";

/**
 * The tools group: a calculator and a timer.
 */

export const TOOL_LAYOUTS: Record<string, Layout> = {
  calculator: (ctx) => calculatorLayout(ctx),
  timer: (ctx) => {
    // A countdown to a moment ("countdown to our launch on friday 18:00"): days, hours, minutes and seconds left.
    if (
      /\bcount ?down\b/.test(ctx.e.norm) &&
      (ctx.e.dates.length || ctx.e.times.length || /\b(?:days?|launch|until|till)\b/.test(ctx.e.norm))
    ) {
      const when = [ctx.e.dates[0], ctx.e.times[0]].filter(Boolean).join(" at ");
      const left = [
        ["Days", 3],
        ["Hours", 14],
        ["Minutes", 27],
        ["Seconds", 9],
      ] as const;
      return [
        ...header(ctx.title, when ? `Until ${when}.` : undefined),
        grid(
          left.map(([unit, n]) => stat(n, { name: unit.toLowerCase(), label: unit })),
          { columns: 4, gap: 12, name: "countdown" },
        ),
        row([button("Remind me", { name: "remind", variant: "primary", onPress: "remind_me" })], { justify: "center" }),
      ];
    }
    const minutes = ctx.e.numbers.find((n) => n > 0 && n <= 180) ?? (/pomodoro/.test(ctx.e.norm) ? 25 : 10);
    const label = /stopwatch/.test(ctx.e.norm) ? "00:00.0" : `${String(minutes).padStart(2, "0")}:00`;
    // Tasks listed beside the timer ("+ my tasks for today: write report, reply to emails") are ticked off under it.
    const tasks = /\b(?:tasks?|to ?dos?|todo list)\b/.test(ctx.e.norm)
      ? ctx.e.items.find((l) => l.length >= 2 && !l.some((i) => /^(?:start|pause|stop|reset|resume)$/i.test(i.label)))
      : undefined;
    return [
      ...header(ctx.title),
      card(/stopwatch/.test(ctx.e.norm) ? "Stopwatch" : `${minutes}-minute timer`, { name: "timer_card" }, [
        heading(label, { level: 1, align: "center" }),
        progress(0, { name: "elapsed", label: "Elapsed", max: minutes * 60 }),
        row(
          [
            button("Start", { name: "start", variant: "primary", onPress: "start" }),
            button("Pause", { name: "pause", variant: "secondary", onPress: "pause" }),
            button("Reset", { name: "reset", variant: "ghost", onPress: "reset" }),
          ],
          { justify: "center", gap: 8 },
        ),
        ...(/\blaps?\b|\bsplits?\b/.test(ctx.e.norm)
          ? [
              button("Lap", { name: "lap", variant: "secondary", onPress: "lap" }),
              list(["Lap 1 · 00:41.2", "Lap 2 · 00:39.8", "Lap 3 · 00:42.5"], { name: "laps", dividers: true }),
            ]
          : []),
        select(String(minutes), {
          name: "preset",
          label: "Length",
          options: [...new Set([5, 10, 15, 25, 45, minutes])]
            .sort((a, b) => a - b)
            .map((m) => ({ label: `${m} minutes`, value: String(m) })),
        }),
      ]),
      ...(tasks
        ? [
            card("Tasks", { name: "tasks_card" }, [
              column(
                tasks.map((t, i) => checkbox(false, { name: `task_${i + 1}`, label: capitalize(t.label || t.text) })),
                { gap: 6 },
              ),
            ]),
          ]
        : []),
    ];
  },
};

function calculatorLayout(ctx: Ctx): UiNode[] {
  const n = ctx.e.norm;
  const nums = ctx.e.numbers;
  const result = (label: string, value: number, fmt?: "currency" | "percent") =>
    card("Result", { name: "result_card" }, [
      stat(Math.round(value * 100) / 100, {
        name: "result",
        label,
        ...(fmt ? { format: fmt } : {}),
        ...(fmt === "currency" ? { currency: ctx.currency } : {}),
      }),
    ]);
  const inputs = (fs: [string, number][]) =>
    fs.map(([l, v]) => textInput({ name: nameOf(l), label: l, type: "number", value: String(v) }));
  const go = button("Calculate", { name: "calculate", variant: "primary", onPress: "calculate" });
  /** A calculator: its inputs (and other controls) in one card, the result below. */
  const screen = (title: string, fields: [string, number][], res: UiNode, extra: UiNode[] = []) => [
    ...header(ctx.title),
    card(title, { name: "inputs" }, [...inputs(fields), ...extra, go]),
    res,
  ];
  if (/\btip\b|split/.test(n)) {
    const [bill = 80, pct = 15, people = 2] = nums;
    const each = (bill * (1 + pct / 100)) / Math.max(1, people);
    return screen(
      "Bill",
      [
        ["Bill amount", bill],
        ["Tip %", pct],
        ["People", people],
      ],
      result("Each person pays", each, "currency"),
    );
  }
  if (/\bbmi\b|body mass/.test(n)) {
    const [h = 175, w = 70] = nums;
    return screen(
      "Your measurements",
      [
        ["Height (cm)", h],
        ["Weight (kg)", w],
      ],
      result("BMI", w / (h / 100) ** 2),
    );
  }
  if (/loan|mortgage|emi|interest/.test(n)) {
    const amount = ctx.e.amounts[0] ?? nums.find((x) => x >= 1000) ?? 250000;
    const rate = nums.find((x) => x > 0 && x < 30 && x !== amount) ?? 5.5;
    const years = ctx.e.count && /year/.test(ctx.e.count.noun) ? ctx.e.count.n : 25;
    const r = rate / 1200;
    const monthly = (amount * r) / (1 - (1 + r) ** -(years * 12));
    return screen(
      "Loan",
      [
        ["Amount", amount],
        ["Interest rate (%)", rate],
        ["Years", years],
      ],
      result("Monthly payment", monthly, "currency"),
    );
  }
  const currencies = ["USD", "EUR", "GBP", "INR", "JPY"];
  if (/currenc|exchange|convert/.test(n)) {
    const amount = nums[0] ?? 100;
    return screen("Convert", [["Amount", amount]], result("Converted (at 0.92)", amount * 0.92), [
      select("USD", { name: "from", label: "From", options: currencies }),
      select("EUR", { name: "to", label: "To", options: currencies }),
    ]);
  }
  const fs = own(ctx).length
    ? own(ctx).map((l, i) => [capitalize(l), nums[i] ?? 10 * (i + 1)] as [string, number])
    : [["First number", nums[0] ?? 12] as [string, number], ["Second number", nums[1] ?? 8] as [string, number]];
  const operation = select("add", {
    name: "operation",
    label: "Operation",
    options: [
      { label: "Add", value: "add" },
      { label: "Multiply", value: "multiply" },
    ],
  });
  return screen(
    "Inputs",
    fs,
    result(
      "Total",
      fs.reduce((s, [, v]) => s + v, 0),
    ),
    [operation],
  );
}
