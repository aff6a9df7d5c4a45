import { useCallback, useId, useRef, useState } from "react";
import styled from "styled-components";

export interface LoggedAction {
  id: number;
  type: string;
  name: string;
  value: string;
}

/** How many actions the log keeps (newest first). */
export const ACTION_LOG_SIZE = 5;

const Box = styled.section`
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  padding: 10px 12px;
  font-size: 14px;
  h3 {
    font-size: 14px;
    margin: 0 0 6px;
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 4px;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: baseline;
    overflow-wrap: anywhere;
  }
  li:not(:first-child) {
    color: var(--fg-muted);
  }
  code {
    font-size: 13px;
  }
  .type {
    font-weight: 600;
  }
  p {
    margin: 0;
    color: var(--fg-muted);
  }
`;

/** The actions the preview reported (what a host's onActionListener would receive), newest first. */
export function ActionLog({ entries }: { entries: LoggedAction[] }) {
  const headingId = useId();
  return (
    <Box aria-labelledby={headingId}>
      <h3 id={headingId}>Last action</h3>
      <div role="log" aria-live="polite" aria-relevant="additions text">
        {entries.length === 0 ? (
          <p>Press a button or change an input in the preview: its action event shows here.</p>
        ) : (
          <ol>
            {entries.map((e) => (
              <li key={e.id} data-testid="action-entry">
                <span className="type">{e.type}</span>
                <code>{e.name}</code>
                {e.value && <code>{e.value}</code>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Box>
  );
}

/** The log's entries and a way to add one (newest first, at most ACTION_LOG_SIZE). */
export function useActionLog(): { entries: LoggedAction[]; record(e: Omit<LoggedAction, "id">): void; clear(): void } {
  const [entries, setEntries] = useState<LoggedAction[]>([]);
  const next = useRef(1);
  const record = useCallback((e: Omit<LoggedAction, "id">) => {
    const id = next.current++;
    setEntries((list) => [{ id, ...e }, ...list].slice(0, ACTION_LOG_SIZE));
  }, []);
  const clear = useCallback(() => setEntries([]), []);
  return { entries, record, clear };
}
