import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useRef, useSyncExternalStore } from 'react';
import type { ProjectDto } from '@/contracts/projects';
import { useOffsetTop } from '@/web/lib/use-offset-top';
import { useTabThroughWindow } from '@/web/lib/use-tab-through-window';
import { ProjectCard } from './project-card';

/**
 * The grid's columns at each width, the same breakpoints as its classes below (Tailwind's `sm` is
 * 40rem, `xl` 80rem): one column on a phone, two from `sm`, three from `xl`.
 */
const WIDE = '(min-width: 80rem)';
const MEDIUM = '(min-width: 40rem)';
const columnsNow = () => (window.matchMedia(WIDE).matches ? 3 : window.matchMedia(MEDIUM).matches ? 2 : 1);
function subscribeToColumns(onChange: () => void) {
  const queries = [window.matchMedia(WIDE), window.matchMedia(MEDIUM)];
  for (const q of queries) q.addEventListener('change', onChange);
  return () => {
    for (const q of queries) q.removeEventListener('change', onChange);
  };
}
const useColumns = () => useSyncExternalStore(subscribeToColumns, columnsNow);

/** The space between rows (`gap-4`), and a card's usual height before it is measured. */
const GAP_PX = 16;
const ESTIMATED_ROW_PX = 226;
/** Rows drawn beyond each edge of the window, so Tab and fast scrolls find the next cards drawn. */
const OVERSCAN_ROWS = 2;

/**
 * The Portfolio's cards, drawing only the rows near the window (300 or 3,000 projects stay quick).
 * The list stays one CSS grid of list items in reading order; the rows above and below the drawn
 * ones are stood in for by the list's padding, so the page is as tall as all rows together.
 */
export function ProjectGrid({
  projects,
  onEdit,
  onDelete,
}: {
  projects: readonly ProjectDto[];
  onEdit: (project: ProjectDto) => void;
  onDelete: (project: ProjectDto) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const columns = useColumns();
  const scrollMargin = useOffsetTop(listRef);
  const rows = useWindowVirtualizer({
    count: Math.ceil(projects.length / columns),
    estimateSize: () => ESTIMATED_ROW_PX,
    gap: GAP_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  const onKeyDown = useTabThroughWindow(listRef, rows);
  const drawn = rows.getVirtualItems();
  const first = drawn[0];
  const last = drawn[drawn.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? rows.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    <ul
      ref={listRef}
      onKeyDown={onKeyDown}
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      aria-label="Projects"
      style={{ paddingTop: before, paddingBottom: Math.max(0, after) }}
    >
      {drawn.flatMap((row) =>
        projects.slice(row.index * columns, (row.index + 1) * columns).map((project, column) => (
          <li
            key={project.id}
            data-index={column === 0 ? row.index : undefined}
            ref={column === 0 ? rows.measureElement : undefined}
          >
            <ProjectCard project={project} onEdit={onEdit} onDelete={onDelete} />
          </li>
        )),
      )}
    </ul>
  );
}
