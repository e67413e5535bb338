import { memo } from 'react';
import { TRADE_LABELS } from '@/domain/estimate/lexicon';
import type { Trade } from '@/domain/estimate/types';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';
import type { CorrectedRole } from '../lib/corrections';
import { formatAmount } from '../lib/format';
import { dispositionLabel, PLANNED_DISPOSITIONS, ROLE_OPTIONS } from '../lib/labels';
import type { LedgerLine } from '../lib/ledger';
import { SELECT_CLASS } from './field-styles';

const TRADE_OPTIONS = (Object.entries(TRADE_LABELS) as [Trade, string][]).map(([value, label]) => ({
  value,
  label,
}));

function badgeVariant(disposition: string) {
  if (PLANNED_DISPOSITIONS.has(disposition)) return 'success' as const;
  if (disposition === 'unclear') return 'warning' as const;
  if (disposition === 'charge') return 'info' as const;
  return 'muted' as const;
}

const short = (text: string) => (text.length > 48 ? `${text.slice(0, 47)}…` : text);

/**
 * One amount line of the ledger: its number, words and amount, what the reading makes of it now and
 * why, and two selects: its role (as read, or the user's) and, when it is planned, its trade.
 */
export const LedgerLineRow = memo(function LedgerLineRow({
  row,
  currency,
  onRole,
  onTrade,
}: {
  row: LedgerLine;
  currency: string | null;
  onRole: (line: number, role: CorrectedRole | undefined) => void;
  onTrade: (line: number, trade: string | undefined) => void;
}) {
  const { line, asRead } = row;
  const n = asRead.line;
  const planned = PLANNED_DISPOSITIONS.has(line.disposition);
  const corrected = row.role !== undefined || row.tradeCorrection !== undefined;
  const asReadTrade = asRead.trade ? TRADE_LABELS[asRead.trade] : null;
  return (
    <div
      className={cn(
        'grid gap-2 rounded-md border border-border px-3 py-2 text-sm md:grid-cols-[minmax(0,1fr)_minmax(0,32rem)] md:items-center md:gap-3 lg:grid-cols-1 xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]',
        corrected && 'border-primary/50 bg-primary/5',
      )}
      data-line={n}
      data-line-sheet={asRead.sheet}
      data-disposition={line.disposition}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="min-w-0 break-words">
            <span className="mr-2 text-xs text-muted-foreground tabular-nums">Line {n}</span>
            {line.text}
          </p>
          <span className="shrink-0 font-medium tabular-nums" data-amount={line.amount ?? ''}>
            {formatAmount(line.amount, currency)}
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <Badge variant={badgeVariant(line.disposition)}>{dispositionLabel(line.disposition)}</Badge>
          <span className="min-w-0 break-words">{line.reason}</span>
        </p>
      </div>
      {/* On a phone the role and the trade each take the whole width, so that both read in full. */}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <select
          // A line not planned has no trade: its role takes the whole width until the row has room.
          className={cn(SELECT_CLASS, !planned && 'sm:col-span-2 md:col-span-1')}
          aria-label={`Role of line ${n}, ${short(asRead.text)}`}
          value={row.role ?? ''}
          onChange={(e) => onRole(n, (e.target.value || undefined) as CorrectedRole | undefined)}
        >
          <option value="">As read ({dispositionLabel(asRead.disposition).toLowerCase()})</option>
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {planned ? (
          <select
            className={SELECT_CLASS}
            aria-label={`Trade of line ${n}, ${short(asRead.text)}`}
            value={row.tradeCorrection ?? ''}
            onChange={(e) => onTrade(n, e.target.value || undefined)}
          >
            <option value="">
              As read ({(asReadTrade ?? (row.trade ? TRADE_LABELS[row.trade] : 'by its words')).toLowerCase()}
              )
            </option>
            {TRADE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <span className="hidden items-center px-2 text-xs text-muted-foreground md:flex">Not planned</span>
        )}
      </div>
    </div>
  );
});
