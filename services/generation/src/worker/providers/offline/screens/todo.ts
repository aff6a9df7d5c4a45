import { extractListedItems } from "../intents";
import { capitalize, clip } from "../text";
import {
  badge,
  button,
  card,
  checkbox,
  grid,
  heading,
  progress,
  row,
  select,
  stat,
  text,
  textInput,
  type Tone,
  type UiNode,
} from "../ui";
import type { Built, ScreenContext } from "./shared";

/**
 * A to-do list: the tasks the prompt lists (or a sensible set for what it is about — moving, a trip, a wedding, work,
 * studying, chores), progress, an add-task row and open/done groups. Every task is a checkbox named `task_<n>`, so
 * the answers to `add_task`, a ticked box or `clear_completed` can rebuild the list from the previous screen.
 */

export interface Task {
  label: string;
  done: boolean;
  due: string;
}

const SETS: { re: RegExp; title: string; tasks: string[] }[] = [
  {
    re: /\b(mov(e|ing)|relocat\w*|new (flat|apartment|house|home))\b/,
    title: "Moving checklist",
    tasks: [
      "Book the moving van",
      "Order boxes and packing tape",
      "Change address with the bank",
      "Transfer internet and utilities",
      "Pack the kitchen",
      "Clean the old flat",
      "Return the keys",
    ],
  },
  {
    re: /\b(trip|travel|vacation|holiday|journey|packing)\b/,
    title: "Trip checklist",
    tasks: [
      "Check passport expiry date",
      "Book flights",
      "Reserve the hotel",
      "Buy travel insurance",
      "Download offline maps",
      "Pack chargers and a plug adapter",
      "Tell the bank about travel dates",
    ],
  },
  {
    re: /\b(wedding|party|birthday|event|celebration)\b/,
    title: "Event planning",
    tasks: [
      "Set the budget",
      "Book the venue",
      "Send invitations",
      "Choose the caterer",
      "Order the cake",
      "Arrange music",
      "Confirm final numbers",
    ],
  },
  {
    re: /\b(study|studying|exam|exams|homework|school|revision|university|college)\b/,
    title: "Study plan",
    tasks: [
      "Review lecture notes for chapter 4",
      "Finish the problem set",
      "Make flash cards for key terms",
      "Do one past paper under timed conditions",
      "Email the tutor about question 7",
      "Plan next week's revision",
    ],
  },
  {
    re: /\b(work|office|project|sprint|job|team|meeting)\b/,
    title: "Work to-do",
    tasks: [
      "Reply to client emails",
      "Prepare the sprint demo",
      "Review two pull requests",
      "Update the roadmap slide",
      "1:1 with Sam at 15:00",
      "Submit the expense report",
    ],
  },
  {
    re: /\b(chores|cleaning|clean|house|home|household|garden)\b/,
    title: "Household chores",
    tasks: [
      "Run the dishwasher",
      "Vacuum the living room",
      "Change the bed sheets",
      "Take out recycling",
      "Water the plants",
      "Wipe down the kitchen",
    ],
  },
];

const GENERAL = [
  "Buy groceries",
  "Call the dentist to book a check-up",
  "Pay the electricity bill",
  "Finish the quarterly report",
  "Go for a 30-minute run",
  "Water the plants",
  "Plan the weekend",
];

const DUE: [string, Tone][] = [
  ["Today", "warning"],
  ["Tomorrow", "info"],
  ["This week", "neutral"],
  ["Next week", "neutral"],
];
const dueTone = (due: string): Tone => (due === "Overdue" ? "danger" : (DUE.find(([d]) => d === due)?.[1] ?? "neutral"));

