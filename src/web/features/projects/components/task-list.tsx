import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TaskDto } from '@/contracts/tasks';
import { useOffsetTop } from '@/web/lib/use-offset-top';
import { useTabThroughWindow } from '@/web/lib/use-tab-through-window';
import { TaskCard } from './task-card';

/** The space between cards (`gap-3`), and a card's usual height before it is measured. */
const GAP_PX = 12;
const ESTIMATED_CARD_PX = 150;
/** Cards drawn beyond each edge of the window, so Tab and fast scrolls find the next cards drawn. */
const OVERSCAN_CARDS = 4;

/** True from the browser's `beforeprint` to its `afterprint`: a print shows every card, not the window. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // Drawn before the print is laid out, so the printed page has the whole list.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/**
 * The Project Timeline's list of task cards, numbered in the order given. Only the cards near the
 * window are drawn (a project of 1,000 tasks opens and switches views quickly); the cards above and
 * below them are stood in for by the list's padding, so the page is as tall as the whole list and the
 * drawn cards stay list items in reading order. Each item says its place in the whole list.
 */
export function TaskList({
  tasks,
  onDelete,
}: {
  tasks: readonly TaskDto[];
  onDelete: (task: TaskDto) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const printing = usePrinting();
  const cards = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    gap: GAP_PX,
    overscan: OVERSCAN_CARDS,
    scrollMargin,
    getItemKey: (index) => tasks[index]?.id ?? index,
  });
  const onKeyDown = useTabThroughWindow(listRef, cards);
  const inWindow = cards.getVirtualItems();
  const drawn = printing ? tasks.map((_, index) => index) : inWindow.map((card) => card.index);
  const first = inWindow[0];
  const last = inWindow[inWindow.length - 1];
  const before = printing || !first ? 0 : first.start - scrollMargin;
  const after = printing || !last ? 0 : Math.max(0, cards.getTotalSize() - (last.end - scrollMargin));

  return (
    <ol
      ref={listRef}
      onKeyDown={onKeyDown}
      className="grid gap-3"
      aria-label="Tasks"
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {drawn.map((index) => {
        const task = tasks[index];
        return task ? (
          <li
            key={task.id}
            data-index={index}
            ref={printing ? undefined : cards.measureElement}
            aria-setsize={tasks.length}
            aria-posinset={index + 1}
          >
            <TaskCard task={task} number={index + 1} onDelete={onDelete} />
          </li>
        ) : null;
      })}
    </ol>
  );
}
