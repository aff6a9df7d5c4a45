import { describeScreenAction, type ScreenActionLike } from "@genui/ui-runtime";

/**
 * The chat's line for an action message: what the user did, in their words ("Chose Essentials", "Checked answers",
 * "Entered “Lisbon” in Answer 2"; the describer is @genui/ui-runtime's, shared with the MCP Apps page and the MCP
 * server). The model still receives the action's JSON; this is only what the chat shows.
 */

export interface ActionLike {
  type: string;
  component: { name: string; value: unknown };
}

/** The chat's line for an action message (its JSON content); anything that is not an action is shown as it is. */
export function describeAction(content: string | undefined): string {
  let a: ScreenActionLike;
  try {
    a = JSON.parse(content ?? "") as ScreenActionLike;
    if (!a || typeof a !== "object" || !a.component || typeof a.component.name !== "string") return content ?? "";
  } catch {
    return content ?? "";
  }
  return describeScreenAction(a);
}
