import type { Screen } from "@genui/ui-runtime";
import type { Answer, Generator, Turn } from "./generators";
import { gateProblems, summarize, summaryLine } from "./report";
import { runEdits, runRequestSet } from "./run";
import type { Case, EditCase } from "./sets";

const fake = (name: "offline" | "upstream", answer: (messages: Turn[]) => Answer): Generator & { seen: Turn[][] } => {
  const seen: Turn[][] = [];
  return {
    name,
    seen,
    answer: async (messages) => {
      seen.push(messages);
      return answer(messages);
    },
    close: async () => {},
  };
};

const todo: Case = {
  id: "t001",
  request: "to-do list: buy milk, pay rent",
  family: "todo",
  kinds: ["checkbox"],
  terms: ["Buy milk", "Pay rent"],
};
const todoScreen = (items: string[]): Screen => ({
  name: "To-do",
  screen: { v1: items.map((label, i) => ({ name: `c${i}`, component: "checkbox", value: false, props: { label } })) },
});

describe("running a set", () => {
  it("when the generator throws (the planner is not implemented yet), then every case fails with that error and the run goes on", async () => {
    const gen = fake("offline", () => ({ schemaIssues: [], cpuMicros: 12, error: "plan() threw: planner: not implemented yet" }));
    const results = await runRequestSet("tuned", [todo, { ...todo, id: "t002" }], gen);
    expect(results.map((r) => [r.id, r.fit, r.reasons[0]])).toEqual([
      ["t001", false, "plan() threw: planner: not implemented yet"],
      ["t002", false, "plan() threw: planner: not implemented yet"],
    ]);
    const s = summarize("tuned", results);
    expect(summaryLine(s)).toBe("tuned: fit 0/2 (0.0 %), placeholders 0, schema-invalid 2, errors 2, family 0.0 %");
    expect(gateProblems([s])).toEqual(["tuned fit 0.0 % < 95.0 %", "tuned: 2 answers without a schema-valid screen"]);
  });

  it("when the screen fits but the reported family is another, then the case fails offline only", async () => {
    const answer = (): Answer => ({
      code: "…",
      screen: todoScreen(["Buy milk", "Pay rent"]),
      schemaIssues: [],
      family: "list",
      jsonBytes: 200,
    });
    const [offline] = await runRequestSet("tuned", [todo], fake("offline", answer));
    expect(offline).toMatchObject({
      fit: false,
      familyOk: false,
      reasons: ["family list, expected todo"],
      codeBytes: 3,
      jsonBytes: 200,
    });
    const [upstream] = await runRequestSet("tuned", [todo], fake("upstream", answer));
    expect(upstream).toMatchObject({ fit: true, reasons: [] });
  });

  it("when the screen is not schema-valid, then the case fails and is counted as such", async () => {
    const gen = fake("upstream", () => ({
      screen: todoScreen(["Buy milk", "Pay rent"]),
      schemaIssues: ["screen.v1[0].props.label: Required"],
    }));
    const [r] = await runRequestSet("tuned", [todo], gen);
    expect(r).toMatchObject({ fit: false, schemaValid: false, reasons: ["schema-invalid: screen.v1[0].props.label: Required"] });
  });

  it("when an edit runs, then the base is asked first and the edit gets the base's code in the history", async () => {
    const edit: EditCase = {
      id: "e001",
      base: "to-do list: buy milk, pay rent",
      edit: "add call mom",
      expect: { terms: ["Call mom"], keep: ["Buy milk"] },
    };
    const gen = fake("offline", (messages) =>
      messages.length === 1
        ? { code: "BASE CODE", screen: todoScreen(["Buy milk", "Pay rent"]), schemaIssues: [], family: "todo" }
        : { code: "EDITED", screen: todoScreen(["Buy milk", "Pay rent", "Call mom"]), schemaIssues: [], family: "edit:todo" },
    );
    const [r] = await runEdits([edit], gen);
    expect(gen.seen[1]).toEqual([
      { role: "user", content: edit.base },
      { role: "assistant", content: "BASE CODE" },
      { role: "user", content: edit.edit },
    ]);
    expect(r).toMatchObject({ fit: true, recognisedAsEdit: true, reasons: [] });
  });

  it("when the base of an edit fails, then the edit case fails without asking for the edit", async () => {
    const gen = fake("offline", () => ({ schemaIssues: [], error: "plan() threw: boom" }));
    const [r] = await runEdits([{ id: "e001", base: "a", edit: "b", expect: {} }], gen);
    expect(r).toMatchObject({ fit: false, reasons: ["the base request failed: plan() threw: boom"] });
    expect(gen.seen).toHaveLength(1);
  });
});
