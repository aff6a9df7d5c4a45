import type { Screen } from "@genui/ui-runtime";
import type { Turn } from "./plan";

/** What the planner's tests share: conversation turns, a screen from code, and a screen's nodes and text. */

export const user = (content: string): Turn => ({ role: "user", content });
export const assistant = (content: string): Turn => ({ role: "assistant", content });

export type Node = Screen["screen"]["v1"][number];

/** Evaluates UI code with `ev` into its screen (throws with the code when it does not evaluate). */
export const screenOfWith =
  (ev: {
    evaluate(
      code: string,
    ):
      | Promise<{ ok: true; screen: Screen } | { ok: false; error: { message: string } }>
      | ({ ok: true; screen: Screen } | { ok: false; error: { message: string } });
  }) =>
  async (code: string): Promise<Screen> => {
    const r = await ev.evaluate(code);
    if (!r.ok) throw new Error(`${r.error.message}\n${code}`);
    return r.screen;
  };

/** Every node of a screen, depth first. */
export function nodes(s: Screen): Node[] {
  const out: Node[] = [];
  const walk = (ns: readonly Node[]) => ns.forEach((n) => (out.push(n), walk(n.content ?? [])));
  walk(s.screen.v1);
  return out;
}

/** The screen as one string (to look for words in it). */
export const textOf = (s: Screen): string => JSON.stringify(s.screen.v1);
