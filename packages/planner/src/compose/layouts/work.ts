import { capitalize } from "../../text";
import { badge, button, card, checkbox, grid, progress, row, text, textInput } from "../../ui";
import { CATALOG } from "../context";
import { header } from "../sections";
import { count, type Layout, listOr, own } from "./helpers";

/**
 * The work group: a kanban board and a to-do list.
 */

export const WORK_LAYOUTS: Record<string, Layout> = {
  kanban: (ctx) => {
    const cols =
      own(ctx).length >= 2 && own(ctx).length <= 6 ? own(ctx).map(capitalize) : ["To do", "In progress", "Review", "Done"];
    // The user's own cards ("e.g. Adaeze's birthday cake, 50 meat pies for Chuka"), one per column from the first;
    // none given: the catalogue's, by status.
    const mine = ctx.e.items.find((l) => l.length >= 1 && !l.some((i) => cols.includes(capitalize(i.text || i.label))));
    const STATUS = ["todo", "doing", "review", "done"];
    const columns: { title: string; tag?: string; assignee?: string }[][] = mine
      ? cols.map((_, ci) =>
          mine.filter((_, k) => Math.min(k, cols.length - 1) === ci).map((i) => ({ title: capitalize(i.text || i.label) })),
        )
      : cols.map((_, ci) =>
          CATALOG.kanban.filter((t, ti) => (cols.length === 4 ? t.status === STATUS[ci] : ti % cols.length === ci)).slice(0, 4),
        );
    const total = columns.reduce((n, c) => n + c.length, 0);
    return [
      ...header(ctx.title, `${total} card${total === 1 ? "" : "s"} across ${cols.length} columns.`),
      grid(
        cols.map((c, ci) =>
          card(
            c,
            { name: `column_${ci + 1}`, subtitle: `${columns[ci]!.length} card${columns[ci]!.length === 1 ? "" : "s"}` },
            columns[ci]!.length
              ? columns[ci]!.map((t, ti) =>
                  card(t.title, { name: `card_${ci + 1}_${ti + 1}`, padding: 10 }, [
                    ...(t.tag
                      ? [
                          row([badge(t.tag, { tone: "info" }), text(t.assignee ?? "", { size: "sm", tone: "muted" })], {
                            justify: "between",
                          }),
                        ]
                      : []),
                  ]),
                )
              : [text("Drop cards here", { size: "sm", tone: "muted" })],
          ),
        ),
        { columns: Math.min(4, cols.length), gap: 12, name: "board" },
      ),
      row(
        [
          textInput({ name: "new_card", label: "New card" }),
          button("Add card", { name: "add_card", icon: "plus", onPress: "add_card" }),
        ],
        { gap: 8, align: "end" },
      ),
    ];
  },
  todo: (ctx) => {
    const tasks = listOr(
      ctx,
      CATALOG.todos.slice(0, count(ctx, 5, 15)).map((t) => t.title),
    );
    return [
      ...header(ctx.title, `${tasks.length} tasks`),
      row(
        [
          textInput({ name: "new_task", label: "New task", placeholder: "What needs doing?" }),
          button("Add", { name: "add_task", variant: "primary", icon: "plus", onPress: "add_task" }),
        ],
        { gap: 8, align: "end" },
      ),
      progress(0, { name: "done_progress", label: `0 of ${tasks.length} done`, max: tasks.length }),
      card(
        "Tasks",
        { name: "tasks" },
        tasks.map((t, i) => checkbox(false, { name: `task_${i + 1}`, label: t })),
      ),
      button("Clear completed", { name: "clear_completed", variant: "ghost", onPress: "clear_completed" }),
    ];
  },
};
