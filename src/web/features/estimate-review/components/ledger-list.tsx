import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useOffsetTop } from '@/web/lib/use-offset-top';
import { useTabThroughWindow } from '@/web/lib/use-tab-through-window';
import type { CorrectedRole, CorrectedSheet } from '../lib/corrections';
import type { LedgerRow } from '../lib/ledger';
import { LedgerLineRow } from './ledger-line-row';
import { LedgerHeadingRow, LedgerOptionsStartRow, LedgerSheetRow } from './ledger-sheet-row';

/** Up to this many rows the ledger is drawn whole; beyond, only the rows near the window are. */
export const WINDOWED_FROM_ROWS = 150;
/** A row's usual height before it is measured (a line row on a phone is taller). */
const ESTIMATED_ROW_PX = 76;
/** Rows drawn beyond each edge of the window, so Tab always finds the next row drawn. */
const OVERSCAN_ROWS = 6;

/** A row scrolled to (by Tab) stops clear of the app's sticky header. */
const ROW_CLASS = 'scroll-mt-20 scroll-mb-4';

export interface LedgerHandlers {
  onRole: (line: number, role: CorrectedRole | undefined) => void;
  onTrade: (line: number, trade: string | undefined) => void;
  onSheet: (sheet: string, what: CorrectedSheet | undefined) => void;
}

function Row({
  row,
  currency,
  handlers,
}: {
  row: LedgerRow;
  currency: string | null;
  handlers: LedgerHandlers;
}) {
  switch (row.kind) {
    case 'line':
      return (
        <LedgerLineRow row={row} currency={currency} onRole={handlers.onRole} onTrade={handlers.onTrade} />
      );
    case 'sheet':
      return <LedgerSheetRow row={row} currency={currency} onSheet={handlers.onSheet} />;
    case 'heading':
      return <LedgerHeadingRow row={row} />;
    case 'options-start':
      return <LedgerOptionsStartRow row={row} />;
  }
}

/**
 * The ledger's rows in one list. A long estimate (2,000 lines) is windowed like the task list: the
 * rows near the window are drawn, the list's padding stands in for the others so the page is as tall
 * as the whole ledger, and the rows drawn stay list items in reading order, so Tab goes on from the
 * last control drawn to the next row (drawn ahead by the overscan) and the page scrolls with it.
 */
export function LedgerList({
  rows,
  currency,
  handlers,
}: {
  rows: readonly LedgerRow[];
  currency: string | null;
  handlers: LedgerHandlers;
}) {
  const windowed = rows.length > WINDOWED_FROM_ROWS;
  return windowed ? (
    <WindowedLedger rows={rows} currency={currency} handlers={handlers} />
  ) : (
    <ol className="grid gap-1.5" aria-label="Ledger">
      {rows.map((row) => (
        <li key={row.key} className={ROW_CLASS}>
          <Row row={row} currency={currency} handlers={handlers} />
        </li>
      ))}
    </ol>
  );
}

function WindowedLedger({
  rows,
  currency,
  handlers,
}: {
  rows: readonly LedgerRow[];
  currency: string | null;
  handlers: LedgerHandlers;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const virtual = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    gap: 6,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const onKeyDown = useTabThroughWindow(listRef, virtual);
  const items = virtual.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? Math.max(0, virtual.getTotalSize() - (last.end - scrollMargin)) : 0;
  return (
    <ol
      ref={listRef}
      onKeyDown={onKeyDown}
      className="grid gap-1.5"
      aria-label="Ledger"
      data-windowed=""
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <li
            key={row.key}
            className={ROW_CLASS}
            data-index={item.index}
            ref={virtual.measureElement}
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
          >
            <Row row={row} currency={currency} handlers={handlers} />
          </li>
        ) : null;
      })}
    </ol>
  );
}