/** The tasks a prompt asks for (listed ones, else a themed or general set), with seeded done flags and due dates. */
function tasksFor(ctx: ScreenContext): { title: string; tasks: Task[]; listed: boolean } {
  const listed = extractListedItems(ctx.prompt, /\b(?:with|including|containing|such as|like)\b\s+/i).filter(
    (s) => !/^(tasks?|items?|to ?dos?|a list|list)$/i.test(s),
  );
  const rng = ctx.rng("todo");
  const set = SETS.find((s) => s.re.test(ctx.text));
  const labels = listed.length >= 2 ? listed.slice(0, 25).map((s) => clip(capitalize(s), 90)) : (set?.tasks ?? GENERAL);
  const tasks = labels.map((label, i) => ({
    label,
    // Given tasks start open; example tasks show some progress.
    done: listed.length >= 2 ? false : i < labels.length - 2 && rng.next() < 0.3,
    due: i === 0 && rng.next() < 0.3 ? "Overdue" : rng.pick(DUE)[0],
  }));
  return { title: set && listed.length < 2 ? set.title : "To-do list", tasks, listed: listed.length >= 2 };
}

function taskRow(t: Task, i: number): UiNode {
  return row(
    [
      checkbox(t.done, { name: `task_${i + 1}`, label: t.label }),
      badge(t.done ? "Done" : t.due, { name: `task_${i + 1}_due`, tone: t.done ? "success" : dueTone(t.due) }),
    ],
    { justify: "between", align: "center", gap: 8, name: `task_${i + 1}_row` },
  );
}

/** A to-do screen for a list of tasks (also used to answer actions on an earlier list). */
export function buildTodoWith(title: string, tasks: Task[], notice?: UiNode): Built {
  const done = tasks.filter((t) => t.done).length;
  const open = tasks.length - done;
  const pct = tasks.length ? Math.round((done / tasks.length) * 100) : 0;
  const indexed = tasks.map((t, i) => ({ t, i }));
  const openRows = indexed.filter((x) => !x.t.done).map((x) => taskRow(x.t, x.i));
  const doneRows = indexed.filter((x) => x.t.done).map((x) => taskRow(x.t, x.i));
  const nodes: UiNode[] = [
    heading(title, { level: 1, name: "title" }),
    text(`${open} open · ${done} done`, { tone: "muted", name: "subtitle" }),
  ];
  if (notice) nodes.push(notice);
  nodes.push(
    progress(done, {
      name: "completion",
      max: Math.max(1, tasks.length),
      label: `${pct}% complete`,
      tone: pct === 100 ? "success" : "info",
    }),
    grid(
      [
        stat(tasks.filter((t) => !t.done && t.due === "Today").length, { name: "due_today", label: "Due today" }),
        stat(tasks.filter((t) => !t.done && t.due === "Overdue").length, { name: "overdue", label: "Overdue" }),
        stat(done, { name: "done_count", label: "Completed" }),
      ],
      { columns: 3, name: "figures" },
    ),
    card(
      "Add a task",
      [
        row(
          [
            textInput({ name: "new_task", label: "Task", placeholder: "What needs doing?" }),
            select("Today", { name: "new_task_due", label: "Due", options: ["Today", "Tomorrow", "This week", "Next week"] }),
            button("Add", { name: "add_task", variant: "primary", icon: "plus", onPress: "add_task" }),
          ],
          { gap: 8, align: "end", wrap: true },
        ),
      ],
      { name: "add_card" },
    ),
    card(`To do (${open})`, openRows.length ? openRows : [text("Nothing left — well done!", { tone: "success" })], {
      name: "open_card",
      elevated: true,
    }),
    card(`Done (${done})`, doneRows.length ? doneRows : [text("Ticked tasks move here.", { tone: "muted" })], {
      name: "done_card",
    }),
    row(
      [
        button("Clear completed", {
          name: "clear_completed",
          variant: "ghost",
          disabled: done === 0,
          onPress: "clear_completed",
        }),
      ],
      { justify: "end", name: "footer" },
    ),
  );
  return {
    name: title,
    settings: { title, theme: "auto", maxWidth: 720, padding: 24, gap: 14 },
    nodes,
    sections: ["title and progress", "due today, overdue, completed", "add-task row", `${open} open tasks`, `${done} done`],
    summary: `a to-do list of ${tasks.length} tasks`,
  };
}

/** The to-do list a prompt asks for. */
export function buildTodo(ctx: ScreenContext): Built {
  const { title, tasks, listed } = tasksFor(ctx);
  const built = buildTodoWith(title, tasks);
  return { ...built, summary: `${built.summary} (${listed ? "the tasks given" : "a starter set"})` };
}
