/** A turn of the conversation, as the chat completion request carries it (assistant turns hold UI code). */
export interface Turn {
  role: "system" | "user" | "assistant" | "developer" | "tool";
  content: string;
}

/** A planned answer. */
export interface Planned {
  /** The screen's UI code. */
  code: string;
  /**
   * What the answer is: a family id of data/families.json for a new screen, `edit:<family>` for an edit of the last
   * screen, `action:<kind>` for the answer to an action sent back from a screen, `template:<id>` for an app's own
   * template, `welcome` for an empty request.
   */
  family: string;
  /** What was recognised and composed, one line each (each ending in a line break), for the reasoning stream. */
  reasoning: string[];
}

/** An app's published template the answer may reuse (the worker passes the app's templates). */
export interface PlanOptions {
  templates?: readonly { id: string; name: string; description?: string; code: string }[];
}

export function plan(messages: readonly Turn[], opts: PlanOptions = {}): Planned {
  void messages;
  void opts;
  throw new Error("planner: not implemented yet");
}
