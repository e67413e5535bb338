import { FileSpreadsheet } from 'lucide-react';
import { memo } from 'react';
import { cn } from '@/web/lib/utils';
import type { CorrectedSheet } from '../lib/corrections';
import { formatAmount } from '../lib/format';
import { SHEET_OPTIONS } from '../lib/labels';
import type { LedgerHeading, LedgerOptionsStart, LedgerSheet } from '../lib/ledger';
import { SELECT_CLASS } from './field-styles';

/** A sheet's heading in the ledger: its name, its lines and what of it is planned, and what it is. */
export const LedgerSheetRow = memo(function LedgerSheetRow({
  row,
  currency,
  onSheet,
}: {
  row: LedgerSheet;
  currency: string | null;
  onSheet: (sheet: string, what: CorrectedSheet | undefined) => void;
}) {
  return (
    <div
      className={cn(
        'mt-3 grid gap-2 rounded-md bg-muted px-3 py-2 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:items-center md:gap-3 lg:grid-cols-1 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
        row.correction && 'ring-1 ring-primary/50',
      )}
      data-sheet={row.sheet}
    >
      <div className="flex min-w-0 items-start gap-2">
        <FileSpreadsheet className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{row.sheet}</h3>
          <p className="text-xs text-muted-foreground">
            {row.lines} {row.lines === 1 ? 'line' : 'lines'} · planned{' '}
            <span className="tabular-nums">{formatAmount(row.planned, currency)}</span>
          </p>
        </div>
      </div>
      <select
        className={SELECT_CLASS}
        aria-label={`What sheet "${row.sheet}" is`}
        value={row.correction ?? ''}
        onChange={(e) => onSheet(row.sheet, (e.target.value || undefined) as CorrectedSheet | undefined)}
      >
        <option value="">As read</option>
        {SHEET_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
});

/** A page's or a section's heading within a sheet. */
export function LedgerHeadingRow({ row }: { row: LedgerHeading }) {
  return (
    <h4 className="px-1 pt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {row.label}
    </h4>
  );
}

/** Where the user said the options begin. */
export function LedgerOptionsStartRow({ row }: { row: LedgerOptionsStart }) {
  return (
    <p className="border-t-2 border-dashed border-amber-400 px-1 pt-1 text-xs font-medium text-amber-900 dark:text-amber-200">
      Options: everything after line {row.after}
    </p>
  );
}
