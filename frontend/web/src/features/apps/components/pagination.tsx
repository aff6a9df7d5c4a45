import styled from "styled-components";

const Nav = styled.nav`
  margin-top: 16px;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: 4px;
  }
`;

const PageButton = styled.button`
  min-width: 36px;
  height: 36px;
  padding: 0 10px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
  color: var(--fg);
  font-weight: 600;
  font-size: 14px;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: var(--bg-muted);
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &[aria-current="page"] {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--accent-fg);
  }
`;

const Gap = styled.span`
  display: inline-block;
  min-width: 24px;
  text-align: center;
  color: var(--fg-muted);
`;

/** The page numbers to show: the first, the last, the current one and its neighbours; null marks a gap. */
export function pageItems(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const shown = new Set([1, pages, current - 1, current, current + 1]);
  // Near either end, show a steady five numbers rather than a gap of one.
  if (current <= 3) [2, 3, 4].forEach((n) => shown.add(n));
  if (current >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((n) => shown.add(n));
  const sorted = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

/** Numbered pagination (SPEC §2) with Previous and Next; the current page carries aria-current. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  return (
    <Nav aria-label="Pagination">
      <ul>
        <li>
          <PageButton type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            Previous
          </PageButton>
        </li>
        {pageItems(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              <Gap>…</Gap>
            </li>
          ) : (
            <li key={n}>
              <PageButton
                type="button"
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                onClick={() => n !== page && onPage(n)}
              >
                {n}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            Next
          </PageButton>
        </li>
      </ul>
    </Nav>
  );
}
