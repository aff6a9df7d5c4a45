/** A server-sent event stream as a client reads it: the `data:` payloads in order, and how many `:` comments came. */
export interface EventStream {
  data: string[];
  comments: number;
}

/** Parses event-stream text (events separated by a blank line; `data:` lines joined; `:` lines are comments). */
export function parseEventStream(text: string): EventStream {
  const out: EventStream = { data: [], comments: 0 };
  for (const block of text.replace(/\r\n?/g, "\n").split("\n\n")) {
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) out.comments++;
      else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
    }
    if (data.length) out.data.push(data.join("\n"));
  }
  return out;
}

/** Reads a whole event-stream answer; `json` holds every payload but a final `[DONE]`, parsed. */
export async function readEventStream(res: Response): Promise<EventStream & { done: boolean; json: unknown[] }> {
  const parsed = parseEventStream(await res.text());
  const done = parsed.data.at(-1) === "[DONE]";
  const payloads = done ? parsed.data.slice(0, -1) : parsed.data;
  return { ...parsed, done, json: payloads.map((d) => JSON.parse(d) as unknown) };
}
