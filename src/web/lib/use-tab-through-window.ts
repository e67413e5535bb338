import type { Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';

/** What Tab stops at inside a list's drawn rows. */
const TAB_STOPS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function tabStops(list: HTMLElement): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>(TAB_STOPS)).filter((el) => el.tabIndex >= 0);
}

/** Tab presses still to be taken, forward (1) or back (-1), while the next rows are drawn. */
interface PendingMove {
  dir: 1 | -1;
  steps: number;
}

/**
 * Keeps Tab inside a windowed list until its last row (Shift+Tab until its first). The rows drawn
 * ahead of the window usually hold the next stop, but a fast typist or a slow device can outrun the
 * drawing, and the browser would then leave the list for whatever follows it. At the edge of the
 * rows drawn, the press is held, the list is scrolled on to the next row, and once it is drawn the
 * focus moves on by as many stops as were pressed meanwhile. The handler goes on the list element.
 */
export function useTabThroughWindow(
  listRef: RefObject<HTMLElement | null>,
  virtualizer: Virtualizer<Window, Element>,
): (event: KeyboardEvent<HTMLElement>) => void {
  const pending = useRef<PendingMove | null>(null);

  const advance = useCallback(() => {
    const list = listRef.current;
    const move = pending.current;
    if (!list || !move) return;
    const stops = tabStops(list);
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0) {
      pending.current = null;
      return;
    }
    const target = at + move.dir * move.steps;
    const reached = stops[target];
    if (reached) {
      reached.focus();
      pending.current = null;
      return;
    }
    const edge = move.dir > 0 ? stops.length - 1 : 0;
    move.steps -= Math.abs(edge - at);
    stops[edge]?.focus();
    const items = virtualizer.getVirtualItems();
    const next = move.dir > 0 ? (items.at(-1)?.index ?? -1) + 1 : (items[0]?.index ?? 0) - 1;
    if (next < 0 || next >= virtualizer.options.count) {
      pending.current = null;
      return;
    }
    virtualizer.scrollToIndex(next, { align: move.dir > 0 ? 'end' : 'start' });
  }, [listRef, virtualizer]);

  // Every drawing of the list may have brought the held stop into the DOM.
  useEffect(() => {
    if (pending.current) advance();
  });

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const list = listRef.current;
      if (!list) return;
      const dir = event.shiftKey ? -1 : 1;
      const held = pending.current;
      if (held) {
        if (held.dir !== dir) {
          pending.current = null;
          return;
        }
        event.preventDefault();
        held.steps += 1;
        advance();
        return;
      }
      const stops = tabStops(list);
      const at = stops.indexOf(event.target as HTMLElement);
      const atEdge = at >= 0 && at === (dir > 0 ? stops.length - 1 : 0);
      const items = virtualizer.getVirtualItems();
      const rowsBeyond =
        dir > 0
          ? (items.at(-1)?.index ?? virtualizer.options.count) < virtualizer.options.count - 1
          : (items[0]?.index ?? 0) > 0;
      if (!atEdge || !rowsBeyond) return;
      event.preventDefault();
      pending.current = { dir, steps: 1 };
      advance();
    },
    [listRef, virtualizer, advance],
  );
}
